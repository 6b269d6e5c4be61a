/// The display scale (pixels per point) every layer that takes one accepts: one rule, so a
/// scale a view host takes is one the renderer, the text layout and the exporters take too.
public enum DisplayScale {
    /// The largest scale Frost renders at, in pixels per point (iOS devices are 1, 2 or 3).
    public static let maximum = 16.0
    /// The accepted range as messages print it.
    public static let rangeDescription = "(0, 16]"

    /// Whether `scale` is finite, above 0 and at most ``maximum``.
    public static func isValid(_ scale: Double) -> Bool { scale.isFinite && scale > 0 && scale <= maximum }

    /// Throws ``ImageError/parameterOutOfRange(name:value:expected:)`` naming `name` unless
    /// `scale` ``isValid(_:)``.
    public static func check(_ scale: Double, name: String = "scale") throws(ImageError) {
        guard isValid(scale) else { throw .parameterOutOfRange(name: name, value: "\(scale)", expected: "within \(rangeDescription)") }
    }
}
