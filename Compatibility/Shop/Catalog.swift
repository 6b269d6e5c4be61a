import Foundation
import Combine

struct Product: Identifiable, Hashable {
    let id: Int
    let name: String
    let price: Double
    let rating: Double
    let symbol: String
    let hue: Double
}

final class Cart: ObservableObject {
    @Published private(set) var lines: [Product: Int] = [:]
    let itemAdded = PassthroughSubject<Product, Never>()

    var count: Int { lines.values.reduce(0, +) }
    var total: Double { lines.reduce(0) { $0 + $1.key.price * Double($1.value) } }

    func add(_ product: Product) {
        lines[product, default: 0] += 1
        itemAdded.send(product)
    }
}

enum Catalog {
    static let products = [
        Product(id: 1, name: "Ceramic Mug", price: 18, rating: 4.6, symbol: "cup.and.saucer.fill", hue: 0.08),
        Product(id: 2, name: "Linen Tote", price: 32, rating: 4.2, symbol: "bag.fill", hue: 0.3),
        Product(id: 3, name: "Desk Lamp", price: 64, rating: 4.8, symbol: "lamp.desk.fill", hue: 0.12),
        Product(id: 4, name: "Notebook", price: 12, rating: 3.9, symbol: "book.closed.fill", hue: 0.6),
        Product(id: 5, name: "Headphones", price: 129, rating: 4.4, symbol: "headphones", hue: 0.75),
        Product(id: 6, name: "Plant Pot", price: 24, rating: 4.1, symbol: "leaf.fill", hue: 0.38),
    ]
    static let sampleCart: Cart = {
        let cart = Cart()
        cart.add(products[0]); cart.add(products[0]); cart.add(products[2])
        return cart
    }()
}
