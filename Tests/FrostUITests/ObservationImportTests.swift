// This file imports FrostUI only, as app code imports only SwiftUI: `@Observable` and
// `@Environment(Model.self)` must compile from that one import (FrostUI re-exports Observation).
import Testing
import FrostUI
import FrostTestSupport

@Observable final class CartModel {
    var items = 2
}

struct CartBadge: View {
    @Environment(CartModel.self) var cart
    var body: some View {
        Button("Items \(cart.items)") { cart.items += 1 }
    }
}

@Suite("FrostUI: @Observable with only the UI import", .hangLimit)
struct ObservationImportTests {
    @Test("an @Observable model declared and read through @Environment(Model.self) with only `import FrostUI` updates the view")
    func observableFromOneImport() throws {
        let cart = CartModel()
        let host = try ViewHost(CartBadge().environment(cart), size: CGSize(width: 200, height: 80))
        try host.tap("Items 2")
        #expect(cart.items == 3)
        try host.tap("Items 3")
        #expect(cart.items == 4)
    }
}
