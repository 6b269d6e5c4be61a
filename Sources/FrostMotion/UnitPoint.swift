/// A point in a unit square, as SwiftUI's `UnitPoint`: (0, 0) is the start, (1, 1) the end.
public struct UnitPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}
