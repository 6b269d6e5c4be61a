import SwiftUI

struct Badge: Identifiable {
    let id: Int
    let title: String
    let symbol: String
    let earned: Bool
}

struct AchievementsGrid: View {
    let badges = (1...9).map { Badge(id: $0, title: "Level \($0)", symbol: $0 % 3 == 0 ? "star.fill" : "trophy.fill", earned: $0 < 6) }
    let columns = [GridItem(.adaptive(minimum: 90), spacing: 16)]

    var body: some View {
        ScrollView {
            LazyVGrid(columns: columns, spacing: 16) {
                ForEach(badges) { badge in
                    VStack(spacing: 8) {
                        Image(systemName: badge.symbol)
                            .font(.system(size: 32))
                            .foregroundStyle(badge.earned ? Color.yellow : Color.gray)
                            .frame(width: 72, height: 72)
                            .background(Circle().fill(Color(.secondarySystemBackground)))
                        Text(badge.title).font(.caption)
                    }
                    .opacity(badge.earned ? 1 : 0.5)
                    .grayscale(badge.earned ? 0 : 1)
                }
            }
            .padding()
        }
    }
}

#Preview {
    AchievementsGrid()
}
