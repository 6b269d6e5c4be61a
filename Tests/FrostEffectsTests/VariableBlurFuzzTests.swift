import Testing
import FrostTestSupport
import FrostImage
@testable import FrostEffects

@Suite("Progressive blur: random sizes, masks and σ", .timeLimit(.minutes(10)))
struct VariableBlurFuzzTests {
    @Test("random images, masks, σ and edge modes: no crash, the same bytes on 1 and 3 threads and in small tiles")
    func fuzz() throws {
        var rng = SeededGenerator.forTest(2501)
        for trial in 0..<60 {
            let w = Int.random(in: 1...140, using: &rng), h = Int.random(in: 1...120, using: &rng)
            var img = try Image(width: w, height: h)
            for y in 0..<h { for x in 0..<w {
                let a = UInt8.random(in: 0...255, using: &rng)
                img[x, y] = RGBA8(UInt8.random(in: 0...a, using: &rng), UInt8.random(in: 0...a, using: &rng), 0, a)
            } }
            let mask: VariableBlur.Mask
            switch trial % 4 {
            case 0: mask = .topEdge(fraction: Double.random(in: -0.2...1.2, using: &rng))
            case 1: mask = .linear(from: (Double.random(in: -1...2, using: &rng), Double.random(in: -1...2, using: &rng)),
                                   to: (Double.random(in: -1...2, using: &rng), Double.random(in: -1...2, using: &rng)))
            default:
                var m = try Image(width: Int.random(in: 1...50, using: &rng), height: Int.random(in: 1...50, using: &rng))
                for y in 0..<m.height { for x in 0..<m.width { m[x, y] = RGBA8(0, 0, 0, .random(in: 0...255, using: &rng)) } }
                mask = .image(m)
            }
            let edges = EdgeMode.allCases[trial % EdgeMode.allCases.count]
            let sigma = [0.3, 1.7, 3.0, 7.9, 8.0, 13.0, 64.0, 200.0][trial % 8]
            let vb = VariableBlur(maxSigma: sigma, mask: mask, edges: edges)
            let one = try vb.apply(to: img, threads: 1)
            #expect(try vb.apply(to: img, threads: 3) == one, "\(rng) trial \(trial): \(w)x\(h) σ \(sigma) \(edges)")
            #expect(try vb.render(img, threads: 2, perPixel: false, stripRows: 16, tileColumns: 24) == one,
                    "\(rng) trial \(trial): small tiles, \(w)x\(h) σ \(sigma) \(edges)")
        }
    }
}
