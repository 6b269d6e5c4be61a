import SwiftUI

struct WishlistView: View {
    @State private var items = Array(Catalog.products.prefix(3))
    @State private var confirmClear = false

    var body: some View {
        NavigationStack {
            Group {
                if items.isEmpty {
                    ContentUnavailableView("No saved items", systemImage: "heart", description: Text("Tap the heart on a product to save it."))
                } else {
                    List {
                        ForEach(items) { product in
                            HStack {
                                Image(systemName: product.symbol)
                                VStack(alignment: .leading) {
                                    Text(product.name)
                                    Text(product.price, format: .currency(code: "USD")).font(.caption).foregroundColor(.secondary)
                                }
                                Spacer()
                                Image(systemName: "heart.fill").foregroundColor(.pink)
                            }
                        }
                        .onDelete { items.remove(atOffsets: $0) }
                    }
                }
            }
            .navigationTitle("Wishlist")
            .toolbar {
                Button("Clear", role: .destructive) { confirmClear = true }
            }
            .confirmationDialog("Remove all saved items?", isPresented: $confirmClear, titleVisibility: .visible) {
                Button("Remove All", role: .destructive) { items.removeAll() }
            }
        }
    }
}

#Preview {
    WishlistView()
}
