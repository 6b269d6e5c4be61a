import Foundation
@_exported import FrostGeometry

/// A value that can be animated: it adds, subtracts and scales like a vector, as SwiftUI's
/// `VectorArithmetic`. Springs and curves are linear in their targets, so any such value moves
/// with exactly the same motion as a `Double`.
public protocol VectorArithmetic: Hashable, Sendable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    /// Every component multiplied by `factor`.
    func scaled(by factor: Double) -> Self
    /// The sum of the squared components (the dot product with itself).
    var magnitudeSquared: Double { get }
    /// Whether every component is finite.
    var isFinite: Bool { get }
}

extension Double: VectorArithmetic {
    public func scaled(by factor: Double) -> Double { self * factor }
    public var magnitudeSquared: Double { self * self }
}

extension Point: VectorArithmetic {
    public func scaled(by f: Double) -> Point { Point(x: x * f, y: y * f) }
    public var magnitudeSquared: Double { x * x + y * y }
}

extension Size: VectorArithmetic {
    public func scaled(by f: Double) -> Size { Size(width: width * f, height: height * f) }
    public var magnitudeSquared: Double { width * width + height * height }
}

/// A rectangle animates its origin and size (a view's layout frame).
extension Rect: VectorArithmetic {
    public static func + (l: Rect, r: Rect) -> Rect { Rect(origin: l.origin + r.origin, size: l.size + r.size) }
    public static func - (l: Rect, r: Rect) -> Rect { Rect(origin: l.origin - r.origin, size: l.size - r.size) }
    public func scaled(by f: Double) -> Rect { Rect(origin: origin.scaled(by: f), size: size.scaled(by: f)) }
    public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }
}

extension EdgeInsets: VectorArithmetic {
    public static func + (l: EdgeInsets, r: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: l.top + r.top, leading: l.leading + r.leading, bottom: l.bottom + r.bottom, trailing: l.trailing + r.trailing)
    }
    public static func - (l: EdgeInsets, r: EdgeInsets) -> EdgeInsets { l + r.scaled(by: -1) }
    public func scaled(by f: Double) -> EdgeInsets {
        EdgeInsets(top: top * f, leading: leading * f, bottom: bottom * f, trailing: trailing * f)
    }
    public var magnitudeSquared: Double { top * top + leading * leading + bottom * bottom + trailing * trailing }
}

/// An angle animates in radians (a turn from 350° to 10° goes the long way, as in SwiftUI).
extension Angle: VectorArithmetic {
    public func scaled(by f: Double) -> Angle { Angle(radians: radians * f) }
    public var magnitudeSquared: Double { radians * radians }
    public var isFinite: Bool { radians.isFinite }
}

/// Two animatable values animated together, as SwiftUI's `AnimatablePair`.
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First, second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }
    public static var zero: Self { Self(.zero, .zero) }
    public static func + (l: Self, r: Self) -> Self { Self(l.first + r.first, l.second + r.second) }
    public static func - (l: Self, r: Self) -> Self { Self(l.first - r.first, l.second - r.second) }
    public func scaled(by f: Double) -> Self { Self(first.scaled(by: f), second.scaled(by: f)) }
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
    public var isFinite: Bool { first.isFinite && second.isFinite }
}

/// Any number of components (a path's control points, a gradient's stops). Vectors of
/// different lengths combine as if the shorter one were padded with zeros.
public struct AnimatableVector: VectorArithmetic {
    public var elements: [Double]
    public init(_ elements: [Double]) { self.elements = elements }
    public static let zero = AnimatableVector([])
    static func combine(_ l: [Double], _ r: [Double], _ op: (Double, Double) -> Double) -> AnimatableVector {
        AnimatableVector((0..<max(l.count, r.count)).map { op($0 < l.count ? l[$0] : 0, $0 < r.count ? r[$0] : 0) })
    }
    public static func + (l: Self, r: Self) -> Self { combine(l.elements, r.elements, +) }
    public static func - (l: Self, r: Self) -> Self { combine(l.elements, r.elements, -) }
    public func scaled(by f: Double) -> Self { AnimatableVector(elements.map { $0 * f }) }
    public var magnitudeSquared: Double { elements.reduce(0) { $0 + $1 * $1 } }
    public var isFinite: Bool { elements.allSatisfy(\.isFinite) }
    public static func == (l: Self, r: Self) -> Bool {
        let n = max(l.elements.count, r.elements.count)
        return (0..<n).allSatisfy { ($0 < l.elements.count ? l.elements[$0] : 0) == ($0 < r.elements.count ? r.elements[$0] : 0) }
    }
    public func hash(into h: inout Hasher) {
        var e = elements
        while e.last == 0 { e.removeLast() }
        h.combine(e)
    }
}

/// Animates translation, rotation and scale separately (see ``Transform2D``).
extension Transform2D: VectorArithmetic {
    /// The additive zero (scale 0): the neutral element of `+`, not the identity transform.
    public static var zero: Transform2D { Transform2D(translation: .zero, rotation: 0, scale: .zero) }
    public static func + (l: Self, r: Self) -> Self {
        Transform2D(translation: l.translation + r.translation, rotation: l.rotation + r.rotation, scale: l.scale + r.scale)
    }
    public static func - (l: Self, r: Self) -> Self {
        Transform2D(translation: l.translation - r.translation, rotation: l.rotation - r.rotation, scale: l.scale - r.scale)
    }
    public func scaled(by f: Double) -> Self {
        Transform2D(translation: translation.scaled(by: f), rotation: rotation * f, scale: scale.scaled(by: f))
    }
    public var magnitudeSquared: Double { translation.magnitudeSquared + rotation * rotation + scale.magnitudeSquared }
    public var isFinite: Bool { translation.isFinite && rotation.isFinite && scale.isFinite }
}

/// A colour that animates in **premultiplied linear light**: mixing linear values is how light
/// actually adds (a red–green midpoint stays bright instead of turning muddy, as sRGB-encoded
/// mixing does), and premultiplying keeps a fade to transparent from passing through dark or
/// grey. Built from and read back as sRGB components 0…1 with straight opacity.
public struct AnimatableColor: VectorArithmetic {
    /// Premultiplied linear-light red, green, blue, and opacity, 0…1.
    public var red: Double, green: Double, blue: Double, opacity: Double

    public init(linearPremultipliedRed red: Double, green: Double, blue: Double, opacity: Double) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
    }

    /// From sRGB-encoded components (0…1) and straight opacity (0…1).
    public init(sRGBRed r: Double, green g: Double, blue b: Double, opacity: Double = 1) {
        let a = min(max(opacity, 0), 1)
        self.init(
            linearPremultipliedRed: AnimatableColor.linear(r) * a, green: AnimatableColor.linear(g) * a,
            blue: AnimatableColor.linear(b) * a, opacity: a)
    }

    /// sRGB-encoded components and straight opacity, clamped to 0…1 (springs can overshoot).
    public var sRGB: (red: Double, green: Double, blue: Double, opacity: Double) {
        let a = min(max(opacity, 0), 1)
        guard a > 0 else { return (0, 0, 0, 0) }
        func encode(_ v: Double) -> Double { AnimatableColor.encoded(min(max(v / a, 0), 1)) }
        return (encode(red), encode(green), encode(blue), a)
    }

    /// From a `Color` (sRGB components, straight opacity).
    public init(_ color: Color) {
        self.init(sRGBRed: color.red, green: color.green, blue: color.blue, opacity: color.opacity)
    }

    /// Back to a `Color` (clamped, as ``sRGB``).
    public var color: Color {
        let c = sRGB
        return Color(red: c.red, green: c.green, blue: c.blue, opacity: c.opacity)
    }

    static func linear(_ v: Double) -> Double { SRGBTransfer.toLinear(min(max(v, 0), 1)) }
    static func encoded(_ v: Double) -> Double { SRGBTransfer.fromLinear(v) }

    public static let zero = AnimatableColor(linearPremultipliedRed: 0, green: 0, blue: 0, opacity: 0)
    public static func + (l: Self, r: Self) -> Self {
        Self(linearPremultipliedRed: l.red + r.red, green: l.green + r.green, blue: l.blue + r.blue, opacity: l.opacity + r.opacity)
    }
    public static func - (l: Self, r: Self) -> Self { l + r.scaled(by: -1) }
    public func scaled(by f: Double) -> Self {
        Self(linearPremultipliedRed: red * f, green: green * f, blue: blue * f, opacity: opacity * f)
    }
    public var magnitudeSquared: Double { red * red + green * green + blue * blue + opacity * opacity }
    public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && opacity.isFinite }
}
