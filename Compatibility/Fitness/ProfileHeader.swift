import SwiftUI

struct ProfileHeader: View {
    var name = "Jordan Lee"
    var streak = 12

    var body: some View {
        HStack(spacing: 16) {
            Circle()
                .fill(LinearGradient(colors: [.purple, .blue], startPoint: .top, endPoint: .bottom))
                .frame(width: 64, height: 64)
                .overlay(Text(String(name.prefix(1))).font(.title.bold()).foregroundColor(.white))
            VStack(alignment: .leading, spacing: 4) {
                Text(name).font(.title2.bold())
                Label("\(streak)-day streak", systemImage: "flame.fill")
                    .font(.subheadline)
                    .foregroundStyle(.orange)
            }
            Spacer()
        }
        .padding()
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 20, style: .continuous))
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    ProfileHeader()
        .background(Color.blue.opacity(0.3))
}
