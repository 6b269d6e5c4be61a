import FrostGeometry
import Foundation

/// A vector path in pixels: subpaths of lines, quadratic and cubic Béziers, optionally closed.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point), line(Point), quad(Point, Point), cubic(Point, Point, Point), close
    }
    public private(set) var elements: [Element] = []

    public init() {}

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(c, p)) }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) { elements.append(.cubic(c1, c2, p)) }
    public mutating func close() { elements.append(.close) }

    /// Appends all of `other`'s subpaths.
    public mutating func add(_ other: Path) { elements += other.elements }

    /// Whether every coordinate is finite.
    public var isFinite: Bool {
        elements.allSatisfy { e in
            switch e {
            case .move(let p), .line(let p): return p.x.isFinite && p.y.isFinite
            case .quad(let a, let b): return [a, b].allSatisfy { $0.x.isFinite && $0.y.isFinite }
            case .cubic(let a, let b, let c): return [a, b, c].allSatisfy { $0.x.isFinite && $0.y.isFinite }
            case .close: return true
            }
        }
    }

    // MARK: Shapes

    /// An axis-aligned rectangle.
    public static func rect(x: Double, y: Double, width: Double, height: Double) -> Path {
        var p = Path()
        p.move(to: Point(x, y)); p.line(to: Point(x + width, y)); p.line(to: Point(x + width, y + height))
        p.line(to: Point(x, y + height)); p.close()
        return p
    }

    /// An ellipse inscribed in the rectangle (four cubic arcs; radius error < 0.03 %).
    public static func ellipse(x: Double, y: Double, width: Double, height: Double) -> Path {
        let k = 0.5522847498307936  // 4/3·(√2 − 1)
        let cx = x + width / 2, cy = y + height / 2, rx = width / 2, ry = height / 2
        var p = Path()
        p.move(to: Point(cx + rx, cy))
        p.cubic(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + k * ry), control2: Point(cx + k * rx, cy + ry))
        p.cubic(to: Point(cx - rx, cy), control1: Point(cx - k * rx, cy + ry), control2: Point(cx - rx, cy + k * ry))
        p.cubic(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - k * ry), control2: Point(cx - k * rx, cy - ry))
        p.cubic(to: Point(cx + rx, cy), control1: Point(cx + k * rx, cy - ry), control2: Point(cx + rx, cy - k * ry))
        p.close()
        return p
    }

    /// How far iOS's continuous corner reaches along each edge, in multiples of the radius.
    public static let continuousCornerReach = 1.52866483

    /// A piece of a corner outline.
    enum CornerSegment { case line(Point), cubic(Point, Point, Point) }

    /// iOS's continuous corner for radius 1, from the edge towards the corner: the path
    /// `UIBezierPath(roundedRect:cornerRadius:)` has emitted since iOS 7 (as measured and
    /// published by PaintCode): a cubic that leaves the edge with zero curvature, a short line,
    /// a cubic round the diagonal, a short line and the mirror image of the first cubic. Points
    /// are (distance along the incoming edge, distance along the outgoing edge) from the corner.
    static let continuousCorner: [CornerSegment] = {
        let a = Point(1.08849323, 0), b = Point(0.86840689, 0), c = Point(0.66993427, 0.06549600)
        let d = Point(0.63149399, 0.07491100), e = Point(0.37282392, 0.16905899)
        func mirror(_ p: Point) -> Point { Point(p.y, p.x) }
        return [.cubic(a, b, c), .line(d), .cubic(e, mirror(e), mirror(d)), .line(mirror(c)),
                .cubic(mirror(b), mirror(a), Point(0, continuousCornerReach))]
    }()

    /// A rounded rectangle. Circular corners are quarter ellipses of `radius`, limited by half
    /// the shorter side. Continuous corners are iOS's `.continuous` style: each starts
    /// ``continuousCornerReach`` (≈ 1.529) × radius from the corner and bends with curvature
    /// rising from zero; the radius is limited to half the shorter side ÷ 1.529, as UIKit does.
    public static func roundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double,
                                   continuous: Bool = false) -> Path {
        let side = min(width, height) / 2
        let r = max(0, min(radius, continuous ? side / continuousCornerReach : side))
        if r == 0 || !r.isFinite { return rect(x: x, y: y, width: width, height: height) }
        var p = Path()
        if !continuous {
            let k = 0.5522847498307936 * r
            p.move(to: Point(x + r, y))
            p.line(to: Point(x + width - r, y))
            p.cubic(to: Point(x + width, y + r), control1: Point(x + width - r + k, y), control2: Point(x + width, y + r - k))
            p.line(to: Point(x + width, y + height - r))
            p.cubic(to: Point(x + width - r, y + height), control1: Point(x + width, y + height - r + k), control2: Point(x + width - r + k, y + height))
            p.line(to: Point(x + r, y + height))
            p.cubic(to: Point(x, y + height - r), control1: Point(x + r - k, y + height), control2: Point(x, y + height - r + k))
            p.line(to: Point(x, y + r))
            p.cubic(to: Point(x + r, y), control1: Point(x, y + r - k), control2: Point(x + r - k, y))
            p.close()
            return p
        }
        let e = continuousCornerReach * r
        func corner(_ c: Point, _ u: Point, _ v: Point) {
            // c: the corner; u: unit vector along the incoming edge away from the corner;
            // v: along the outgoing edge away from the corner.
            func at(_ q: Point) -> Point { c + u * (q.x * r) + v * (q.y * r) }
            for segment in continuousCorner {
                switch segment {
                case .line(let q): p.line(to: at(q))
                case .cubic(let c1, let c2, let q): p.cubic(to: at(q), control1: at(c1), control2: at(c2))
                }
            }
        }
        p.move(to: Point(x + e, y))
        p.line(to: Point(x + width - e, y))
        corner(Point(x + width, y), Point(-1, 0), Point(0, 1))
        p.line(to: Point(x + width, y + height - e))
        corner(Point(x + width, y + height), Point(0, -1), Point(-1, 0))
        p.line(to: Point(x + e, y + height))
        corner(Point(x, y + height), Point(1, 0), Point(0, -1))
        p.line(to: Point(x, y + e))
        corner(Point(x, y), Point(0, 1), Point(1, 0))
        p.close()
        return p
    }

    // MARK: Flattening

    /// The subpaths as closed polygons, curves subdivided until they deviate less than
    /// `tolerance` pixels from their chords.
    func polygons(tolerance: Double = 0.01) -> [[Point]] { subpaths(tolerance: tolerance).map(\.points) }

    /// Flattened subpaths and whether each was closed.
    func subpaths(tolerance: Double = 0.01) -> [(points: [Point], closed: Bool)] {
        var result: [(points: [Point], closed: Bool)] = []
        var current: [Point] = []
        var start = Point(0, 0), pen = Point(0, 0)
        func flush(_ closed: Bool = false) { if current.count >= 2 { result.append((current, closed)) }; current = [] }
        for e in elements {
            switch e {
            case .move(let p):
                flush(); current = [p]; start = p; pen = p
            case .line(let p):
                if current.isEmpty { current = [pen] }
                current.append(p); pen = p
            case .quad(let c, let p):
                if current.isEmpty { current = [pen] }
                // Elevate to a cubic.
                let c1 = pen + (c - pen) * (2.0 / 3), c2 = p + (c - p) * (2.0 / 3)
                Path.flattenCubic(pen, c1, c2, p, tolerance, &current); pen = p
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [pen] }
                Path.flattenCubic(pen, c1, c2, p, tolerance, &current); pen = p
            case .close:
                flush(true); pen = start
            }
        }
        flush()
        return result
    }

    static func flattenCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ tolerance: Double, _ out: inout [Point]) {
        // Segments from the control polygon's second differences (a standard bound).
        let dd = max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
        let n = max(1, min(4096, Int((dd * 0.75 / tolerance).squareRoot().rounded(.up))))
        for i in 1...n {
            let t = Double(i) / Double(n), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            out.append(Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
    }

    // MARK: Strokes

    /// The outline of this path stroked with `width` pixels (round joins and caps), as a path
    /// to fill with the non-zero rule.
    public func stroked(width: Double) -> Path {
        let h = width / 2
        var out = Path()
        for (points, closed) in subpaths() {
            var poly = points
            if closed { poly.append(poly[0]) }
            for i in 1..<poly.count {
                let a = poly[i - 1], b = poly[i]
                let d = b - a, len = d.length
                guard len > 0 else { continue }
                let n = Point(-d.y / len * h, d.x / len * h)
                // Each segment as a consistently wound quad; joints as discs (non-zero unions).
                out.move(to: a + n); out.line(to: b + n); out.line(to: b - n); out.line(to: a - n); out.close()
            }
            for p in poly { out.add(Path.disc(p, h)) }
        }
        return out
    }

    /// A small circle as a polygon, wound like the stroke quads (negative signed area), so the
    /// non-zero rule unites them instead of cutting holes.
    static func disc(_ c: Point, _ r: Double) -> Path {
        var p = Path()
        let n = max(16, min(128, Int((r * 8).rounded(.up))))
        for i in 0..<n {
            let a = -2 * Double.pi * Double(i) / Double(n)
            let q = Point(c.x + r * cos(a), c.y + r * sin(a))
            if i == 0 { p.move(to: q) } else { p.line(to: q) }
        }
        p.close()
        return p
    }
}
