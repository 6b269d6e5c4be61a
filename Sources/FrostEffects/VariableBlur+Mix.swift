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
    /// The blurred rows go a strip at a time. Per strip, each row's σ gives every rung the
    /// columns that mix it (a diagonal or radial mask needs each rung on a slanted band, not
    /// everywhere); the full-resolution rungs are then blurred over just the rectangle those
    /// columns and rows cover, into buffers reused from strip to strip — so they never hold more
    /// than a strip, page faults stay out of it, and the mixing reads them while they are in
    /// cache. A row of one σ (every built-in gradient) mixes one pair with one weight through a
    /// fused kernel; other rows read each pixel's two rungs where they lie.
    ///
    /// `perPixel`: every row through the per-pixel kernel (tests hold the one-σ rows to it);
    /// `stripRows`: rows per strip; `wide` false: no AVX2.
    static func mix(_ image: Image, rungs reduced: [Rung?], fullResolution: [FullResolutionRung], edges: EdgeMode,
                    ladder: [Double], field: SigmaField, tint: Color?, threads: Int, perPixel: Bool = false,
                    stripRows: Int = VariableBlur.stripRows, wide: Bool = true, into output: inout Image) throws {
        let w = image.width, h = image.height
        let cut = Float(floorSigma * 0.5)
        let levels = ladder.map { Float($0) }
        let n = levels.count
        precondition(n <= 64, "the ladder to σ 200 has about 20 rungs")
        let columns = reduced.map { $0.flatMap { ColumnTable($0, width: w) } }
        let tintColor: [Float]? = tint.flatMap { t in
            t.opacity > 0 && field.top > 0 ? [0, 1, 2, 3].map { Float(t.premultipliedComponents[$0]) * 255 } : nil
        }
        var mixed: [Int32] = [], copied: [Int32] = []
        for y in 0..<h { if n > 1 && field.rowMax[y] >= cut { mixed.append(Int32(y)) } else { copied.append(Int32(y)) } }
        let workers = w * h >= 65_536 ? threads : 1
        // Spans are needed only for the full-resolution rungs (the lowest ones).
        let tracked = (fullResolution.map(\.index).max() ?? 0) + 1
        let settings = MixSettings(width: w, levels: levels, cut: cut, field: field, tint: tintColor, perPixel: perPixel, wide: wide)
        let count = w * h * 4
        var failure: Error?
        precondition(output.pixels.count == count, "the output has the image's size")
        output.withUnsafeMutablePixels { buffer in
            image.pixels.withUnsafeBufferPointer { src in
                let s = SharedPointer(src.baseAddress!), d = SharedPointer(buffer.baseAddress!)
                let shared = UncheckedSendable((copied, settings))
                parallelBands(lines: copied.count, threads: workers) { first, end in
                    let (copied, settings) = shared.value
                    let sigma = UnsafeMutablePointer<Float>.allocate(capacity: w)
                    defer { sigma.deallocate() }
                    for i in first..<end {
                        let y = Int(copied[i])
                        (d.base + 4 * y * w).update(from: s.base + 4 * y * w, count: 4 * w)
                        settings.tint(d.base + 4 * y * w, row: y, sigma: sigma)
                    }
                }
                var buffers: [Int: Image] = [:]
                var input: Image?
                // The σ of a strip's rows that vary, from the span pass to the mixing.
                let sigmaRows = UnsafeMutablePointer<Float>.allocate(capacity: max(stripRows, 1) * w)
                defer { sigmaRows.deallocate() }
                let sigmas = SharedPointer(sigmaRows)
                var start = 0
                do {
                    while start < mixed.count {
                        let y0 = Int(mixed[start])
                        var end = start
                        while end < mixed.count, Int(mixed[end]) < y0 + max(stripRows, 1) { end += 1 }
                        let rows = Array(mixed[start..<end])
                        let spans = settings.spans(rows: rows, tracking: tracked, sigmas: sigmas, threads: workers)
                        var rungs = reduced
                        for rung in fullResolution {
                            // The rows and columns of this strip that mix the rung.
                            var lo = Int.max, hi = Int.min, x0 = Int.max, x1 = Int.min
                            for (i, y) in rows.enumerated() {
                                let a = Int(spans[2 * (i * tracked + rung.index)]), b = Int(spans[2 * (i * tracked + rung.index) + 1])
                                guard a < b else { continue }
                                lo = min(lo, Int(y)); hi = max(hi, Int(y) + 1); x0 = min(x0, a); x1 = max(x1, b)
                            }
                            guard lo < hi else { continue }
                            let reach = Int((4 * rung.sigma).rounded(.up)) + 2
                            let area = PixelRect(x: x0 - reach, y: lo - reach, width: x1 - x0 + 2 * reach, height: hi - lo + 2 * reach)
                            var out = buffers.removeValue(forKey: rung.index).flatMap { $0.width == area.width && $0.height == area.height ? $0 : nil }
                                ?? Image(unwrittenWidth: area.width, height: area.height)
                            // The input holds the image extended by the edge mode over the reach,
                            // so clamping past it changes nothing that is read.
                            VariableBlur.extend(image, area: area, edges: edges, into: &input)
                            try GaussianBlur(sigma: rung.sigma, edges: .clamp, quality: .default).apply(to: input!, into: &out, threads: threads)
                            rungs[rung.index] = Rung(factor: 1, image: out, originX: area.x, originY: area.y, written: lo..<hi)
                        }
                        settings.mix(rows: rows, rungs: rungs, columns: columns, sigmas: sigmas, source: s, into: d, threads: workers)
                        for r in fullResolution { if let b = rungs[r.index]?.image { buffers[r.index] = b } }
                        start = end
                    }
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw failure }
    }

    /// Rows per strip: the full-resolution rungs' reach (≤ 25 rows at σ 5.7) above and below a
    /// strip costs a fifth more rows, and a strip's rungs stay within a few MB.
    static let stripRows = 256

    /// `area` of `image` (which may reach past it) with the pixels outside read through `edges`
    /// (transparent where the mode gives none), into `out` (its storage reused when it has
    /// `area`'s size).
    static func extend(_ image: Image, area: PixelRect, edges: EdgeMode, into out: inout Image?) {
        let w = image.width, h = image.height, aw = area.width
        let insideX = max(area.x, 0), insideWidth = min(area.maxX, w) - insideX
        let outsideColumns = (0..<aw).filter { area.x + $0 < 0 || area.x + $0 >= w }
        let mapped = outsideColumns.map { edges.map(area.x + $0, count: w) }
        if out?.width != aw || out?.height != area.height { out = Image(unwrittenWidth: aw, height: area.height) }
        image.pixels.withUnsafeBufferPointer { src in
            out!.withUnsafeMutablePixels { dst in
                for j in 0..<area.height {
                    let row = dst.baseAddress! + 4 * j * aw
                    guard let y = edges.map(area.y + j, count: h) else { row.update(repeating: 0, count: 4 * aw); continue }
                    let line = src.baseAddress! + 4 * y * w
                    if insideWidth > 0 { (row + 4 * (insideX - area.x)).update(from: line + 4 * insideX, count: 4 * insideWidth) }
                    for (i, x) in zip(outsideColumns, mapped) {
                        if let x { (row + 4 * i).update(from: line + 4 * x, count: 4) } else { (row + 4 * i).update(repeating: 0, count: 4) }
                    }
                }
            }
        }
    }

    /// Per rung at a reduced scale: for each output column, its left source column and the
    /// weight of the next.
    struct ColumnTable {
        var u0: [Int32], u1: [Int32], fu: [Float]

        init?(_ rung: Rung, width w: Int) {
            guard rung.factor > 1 else { return nil }
            let f = Float(rung.factor), rw = rung.image.width
            u0 = []; u1 = []; fu = []
            u0.reserveCapacity(w); u1.reserveCapacity(w); fu.reserveCapacity(w)
            for x in 0..<w {
                let u = (Float(x) + 0.5) / f - 0.5 - Float(rung.originX)
                let a = min(max(Int(u.rounded(.down)), 0), rw - 1)
                u0.append(Int32(a)); u1.append(Int32(min(a + 1, rw - 1))); fu.append(min(max(u - Float(a), 0), 1))
            }
        }
    }

    /// What every strip's mixing shares.
    struct MixSettings: @unchecked Sendable {
        var width: Int
        var levels: [Float]
        var cut: Float
        var field: SigmaField
        var tint: [Float]?
        var perPixel: Bool
        var wide: Bool

        /// Row `y`'s one σ, unless every row goes through the per-pixel kernel.
        func constant(row y: Int) -> Float? { perPixel ? nil : field.constant(row: y) }

        /// The pair of rungs (k − 1, k) and the weight of the upper one for σ `s`: the rule the
        /// per-pixel kernel applies, from the same C code.
        func pair(_ s: Float) -> (k: Int, t: Float) {
            var t: Float = 0
            let k = frost_vb_pair(s, levels, Int32(levels.count), &t)
            return (Int(k), t)
        }

        /// Per row of `rows` and rung r < `tracked`: the columns [a, b) that mix it, at
        /// 2·(i·tracked + r). Rows that vary leave their σ at `sigmas` + i·width for the mixing.
        func spans(rows: [Int32], tracking tracked: Int, sigmas: SharedPointer<Float>, threads: Int) -> [Int32] {
            let n = levels.count, w = width
            return [Int32](unsafeUninitializedCapacity: 2 * tracked * rows.count) { buffer, done in
                let out = SharedPointer(buffer.baseAddress!), shared = UncheckedSendable((self, rows))
                parallelBands(lines: rows.count, threads: threads) { first, end in
                    let (settings, rows) = shared.value
                    for i in first..<end {
                        let y = Int(rows[i]), spans = out.base + 2 * tracked * i
                        if let sv = settings.constant(row: y) {
                            for r in 0..<tracked { spans[2 * r] = Int32(w); spans[2 * r + 1] = 0 }
                            let k = settings.pair(sv).k
                            for r in (k - 1)...k where r >= 1 && r < tracked { spans[2 * r] = 0; spans[2 * r + 1] = Int32(w) }
                        } else {
                            settings.field.fill(row: y, into: sigmas.base + i * w)
                            frost_vb_rung_spans(sigmas.base + i * w, Int32(w), settings.levels, Int32(n), settings.cut, Int32(tracked), spans)
                        }
                    }
                }
                done = 2 * tracked * rows.count
            }
        }

        /// The tint over output row `y` (`sigma`: scratch for a row's σ).
        func tint(_ row: UnsafeMutablePointer<UInt8>, row y: Int, sigma: UnsafeMutablePointer<Float>, filled: Bool = false) {
            guard let tint, field.rowMax[y] > 0 else { return }
            let one = field.constant(row: y)
            if one == nil, !filled { field.fill(row: y, into: sigma) }
            frost_vb_tint_row(row, one == nil ? UnsafePointer(sigma) : nil, field.rowMax[y], Int32(width), tint, field.top)
        }

        /// Mixes `rows` (one strip) from `source` into `out`; rows that vary read their σ at
        /// `sigmas` + i·width.
        func mix(rows: [Int32], rungs: [Rung?], columns: [ColumnTable?], sigmas: SharedPointer<Float>,
                 source s: SharedPointer<UInt8>, into d: SharedPointer<UInt8>, threads: Int) {
            let w = width, n = levels.count
            // The reduced rungs' rows mixed vertically: all of them for a row that varies, two
            // for a row of one σ.
            let reducedWidths = rungs.reduce(0) { $0 + ($1.map { $0.factor > 1 ? $0.image.width : 0 } ?? 0) }
            VariableBlur.withViews(rungs, columns) { views in
                let shared = UncheckedSendable((self, rows, views))
                parallelBands(lines: rows.count, threads: threads) { first, end in
                    let (settings, rows, views) = shared.value
                    let sources = UnsafeMutablePointer<frost_vb_rung_row>.allocate(capacity: n)
                    let spans = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * n)
                    let reducedRows = UnsafeMutablePointer<Float>.allocate(capacity: 4 * max(1, reducedWidths))
                    defer { sources.deallocate(); spans.deallocate(); reducedRows.deallocate() }
                    for i in first..<end {
                        let y = Int(rows[i])
                        let dst = d.base + 4 * y * w, row = s.base + 4 * y * w, sigma = sigmas.base + i * w
                        if let sv = settings.constant(row: y) {
                            let (k, t) = settings.pair(sv)
                            var b = views[k]!.row(y)
                            if k > 1 {
                                var a = views[k - 1]!.row(y)
                                frost_vb_mix_rungs(dst, row, &a, &b, t, Int32(w), reducedRows, settings.wide ? 1 : 0)
                            } else {
                                frost_vb_mix_rungs(dst, row, nil, &b, t, Int32(w), reducedRows, settings.wide ? 1 : 0)
                            }
                            settings.tint(dst, row: y, sigma: sigma)
                            continue
                        }
                        // A rung missing, or not holding this row, keeps an empty description:
                        // no pixel's pair names it.
                        for r in 0..<n { sources[r] = views[r].flatMap { $0.holds(y) ? $0.row(y) : nil } ?? frost_vb_rung_row() }
                        frost_vb_mix_gather(dst, row, sigma, Int32(w), settings.levels, Int32(n), sources, settings.cut, spans,
                                            reducedRows, settings.wide ? 1 : 0)
                        settings.tint(dst, row: y, sigma: sigma, filled: true)
                    }
                }
            }
        }
    }

    /// A rung's storage as pointers, for the length of a strip's mixing.
    struct RungView {
        var rung: Rung
        var pixels: UnsafePointer<UInt8>
        var u0: UnsafePointer<Int32>?, u1: UnsafePointer<Int32>?, fu: UnsafePointer<Float>?

        func holds(_ y: Int) -> Bool { rung.written.map { $0.contains(y) } ?? true }

        /// Where row y comes from, for the mixing kernels.
        func row(_ y: Int) -> frost_vb_rung_row {
            let rw = rung.image.width
            guard u0 != nil else {
                precondition(holds(y), "a rung is read outside the rows it holds")
                return frost_vb_rung_row(top: pixels + 4 * (y - rung.originY) * rw, bottom: nil, x0: Int32(rung.originX), fv: 0,
                                         rw: Int32(rw), u0: nil, u1: nil, fu: nil)
            }
            let rh = rung.image.height
            let v = (Float(y) + 0.5) / Float(rung.factor) - 0.5 - Float(rung.originY)
            let v0 = min(max(Int(v.rounded(.down)), 0), rh - 1), v1 = min(v0 + 1, rh - 1)
            return frost_vb_rung_row(top: pixels + 4 * v0 * rw, bottom: pixels + 4 * v1 * rw, x0: 0,
                                     fv: min(max(v - Float(v0), 0), 1), rw: Int32(rw), u0: u0, u1: u1, fu: fu)
        }
    }

    /// `body` with every rung (and its column table) as pointers.
    static func withViews(_ rungs: [Rung?], _ columns: [ColumnTable?], from r: Int = 0, _ views: [RungView?] = [],
                          _ body: ([RungView?]) -> Void) {
        guard r < rungs.count else { return body(views) }
        guard let rung = rungs[r] else { return withViews(rungs, columns, from: r + 1, views + [nil], body) }
        rung.image.pixels.withUnsafeBufferPointer { p in
            guard let c = columns[r] else {
                return withViews(rungs, columns, from: r + 1, views + [RungView(rung: rung, pixels: p.baseAddress!)], body)
            }
            c.u0.withUnsafeBufferPointer { u0 in c.u1.withUnsafeBufferPointer { u1 in c.fu.withUnsafeBufferPointer { fu in
                withViews(rungs, columns, from: r + 1,
                          views + [RungView(rung: rung, pixels: p.baseAddress!, u0: u0.baseAddress, u1: u1.baseAddress, fu: fu.baseAddress)], body)
            } } }
        }
    }
}
