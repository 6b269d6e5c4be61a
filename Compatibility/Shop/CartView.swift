import SwiftUI

struct CartView: View {
    @ObservedObject var cart: Cart
    @State private var showCheckout = false

    var body: some View {
        NavigationStack {
            VStack {
                List {
                    ForEach(cart.lines.keys.sorted { $0.id < $1.id }, id: \.id) { product in
                        HStack {
                            Image(systemName: product.symbol).frame(width: 36, height: 36)
                                .background(Color(hue: product.hue, saturation: 0.3, brightness: 0.95), in: RoundedRectangle(cornerRadius: 8))
                            Text(product.name)
                            Spacer()
                            Text("× \(cart.lines[product] ?? 0)").foregroundColor(.secondary)
                            Text(product.price * Double(cart.lines[product] ?? 0), format: .currency(code: "USD"))
                        }
                    }
                }
                HStack {
                    Text("Total").font(.headline)
                    Spacer()
                    Text(cart.total, format: .currency(code: "USD")).font(.title2.bold())
                }
                .padding()
                Button { showCheckout = true } label: {
                    Text("Checkout").font(.headline).frame(maxWidth: .infinity).padding()
                }
                .buttonStyle(.borderedProminent)
                .padding(.horizontal)
            }
            .navigationTitle("Cart")
            .fullScreenCover(isPresented: $showCheckout) { CheckoutForm() }
        }
    }
}

#Preview {
    CartView(cart: Catalog.sampleCart)
}
