import FrostImage

extension Path {
    /// The path with every point mapped through `t`. Exact for lines and Béziers: an affine map
    /// of a Bézier's control points is the map of the curve.
    public func applying(_ t: AffineTransform2D) -> Path {
        if t.isIdentity { return self }
        var out = Path()
        for e in elements {
            switch e {
            case .move(let p): out.move(to: t.apply(to: p))
            case .line(let p): out.line(to: t.apply(to: p))
            case .quad(let c, let p): out.quad(to: t.apply(to: p), control: t.apply(to: c))
            case .cubic(let c1, let c2, let p): out.cubic(to: t.apply(to: p), control1: t.apply(to: c1), control2: t.apply(to: c2))
            case .close: out.close()
            }
        }
        return out
    }

    /// A rectangle holding every point and control point (so it holds the curves too); nil for
    /// a path with no points.
    public var controlBounds: Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let a, let b): add(a); add(b)
            case .cubic(let a, let b, let c): add(a); add(b); add(c)
            case .close: break
            }
        }
        guard x0 <= x1, y0 <= y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding the drawn curves (flattened within `tolerance` units,
    /// so within that of exact); nil for a path that draws nothing. Unlike ``controlBounds``
    /// it is not widened by control points off the curve.
    public func tightBounds(tolerance: Double = 0.001) -> Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for sub in subpaths(tolerance: tolerance) {
            for p in sub.points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        }
        guard x0 <= x1, y0 <= y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Rasterizer {
    /// Coverage of `path` inside `window` only (row-major, `window.width × window.height`):
    /// what a fill limited to the path's bounds rasterises, instead of a whole canvas.
    public static func coverage(of path: Path, in window: PixelRect, rule: FillRule = .nonZero) throws(ImageError) -> [Float] {
        try coverage(
            of: path.applying(AffineTransform2D(translationX: Double(-window.x), y: Double(-window.y))),
            width: window.width, height: window.height, rule: rule)
    }

    /// The pixels a path can touch: its control bounds rounded out, clipped to `bounds`; nil when
    /// it touches none.
    public static func pixelBounds(of path: Path, within bounds: PixelRect) -> PixelRect? {
        guard let r = path.controlBounds, r.isFinite else { return nil }
        let x0 = max(Double(bounds.x), (r.minX).rounded(.down)), y0 = max(Double(bounds.y), (r.minY).rounded(.down))
        let x1 = min(Double(bounds.maxX), (r.maxX).rounded(.up)), y1 = min(Double(bounds.maxY), (r.maxY).rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }
}
