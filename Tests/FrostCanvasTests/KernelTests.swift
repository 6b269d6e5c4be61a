import Testing
import CFrostKernels
import FrostTestSupport

@Suite("Compositing kernels", .timeLimit(.minutes(10)))
struct KernelTests {
    /// The four-pixel (SSE2) and one-pixel forms of the magnified blend give the same bytes: the
    /// same pixel data lands in a four-pixel block at x 0…3 and in the one-pixel tail at x 4…7
    /// (n = 7 leaves three for the tail).
    @Test("the block and one-pixel forms of frost_blend_magnified_rows agree byte for byte, tinted or not, clipped or not")
    func blockAndTailAgree() {
        var rng = SeededGenerator(seed: 7)
        for trial in 0..<400 {
            // Two reduced rows of premultiplied float pixels (colour ≤ alpha), 3 pixels wide.
            func row() -> [Float] {
                (0..<3).flatMap { _ -> [Float] in
                    let a = Float.random(in: 0...255, using: &rng)
                    return [Float.random(in: 0...1, using: &rng) * a, Float.random(in: 0...1, using: &rng) * a, Float.random(in: 0...1, using: &rng) * a, a]
                }
            }
            let r0 = row(), r1 = row()
            let i0: [Int32] = [0, 1, 2, 0, 0, 1, 2], i1: [Int32] = [1, 2, 2, 1, 1, 2, 2]
            var fu = (0..<3).map { _ in Float.random(in: 0..<1, using: &rng) }
            fu = [fu[0], fu[1], fu[2], Float(0.25), fu[0], fu[1], fu[2]]
            let clipValues = (0..<3).map { _ in Float.random(in: 0...1, using: &rng) }
            let clip: [Float] = clipValues + [1] + clipValues
            var dst = [UInt8](repeating: 0, count: 28)
            for p in 0..<3 {
                let a = UInt8.random(in: 0...255, using: &rng)
                let px = [UInt8.random(in: 0...a, using: &rng), UInt8.random(in: 0...a, using: &rng), UInt8.random(in: 0...a, using: &rng), a]
                for c in 0..<4 { dst[4 * p + c] = px[c]; dst[16 + 4 * p + c] = px[c] }
            }
            let tint: [Float] = [0.1, 0.2, 0.05, 0.3]
            let useTint = trial % 2 == 0, useClip = trial % 3 == 0
            var scratch = [Float](repeating: 0, count: 12)
            tint.withUnsafeBufferPointer { t in
                clip.withUnsafeBufferPointer { c in
                    frost_blend_magnified_rows(&dst, r0, r1, 3, Float.random(in: 0..<1, using: &rng), &scratch, 7, i0, i1, fu,
                                               useClip ? c.baseAddress : nil, 0.9, useTint ? t.baseAddress : nil, 0, 0)
                }
            }
            #expect(Array(dst[0..<12]) == Array(dst[16..<28]), "trial \(trial)")
        }
    }
}
