import Testing
import CFrostKernels
import FrostTestSupport

@Suite("Compositing kernels", .hangLimit)
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
                    frost_blend_vertical(
                        &dst, top, bottom, Float.random(in: 0..<1, using: &rng), 7,
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

@Suite("PNG filter kernel", .hangLimit)
struct PNGFilterKernelTests {
    /// Undoes a filtered row (PNG's reconstruction), independently of the kernel.
    func unfilter(_ type: UInt8, _ f: [UInt8], _ up: [UInt8]?, bpp: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: f.count)
        for i in 0..<f.count {
            let a = i >= bpp ? Int(out[i - bpp]) : 0, b = up.map { Int($0[i]) } ?? 0, c = (i >= bpp ? up.map { Int($0[i - bpp]) } : nil) ?? 0
            let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
            let predicted = [0, a, b, (a + b) / 2, pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)][Int(type)]
            out[i] = UInt8(truncatingIfNeeded: Int(f[i]) + predicted)
        }
        return out
    }

    @Test("rows round-trip through PNG's reconstruction; the AVX2 and portable kernels give the same bytes; the chosen filter has the least cost")
    func filter() {
        var seed: UInt64 = 0x9E3779B97F4A7C15
        func next() -> UInt8 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return UInt8(truncatingIfNeeded: seed >> 33) }
        for n in [4, 8, 60, 4 * 97, 4 * 1170] {
            // Smooth rows (UI-like) and noisy rows.
            for smooth in [true, false] {
                var rows: [[UInt8]] = []
                for r in 0..<3 { rows.append((0..<n).map { i in smooth ? UInt8(truncatingIfNeeded: i / 8 + r * 3) : next() }) }
                for r in 0..<3 {
                    let up: [UInt8]? = r > 0 ? rows[r - 1] : nil
                    var wide = [UInt8](repeating: 0, count: n + 1), portable = wide
                    rows[r].withUnsafeBufferPointer { row in
                        let call = { (o: UnsafeMutablePointer<UInt8>, w: Int32) in
                            if let up {
                                up.withUnsafeBufferPointer { _ = frost_png_filter_row_with(row.baseAddress!, $0.baseAddress!, Int32(n), 4, o, w) }
                            } else {
                                _ = frost_png_filter_row_with(row.baseAddress!, nil, Int32(n), 4, o, w)
                            }
                        }
                        wide.withUnsafeMutableBufferPointer { call($0.baseAddress!, 1) }
                        portable.withUnsafeMutableBufferPointer { call($0.baseAddress!, 0) }
                    }
                    #expect(wide == portable, "n \(n) row \(r)")
                    #expect(unfilter(wide[0], Array(wide[1...]), up, bpp: 4) == rows[r], "n \(n) row \(r)")
                    if up != nil {
                        let costs = (0..<5).map { t -> Int in
                            // Re-filter with type t by brute force and sum |signed bytes|.
                            (0..<n).reduce(0) { sum, i in
                                let a = i >= 4 ? Int(rows[r][i - 4]) : 0, b = Int(up![i]), c = i >= 4 ? Int(up![i - 4]) : 0
                                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                                let predicted = [0, a, b, (a + b) / 2, pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)][t]
                                return sum + abs(Int(Int8(truncatingIfNeeded: Int(rows[r][i]) - predicted)))
                            }
                        }
                        #expect(costs[Int(wide[0])] == costs.min(), "n \(n) row \(r): \(costs)")
                    }
                }
            }
        }
    }
}
