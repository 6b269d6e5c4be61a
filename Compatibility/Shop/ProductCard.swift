import SwiftUI

struct ProductCard: View {
    let product: Product
    var onAdd: () -> Void = {}

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            RoundedRectangle(cornerRadius: 14)
                .fill(Color(hue: product.hue, saturation: 0.35, brightness: 0.95))
                .aspectRatio(1, contentMode: .fit)
                .overlay(Image(systemName: product.symbol).font(.system(size: 40)).foregroundColor(Color(hue: product.hue, saturation: 0.8, brightness: 0.6)))
            Text(product.name).font(.subheadline.weight(.semibold)).lineLimit(1)
            RatingStars(rating: product.rating)
            HStack {
                Text(product.price, format: .currency(code: "USD")).font(.headline)
                Spacer()
                Button(action: onAdd) {
                    Image(systemName: "plus").font(.headline).padding(6).background(Circle().fill(Color.accentColor)).foregroundColor(.white)
                }
            }
        }
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    ProductCard(product: Catalog.products[2]).frame(width: 170).padding()
}
