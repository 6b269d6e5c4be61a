import Foundation
import Testing
import FrostImage
import FrostTestSupport
@testable import FrostEffects

/// Material panels under seeded random input (issue 25): every material, appearance, rectangle,
/// corner, scale, shadow and backdrop resolution.
@Suite("Materials: randomized panels", .hangLimit)
struct MaterialRandomizedTests {
    @Test(
        "random panels: the image's size, valid premultiplied pixels, untouched outside the panel and its shadow, thread-independent; bad numbers are one-line errors"
    )
    func randomPanels() throws {
        try PropertyRun.check("randomPanels", seed: 25_300, cases: 45) { c in
            let w = Int.random(in: 1...160, using: &c.rng), h = Int.random(in: 1...120, using: &c.rng)
            let image = try RandomImages.make(w, h, using: &c.rng)
            let x = Int.random(in: 0..<w, using: &c.rng), y = Int.random(in: 0..<h, using: &c.rng)
            var panel = MaterialPanel(
                material: c.rng.pick(Material.allCases), appearance: c.rng.pick([.light, .dark]),
                rect: c.rng.chance(0.2)
                    ? nil
                    : PixelRect(
                        x: x, y: y, width: Int.random(in: 1...(w - x), using: &c.rng),
                        height: Int.random(in: 1...(h - y), using: &c.rng)),
                cornerRadius: c.rng.pick([0, 3, 12, 1000]), continuousCorners: c.rng.chance(0.5),
                scale: c.rng.pick([1, 2, 3, 0.5]), reduceTransparency: c.rng.chance(0.15),
                backdrop: c.rng.pick(MaterialPanel.BackdropResolution.allCases),
                shadow: c.rng.chance(0.25) ? .init(radius: Double.random(in: 0...10, using: &c.rng), offsetX: 2, offsetY: 3, opacity: 0.3) : nil)
            // One parameter in five is made invalid.
            var invalid = false
            if c.rng.chance(0.2) {
                invalid = true
                switch Int.random(in: 0..<4, using: &c.rng) {
                case 0: panel.scale = c.rng.pick([0, -1, .nan, 17])
                case 1: panel.cornerRadius = c.rng.pick([-1, .infinity, .nan])
                case 2: panel.rect = PixelRect(x: c.rng.pick([-1, w]), y: 0, width: 1, height: 1)
                default: panel.shadow = .init(radius: c.rng.pick([-1, .nan]), offsetX: 0, offsetY: 0, opacity: 0.5)
                }
            }
            let what =
                "\(c): \(w)x\(h) \(panel.material) \(panel.appearance) rect \(panel.rect.map { "\($0)" } ?? "all") r \(panel.cornerRadius) ×\(panel.scale) shadow \(panel.shadow.map { "\($0.radius)" } ?? "none") \(panel.backdrop)"
            let out: Image
            do { out = try panel.render(over: image, threads: 1) } catch let error as ImageError {
                #expect(invalid, "valid panel refused (\(error)): \(what)")
                #expect(!error.description.contains("\n"), "\(what)")
                return
            }
            #expect(!invalid, "invalid panel accepted: \(what)")
            #expect(out.width == w && out.height == h, "\(what)")
            #expect(RandomImages.isPremultiplied(out), "colour above alpha: \(what)")
            #expect(try panel.render(over: image, threads: 3) == out, "thread count changed the bytes: \(what)")
            if panel.shadow == nil, let rect = panel.rect {
                #expect(RandomImages.sameOutside(image, out, rect), "pixels outside the panel changed: \(what)")
            }
        }
    }
}
