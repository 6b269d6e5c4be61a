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
public enum Rasterizer {
    /// Sample rows per pixel.
    static let rowsPerPixel = 16

    /// Coverage 0…1 of `path` for each pixel of a `width` × `height` canvas (row-major).
    public static func coverage(of path: Path, width: Int, height: Int, rule: FillRule = .nonZero) throws(ImageError) -> [Float] {
        try Image.validate(width: width, height: height)
        guard path.isFinite else { throw .nonFinite(what: "a coordinate of the path") }
        let rows = height * Rasterizer.rowsPerPixel
        var crossings = [[(x: Double, dir: Int)]](repeating: [], count: rows)
        for poly in path.polygons() {
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                if a.y == b.y { continue }
                let dir = b.y > a.y ? 1 : -1
                let (top, bottom) = a.y < b.y ? (a, b) : (b, a)
                // Sample rows at y = (s + ½)/n with top ≤ y < bottom.
                let n = Double(Rasterizer.rowsPerPixel)
                let first = max(0, Int((top.y * n - 0.5).rounded(.up)))
                let last = min(rows - 1, Int((bottom.y * n - 0.5).rounded(.up)) - 1)
                if first > last { continue }
                let slope = (bottom.x - top.x) / (bottom.y - top.y)
                for s in first...last {
                    let y = (Double(s) + 0.5) / n
                    crossings[s].append((top.x + (y - top.y) * slope, dir))
                }
            }
        }
        // Each sample row adds its exact horizontal span overlap, weighted 1/n.
        var cover = [Float](repeating: 0, count: width * height)
        let w = Double(width), weight = 1 / Float(Rasterizer.rowsPerPixel)
        for s in 0..<rows {
            var list = crossings[s]
            if list.count < 2 { continue }
            list.sort { $0.x < $1.x }
            var winding = 0
            let row = (s / Rasterizer.rowsPerPixel) * width
            for k in 0..<(list.count - 1) {
                winding += list[k].dir
                let inside = rule == .nonZero ? winding != 0 : winding % 2 != 0
                guard inside else { continue }
                let xa = min(max(list[k].x, 0), w), xb = min(max(list[k + 1].x, 0), w)
                if xb <= xa { continue }
                let p0 = Int(xa), p1 = min(width - 1, Int(xb))
                if p0 == p1 {
                    cover[row + p0] += Float(xb - xa) * weight
                    continue
                }
                cover[row + p0] += Float(Double(p0 + 1) - xa) * weight
                if p0 + 1 < p1 { for p in (p0 + 1)..<p1 { cover[row + p] += weight } }
                if p1 < width { cover[row + p1] += Float(xb - Double(p1)) * weight }
            }
        }
        return cover.map { min($0, 1) }
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
