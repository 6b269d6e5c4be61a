import SwiftUI

struct NotificationItem: Identifiable {
    enum Kind { case like, follow, mention }
    let id: Int
    let kind: Kind
    let who: String
    let when: String
}

struct NotificationsView: View {
    @State private var items: [NotificationItem] = [
        NotificationItem(id: 1, kind: .like, who: "Tom Okafor", when: "2m"),
        NotificationItem(id: 2, kind: .follow, who: "Priya Raman", when: "1h"),
        NotificationItem(id: 3, kind: .mention, who: "Maya Chen", when: "3h"),
    ]

    var body: some View {
        NavigationStack {
            Group {
                if items.isEmpty {
                    ContentUnavailableView("All caught up", systemImage: "bell.slash", description: Text("New activity shows up here."))
                } else {
                    List {
                        ForEach(items) { item in
                            HStack(spacing: 12) {
                                Image(systemName: symbol(item.kind))
                                    .foregroundStyle(color(item.kind))
                                    .frame(width: 28)
                                Text("**\(item.who)** \(verb(item.kind))")
                                Spacer()
                                Text(item.when).foregroundStyle(.secondary).font(.footnote)
                            }
                        }
                        .onDelete { items.remove(atOffsets: $0) }
                    }
                }
            }
            .navigationTitle("Notifications")
        }
    }

    func symbol(_ k: NotificationItem.Kind) -> String { k == .like ? "heart.fill" : k == .follow ? "person.fill.badge.plus" : "at" }
    func color(_ k: NotificationItem.Kind) -> Color { k == .like ? .red : k == .follow ? .blue : .purple }
    func verb(_ k: NotificationItem.Kind) -> String { k == .like ? "liked your post" : k == .follow ? "followed you" : "mentioned you" }
}

#Preview("Some") {
    NotificationsView()
}
