import FrostImage

/// Which points a path encloses.
public enum FillRule: String, CaseIterable, Sendable {
    /// Inside where the winding number is not zero (overlaps stay filled).
    case nonZero
    /// Inside where an odd number of edges is crossed (overlaps cut holes).
    case evenOdd
}

/// Anti-aliased coverage of paths: 16 sample rows per pixel, each contributing its exact
/// horizontal overlap with the path's spans (sorted edge crossings) — exact area in x, 16
/// samples in y.
///
/// The work is proportional to the edges' crossings plus the pixels touched: partial pixels at
/// span ends are added directly, the whole pixels between them through a running sum (one
/// addition per pixel, not one per sample row), and rows are handed out one at a time from one
/// reused buffer, so filling a large shape allocates no coverage image.
public enum Rasterizer {
    /// Sample rows per pixel.
    static let rowsPerPixel = 16

    /// Coverage 0…1 of `path` for each pixel of a `width` × `height` canvas (row-major).
    public static func coverage(of path: Path, width: Int, height: Int, rule: FillRule = .nonZero) throws(ImageError) -> [Float] {
        try Image.validate(width: width, height: height)
        guard path.isFinite else { throw .nonFinite(what: "a coordinate of the path") }
        var cover = [Float](repeating: 0, count: width * height)
        cover.withUnsafeMutableBufferPointer { out in
            forEachRow(of: path, width: width, height: height, rule: rule) { y, row, lo, hi in
                let base = out.baseAddress! + y * width
                for x in lo..<hi { base[x] = row[x] }
            }
        }
        return cover
    }

    /// Calls `body(y, row, lo, hi)` for each pixel row `y` the path touches, top to bottom:
    /// `row[x]` is the coverage 0…1 of pixel x for x in `lo..<hi`, and 0 outside that range
    /// (the buffer is reused: read it inside `body`). Rows the path misses are not reported.
    /// The path must be finite (callers check) and `width`, `height` positive.
    ///   - rows: the pixel rows to visit (default all): a band of rows gives exactly the coverage
    ///     the whole would give there (crossings are computed from absolute sample rows), so
    ///     bands of one fill rendered on different threads join without a seam.
    public static func forEachRow(
        of path: Path, width: Int, height: Int, rows band: Range<Int>? = nil, rule: FillRule = .nonZero,
        _ body: (Int, UnsafeBufferPointer<Float>, Int, Int) -> Void
    ) {
        let band = (band ?? 0..<height).clamped(to: 0..<max(0, height))
        guard width > 0, height > 0, !band.isEmpty else { return }
        let n = Double(rowsPerPixel), s0 = band.lowerBound * rowsPerPixel, rows = band.count * rowsPerPixel
        // Edges with the sample rows they cross (y = (s + ½)/n, top ≤ y < bottom).
        // Sample rows are band-relative (s = absolute − s0); crossings come from absolute rows.
        struct Edge { var topX: Double, topY: Double, slope: Double, first: Int, last: Int, dir: Int8 }
        var edges: [Edge] = []
        for poly in path.polygons() {
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                if a.y == b.y { continue }
                let (top, bottom) = a.y < b.y ? (a, b) : (b, a)
                let first = max(0, Int((top.y * n - 0.5).rounded(.up)) - s0)
                let last = min(rows - 1, Int((bottom.y * n - 0.5).rounded(.up)) - 1 - s0)
                if first > last { continue }
                let slope = (bottom.x - top.x) / (bottom.y - top.y)
                edges.append(Edge(topX: top.x, topY: top.y, slope: slope, first: first, last: last, dir: b.y > a.y ? 1 : -1))
            }
        }
        guard !edges.isEmpty else { return }
        // Crossings bucketed by sample row (a counting sort), in one flat buffer.
        var start = [Int32](repeating: 0, count: rows + 1)
        for e in edges { for s in e.first...e.last { start[s + 1] += 1 } }
        for s in 0..<rows { start[s + 1] += start[s] }
        let total = Int(start[rows])
        var xs = [Double](repeating: 0, count: total), dirs = [Int8](repeating: 0, count: total)
        var fill = start
        for e in edges {
            for s in e.first...e.last {
                let k = Int(fill[s]); fill[s] += 1
                xs[k] = e.topX + ((Double(s + s0) + 0.5) / n - e.topY) * e.slope
                dirs[k] = e.dir
            }
        }
        // Per pixel row: partial pixels in `direct`, whole pixels as steps in `delta`.
        var direct = [Float](repeating: 0, count: width + 1), delta = [Float](repeating: 0, count: width + 1)
        var out = [Float](repeating: 0, count: width)
        let w = Double(width), weight = 1 / Float(rowsPerPixel)
        xs.withUnsafeMutableBufferPointer { xs in
            dirs.withUnsafeMutableBufferPointer { dirs in
                direct.withUnsafeMutableBufferPointer { direct in
                    delta.withUnsafeMutableBufferPointer { delta in
                        out.withUnsafeMutableBufferPointer { out in
                            for y in 0..<band.count {
                                var lo = width, hi = 0
                                // Pixels every sample row covers whole (one inside span per row): their coverage
                                // is 1 without summing (the interior of a large shape, row after row).
                                var fullLo = 0, fullHi = width, full = true
                                for s in (y * rowsPerPixel)..<((y + 1) * rowsPerPixel) {
                                    let a = Int(start[s]), b = Int(start[s + 1])
                                    if b - a < 2 { full = false; continue }
                                    // Insertion sort: rows hold a handful of crossings.
                                    for i in (a + 1)..<b {
                                        let x = xs[i], d = dirs[i]
                                        var j = i - 1
                                        while j >= a, xs[j] > x { xs[j + 1] = xs[j]; dirs[j + 1] = dirs[j]; j -= 1 }
                                        xs[j + 1] = x; dirs[j + 1] = d
                                    }
                                    var winding = 0, spans = 0
                                    for k in a..<(b - 1) {
                                        winding += Int(dirs[k])
                                        let inside = rule == .nonZero ? winding != 0 : winding % 2 != 0
                                        guard inside else { continue }
                                        let xa = min(max(xs[k], 0), w), xb = min(max(xs[k + 1], 0), w)
                                        if xb <= xa { continue }
                                        spans += 1
                                        let p0 = Int(xa), p1 = min(width - 1, Int(xb))
                                        lo = min(lo, p0); hi = max(hi, p1 + 1)
                                        // The right partial pixel p1 is clamped to the last column: an edge exactly
                                        // on the right border must not let the set-not-summed run cover it (its
                                        // terms would never be cleared and leak into later rows).
                                        fullLo = max(fullLo, Int(xa.rounded(.up))); fullHi = min(fullHi, Int(xb.rounded(.down)), p1)
                                        if p0 == p1 {
                                            direct[p0] += Float(xb - xa) * weight
                                            continue
                                        }
                                        direct[p0] += Float(Double(p0 + 1) - xa) * weight
                                        if p0 + 1 < p1 { delta[p0 + 1] += weight; delta[p1] -= weight }
                                        direct[p1] += Float(xb - Double(p1)) * weight
                                    }
                                    if spans != 1 { full = false }
                                }
                                guard lo < hi else { continue }
                                // Direct terms lie at or before fullLo and at or after fullHi, steps at or before
                                // fullLo + 1 and at or after fullHi: between, the running sum is constant (1), so
                                // those pixels are set, not summed.
                                let skipping = full && fullHi - fullLo > 3
                                let skipFrom = skipping ? fullLo + 2 : hi, skipTo = skipping ? fullHi : hi
                                var run: Float = 0
                                for x in lo..<skipFrom {
                                    run += delta[x]
                                    out[x] = min(direct[x] + run, 1)
                                    direct[x] = 0; delta[x] = 0
                                }
                                if skipFrom < skipTo { (out.baseAddress! + skipFrom).update(repeating: 1, count: skipTo - skipFrom) }
                                for x in max(skipFrom, skipTo)..<hi {
                                    run += delta[x]
                                    out[x] = min(direct[x] + run, 1)
                                    direct[x] = 0; delta[x] = 0
                                }
                                delta[hi] = 0
                                body(band.lowerBound + y, UnsafeBufferPointer(out), lo, hi)
                                for x in lo..<hi { out[x] = 0 }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The coverage as a mask image (alpha = coverage, colour 0), as vibrancy uses.
    public static func mask(of path: Path, width: Int, height: Int, rule: FillRule = .nonZero) throws(ImageError) -> Image {
        let cov = try coverage(of: path, width: width, height: height, rule: rule)
        var out = try Image(width: width, height: height)
        out.withUnsafeMutablePixels { px in
            for i in 0..<cov.count { px[4 * i + 3] = UInt8((cov[i] * 255).rounded()) }
        }
        return out
    }
}
