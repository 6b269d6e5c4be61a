import Foundation
import FrostGeometry
import FrostRaster

// Reproduces the rest of SwiftUI's `Path` building API that app code uses: `Path { path in … }`,
// `Path(roundedRect:cornerRadius:style:)`, `addArc(center:radius:startAngle:endAngle:clockwise:)`
// (SwiftUI's flipped sense: `clockwise: true` turns counter-clockwise on screen, as on iOS),
// `addEllipse(in:)`, `addRoundedRect(in:cornerSize:)`, `addLines(_:)`, `addPath(_:)`,
// `currentPoint`, `boundingRect` and `isEmpty`. Arcs are cubic Béziers of at most 90° each
// (radius error < 0.03 %).

extension Path {
    /// A path built by `callback`, as SwiftUI's `Path { path in … }`.
    public init(_ callback: (inout Path) -> Void) {
        self.init()
        callback(&self)
    }

    /// A rounded rectangle (circular or continuous corners).
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init()
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// A rounded rectangle with elliptical corners of `cornerSize`.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.init()
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { raster.elements.isEmpty }

    /// The end of the last element (nil for an empty path); after a close, the subpath's start.
    public var currentPoint: CGPoint? {
        var start: Point?, current: Point?
        for e in raster.elements {
            switch e {
            case .move(let p): start = p; current = p
            case .line(let p), .quad(_, let p), .cubic(_, _, let p): current = p
            case .close: current = start
            }
        }
        return current.map { CGPoint(x: $0.x, y: $0.y) }
    }

    /// The smallest rectangle holding every point and control point (`.null` when empty).
    public var boundingRect: CGRect {
        var xs: [Double] = [], ys: [Double] = []
        for e in raster.elements {
            let points: [Point]
            switch e {
            case .move(let p), .line(let p): points = [p]
            case .quad(let a, let b): points = [a, b]
            case .cubic(let a, let b, let c): points = [a, b, c]
            case .close: points = []
            }
            xs += points.map(\.x); ys += points.map(\.y)
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Adds an ellipse inscribed in `rect` as its own subpath.
    public mutating func addEllipse(in rect: CGRect) { raster.add(Path(ellipseIn: rect).raster) }

    /// Adds rectangles as subpaths.
    public mutating func addRects(_ rects: [CGRect]) { rects.forEach { addRect($0) } }

    /// Adds a rounded rectangle as its own subpath.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        raster.add(
            FrostRaster.Path.roundedRect(
                x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height),
                radius: Double(min(cornerSize.width, cornerSize.height)), continuous: style == .continuous))
    }

    /// Adds lines through `points`, starting a subpath at the first.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        points.dropFirst().forEach { addLine(to: $0) }
    }

    /// Adds `path`'s subpaths.
    public mutating func addPath(_ path: Path) { raster.add(path.raster) }

    /// Adds a circular arc: a line from the current point to its start (or a new subpath), then
    /// the arc. Angles are measured from the x axis toward y (down); `clockwise` has SwiftUI's
    /// flipped sense, so `clockwise: false` sweeps toward increasing angles (clockwise on screen).
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        appendArc(center: center, radius: Double(radius), start: startAngle.radians, end: endAngle.radians, increasing: !clockwise)
    }

    /// Adds an arc sweeping from `start` toward increasing (`increasing`) or decreasing angles to
    /// `end` (radians, y down), going round once more when `end` lies behind `start`.
    mutating func appendArc(center: CGPoint, radius: Double, start: Double, end: Double, increasing: Bool) {
        guard radius.isFinite, start.isFinite, end.isFinite else { return }
        let r = abs(radius)
        var sweep = end - start
        if increasing {
            while sweep < 0 { sweep += 2 * .pi }
        } else {
            while sweep > 0 { sweep -= 2 * .pi }
        }
        func point(_ a: Double) -> Point { Point(x: Double(center.x) + r * cos(a), y: Double(center.y) + r * sin(a)) }
        let p0 = point(start)
        if isEmpty { raster.move(to: p0) } else { raster.line(to: p0) }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = start
        for _ in 0..<pieces {
            let b = a + step
            let pa = point(a), pb = point(b)
            let c1 = Point(x: pa.x - k * r * sin(a), y: pa.y + k * r * cos(a))
            let c2 = Point(x: pb.x + k * r * sin(b), y: pb.y - k * r * cos(b))
            raster.cubic(to: pb, control1: c1, control2: c2)
            a = b
        }
    }
}

/// A path is a shape, as in SwiftUI: drawn in its own coordinates from the frame's top-left
/// corner, whatever the frame's size (it takes the space offered, as other shapes do).
extension Path: Shape {
    public func path(in rect: CGRect) -> Path { self }
}
