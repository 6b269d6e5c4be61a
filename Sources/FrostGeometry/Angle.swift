/// An angle, as SwiftUI's `Angle`: stored in radians, built from either unit. Positive angles
/// turn clockwise on Frost's y-down surfaces (as `rotationEffect` does on screen).
public struct Angle: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var radians: Double
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }
    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    public static let zero = Angle()

    public static func + (l: Angle, r: Angle) -> Angle { Angle(radians: l.radians + r.radians) }
    public static func - (l: Angle, r: Angle) -> Angle { Angle(radians: l.radians - r.radians) }
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    public static func * (a: Angle, k: Double) -> Angle { Angle(radians: a.radians * k) }
    public static func < (l: Angle, r: Angle) -> Bool { l.radians < r.radians }
    public var description: String { "\(degrees.shortText)°" }
}

extension Angle {
    public static func * (k: Double, a: Angle) -> Angle { Angle(radians: a.radians * k) }
    public static func / (a: Angle, k: Double) -> Angle { Angle(radians: a.radians / k) }
    public static func += (l: inout Angle, r: Angle) { l = l + r }
    public static func -= (l: inout Angle, r: Angle) { l = l - r }
    public static func *= (a: inout Angle, k: Double) { a = a * k }
    public static func /= (a: inout Angle, k: Double) { a = a / k }
}
