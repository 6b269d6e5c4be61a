import Foundation

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

/// A point in points (or pixels), y down.
public struct Point: VectorArithmetic {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public static func + (l: Point, r: Point) -> Point { Point(x: l.x + r.x, y: l.y + r.y) }
    public static func - (l: Point, r: Point) -> Point { Point(x: l.x - r.x, y: l.y - r.y) }
    public func scaled(by f: Double) -> Point { Point(x: x * f, y: y * f) }
    public var magnitudeSquared: Double { x * x + y * y }
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

/// A width and height.
public struct Size: VectorArithmetic {
    public var width: Double, height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public static func + (l: Size, r: Size) -> Size { Size(width: l.width + r.width, height: l.height + r.height) }
    public static func - (l: Size, r: Size) -> Size { Size(width: l.width - r.width, height: l.height - r.height) }
    public func scaled(by f: Double) -> Size { Size(width: width * f, height: height * f) }
    public var magnitudeSquared: Double { width * width + height * height }
    public var isFinite: Bool { width.isFinite && height.isFinite }
}

/// An origin and a size.
public struct Rect: VectorArithmetic {
    public var origin: Point, size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public static let zero = Rect(origin: .zero, size: .zero)
    public static func + (l: Rect, r: Rect) -> Rect { Rect(origin: l.origin + r.origin, size: l.size + r.size) }
    public static func - (l: Rect, r: Rect) -> Rect { Rect(origin: l.origin - r.origin, size: l.size - r.size) }
    public func scaled(by f: Double) -> Rect { Rect(origin: origin.scaled(by: f), size: size.scaled(by: f)) }
    public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }
    public var isFinite: Bool { origin.isFinite && size.isFinite }
}

/// Insets on the four edges.
public struct EdgeInsets: VectorArithmetic {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = EdgeInsets()
    public static func + (l: EdgeInsets, r: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: l.top + r.top, leading: l.leading + r.leading, bottom: l.bottom + r.bottom, trailing: l.trailing + r.trailing)
    }
    public static func - (l: EdgeInsets, r: EdgeInsets) -> EdgeInsets { l + r.scaled(by: -1) }
    public func scaled(by f: Double) -> EdgeInsets {
        EdgeInsets(top: top * f, leading: leading * f, bottom: bottom * f, trailing: trailing * f)
    }
    public var magnitudeSquared: Double { top * top + leading * leading + bottom * bottom + trailing * trailing }
    public var isFinite: Bool { top.isFinite && leading.isFinite && bottom.isFinite && trailing.isFinite }
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

/// A 2-D transform kept as translation, rotation and scale, so it animates the way one sees
/// it: a quarter turn passes through 45°, instead of shrinking as interpolated matrix entries
/// would. ``matrix`` gives the affine form (a, b, c, d, tx, ty), applied as
/// x′ = a·x + c·y + tx, y′ = b·x + d·y + ty (scale, then rotate, then translate).
public struct Transform2D: VectorArithmetic {
    public var translation: Point
    /// Radians, counter-clockwise in y-up terms (clockwise on a y-down screen).
    public var rotation: Double
    public var scale: Size
    public init(translation: Point = .zero, rotation: Double = 0, scale: Size = Size(width: 1, height: 1)) {
        self.translation = translation; self.rotation = rotation; self.scale = scale
    }
    public static let identity = Transform2D()
    /// The additive zero (scale 0): the neutral element of `+`, not the identity transform.
    public static let zero = Transform2D(translation: .zero, rotation: 0, scale: .zero)
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

    public var matrix: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        let (s, c) = (sin(rotation), cos(rotation))
        return (c * scale.width, s * scale.width, -s * scale.height, c * scale.height, translation.x, translation.y)
    }
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
        self.init(linearPremultipliedRed: AnimatableColor.linear(r) * a, green: AnimatableColor.linear(g) * a,
                  blue: AnimatableColor.linear(b) * a, opacity: a)
    }

    /// sRGB-encoded components and straight opacity, clamped to 0…1 (springs can overshoot).
    public var sRGB: (red: Double, green: Double, blue: Double, opacity: Double) {
        let a = min(max(opacity, 0), 1)
        guard a > 0 else { return (0, 0, 0, 0) }
        func encode(_ v: Double) -> Double { AnimatableColor.encoded(min(max(v / a, 0), 1)) }
        return (encode(red), encode(green), encode(blue), a)
    }

    /// IEC 61966-2-1 sRGB decoding.
    static func linear(_ v: Double) -> Double {
        let c = min(max(v, 0), 1)
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    static func encoded(_ v: Double) -> Double {
        v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }

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
