import Testing
import FrostTestSupport
import FrostImage
@testable import FrostEffects

@Suite("Progressive blur: random sizes, masks and σ", .hangLimit)
struct VariableBlurFuzzTests {
    @Test(
        "random images, masks (gradients; images read by alpha, luminance or either), σ and edge modes: the same bytes on 1 and 3 threads and in small tiles, valid premultiplied output, a zero mask is the identity"
    )
    func fuzz() throws {
        try PropertyRun.check("VariableBlurFuzzTests", seed: 2501, cases: 60) { c in
            let trial = c.index
            let w = Int.random(in: 1...140, using: &c.rng), h = Int.random(in: 1...120, using: &c.rng)
            let img = try RandomImages.make(w, h, using: &c.rng)
            let mask: VariableBlur.Mask
            switch trial % 4 {
            case 0: mask = .topEdge(fraction: Double.random(in: -0.2...1.2, using: &c.rng))
            case 1:
                mask = .linear(
                    from: (Double.random(in: -1...2, using: &c.rng), Double.random(in: -1...2, using: &c.rng)),
                    to: (Double.random(in: -1...2, using: &c.rng), Double.random(in: -1...2, using: &c.rng)))
            default:
                // Grey or coloured, opaque or not, at another size than the image.
                let m = try RandomImages.make(Int.random(in: 1...50, using: &c.rng), Int.random(in: 1...50, using: &c.rng), using: &c.rng)
                mask = .image(m, channel: c.rng.pick(VariableBlur.MaskChannel.allCases))
            }
            let edges = EdgeMode.allCases[trial % EdgeMode.allCases.count]
            let sigma = [0.3, 1.7, 3.0, 7.9, 8.0, 13.0, 64.0, 200.0][trial % 8]
            let vb = VariableBlur(maxSigma: sigma, mask: mask, edges: edges)
            let what = "\(c): \(w)x\(h) σ \(sigma) \(edges) mask \(trial % 4)"
            let one = try vb.apply(to: img, threads: 1)
            #expect(try vb.apply(to: img, threads: 3) == one, "\(what)")
            #expect(try vb.render(img, threads: 2, perPixel: false, stripRows: 16, tileColumns: 24) == one, "small tiles: \(what)")
            #expect(RandomImages.isPremultiplied(one), "colour above alpha: \(what)")
            let zero = try Image(width: 3, height: 2)  // transparent black: alpha 0 and luminance 0
            #expect(try VariableBlur(maxSigma: sigma, mask: .image(zero), edges: edges).apply(to: img, threads: 2) == img, "a zero mask blurred: \(what)")
        }
    }
}
