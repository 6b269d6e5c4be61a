/// A point, y down, in points or pixels (whichever the API taking it says).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// Unlabelled, for the dense coordinate lists of path construction.
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)

    public static func + (l: Point, r: Point) -> Point { Point(x: l.x + r.x, y: l.y + r.y) }
    public static func - (l: Point, r: Point) -> Point { Point(x: l.x - r.x, y: l.y - r.y) }
    public static func * (p: Point, k: Double) -> Point { Point(x: p.x * k, y: p.y * k) }
    /// Distance from the origin.
    public var length: Double { (x * x + y * y).squareRoot() }
    public var isFinite: Bool { x.isFinite && y.isFinite }
    public var description: String { "(\(x.shortText), \(y.shortText))" }
}

extension Double {
    /// Up to 4 decimals, trailing zeros dropped: readable geometry in printed display lists.
    public var shortText: String {
        guard isFinite else { return "\(self)" }
        let scaled = (self * 10_000).rounded() / 10_000
        if scaled == scaled.rounded(), abs(scaled) < 1e15 { return String(Int(scaled)) }
        var text = String(scaled)
        if text.contains("e") { return text }
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
