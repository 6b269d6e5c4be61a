import Testing
import CFrostKernels
import FrostTestSupport

@Suite("Compositing kernels", .timeLimit(.minutes(10)))
struct KernelTests {
    /// Random premultiplied float pixels (colour ≤ alpha), `n` of them.
    func row(_ n: Int, _ rng: inout SeededGenerator) -> [Float] {
        (0..<n).flatMap { _ -> [Float] in
            let a = Float.random(in: 0...255, using: &rng)
            return [Float.random(in: 0...1, using: &rng) * a, Float.random(in: 0...1, using: &rng) * a, Float.random(in: 0...1, using: &rng) * a, a]
        }
    }
    func pixels(_ n: Int, _ rng: inout SeededGenerator) -> [UInt8] {
        (0..<n).flatMap { _ -> [UInt8] in
            let a = UInt8.random(in: 0...255, using: &rng)
            return [UInt8.random(in: 0...a, using: &rng), UInt8.random(in: 0...a, using: &rng), UInt8.random(in: 0...a, using: &rng), a]
        }
    }

    /// The four-pixel (SSE2) and one-pixel forms give the same bytes: the same data lands in a
    /// four-pixel block at x 0…3 and in the one-pixel tail at x 4…6 (n = 7).
    @Test("frost_blend_vertical: the block and one-pixel forms agree byte for byte, tinted or not, clipped or not")
    func blockAndTailAgree() {
        var rng = SeededGenerator(seed: 7)
        for trial in 0..<400 {
            let top3 = row(3, &rng), bottom3 = row(3, &rng), dst3 = pixels(3, &rng)
            let top = top3 + [0, 0, 0, 0] + top3, bottom = bottom3 + [0, 0, 0, 0] + bottom3
            var dst = dst3 + [0, 0, 0, 0] + dst3
            let clip3 = (0..<3).map { _ in Float.random(in: 0...1, using: &rng) }
            let clip = clip3 + [1] + clip3
            let tint: [Float] = [0.1, 0.2, 0.05, 0.3]
            let useTint = trial % 2 == 0, useClip = trial % 3 == 0
            tint.withUnsafeBufferPointer { t in
                clip.withUnsafeBufferPointer { c in
                    frost_blend_vertical(&dst, top, bottom, Float.random(in: 0..<1, using: &rng), 7,
                                         useClip ? c.baseAddress : nil, 0.9, useTint ? t.baseAddress : nil, 0, 0)
                }
            }
            #expect(Array(dst[0..<12]) == Array(dst[16..<28]), "trial \(trial)")
        }
    }

    @Test("frost_blend_vertical_pair equals the shadow pass and then the content pass")
    func pairEqualsTwoPasses() {
        var rng = SeededGenerator(seed: 11)
        for trial in 0..<200 {
            let n = 9
            let st = row(n, &rng), sb = row(n, &rng), ct = row(n, &rng), cb = row(n, &rng)
            let start = pixels(n, &rng)
            let sfv = Float.random(in: 0..<1, using: &rng), cfv = Float.random(in: 0..<1, using: &rng)
            let clip = (0..<n).map { _ in Float.random(in: 0...1, using: &rng) }
            let tint: [Float] = [0.0, 0.05, 0.1, 0.25]
            var fused = start, twice = start
            let useClip = trial % 2 == 0
            tint.withUnsafeBufferPointer { t in
                clip.withUnsafeBufferPointer { c in
                    let cl = useClip ? c.baseAddress : nil
                    frost_blend_vertical_pair(&fused, Int32(n), cl, 0.8, t.baseAddress, st, sb, sfv, ct, cb, cfv)
                    frost_blend_vertical(&twice, st, sb, sfv, Int32(n), cl, 0.8, t.baseAddress, 0, 0)
                    frost_blend_vertical(&twice, ct, cb, cfv, Int32(n), cl, 0.8, nil, 0, 0)
                }
            }
            #expect(fused == twice, "trial \(trial)")
        }
    }
}
