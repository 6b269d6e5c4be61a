/// A 2-D transform kept as translation, rotation and scale, so it animates the way one sees
/// it: a quarter turn passes through 45°, instead of shrinking as interpolated matrix entries
/// would. ``affine`` gives the matrix (scale, then rotate, then translate).
public struct Transform2D: Hashable, Sendable {
    public var translation: Point
    /// Radians, clockwise on a y-down screen (counter-clockwise in y-up terms).
    public var rotation: Double
    public var scale: Size
    public init(translation: Point = .zero, rotation: Double = 0, scale: Size = Size(width: 1, height: 1)) {
        self.translation = translation; self.rotation = rotation; self.scale = scale
    }
    public static let identity = Transform2D()

    public var affine: AffineTransform2D {
        let (s, c) = (_sin(rotation), _cos(rotation))
        return AffineTransform2D(
            a: c * scale.width, b: s * scale.width, c: -s * scale.height, d: c * scale.height,
            tx: translation.x, ty: translation.y)
    }

    /// The matrix as a tuple (a, b, c, d, tx, ty).
    public var matrix: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        let m = affine
        return (m.a, m.b, m.c, m.d, m.tx, m.ty)
    }
}
