import Foundation
import FrostGeometry
import FrostImage
import FrostBlur
import CFrostKernels

extension VariableBlur {
    /// The output: each pixel the two rungs around its σ, mixed by variance and read bilinearly
    /// at their scale, then the tint. Rows whose σ stays below the floor are copied (and
    /// tinted) in one parallel pass and the blurred rows are shared out in another, so a mask
    /// that blurs only the top half still keeps every core busy.
    ///
    /// Per blurred row, every rung it needs is expanded to a full-resolution float row (its two
    /// nearest rows mixed, then its columns from per-rung tables; a full-resolution rung is just
    /// converted). A row of one σ — every built-in gradient — mixes one pair with one weight.
    /// `perPixel`: every row through the per-pixel kernel (tests hold the one-σ rows to it);
    /// `stripRows`: rows per strip of the full-resolution rungs; `wide` false: no AVX2.
    static func mix(_ image: Image, rungs reduced: [Rung?], fullResolution: [FullResolutionRung], edges: EdgeMode,
                    ladder: [Double], field: SigmaField, tint: Color?, threads: Int, perPixel: Bool = false,
                    stripRows: Int = VariableBlur.stripRows, wide: Bool = true) throws -> Image {
        let w = image.width, h = image.height
        let cut = Float(floorSigma * 0.5)
        let levels = ladder.map { Float($0) }
        let n = levels.count
        // Per rung at a reduced scale: for each output column, its left source column and the
        // weight of the next.
        struct Columns { var u0: [Int32], u1: [Int32], fu: [Float] }
        let columns: [Columns?] = reduced.map { r in
            guard let r, r.factor > 1 else { return nil }
            let f = Float(r.factor), rw = r.image.width
            var c = Columns(u0: [], u1: [], fu: [])
            c.u0.reserveCapacity(w); c.u1.reserveCapacity(w); c.fu.reserveCapacity(w)
            for x in 0..<w {
                let u = (Float(x) + 0.5) / f - 0.5 - Float(r.originX)
                let u0 = min(max(Int(u.rounded(.down)), 0), rw - 1)
                c.u0.append(Int32(u0)); c.u1.append(Int32(min(u0 + 1, rw - 1))); c.fu.append(min(max(u - Float(u0), 0), 1))
            }
            return c
        }
        let tintColor: [Float]? = tint.flatMap { t in
            t.opacity > 0 && field.top > 0 ? [0, 1, 2, 3].map { Float(t.premultipliedComponents[$0]) * 255 } : nil
        }
        var mixed: [Int32] = [], copied: [Int32] = []
        for y in 0..<h { if n > 1 && field.rowMax[y] >= cut { mixed.append(Int32(y)) } else { copied.append(Int32(y)) } }
        let workers = w * h >= 65_536 ? threads : 1
        let widest = max(w, reduced.compactMap { $0?.image.width }.max() ?? 1)
        let count = w * h * 4
        var failure: ImageError?
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, done in
            done = count
            image.pixels.withUnsafeBufferPointer { src in
                let s = SharedPointer(src.baseAddress!), d = SharedPointer(buffer.baseAddress!)
                let shared = UncheckedSendable((copied, field, tintColor))
                parallelBands(lines: copied.count, threads: workers) { first, end in
                    let (copied, field, tint) = shared.value
                    let sigma = UnsafeMutablePointer<Float>.allocate(capacity: w)
                    defer { sigma.deallocate() }
                    for i in first..<end {
                        let y = Int(copied[i])
                        (d.base + 4 * y * w).update(from: s.base + 4 * y * w, count: 4 * w)
                        guard tint != nil, field.rowMax[y] > 0 else { continue }
                        let constant = field.constant(row: y)
                        if constant == nil { field.fill(row: y, into: sigma) }
                        tintRow(d.base + 4 * y * w, y, sigma: constant == nil ? UnsafePointer(sigma) : nil, tint: tint, field: field)
                    }
                }
                // The full-resolution rungs are blurred a strip of rows at a time into buffers
                // reused from strip to strip (each strip read with its blur's reach around it,
                // from the image itself), so they never hold more than a strip, and the mixing
                // reads them while they are still in cache.
                var buffers: [Int: Image] = [:]
                var input: Image?
                var start = 0
                while start < mixed.count {
                    let y0 = Int(mixed[start]), y1 = y0 + max(stripRows, 1)
                    var end = start
                    while end < mixed.count, Int(mixed[end]) < y1 { end += 1 }
                    var rungs = reduced
                    do {
                        for rung in fullResolution {
                            let lo = max(rung.rows.lowerBound, y0), hi = min(rung.rows.upperBound, Int(mixed[end - 1]) + 1)
                            guard lo < hi else { continue }
                            let reach = Int((4 * rung.sigma).rounded(.up)) + 2
                            let c0 = max(lo - reach, 0), c1 = min(hi + reach, h)
                            // Whole rows are contiguous: the strip's input is one copy.
                            if input?.height != c1 - c0 {
                                input = Image(uncheckedWidth: w, height: c1 - c0,
                                              pixels: [UInt8](unsafeUninitializedCapacity: 4 * w * (c1 - c0)) { _, n in n = 4 * w * (c1 - c0) })
                            }
                            input!.withUnsafeMutablePixels { p in p.baseAddress!.update(from: s.base + 4 * c0 * w, count: 4 * w * (c1 - c0)) }
                            var out = buffers[rung.index].flatMap { $0.height == c1 - c0 ? $0 : nil }
                                ?? Image(uncheckedWidth: w, height: c1 - c0,
                                         pixels: [UInt8](unsafeUninitializedCapacity: 4 * w * (c1 - c0)) { _, n in n = 4 * w * (c1 - c0) })
                            buffers[rung.index] = nil
                            // The image's own edges where the strip meets them; elsewhere the
                            // reach keeps the strip's cut out of the rows that are read.
                            try GaussianBlur(sigma: rung.sigma, edges: edges, quality: .default).apply(to: input!, into: &out, threads: threads)
                            rungs[rung.index] = Rung(factor: 1, image: out, originX: 0, originY: c0, written: lo..<hi)
                        }
                    } catch {
                        failure = error as? ImageError ?? .invalidArgument("\(error)")
                        return
                    }
                    mixRows(start..<end, rungs: rungs)
                    for r in fullResolution { if let b = rungs[r.index]?.image { buffers[r.index] = b } }
                    start = end
                }

                // Mixes rows mixed[range] into the output with these rungs.
                func mixRows(_ range: Range<Int>, rungs: [Rung?]) {
                let shared = UncheckedSendable((rungs, columns, mixed, field, tintColor))
                parallelBands(lines: range.count, threads: workers) { firstInRange, endInRange in
                    let first = range.lowerBound + firstInRange, end = range.lowerBound + endInRange
                    let (rungs, columns, mixed, field, tint) = shared.value
                    let rows = UnsafeMutablePointer<Float>.allocate(capacity: 4 * w * n)
                    let vertical = UnsafeMutablePointer<Float>.allocate(capacity: 8 * widest)
                    let sigma = UnsafeMutablePointer<Float>.allocate(capacity: w)
                    defer { rows.deallocate(); vertical.deallocate(); sigma.deallocate() }
                    // Rung r's row y at full resolution, into rows + 4·w·r.
                    func expand(_ r: Int, row y: Int) {
                        guard let rung = rungs[r] else { preconditionFailure("rung \(r) is needed on row \(y) but was not made") }
                        let out = rows + 4 * w * r
                        rung.image.pixels.withUnsafeBufferPointer { p in
                            guard let c = columns[r] else {
                                assert(rung.written.map { $0.contains(y) } ?? true, "rung \(r) read outside the rows it holds")
                                frost_vb_convert(p.baseAddress! + 4 * (y - rung.originY) * w, Int32(w), out)
                                return
                            }
                            let f = Float(rung.factor), rw = rung.image.width, rh = rung.image.height
                            let v = (Float(y) + 0.5) / f - 0.5 - Float(rung.originY)
                            let v0 = min(max(Int(v.rounded(.down)), 0), rh - 1), v1 = min(v0 + 1, rh - 1)
                            let fv = min(max(v - Float(v0), 0), 1)
                            frost_vb_expand(p.baseAddress! + 4 * v0 * rw, p.baseAddress! + 4 * v1 * rw, fv, Int32(rw),
                                            c.u0, c.u1, c.fu, Int32(w), vertical, out)
                        }
                    }
                    // Where rung r's row y comes from, for the fused kernel.
                    func rowSource(_ r: Int, row y: Int, _ body: (inout frost_vb_rung_row) -> Void) {
                        guard let rung = rungs[r] else { preconditionFailure("rung \(r) is needed on row \(y) but was not made") }
                        rung.image.pixels.withUnsafeBufferPointer { p in
                            guard let c = columns[r] else {
                                assert(rung.written.map { $0.contains(y) } ?? true, "rung \(r) read outside the rows it holds")
                                var source = frost_vb_rung_row(top: p.baseAddress! + 4 * (y - rung.originY) * w, bottom: nil, fv: 0,
                                                               rw: Int32(w), u0: nil, u1: nil, fu: nil)
                                return body(&source)
                            }
                            let f = Float(rung.factor), rw = rung.image.width, rh = rung.image.height
                            let v = (Float(y) + 0.5) / f - 0.5 - Float(rung.originY)
                            let v0 = min(max(Int(v.rounded(.down)), 0), rh - 1), v1 = min(v0 + 1, rh - 1)
                            c.u0.withUnsafeBufferPointer { u0 in c.u1.withUnsafeBufferPointer { u1 in c.fu.withUnsafeBufferPointer { fu in
                                var source = frost_vb_rung_row(top: p.baseAddress! + 4 * v0 * rw, bottom: p.baseAddress! + 4 * v1 * rw,
                                                               fv: min(max(v - Float(v0), 0), 1), rw: Int32(rw),
                                                               u0: u0.baseAddress, u1: u1.baseAddress, fu: fu.baseAddress)
                                body(&source)
                            } } }
                        }
                    }
                    for i in first..<end {
                        let y = Int(mixed[i])
                        let dst = d.base + 4 * y * w, row = s.base + 4 * y * w
                        if !perPixel, let sv = field.constant(row: y) {
                            // The same pair and weight the per-pixel kernel would pick for sv.
                            var k = 1
                            while k < n - 1, levels[k] < sv { k += 1 }
                            let lo = levels[k - 1], hi = levels[k]
                            var t = (sv * sv - lo * lo) / (hi * hi - lo * lo)
                            t = t < 0 ? 0 : t > 1 ? 1 : t
                            rowSource(k, row: y) { b in
                                guard k > 1 else { return frost_vb_mix_rungs(dst, row, nil, &b, t, Int32(w), vertical, wide ? 1 : 0) }
                                rowSource(k - 1, row: y) { a in frost_vb_mix_rungs(dst, row, &a, &b, t, Int32(w), vertical, wide ? 1 : 0) }
                            }
                            tintRow(dst, y, sigma: nil, tint: tint, field: field)
                            continue
                        }
                        field.fill(row: y, into: sigma)
                        // The rungs this row mixes: from the one below its smallest σ to the one
                        // above its largest.
                        var kLo = 1, kHi = 1
                        while kLo < n - 1, levels[kLo] < max(field.rowMin[y], cut) { kLo += 1 }
                        while kHi < n - 1, levels[kHi] < field.rowMax[y] { kHi += 1 }
                        for r in max(1, kLo - 1)...kHi { expand(r, row: y) }
                        frost_vb_mix_row(dst, row, sigma, Int32(w), levels, Int32(n), rows, cut)
                        tintRow(dst, y, sigma: sigma, tint: tint, field: field)
                    }
                }
                }
            }
        }
        if let failure { throw failure }
        return Image(uncheckedWidth: w, height: h, pixels: pixels)
    }

    /// Rows per strip of the full-resolution rungs: their blur's reach (≤ 25 rows at σ 5.7)
    /// above and below a strip costs a fifth more rows, and a strip's rungs stay within a few MB.
    static let stripRows = 256

    /// The tint over row `y` of the output, its opacity σ / maxSigma (`sigma` nil: the row's one σ).
    private static func tintRow(_ row: UnsafeMutablePointer<UInt8>, _ y: Int, sigma: UnsafePointer<Float>?, tint: [Float]?, field: SigmaField) {
        guard let tint, field.rowMax[y] > 0 else { return }
        frost_vb_tint_row(row, sigma, field.rowMax[y], Int32(field.width), tint, field.top)
    }
}
