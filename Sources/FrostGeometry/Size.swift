/// A width and a height, in points or pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double, height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)

    public static func + (l: Size, r: Size) -> Size { Size(width: l.width + r.width, height: l.height + r.height) }
    public static func - (l: Size, r: Size) -> Size { Size(width: l.width - r.width, height: l.height - r.height) }
    public static func * (s: Size, k: Double) -> Size { Size(width: s.width * k, height: s.height * k) }
    public var isFinite: Bool { width.isFinite && height.isFinite }
    /// No area: a side ≤ 0 or NaN.
    public var isEmpty: Bool { !(width > 0 && height > 0) }
    public var description: String { "\(width.shortText)×\(height.shortText)" }
}
