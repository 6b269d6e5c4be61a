import FrostGeometry

// Point-in-path, for hit testing (a view's shape decides where it can be touched, as
// `contentShape` and SwiftUI's shapes do): the winding number of the flattened path.

extension Path {
    /// Whether `point` is inside the path under `rule`. Open subpaths count as closed (a fill
    /// closes them). Points exactly on an edge may fall either way.
    /// - Parameters:
    ///   - point: the point, in the path's units.
    ///   - rule: which winding counts as inside (non-zero by default).
    ///   - tolerance: how far the flattened curves may stray from the true ones (0.05 by default).
    public func contains(_ point: Point, rule: FillRule = .nonZero, tolerance: Double = 0.05) -> Bool {
        guard point.x.isFinite, point.y.isFinite else { return false }
        var winding = 0
        for polygon in polygons(tolerance: tolerance) where polygon.count >= 3 {
            var a = polygon[polygon.count - 1]
            for b in polygon {
                // Crossings of the horizontal ray to +x, signed by the edge's direction.
                if a.y <= point.y {
                    if b.y > point.y && cross(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y && cross(a, b, point) < 0 {
                    winding -= 1
                }
                a = b
            }
        }
        return rule == .nonZero ? winding != 0 : winding & 1 != 0
    }

    private func cross(_ a: Point, _ b: Point, _ p: Point) -> Double {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }
}
