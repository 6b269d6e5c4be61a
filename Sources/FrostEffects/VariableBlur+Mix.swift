import Foundation
import FrostGeometry
import FrostImage
import FrostBlur
import CFrostKernels

extension VariableBlur {
    /// The output: each pixel the two rungs around its σ, mixed by variance and read bilinearly
    /// at their scale, then the tint. Rows whose σ stays below the floor are copied (and
    /// tinted) in one parallel pass; the rest go a tile at a time.
    ///
    /// A tile is a strip of rows cut into columns. Per tile, each row's σ gives every
    /// full-resolution rung the columns that mix it, and the rung is blurred over just the
    /// rectangle those columns and rows cover (a ring- or band-shaped mask needs each rung on a
    /// small part of most tiles, where whole strips would make it blur most of the width). The
    /// rungs of σ ≥ 2 px share one set of halvings per tile (`SharedPyramid`). Each worker takes
    /// tiles from a queue and does a tile's blurs and mixing alone, into buffers from the
    /// scratch pool — so no page faults, and the mixing reads the rungs while they are in cache. A row of one σ (every built-in gradient) mixes one pair with one weight through a
    /// fused kernel; other rows read each pixel's two rungs where they lie. Every tile's bytes
    /// depend only on the image and the mask, so which worker takes it changes nothing.
    ///
    /// `perPixel`: every row through the per-pixel kernel (tests hold the one-σ rows to it);
    /// `stripRows` × `tileColumns`: the tiles; `wide` false: no AVX2.
    static func mix(
        _ image: Image, rungs reduced: [Rung?], fullResolution: [FullResolutionRung], edges: EdgeMode,
        ladder: [Double], field: SigmaField, tint: Color?, threads: Int, perPixel: Bool = false,
        stripRows: Int = VariableBlur.stripRows, tileColumns: Int = VariableBlur.tileColumns, wide: Bool = true,
        into output: inout Image
    ) throws {
        let w = image.width, h = image.height
        let cut = Float(floorSigma * 0.5)
        let levels = ladder.map { Float($0) }
        let n = levels.count
        precondition(n <= 64, "the ladder to σ 200 has about 20 rungs")
        precondition(output.pixels.count == w * h * 4, "the output has the image's size")
        let columns = reduced.map { $0.flatMap { ColumnTable($0, width: w) } }
        let tintColor: [Float]? = tint.flatMap { t in
            t.opacity > 0 && field.top > 0 ? [0, 1, 2, 3].map { Float(t.premultipliedComponents[$0]) * 255 } : nil
        }
        var mixed: [Int32] = [], copied: [Int32] = []
        for y in 0..<h { if n > 1 && field.rowMax[y] >= cut { mixed.append(Int32(y)) } else { copied.append(Int32(y)) } }
        let workers = w * h >= 65_536 ? threads : 1
        let settings = MixSettings(
            width: w, levels: levels, cut: cut, field: field, tint: tintColor, perPixel: perPixel, wide: wide,
            edges: edges, fullResolution: fullResolution,
            stripRows: max(stripRows, 1), tileColumns: max(tileColumns, 1),
            reducedWidths: reduced.reduce(0) { $0 + ($1.map { $0.factor > 1 ? $0.image.width : 0 } ?? 0) })
        var tiles: [Tile] = []
        var start = 0
        while start < mixed.count {
            let y0 = Int(mixed[start])
            var end = start
            while end < mixed.count, Int(mixed[end]) < y0 + settings.stripRows { end += 1 }
            for x0 in stride(from: 0, to: w, by: settings.tileColumns) {
                tiles.append(Tile(rows: start..<end, columns: x0..<min(x0 + settings.tileColumns, w)))
            }
            start = end
        }
        let queue = TileQueue(count: tiles.count)
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
                        settings.tint(d.base + 4 * y * w, row: y, columns: 0..<w, sigma: sigma)
                    }
                }
                let work = UncheckedSendable((settings, tiles, mixed, image, reduced, columns))
                // One band per worker; each takes tiles from the queue until none is left.
                parallelBands(lines: min(workers, tiles.count), threads: workers) { _, _ in
                    let (settings, tiles, mixed, image, reduced, columns) = work.value
                    var scratch = TileScratch(settings)
                    defer { scratch.deallocate() }
                    while let t = queue.next() {
                        do {
                            try settings.render(
                                tiles[t], rows: mixed, image: image, source: s, into: d, reduced: reduced,
                                columns: columns, scratch: &scratch)
                        } catch {
                            queue.fail(error)
                        }
                    }
                }
            }
        }
        if let failure = queue.failure { throw failure }
    }

    /// Rows per strip: the full-resolution rungs' reach (≤ 25 rows at σ 5.7) above and below a
    /// tile costs a fifth more rows.
    static let stripRows = 256
    /// Columns per tile: the reach left and right costs a tenth more, and a tile's rungs stay
    /// within a few MB (L3) while it mixes them.
    static let tileColumns = 512

    /// A strip's rows (indices into the mixed rows) and a run of columns.
    struct Tile {
        var rows: Range<Int>
        var columns: Range<Int>
    }

    /// Hands out tiles to workers in order, and keeps the first error.
    struct TileQueue: Sendable {
        private let state = Locked<(next: Int, failure: Error?)>((0, nil))
        private let count: Int

        init(count: Int) { self.count = count }

        /// The first error a worker reported.
        var failure: Error? { state.withLock { $0.failure } }

        /// The next tile, or nil when every tile is taken or one has failed.
        func next() -> Int? {
            state.withLock {
                guard $0.failure == nil, $0.next < count else { return nil }
                $0.next += 1
                return $0.next - 1
            }
        }

        func fail(_ error: Error) {
            state.withLock { if $0.failure == nil { $0.failure = error } }
        }
    }

    /// One worker's buffers, reused from tile to tile.
    struct TileScratch {
        /// The image extended around the rung being blurred by FIR.
        var input: Image?
        /// A tile's σ rows that vary (`tileColumns` apart) and each row's spans per rung (the
        /// full-resolution rungs' rectangles come from them, and the mixing reuses them).
        let sigma: UnsafeMutablePointer<Float>
        let spans: UnsafeMutablePointer<Int32>
        /// The mixing kernels' scratch.
        let sources: UnsafeMutablePointer<frost_vb_rung_row>
        let reducedRows: UnsafeMutablePointer<Float>

        init(_ settings: MixSettings) {
            let n = settings.levels.count
            sigma = .allocate(capacity: settings.stripRows * settings.tileColumns)
            spans = .allocate(capacity: 2 * n * settings.stripRows)
            sources = .allocate(capacity: n)
            reducedRows = .allocate(capacity: 4 * max(1, settings.reducedWidths))
        }

        func deallocate() {
            sigma.deallocate(); spans.deallocate(); sources.deallocate(); reducedRows.deallocate()
        }
    }

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

    /// What every tile's mixing shares.
    struct MixSettings: Sendable {
        var width: Int
        var levels: [Float]
        var cut: Float
        var field: SigmaField
        var tint: [Float]?
        var perPixel: Bool
        var wide: Bool
        var edges: EdgeMode
        var fullResolution: [FullResolutionRung]
        var stripRows: Int, tileColumns: Int
        /// The reduced rungs' widths summed: the vertical mixing's scratch.
        var reducedWidths: Int

        /// Row `y`'s one σ, unless every row goes through the per-pixel kernel.
        func constant(row y: Int) -> Float? { perPixel ? nil : field.constant(row: y) }

        /// The pair of rungs (k − 1, k) and the weight of the upper one for σ `s`: the rule the
        /// per-pixel kernel applies, from the same C code.
        func pair(_ s: Float) -> (k: Int, t: Float) {
            var t: Float = 0
            let k = frost_vb_pair(s, levels, Int32(levels.count), &t)
            return (Int(k), t)
        }

        /// The tint over `columns` of output row `y` (`row` points at the first of them;
        /// `sigma`: their σ when `filled`, else scratch for it).
        func tint(
            _ row: UnsafeMutablePointer<UInt8>, row y: Int, columns: Range<Int>, sigma: UnsafeMutablePointer<Float>,
            filled: Bool = false
        ) {
            guard let tint, field.rowMax[y] > 0 else { return }
            let one = field.constant(row: y)
            if one == nil, !filled { field.fill(row: y, columns: columns, into: sigma) }
            frost_vb_tint_row(row, one == nil ? UnsafePointer(sigma) : nil, field.rowMax[y], Int32(columns.count), tint, field.top)
        }

        /// Mixes one tile from `source` into `out`: its rows' σ and the columns each
        /// full-resolution rung is mixed on, those rungs blurred over just that rectangle, then
        /// the rows.
        func render(
            _ tile: Tile, rows mixed: [Int32], image: Image, source s: SharedPointer<UInt8>, into d: SharedPointer<UInt8>,
            reduced: [Rung?], columns: [ColumnTable?], scratch: inout TileScratch
        ) throws {
            let w = width, n = levels.count, x0 = tile.columns.lowerBound, tw = tile.columns.count
            let rows = mixed[tile.rows]
            for (i, yy) in rows.enumerated() {
                let y = Int(yy), spans = scratch.spans + 2 * n * i
                if let sv = constant(row: y) {
                    for r in 0..<n { spans[2 * r] = Int32(tw); spans[2 * r + 1] = 0 }
                    let k = pair(sv).k
                    for r in (k - 1)...k where r >= 1 { spans[2 * r] = 0; spans[2 * r + 1] = Int32(tw) }
                } else {
                    let sigma = scratch.sigma + i * tileColumns
                    field.fill(row: y, columns: tile.columns, into: sigma)
                    frost_vb_rung_spans(sigma, Int32(tw), levels, Int32(n), cut, Int32(n), spans, wide ? 1 : 0)
                }
            }
            var rungs = reduced
            // Each full-resolution rung's rows and columns in this tile.
            var used: [(rung: FullResolutionRung, rows: Range<Int>, columns: Range<Int>)] = []
            for rung in fullResolution {
                var lo = Int.max, hi = Int.min, a = Int.max, b = Int.min
                for (i, y) in rows.enumerated() {
                    let p = scratch.spans + 2 * (i * n + rung.index)
                    guard p[0] < p[1] else { continue }
                    lo = min(lo, Int(y)); hi = max(hi, Int(y) + 1); a = min(a, Int(p[0])); b = max(b, Int(p[1]))
                }
                if lo < hi { used.append((rung, lo..<hi, (x0 + a)..<(x0 + b))) }
            }
            // Rungs of σ ≥ 2 px are pyramid blurs: one set of halvings serves them all (a
            // shallower σ uses the first levels), read straight from the image, and each is
            // expanded over just its rectangle, from an even column. The rest run the blur's FIR.
            var pyramid: SharedPyramid?
            let deep = used.filter { $0.rung.depth > 0 }
            if !deep.isEmpty {
                let x = deep.map { $0.columns.lowerBound & ~1 }.min()!, right = deep.map(\.columns.upperBound).max()!
                let top = deep.map(\.rows.lowerBound).min()!, bottom = deep.map(\.rows.upperBound).max()!
                pyramid = SharedPyramid(
                    image, covering: PixelRect(x: x, y: top, width: right - x, height: bottom - top),
                    depth: deep.map(\.rung.depth).max()!, largestSigma: deep.map(\.rung.sigma).max()!,
                    edges: edges, wide: wide)
            }
            defer { pyramid?.release() }
            for (rung, rowRange, columnRange) in used {
                let area: PixelRect, out: Image
                if rung.depth > 0 {
                    let left = columnRange.lowerBound & ~1
                    area = PixelRect(x: left, y: rowRange.lowerBound, width: columnRange.upperBound - left, height: rowRange.count)
                    var blurred = ScratchImages.shared.take(width: area.width, height: area.height)
                    pyramid!.blur(sigma: rung.sigma, rect: area, into: &blurred)
                    out = blurred
                } else {
                    // The FIR samples no grid, so any corner will do. Its input holds the image
                    // extended by the edge mode over the reach, so clamping past it changes
                    // nothing that is read.
                    let reach = Int((4 * rung.sigma).rounded(.up)) + 2
                    area = PixelRect(
                        x: columnRange.lowerBound - reach, y: rowRange.lowerBound - reach,
                        width: columnRange.count + 2 * reach, height: rowRange.count + 2 * reach)
                    var blurred = ScratchImages.shared.take(width: area.width, height: area.height)
                    VariableBlur.extend(image, area: area, edges: edges, into: &scratch.input)
                    try GaussianBlur(sigma: rung.sigma, edges: .clamp, quality: .default).apply(to: scratch.input!, into: &blurred, threads: 1)
                    out = blurred
                }
                rungs[rung.index] = Rung(factor: 1, image: out, originX: area.x, originY: area.y, written: rowRange)
            }
            let (sources, spans, reducedRows, sigmas) = (scratch.sources, scratch.spans, scratch.reducedRows, scratch.sigma)
            VariableBlur.withViews(rungs, columns) { views in
                for (i, yy) in rows.enumerated() {
                    let y = Int(yy)
                    let dst = d.base + 4 * (y * w + x0), row = s.base + 4 * (y * w + x0), sigma = sigmas + i * tileColumns
                    if let sv = constant(row: y) {
                        let (k, t) = pair(sv)
                        var b = views[k]!.row(y, from: x0)
                        if k > 1 {
                            var a = views[k - 1]!.row(y, from: x0)
                            frost_vb_mix_rungs(dst, row, &a, &b, t, Int32(tw), reducedRows, wide ? 1 : 0)
                        } else {
                            frost_vb_mix_rungs(dst, row, nil, &b, t, Int32(tw), reducedRows, wide ? 1 : 0)
                        }
                        tint(dst, row: y, columns: tile.columns, sigma: sigma)
                        continue
                    }
                    // A rung missing, or not holding this row, keeps an empty description: no
                    // pixel's pair names it.
                    for r in 0..<n { sources[r] = views[r].flatMap { $0.holds(y) ? $0.row(y, from: x0) : nil } ?? frost_vb_rung_row() }
                    frost_vb_mix_gather(
                        dst, row, sigma, Int32(tw), levels, Int32(n), sources, cut, spans + 2 * n * i,
                        reducedRows, wide ? 1 : 0)
                    tint(dst, row: y, columns: tile.columns, sigma: sigma, filled: true)
                }
            }
            // Back to the pool, unshared, for the next tile's rungs (their rectangles differ).
            for r in fullResolution {
                guard let buffer = rungs[r.index]?.image else { continue }
                rungs[r.index] = nil
                ScratchImages.shared.give(buffer)
            }
        }
    }

    /// A rung's storage as pointers, for the length of a tile's mixing.
    struct RungView {
        var rung: Rung
        var pixels: UnsafePointer<UInt8>
        var u0: UnsafePointer<Int32>?, u1: UnsafePointer<Int32>?, fu: UnsafePointer<Float>?

        func holds(_ y: Int) -> Bool { rung.written.map { $0.contains(y) } ?? true }

        /// Where row y comes from, for the mixing kernels, with output column `x0` as their
        /// column 0 (a tile's first).
        func row(_ y: Int, from x0: Int) -> frost_vb_rung_row {
            let rw = rung.image.width
            guard let u0, let u1, let fu else {
                precondition(holds(y), "a rung is read outside the rows it holds")
                return frost_vb_rung_row(
                    top: pixels + 4 * (y - rung.originY) * rw, bottom: nil, x0: Int32(rung.originX - x0), fv: 0,
                    rw: Int32(rw), u0: nil, u1: nil, fu: nil)
            }
            let rh = rung.image.height
            let v = (Float(y) + 0.5) / Float(rung.factor) - 0.5 - Float(rung.originY)
            let v0 = min(max(Int(v.rounded(.down)), 0), rh - 1), v1 = min(v0 + 1, rh - 1)
            return frost_vb_rung_row(
                top: pixels + 4 * v0 * rw, bottom: pixels + 4 * v1 * rw, x0: 0,
                fv: min(max(v - Float(v0), 0), 1), rw: Int32(rw), u0: u0 + x0, u1: u1 + x0, fu: fu + x0)
        }
    }

    /// `body` with every rung (and its column table) as pointers.
    static func withViews(
        _ rungs: [Rung?], _ columns: [ColumnTable?], from r: Int = 0, _ views: [RungView?] = [],
        _ body: ([RungView?]) -> Void
    ) {
        guard r < rungs.count else { return body(views) }
        guard let rung = rungs[r] else { return withViews(rungs, columns, from: r + 1, views + [nil], body) }
        rung.image.pixels.withUnsafeBufferPointer { p in
            guard let c = columns[r] else {
                return withViews(rungs, columns, from: r + 1, views + [RungView(rung: rung, pixels: p.baseAddress!)], body)
            }
            c.u0.withUnsafeBufferPointer { u0 in
                c.u1.withUnsafeBufferPointer { u1 in
                    c.fu.withUnsafeBufferPointer { fu in
                        withViews(
                            rungs, columns, from: r + 1,
                            views + [RungView(rung: rung, pixels: p.baseAddress!, u0: u0.baseAddress, u1: u1.baseAddress, fu: fu.baseAddress)], body)
                    }
                }
            }
        }
    }
}
