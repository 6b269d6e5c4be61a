import SwiftUI

struct ShopHome: View {
    @StateObject private var cart = Cart()
    @State private var category = "All"
    @State private var toast: String?
    private let categories = ["All", "Home", "Office", "Audio", "Garden"]
    private let columns = [GridItem(.flexible(), spacing: 16), GridItem(.flexible(), spacing: 16)]

    var body: some View {
        NavigationStack {
            ScrollView {
                PromoBanner()
                ScrollView(.horizontal, showsIndicators: false) {
                    HStack {
                        ForEach(categories, id: \.self) { c in
                            Text(c)
                                .font(.subheadline.weight(.medium))
                                .padding(.horizontal, 14).padding(.vertical, 7)
                                .background(Capsule().fill(c == category ? Color.primary : Color(.secondarySystemFill)))
                                .foregroundColor(c == category ? Color(.systemBackground) : .primary)
                                .onTapGesture { category = c }
                        }
                    }
                    .padding(.horizontal)
                }
                LazyVGrid(columns: columns, spacing: 20) {
                    ForEach(Catalog.products) { product in
                        ProductCard(product: product) { cart.add(product) }
                    }
                }
                .padding()
            }
            .navigationTitle("Shop")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Image(systemName: "cart").overlay(alignment: .topTrailing) {
                        if cart.count > 0 { Text("\(cart.count)").font(.caption2.bold()).padding(4).background(Circle().fill(.red)).foregroundColor(.white).offset(x: 8, y: -8) }
                    }
                }
            }
            .onReceive(cart.itemAdded) { toast = "Added \($0.name)" }
        }
    }
}

#Preview {
    ShopHome()
}
