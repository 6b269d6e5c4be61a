import SwiftUI

struct ShoppingItem: Identifiable {
    let id = UUID()
    var name: String
    var done: Bool
}

struct ShoppingListView: View {
    @State private var items = [
        ShoppingItem(name: "Eggs", done: true), ShoppingItem(name: "Tomatoes", done: false),
        ShoppingItem(name: "Feta", done: false), ShoppingItem(name: "Cumin", done: true),
    ]

    var body: some View {
        NavigationStack {
            List {
                ForEach($items) { $item in
                    HStack {
                        Image(systemName: item.done ? "checkmark.circle.fill" : "circle")
                            .foregroundStyle(item.done ? Color.green : Color.secondary)
                        Text(item.name)
                            .strikethrough(item.done)
                            .foregroundStyle(item.done ? .secondary : .primary)
                    }
                    .onTapGesture { item.done.toggle() }
                    .swipeActions { Button("Delete", role: .destructive) {} }
                }
            }
            .navigationTitle("Shopping")
            .toolbar {
                ToolbarItem(placement: .navigationBarTrailing) { EditButton() }
            }
        }
    }
}

#Preview {
    ShoppingListView()
}
