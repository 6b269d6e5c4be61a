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
        return [
            .cubic(a, b, c), .line(d), .cubic(e, mirror(e), mirror(d)), .line(mirror(c)),
            .cubic(mirror(b), mirror(a), Point(0, continuousCornerReach)),
        ]
    }()

    /// How much of a continuous corner's quarter turn is spent easing in from each edge when the
    /// corner has room (0: a circular arc; 1: no arc at all). Fitted to Apple's render of a
    /// SwiftUI capsule (the shared corpus's `prefire_green_capsule_button`: 0.40 px RMS against
    /// 1.8 px for a circular end); with both sides free the curve it gives lies within 0.004 r of
    /// UIKit's published corner.
    public static let continuousCornerSmoothing = 0.65

    /// A rounded rectangle. Circular corners are quarter ellipses of `radius`, limited by half
    /// the shorter side. Continuous corners are iOS's `.continuous` style: with room on both
    /// edges (``continuousCornerReach`` × radius, ≈ 1.529 r) each is UIKit's published corner,
    /// leaving the edge with zero curvature. A side with less room (a capsule's ends, a radius
    /// near half the side) spends less of the turn easing in along that side — down to a plain
    /// circular arc when the side has no room beyond the radius — while the other side keeps
    /// its long ease, as Apple draws a continuous capsule. The radius is limited to half the
    /// shorter side.
    public static func roundedRect(
        x: Double, y: Double, width: Double, height: Double, radius: Double,
        continuous: Bool = false
    ) -> Path {
        roundedRect(x: x, y: y, width: width, height: height, radii: (radius, radius, radius, radius), continuous: continuous)
    }

    /// A rectangle whose corners have their own radii (top-left, top-right, bottom-right,
    /// bottom-left; each limited to half the shorter side), circular or continuous as
    /// ``roundedRect(x:y:width:height:radius:continuous:)`` draws them.
    public static func roundedRect(
        x: Double, y: Double, width: Double, height: Double,
        radii: (topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double),
        continuous: Bool
    ) -> Path {
        let hw = width / 2, hh = height / 2
        // An infinite radius is the largest (a capsule); NaN draws square corners.
        func limit(_ v: Double) -> Double { v.isNaN ? 0 : max(0, min(v, min(hw, hh))) }
        let rs = [limit(radii.topRight), limit(radii.bottomRight), limit(radii.bottomLeft), limit(radii.topLeft)]
        if rs.allSatisfy({ $0 == 0 }) { return rect(x: x, y: y, width: width, height: height) }
        // Per corner: the segments for radius 1 and how far they reach along the top/bottom
        // edge (x) and the sides (y), in radii.
        func shape(_ r: Double) -> (segments: [CornerSegment], reachX: Double, reachY: Double) {
            guard r > 0 else { return ([], 0, 0) }
            if !continuous { return (circularCorner, 1, 1) }
            if continuousCornerReach * r <= min(hw, hh) { return (continuousCorner, continuousCornerReach, continuousCornerReach) }
            // Along the top and bottom edges a corner may reach half the width; along the
            // sides, half the height.
            let sx = min(continuousCornerSmoothing, max(0, hw / r - 1)), sy = min(continuousCornerSmoothing, max(0, hh / r - 1))
            return ([], 1 + sx, 1 + sy)
        }
        var p = Path()
        let corners = [
            (Point(x + width, y), Point(-1, 0), Point(0, 1), true), (Point(x + width, y + height), Point(0, -1), Point(-1, 0), false),
            (Point(x, y + height), Point(1, 0), Point(0, -1), true), (Point(x, y), Point(0, 1), Point(1, 0), false),
        ]
        let shapes = rs.map(shape)
        // Start on the top edge where the top-left corner ends.
        p.move(to: Point(x + shapes[3].reachX * rs[3], y))
        for (i, (c, u, v, incomingIsHorizontal)) in corners.enumerated() {
            let r = rs[i], sh = shapes[i]
            let reachIn = (incomingIsHorizontal ? sh.reachX : sh.reachY) * r
            p.line(to: c + u * reachIn)
            guard r > 0 else { continue }
            func at(_ q: Point) -> Point { c + u * (q.x * r) + v * (q.y * r) }
            let segments =
                sh.segments.isEmpty
                ? smoothedCorner(incoming: (incomingIsHorizontal ? sh.reachX : sh.reachY) - 1, outgoing: (incomingIsHorizontal ? sh.reachY : sh.reachX) - 1)
                : sh.segments
            for segment in segments {
                switch segment {
                case .line(let q): p.line(to: at(q))
                case .cubic(let c1, let c2, let q): p.cubic(to: at(q), control1: at(c1), control2: at(c2))
                }
            }
        }
        p.close()
        return p
    }

    /// A circular corner of radius 1 (a quarter circle as one cubic), in the corner segments'
    /// coordinates.
    static let circularCorner: [CornerSegment] = {
        let k = 0.5522847498307936
        return [.cubic(Point(1 - k, 0), Point(0, 1 - k), Point(0, 1))]
    }()

    /// A corner of radius 1 that eases in from each edge over `(1 + smoothing)` radii with a cubic
    /// of zero curvature at the edge, meeting a circular arc tangentially; the arc spans what the
    /// two eases leave of the quarter turn (45° × smoothing each). Points are (distance along
    /// the incoming edge, distance along the outgoing edge) from the corner, starting from
    /// (1 + incoming, 0).
    static func smoothedCorner(incoming: Double, outgoing: Double) -> [CornerSegment] {
        // The arc: centre (1, 1); angle θ from the incoming edge's tangent point.
        func arcPoint(_ theta: Double) -> Point { Point(1 - sin(theta), 1 - cos(theta)) }
        // The ease from the incoming edge (swap coordinates for the outgoing one).
        func ease(_ smoothing: Double) -> (c1: Point, c2: Point, end: Point)? {
            let alpha = Double.pi / 4 * smoothing
            guard alpha > 1e-9 else { return nil }
            let start = 1 + smoothing, end = arcPoint(alpha)
            // The second control point lies on the edge where the arc's tangent at `end` meets it.
            let c2x = end.x + end.y / sin(alpha) * cos(alpha)
            let third = (start - c2x) / 3
            return (Point(start - 2 * third, 0), Point(c2x, 0), end)
        }
        var out: [CornerSegment] = []
        let a0 = Double.pi / 4 * incoming, a1 = Double.pi / 2 - Double.pi / 4 * outgoing
        if let e = ease(incoming) { out.append(.cubic(e.c1, e.c2, e.end)) } else { out.append(.line(arcPoint(0))) }
        // The arc in at most two cubics (each ≤ 45°: radius error below 0.0003).
        let pieces = a1 - a0 > Double.pi / 4 + 1e-9 ? 2 : 1
        let step = (a1 - a0) / Double(pieces)
        if step > 1e-9 {
            let k = 4.0 / 3 * tan(step / 4)
            for i in 0..<pieces {
                let t0 = a0 + Double(i) * step, t1 = t0 + step
                let p0 = arcPoint(t0), p1 = arcPoint(t1)
                // Tangent of the arc at θ (direction of increasing θ): (−cos θ, sin θ).
                out.append(.cubic(p0 + Point(-cos(t0), sin(t0)) * k, p1 - Point(-cos(t1), sin(t1)) * k, p1))
            }
        }
        if let e = ease(outgoing) {
            func swap(_ q: Point) -> Point { Point(q.y, q.x) }
            out.append(.cubic(swap(e.c2), swap(e.c1), Point(0, 1 + outgoing)))
        } else {
            out.append(.line(Point(0, 1)))
        }
        return out
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
}

extension Path {
    /// The rectangle this path fills when it is exactly one axis-aligned rectangle (a move and
    /// three or four lines along the axes, closed or not), else nil. A shape is recognised by
    /// its geometry, never by its name: a `Rectangle` and a zero-radius rounded rectangle
    /// with straight segments are the same rectangle.
    public var axisAlignedRectangle: Rect? {
        var points: [Point] = []
        for (i, element) in elements.enumerated() {
            switch element {
            case .move(let p): guard i == 0 else { return nil }; points.append(p)
            case .line(let p): guard i > 0 else { return nil }; points.append(p)
            case .close: guard i == elements.count - 1 else { return nil }
            case .quad, .cubic: return nil
            }
        }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard points.count == 4 else { return nil }
        // Each side runs along one axis, alternating.
        func horizontal(_ a: Point, _ b: Point) -> Bool { a.y == b.y }
        func vertical(_ a: Point, _ b: Point) -> Bool { a.x == b.x }
        let sides = (0..<4).map { (points[$0], points[($0 + 1) % 4]) }
        let alternating =
            sides.enumerated().allSatisfy { i, s in i % 2 == 0 ? horizontal(s.0, s.1) : vertical(s.0, s.1) }
            || sides.enumerated().allSatisfy { i, s in i % 2 == 0 ? vertical(s.0, s.1) : horizontal(s.0, s.1) }
        guard alternating else { return nil }
        let xs = points.map(\.x), ys = points.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
