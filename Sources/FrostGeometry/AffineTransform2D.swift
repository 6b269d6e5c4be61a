/// A 2-D affine transform (a, b, c, d, tx, ty), as Core Graphics' `CGAffineTransform`:
/// x′ = a·x + c·y + tx, y′ = b·x + d·y + ty. (Named with "2D" so it does not collide with
/// Foundation's `AffineTransform` in files that import both.)
///
/// `t1.concatenating(t2)` applies `t1` first, then `t2`, as Core Graphics does.
public struct AffineTransform2D: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation by `angle`, clockwise on a y-down surface.
    public init(rotation angle: Angle) {
        let (s, c) = (_sin(angle.radians), _cos(angle.radians))
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }
    public var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }
    /// The determinant a·d − b·c: 0 for a transform that flattens everything onto a line.
    public var determinant: Double { a * d - b * c }
    /// Whether it only translates and scales (no rotation or skew): axis-aligned rectangles stay so.
    public var isRectilinear: Bool { b == 0 && c == 0 }

    /// `self` first, then `other`.
    public func concatenating(_ o: AffineTransform2D) -> AffineTransform2D {
        AffineTransform2D(
            a: a * o.a + b * o.c, b: a * o.b + b * o.d,
            c: c * o.a + d * o.c, d: c * o.b + d * o.d,
            tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
    }
    public func translatedBy(x: Double, y: Double) -> AffineTransform2D { AffineTransform2D(translationX: x, y: y).concatenating(self) }
    public func scaledBy(x: Double, y: Double) -> AffineTransform2D { AffineTransform2D(scaleX: x, y: y).concatenating(self) }
    public func rotated(by angle: Angle) -> AffineTransform2D { AffineTransform2D(rotation: angle).concatenating(self) }

    /// The inverse, or nil when the transform is singular (determinant 0 or not finite).
    public var inverted: AffineTransform2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform2D(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(to p: Point) -> Point { Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty) }

    public var description: String {
        "[\([a, b, c, d, tx, ty].map(\.shortText).joined(separator: ", "))]"
    }
}
