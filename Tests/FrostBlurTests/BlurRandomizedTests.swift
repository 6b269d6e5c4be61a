import Foundation
import Testing
import FrostBlur
import FrostImage
import FrostTestSupport

/// The Gaussian blur under seeded random input (issue 25): every σ from denormals to 4096, every
/// edge mode, quality, extent and encoding, regions anywhere, any thread count — checked for
/// invariants, not only for not crashing.
@Suite("Gaussian blur: randomized properties", .hangLimit)
struct BlurRandomizedTests {
    static func sigma(_ rng: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<12, using: &rng) {
        case 0: return 0
        case 1: return rng.pick([5e-324, 1e-170, 1e-9, 0.05, 0.0999])
        case 2: return rng.pick([0.1, 0.3, 0.5])
        case 3, 4: return Double.random(in: 0.5...4, using: &rng)
        case 5, 6: return Double.random(in: 4...64, using: &rng)
        case 7: return Double.random(in: 64...400, using: &rng)
        case 8: return rng.pick([1000, 2047.5, 4096])
        default: return Double.random(in: 1...16, using: &rng)
        }
    }

    static func region(_ w: Int, _ h: Int, _ rng: inout SeededGenerator) -> PixelRect {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return PixelRect(x: 0, y: 0, width: w, height: h)
        case 1: return PixelRect(x: Int.random(in: 0..<w, using: &rng), y: Int.random(in: 0..<h, using: &rng), width: 1, height: 1)
        case 2: return PixelRect(x: w - 1, y: 0, width: 1, height: h)  // the right edge
        default:
            let x = Int.random(in: 0..<w, using: &rng), y = Int.random(in: 0..<h, using: &rng)
            return PixelRect(x: x, y: y, width: Int.random(in: 1...(w - x), using: &rng), height: Int.random(in: 1...(h - y), using: &rng))
        }
    }

    /// FIR work (multiply-adds per channel) a debug build runs in a few seconds: past it, a case
    /// checks the plan and the budget but does not run the blur.
    static let debugWork = 4e7

    @Test(
        "random blurs: typed errors only for work over the budget; thread-independent; apply(into:) = apply; outside the region untouched; negligible σ is the identity; valid premultiplied output; constant stays constant"
    )
    func randomBlurs() throws {
        try PropertyRun.check("randomBlurs", seed: 25_100, cases: 70) { c in
            let (w, h) = RandomImages.size(large: 1 << 20, using: &c.rng)
            let image = try RandomImages.make(w, h, using: &c.rng)
            var blur = GaussianBlur(
                sigmaX: Self.sigma(&c.rng), sigmaY: 0, edges: c.rng.pick(EdgeMode.allCases),
                quality: c.rng.pick(BlurQuality.allCases), encoding: c.rng.chance(0.2) ? .linear : .sRGB)
            blur.sigmaY = c.rng.chance(0.5) ? blur.sigmaX : Self.sigma(&c.rng)
            let region: PixelRect? = c.rng.chance(0.4) ? Self.region(w, h, &c.rng) : nil
            if region == nil && c.rng.chance(0.15) { blur.extent = .expanded }
            let threads = Int.random(in: 2...7, using: &c.rng)
            let what =
                "\(c): \(w)x\(h) σ \(blur.sigmaX)×\(blur.sigmaY) \(blur.quality) \(blur.edges) \(blur.encoding) \(blur.extent) region \(region.map { "\($0)" } ?? "none") threads \(threads)"

            let plan = blur.plan(width: w, height: h, region: region)
            let pixels = blur.extent == .expanded ? Double(plan.region.width * plan.region.height) : Double(w * h)
            if plan.firWork > GaussianBlur.exactWorkLimit || pixels > Double(Image.maxPixelCount) {
                do {
                    _ = try blur.apply(to: image, region: region, threads: threads)
                    Issue.record("over the budget but ran: \(what)")
                } catch let error as ImageError {
                    switch error {
                    case .overBudget, .invalidDimensions: #expect(!error.description.contains("\n"), "\(what)")
                    default: Issue.record("wrong error \(error): \(what)")
                    }
                } catch { Issue.record("untyped error \(error): \(what)") }
                return
            }
            if plan.firWork > Self.debugWork || (blur.extent == .expanded && pixels > 4e6) { return }
            let start = Date()
            let one: Image
            do { one = try blur.apply(to: image, region: region, threads: 1) } catch {
                Issue.record("valid input threw \(error): \(what)"); return
            }
            #expect(Date().timeIntervalSince(start) < 60, "bounded time: \(what)")
            #expect(try blur.apply(to: image, region: region, threads: threads) == one, "thread count changed the bytes: \(what)")
            var into = try Image(width: one.width, height: one.height, fill: RGBA8(9, 9, 9, 9))
            try blur.apply(to: image, into: &into, region: region, threads: threads)
            #expect(into == one, "apply(into:) differs from apply: \(what)")
            #expect(RandomImages.isPremultiplied(one), "colour above alpha: \(what)")
            if blur.extent == .expanded {
                #expect(one.width == w + 2 * blur.expansion.x && one.height == h + 2 * blur.expansion.y, "\(what)")
            } else {
                #expect(one.width == w && one.height == h, "\(what)")
                if let region { #expect(RandomImages.sameOutside(image, one, region), "pixels outside the region changed: \(what)") }
            }
            if blur.sigmaX < GaussianBlur.negligibleSigma && blur.sigmaY < GaussianBlur.negligibleSigma {
                #expect(one == image, "negligible σ is not the identity: \(what)")
            }
            // A constant image stays constant (transparent edges fade it, so they are left out;
            // linear light rounds through floats, so within a level).
            let first = image[0, 0]
            if blur.edges != .transparent && blur.extent == .same
                && image.pixels.withUnsafeBufferPointer({ p in
                    stride(from: 0, to: p.count, by: 4).allSatisfy { p[$0] == first.r && p[$0 + 1] == first.g && p[$0 + 2] == first.b && p[$0 + 3] == first.a }
                })
            {
                let slack = blur.encoding == .linear ? 1 : 0
                let worst = one.pixels.enumerated().map { abs(Int($0.element) - Int(image.pixels[$0.offset])) }.max() ?? 0
                #expect(worst <= slack, "a constant image changed by \(worst): \(what)")
            }
        }
    }

    @Test("random invalid σ and regions: a typed one-line error, never a trap")
    func randomInvalid() throws {
        try PropertyRun.check("randomInvalid", seed: 25_101, cases: 60) { c in
            let (w, h) = (Int.random(in: 1...40, using: &c.rng), Int.random(in: 1...40, using: &c.rng))
            let image = try RandomImages.make(w, h, using: &c.rng)
            let bad = c.rng.pick([Double.nan, .infinity, -.infinity, -1, -5e-324, 4096.000001, 1e300])
            let good = Double.random(in: 0...8, using: &c.rng)
            let blurs = [GaussianBlur(sigmaX: bad, sigmaY: good), GaussianBlur(sigmaX: good, sigmaY: bad)]
            for blur in blurs {
                do { _ = try blur.apply(to: image); Issue.record("σ \(blur.sigmaX)×\(blur.sigmaY) accepted: \(c)") } catch let error as ImageError {
                    #expect(!error.description.contains("\n") && !error.description.isEmpty, "\(c)")
                }
            }
            // A region reaching outside the image, empty, or at the integer limits.
            let x = c.rng.pick([-1, w, Int.max, Int.min, Int.random(in: 0..<w, using: &c.rng)])
            let rw = c.rng.pick([0, -3, w + 1, Int.max])
            let rect = PixelRect(x: x, y: 0, width: rw, height: h)
            do { _ = try GaussianBlur(sigma: good).apply(to: image, region: rect); Issue.record("region \(rect) accepted on \(w)x\(h): \(c)") } catch let error
                as ImageError
            { #expect(!error.description.contains("\n"), "\(c)") }
        }
    }
}
