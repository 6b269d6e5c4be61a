import CFrostKernels
import Foundation
import FrostImage

/// Gaussian blur through a binomial pyramid: halve k times with the binomial [1 4 6 4 1]/16
/// (then keep every other sample), blur the smallest level with the fixed-point FIR, and expand
/// k times with the same binomial as a 2× interpolator ([1 6 1]/8 and [4 4]/8 phases).
///
/// Why it is accurate: each halving and each expansion adds variance 1 px² at its level's scale,
/// so σ² = Σⱼ<ₖ 2·4ʲ + 4ᵏ·σₛ² and the small blur takes the rest. The binomial has a 4th-order
/// zero at Nyquist, so what the halving folds down and the expansion folds up is damped by
/// (ω/2)⁴ and then by the Gaussian: with σₛ ≥ 0.7 the result is within a few tenths of a level
/// of the float64 Gaussian, and the error left is rounding: the halving's levels are 8-bit
/// (which costs almost nothing), the small level's blur and the expansion keep 4 fractional bits
/// (8-bit there cost 2–2.5 dB), and the small level's weights are Q12: Q8 weights' rounding,
/// up to 1/512 of the sum per tap, multiplies the signal's total variation across the kernel,
/// which cost 1.5–2 dB where the window held strong edges (55.2 dB at σ 64 mirrored, on a photo
/// with alpha). 57.2–60.1 dB on the sample photo, 58.3–59.1 with alpha, against a ceiling near
/// 60. Its cost is a read of the image, a
/// write of the result and a quarter of that per level: it does not grow with σ.
///
/// Edges: the pyramid covers a window around the region, read through the edge mode. With
/// `.clamp` and `.transparent` the world beyond the image is constant per column and row, so
/// the window needs only the filters' reach past the image (each level clamps to its window,
/// which then continues exactly as the image would); `.mirror` and `.wrap` carry 3.5σ of real
/// content.
struct BinomialPyramid {
    /// Halvings along x and y.
    let levelsX: Int, levelsY: Int
    /// The small level's FIR taps along each axis.
    let smallX: FixedPointFIR.Taps, smallY: FixedPointFIR.Taps
    /// The full σ, for the window's margins.
    let sigmaX: Double, sigmaY: Double
    /// The σ the small level is blurred with, in its pixels.
    let smallSigmaX: Double, smallSigmaY: Double
    let edges: EdgeMode
    /// AVX2 kernels where the CPU has them; false forces the portable ones (tests).
    var wide = true

    /// Halvings and the σ left for the small level along one axis: as many halvings as keep
    /// the small σ at or above `minSmallSigma` (small-level pixels) — or, for a second halving
    /// and deeper, `deeperMinSmallSigma` — then, past three levels, where the small level is
    /// under 1/64 of the image and its FIR costs nothing, back up while the small σ stays ≤
    /// ``maxDeepSmallSigma``: each level less is one 8-bit rounding less and a window margin
    /// half as wide.
    static func levels(sigma: Double, minSmallSigma: Double, deeperMinSmallSigma: Double? = nil) -> (levels: Int, smallSigma: Double) {
        func small(_ k: Int) -> Double? {
            let p = Double(1 << (2 * k))  // 4^k
            let rest = sigma * sigma - 2 * (p - 1) / 3
            return rest > 0 ? rest.squareRoot() / Double(1 << k) : nil
        }
        var k = 0
        while k < 24, let s = small(k + 1), s >= (k + 1 >= 2 ? deeperMinSmallSigma ?? minSmallSigma : minSmallSigma) { k += 1 }
        while k > 3, let s = small(k - 1), s <= maxDeepSmallSigma { k -= 1 }
        return (k, small(k) ?? sigma)
    }

    /// The largest small σ a pyramid deeper than three levels leaves: 3.5σ = 28 taps, the
    /// fixed-point FIR's limit.
    static let maxDeepSmallSigma = 8.0

    /// Taps of a σ (possibly 0: the identity) for the small level. An outermost tap of weight
    /// 1/4096 (0.02 % of the mass a side) goes to the centre: it costs a multiply-add per
    /// channel like any other — at σ 3 (small σ 1.32) one of six — for no measurable accuracy.
    static func taps(_ sigma: Double) -> FixedPointFIR.Taps {
        guard sigma >= GaussianBlur.negligibleSigma else { return .identity }
        var w = FixedPointFIR.Taps(GaussianKernel(sigma: sigma, truncation: 3.5), scale: 4096).weights
        if w.count > 2, w[w.count - 1] <= 1 { w[0] += 2 * w.removeLast() }
        return FixedPointFIR.Taps(weights: w)
    }

    init(
        sigmaX: Double, sigmaY: Double, levelsX: Int, levelsY: Int, smallSigmaX: Double, smallSigmaY: Double,
        edges: EdgeMode
    ) {
        self.sigmaX = sigmaX; self.sigmaY = sigmaY
        self.levelsX = levelsX; self.levelsY = levelsY
        self.smallSigmaX = smallSigmaX; self.smallSigmaY = smallSigmaY
        smallX = BinomialPyramid.taps(smallSigmaX); smallY = BinomialPyramid.taps(smallSigmaY)
        self.edges = edges
    }

    /// The level-0 window (image coordinates) the pyramid covers for `rect`.
    func window(for rect: PixelRect, width W: Int, height H: Int) -> PixelRect {
        func span(_ lo: Int, _ hi: Int, _ n: Int, _ sigma: Double, _ k: Int) -> (Int, Int) {
            let reach = 4 << k  // the filters' reach past the image: 2·(2ᵏ − 1) halving, plus a level-k pixel
            var a = lo - Int((3.5 * sigma).rounded(.up)) - reach, b = hi + Int((3.5 * sigma).rounded(.up)) + reach
            if edges == .clamp || edges == .transparent { a = max(a, -reach); b = min(b, n + reach) }
            if (lo - a) & 1 == 1 { a -= 1 }  // the region starts on an even window column
            return (a, b)
        }
        let (x0, x1) = span(rect.x, rect.maxX, W, sigmaX, levelsX)
        let (y0, y1) = span(rect.y, rect.maxY, H, sigmaY, levelsY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Blurs `rect` of `image` into the same rectangle of `out` (same size as `image`, separate
    /// storage); the rest of `out` is left alone.
    func run(_ image: Image, into out: inout Image, region rect: PixelRect, threads: Int) {
        let win = window(for: rect, width: image.width, height: image.height)
        write(halvings(image, window: win, threads: threads), window: win, rect: rect, into: &out, threads: threads)
    }

    /// Blurs the whole of `image` over itself: the halvings read it, and only then does the
    /// expansion write it (it reads the levels alone).
    func runInPlace(_ image: inout Image, threads: Int) {
        let rect = image.bounds
        let win = window(for: rect, width: image.width, height: image.height)
        write(halvings(image, window: win, threads: threads), window: win, rect: rect, into: &image, threads: threads)
    }

    /// The expansion of `levels` into `rect` of `out`; the levels go back to the pool.
    private func write(_ levels: [Image], window win: PixelRect, rect: PixelRect, into out: inout Image, threads: Int) {
        defer { for level in levels { ScratchImages.shared.give(level) } }
        let W = out.width
        out.withUnsafeMutablePixels { o in
            expand(levels, window: win, rect: rect, into: SharedPointer(o.baseAddress!), threads: threads) { y in 4 * ((rect.y + y) * W + rect.x) }
        }
    }

    /// Level sizes over `win`: level j+1 pixel i sits on level j pixel 2i.
    func sizes(_ win: PixelRect) -> [(Int, Int)] {
        var sizes = [(win.width, win.height)]
        for j in 0..<max(levelsX, levelsY) {
            let (w, h) = sizes[j]
            sizes.append((j < levelsX ? (w + 1) / 2 : w, j < levelsY ? (h + 1) / 2 : h))
        }
        return sizes
    }

    /// Levels 1…k of `image` over `win` (from the scratch pool: give them back): level 0 is the
    /// image read through the edge mode, deeper levels clamp.
    func halvings(_ image: Image, window win: PixelRect, threads: Int) -> [Image] {
        let wide: Int32 = self.wide ? 1 : 0
        let sizes = sizes(win)
        let pool = ScratchImages.shared
        var levels: [Image] = sizes.dropFirst().map { pool.take(width: $0.0, height: $0.1) }
        for j in 0..<(sizes.count - 1) {
            let source =
                j == 0
                ? Level(image, origin: (win.x, win.y), size: sizes[0], edges: edges)
                : Level(levels[j - 1], origin: (0, 0), size: sizes[j], edges: .clamp)
            let halveX = j < levelsX, halveY = j < levelsY
            levels[j].withUnsafeMutablePixels { dst in
                source.down(
                    into: SharedPointer(dst.baseAddress!), size: sizes[j + 1], halveX: halveX,
                    halveY: halveY, threads: threads, wide: wide)
            }
        }
        return levels
    }

    /// The small level's blur and the expansion back to full resolution over `rect` (inside the
    /// window `win` the `levels` were made over, `rect.x − win.x` even): row y of `rect` goes to
    /// `row + rowOffset(y)` bytes.
    ///
    /// Each level is made only over the pixels the level above reads for `rect` (an expanded
    /// pixel reads its level's pixels i − 1 … i + 1), so a small rectangle of a large window —
    /// a progressive blur's rung in part of a tile — costs its own size, not the window's. The
    /// bytes are those of whole levels: a part's edge is either past every pixel read or the
    /// level's own edge, where both clamp alike.
    func expand(
        _ levels: [Image], window win: PixelRect, rect: PixelRect, into row: SharedPointer<UInt8>, threads: Int,
        rowOffset: @Sendable @escaping (Int) -> Int
    ) {
        let wide: Int32 = self.wide ? 1 : 0
        let sizes = sizes(win)
        let k = sizes.count - 1
        let pool = ScratchImages.shared
        let parts = BinomialPyramid.parts(
            sizes: sizes, levelsX: levelsX, levelsY: levelsY,
            rect: PixelRect(x: rect.x - win.x, y: rect.y - win.y, width: rect.width, height: rect.height))
        // The smallest level blurred into 16-bit values (16 · level): from here on every level
        // keeps 4 bits below the 8-bit level, since rounding the expansion's levels to 8 bits
        // cost 2–2.5 dB at every depth while the halving's 8-bit levels cost almost nothing.
        var upper = Words(part: parts[k], pool: pool)
        blurSmall(levels[k - 1], into: &upper, threads: threads, wide: wide)
        // Up: each level's part from the one below it; level 0 only over the region.
        for j in stride(from: k - 1, through: 0, by: -1) {
            let halveX = j < levelsX, halveY = j < levelsY
            let part = parts[j]
            if j == 0 {
                upper.expand(
                    halveX: halveX, halveY: halveY, rows: (part.y, part.height), columns: (part.x, part.width), bytes: true,
                    threads: threads, wide: wide, row: row, rowOffset: rowOffset)
            } else {
                var next = Words(part: part, pool: pool)
                let w = part.width
                next.values.withUnsafeMutableBufferPointer { o in
                    let base = UnsafeMutableRawPointer(o.baseAddress!)
                    upper.expand(
                        halveX: halveX, halveY: halveY, rows: (part.y, part.height), columns: (part.x, part.width), bytes: false,
                        threads: threads, wide: wide, row: SharedPointer(base.assumingMemoryBound(to: UInt8.self)),
                        rowOffset: { y in 8 * y * w })
                }
                pool.give(words: upper.values)
                upper = next
            }
        }
        pool.give(words: upper.values)
    }

    /// The part of each level (its own pixels) that the expansion to `rect` (level-0 pixels of
    /// the window) reads: along a halved axis, level j + 1 needs pixels ⌊lo/2⌋ − 1 ..< ⌊(hi − 1)/2⌋
    /// + 2 of what level j needs, within the level; a level that is itself expanded into starts
    /// on an even column, as the horizontal expansion writes pixel pairs.
    static func parts(sizes: [(Int, Int)], levelsX: Int, levelsY: Int, rect: PixelRect) -> [PixelRect] {
        var parts = [rect]
        let k = sizes.count - 1
        for j in 1..<max(k + 1, 1) {
            let below = parts[j - 1], (w, h) = sizes[j]
            func axis(_ lo: Int, _ hi: Int, _ halved: Bool, _ n: Int) -> (Int, Int) {
                halved ? (max(0, (lo >> 1) - 1), min(n, ((hi - 1) >> 1) + 2)) : (lo, hi)
            }
            var (x0, x1) = axis(below.x, below.maxX, j - 1 < levelsX, w)
            let (y0, y1) = axis(below.y, below.maxY, j - 1 < levelsY, h)
            if j < k, j < levelsX { x0 &= ~1 }
            parts.append(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        return parts
    }

    /// The smallest level's FIR (clamped at its edges) into 16 · value, over `out`'s part of it.
    private func blurSmall(_ small: Image, into out: inout Words, threads: Int, wide: Int32) {
        let w = small.width, h = small.height, rx = smallX.radius, ry = smallY.radius
        let wx = smallX.weights, wy = smallY.weights
        let ox = out.origin.x, oy = out.origin.y, ow = out.width
        // Input columns the part reads; columns past the level's edges repeat its first and last.
        let a = max(0, ox - rx), b = min(w, ox + ow + rx)
        let left = a - (ox - rx), right = (ox + ow + rx) - b
        small.pixels.withUnsafeBufferPointer { src in
            out.values.withUnsafeMutableBufferPointer { dst in
                wx.withUnsafeBufferPointer { wxp in
                    wy.withUnsafeBufferPointer { wyp in
                        let s = SharedPointer(src.baseAddress!), d = SharedPointer(dst.baseAddress!)
                        let wxs = SharedPointer(wxp.baseAddress!), wys = SharedPointer(wyp.baseAddress!)
                        parallelBands(lines: out.height, threads: threads) { first, end in
                            let pad = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * (ow + 2 * rx) + 64)
                            let rows = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: 2 * ry + 1)
                            defer { pad.deallocate(); rows.deallocate() }
                            for r in first..<end {
                                let y = oy + r
                                for j in 0...(2 * ry) {
                                    rows[j] = UnsafePointer(s.base + 4 * (w * min(max(y - ry + j, 0), h - 1) + a))
                                }
                                frost_fir_small_vertical(rows, Int32(ry), wys.base, 4 * (b - a), pad + 4 * left, wide)
                                // Clamp: the pads repeat the level's first and last pixels.
                                for i in 0..<left { (pad + 4 * i).update(from: pad + 4 * left, count: 4) }
                                let last = pad + 4 * (left + b - a - 1)
                                for i in 0..<right { (last + 4 * (1 + i)).update(from: last, count: 4) }
                                frost_fir_small_horizontal(pad, Int32(rx), wxs.base, Int32(ow), d.base + 4 * r * ow, wide)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A pyramid level in the expansion: RGBA as 16-bit values, 16 × the 8-bit level.
private struct Words {
    /// The part of its level held: pixel (0, 0) is the level's `origin`.
    let origin: (x: Int, y: Int)
    let width: Int, height: Int
    var values: [UInt16]

    init(part: PixelRect, pool: ScratchImages) {
        origin = (part.x, part.y)
        width = part.width; height = part.height
        values = pool.takeWords(4 * width * height)
    }

    /// Expands this level 2× (along the halved axes) and writes `rows`/`columns` of the result
    /// (start, count in the larger level's pixels, from its pixel (0, 0); `columns.start` even) at `row + rowOffset(y)`
    /// bytes for y in 0..<rows.count: 8-bit values (`bytes`) or 16-bit ones.
    func expand(
        halveX: Bool, halveY: Bool, rows: (start: Int, count: Int), columns: (start: Int, count: Int),
        bytes: Bool, threads: Int, wide: Int32, row: SharedPointer<UInt8>,
        rowOffset: @Sendable @escaping (Int) -> Int
    ) {
        let w = width, h = height
        // The small row with one clamped pixel before it and two after.
        let gather = RowGather(map: (-1..<(w + 2)).map { min(max($0, 0), w - 1) }, sourcePixels: w)
        let padPixels = w + 3
        values.withUnsafeBufferPointer { src in
            let s = SharedPointer(src.baseAddress!)
            parallelBands(lines: rows.count, threads: threads) { first, end in
                let vrow = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * w)
                let pad = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * padPixels)
                let scratch = UnsafeMutablePointer<UInt16>.allocate(capacity: 8 * columns.count + 64)
                defer { vrow.deallocate(); pad.deallocate(); scratch.deallocate() }
                // Row i of the level (clamped to the part: see `BinomialPyramid.expand`).
                let oy = origin.y
                func small(_ i: Int) -> UnsafePointer<UInt16> { UnsafePointer(s.base + 4 * min(max(i - oy, 0), h - 1) * w) }
                for y in first..<end {
                    let ty = rows.start + y
                    let vr = gather.target(pad: pad, scratch: vrow)
                    if halveY {
                        let i = ty >> 1, odd = ty & 1
                        frost_pyr_up_v16(small(i - 1), small(i), small(i + 1), 4 * w, vr, Int32(odd), 1, wide)
                    } else {
                        frost_pyr_up_v16(nil, small(ty), nil, 4 * w, vr, 0, 0, wide)
                    }
                    gather.fill(pad, from: vr)
                    let startPixel = (halveX ? columns.start / 2 : columns.start) - origin.x
                    frost_pyr_up_h16(
                        pad + 4 * (1 + startPixel), Int32(columns.count), row.base + rowOffset(y),
                        halveX ? 1 : 0, bytes ? 1 : 0, scratch, wide)
                }
            }
        }
    }
}

extension FixedPointFIR.Taps {
    /// No blur along the axis.
    static let identity = FixedPointFIR.Taps(weights: [4096])
}

/// One pyramid level as the halving reads it: a window of `size` pixels whose pixel (0, 0) is
/// the source's (origin.x, origin.y), extended through `edges`.
private struct Level {
    let source: Image
    let origin: (x: Int, y: Int)
    let size: (width: Int, height: Int)
    let edges: EdgeMode

    init(_ source: Image, origin: (Int, Int), size: (Int, Int), edges: EdgeMode) {
        self.source = source; self.origin = origin; self.size = size; self.edges = edges
    }

    /// Halves into `dst` (`out` pixels, rows of `out.width`).
    func down(
        into dst: SharedPointer<UInt8>, size out: (width: Int, height: Int), halveX: Bool, halveY: Bool,
        threads: Int, wide: Int32
    ) {
        let W = source.width, H = source.height, edges = self.edges
        // Window columns −2 ..< width + 4 through the edge mode: source columns or −1 (zero).
        let colMap = (-2..<(size.width + 4)).map { edges.map(origin.x + $0, count: W) ?? -1 }
        let used = colMap.filter { $0 >= 0 }
        let c0 = used.min() ?? 0, span = max(0, (used.max() ?? -1) + 1 - c0)
        let gather = RowGather(map: colMap.map { $0 < 0 ? -1 : $0 - c0 }, sourcePixels: span)
        let padPixels = colMap.count
        source.pixels.withUnsafeBufferPointer { src in
            let s = SharedPointer(src.baseAddress!)
            parallelBands(lines: out.height, threads: threads) { first, end in
                let vrow = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * max(span, 1))
                let pad = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * padPixels)
                let scratch = UnsafeMutablePointer<UInt16>.allocate(capacity: 8 * out.width + 16)
                let rows = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: 5)
                defer { vrow.deallocate(); pad.deallocate(); scratch.deallocate(); rows.deallocate() }
                // Rows beyond a clamped (or transparent) edge read the same source rows as the
                // row before them: copy that row instead of filtering it again.
                var previous: [UnsafePointer<UInt8>?] = []
                for i in first..<end {
                    for t in 0..<5 {
                        let q = halveY ? 2 * i + t - 2 : i
                        rows[t] = edges.map(origin.y + q, count: H).map { UnsafePointer(s.base + 4 * ($0 * W + c0)) }
                    }
                    let current = (0..<5).map { rows[$0] }
                    if i > first && current == previous {
                        let rowBytes = 4 * out.width
                        (dst.base + i * rowBytes).update(from: dst.base + (i - 1) * rowBytes, count: rowBytes)
                        continue
                    }
                    previous = current
                    let row = gather.target(pad: pad, scratch: vrow)
                    frost_pyr_down_v(rows, 4 * span, row, halveY ? 1 : 0, wide)
                    gather.fill(pad, from: row)
                    frost_pyr_down_h(
                        pad + 8, Int32(out.width), dst.base + 4 * i * out.width, halveX ? 1 : 0,
                        scratch, wide)
                }
            }
        }
    }
}

/// Builds a padded 16-bit RGBA row from a row through a column map (−1: zero), as runs. When
/// one run covers the whole source row (the usual case: the window's interior), the row is
/// computed straight into the pad at ``direct`` and only the edges are copied.
private struct RowGather: Sendable {
    /// (destination pixel, source pixel or −1, count).
    let runs: [(Int, Int, Int)]
    /// Pad pixel where source pixel 0 goes when one run holds the whole source row.
    let direct: Int?

    init(map: [Int], sourcePixels: Int) {
        var runs: [(Int, Int, Int)] = []
        for (d, s) in map.enumerated() {
            if let last = runs.last, last.0 + last.2 == d,
                (last.1 < 0 && s < 0) || (last.1 >= 0 && s == last.1 + last.2)
            {
                runs[runs.count - 1].2 += 1
            } else {
                runs.append((d, s, 1))
            }
        }
        if let whole = runs.firstIndex(where: { $0.1 == 0 && $0.2 == sourcePixels }) {
            direct = runs[whole].0
            runs.remove(at: whole)
        } else {
            direct = nil
        }
        self.runs = runs
    }

    /// Where the row should be computed: into the pad, or into `scratch`.
    func target(pad: UnsafeMutablePointer<UInt16>, scratch: UnsafeMutablePointer<UInt16>) -> UnsafeMutablePointer<UInt16> {
        direct.map { pad + 4 * $0 } ?? scratch
    }

    /// Fills the pad from the row computed at `target(pad:scratch:)`.
    func fill(_ pad: UnsafeMutablePointer<UInt16>, from row: UnsafePointer<UInt16>) {
        for (d, s, n) in runs {
            if s < 0 { (pad + 4 * d).update(repeating: 0, count: 4 * n) } else { (pad + 4 * d).update(from: row + 4 * s, count: 4 * n) }
        }
    }
}
