import FrostGeometry
import FrostLayout
import FrostScene
import FrostRaster

// Reproduces SwiftUI's Gradient (with iOS 18's colorSpace), LinearGradient, RadialGradient,
// EllipticalGradient, AngularGradient (and conic) and UnitPoint, as views and as shape styles,
// with the `.linearGradient(…)`-style shorthands. Colours mix in OKLab by default, as Apple's
// iOS 18 renders show (`.device` mixes sRGB); AngularGradient's missing sweep switches colour
// halfway round.

/// A point in a view's unit square, as SwiftUI's `UnitPoint` (0, 0 top leading; 1, 1 bottom trailing).
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat, y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static let zero = UnitPoint(x: 0, y: 0), center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5), trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0), bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0), topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1), bottomTrailing = UnitPoint(x: 1, y: 1)
    func point(in size: Size) -> Point { Point(x: Double(x) * size.width, y: Double(y) * size.height) }
}

/// Colour stops, as SwiftUI's `Gradient`.
public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) { self.color = color; self.location = location }
    }
    public var stops: [Stop]
    /// The space colours mix in (iOS 18's `Gradient.ColorSpace`).
    var space: ColorSpace = .perceptual
    public init(stops: [Stop]) { self.stops = stops }
    /// Evenly spaced colours.
    public init(colors: [Color]) {
        let n = max(1, colors.count - 1)
        stops = colors.enumerated().map { Stop(color: $0.element, location: CGFloat(Double($0.offset) / Double(n))) }
    }

    /// How a gradient's colours mix between stops, as iOS 18's `Gradient.ColorSpace`.
    public struct ColorSpace: Hashable, Sendable {
        let mix: Paint.Mix
        /// The sRGB-encoded components, premultiplied (Core Graphics' and CSS's mix).
        public static let device = ColorSpace(mix: .sRGB)
        /// OKLab: even lightness and hue along the way. SwiftUI's gradients mix this way by
        /// default on iOS 18 (measured on Apple's renders: a `.blue` → `.yellow` midpoint within
        /// 1.1 levels of OKLab's, 60 levels from sRGB's).
        public static let perceptual = ColorSpace(mix: .oklab)
    }

    /// The same stops mixed in `space`.
    public func colorSpace(_ space: ColorSpace) -> Gradient { var g = self; g.space = space; return g }

    func raster(_ environment: EnvironmentValues) -> [Paint.Stop] {
        // Stops out of order are sorted, as SwiftUI draws them.
        stops.sorted { $0.location < $1.location }.map { Paint.Stop(Double($0.location), $0.color.resolved(environment), mix: space.mix) }
    }
}

/// A linear gradient, as a view (it fills what it is offered) and a shape style. Colours mix as
/// the gradient's `colorSpace` says (OKLab unless `.device`).
public struct LinearGradient: View, PrimitiveView, ShapeStyle {
    let gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public typealias Body = Never
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle {
        let stops = gradient.raster(environment), a = startPoint, b = endPoint
        return .gradient { size in .linearGradient(from: a.point(in: size), to: b.point(in: size), stops: stops) }
    }
    func resolve(_ context: ResolveContext) -> [Element] { resolveView(Rectangle().fill(self), context) }
}

/// A radial gradient from `startRadius` to `endRadius` points around `center`.
public struct RadialGradient: View, PrimitiveView, ShapeStyle {
    let gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient; self.center = center; self.startRadius = startRadius; self.endRadius = endRadius
    }
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public typealias Body = Never
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle {
        // Stops run from startRadius to endRadius: rescale their locations onto 0…endRadius.
        let r0 = Double(startRadius), r1 = max(Double(endRadius), r0 + 1e-9), c = center
        let stops = gradient.raster(environment).map { Paint.Stop((r0 + $0.location * (r1 - r0)) / r1, $0.color, mix: $0.mix) }
        return .gradient { size in .radialGradient(center: c.point(in: size), radius: r1, stops: stops) }
    }
    func resolve(_ context: ResolveContext) -> [Element] { resolveView(Rectangle().fill(self), context) }
}

/// A gradient filling an ellipse fitted to the shape's bounds, as SwiftUI's `EllipticalGradient`:
/// stops run from `startRadiusFraction` to `endRadiusFraction` of the bounds' width
/// (horizontally) and height (vertically) around `center`.
public struct EllipticalGradient: View, PrimitiveView, ShapeStyle {
    let gradient: Gradient, center: UnitPoint, startRadiusFraction: CGFloat, endRadiusFraction: CGFloat
    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.gradient = gradient; self.center = center; self.startRadiusFraction = startRadiusFraction; self.endRadiusFraction = endRadiusFraction
    }
    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    public typealias Body = Never
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle {
        let f0 = Double(startRadiusFraction), f1 = max(Double(endRadiusFraction), f0 + 1e-9), c = center
        let stops = gradient.raster(environment).map { Paint.Stop((f0 + $0.location * (f1 - f0)) / f1, $0.color, mix: $0.mix) }
        return .gradient { size in .ellipticalGradient(center: c.point(in: size), radiusX: f1 * size.width, radiusY: f1 * size.height, stops: stops) }
    }
    func resolve(_ context: ResolveContext) -> [Element] { resolveView(Rectangle().fill(self), context) }
}

/// A gradient sweeping round a centre, as SwiftUI's `AngularGradient` (and its conic form):
/// stops run from `startAngle` to `endAngle`, clockwise on screen from 3 o'clock. Equal angles
/// (the default) sweep a full turn; a shorter sweep leaves the rest in the end colours,
/// switching halfway round.
public struct AngularGradient: View, PrimitiveView, ShapeStyle {
    let gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient; self.center = center; self.startAngle = startAngle; self.endAngle = endAngle
    }
    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A full turn starting at `angle` (SwiftUI's conic gradient).
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }
    public typealias Body = Never
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle {
        let a0 = startAngle.radians
        var a1 = endAngle.radians
        if a1 == a0 { a1 = a0 + 2 * .pi }
        // More than a turn draws only the last full turn.
        if abs(a1 - a0) > 2 * .pi {
            let sign: Double = a1 > a0 ? 1 : -1; let from = a1 - sign * 2 * .pi; return Self.style(gradient, environment, center, from, a1)
        }
        return Self.style(gradient, environment, center, a0, a1)
    }
    static func style(_ g: Gradient, _ env: EnvironmentValues, _ c: UnitPoint, _ a0: Double, _ a1: Double) -> ResolvedStyle {
        let stops = g.raster(env)
        return .gradient { size in .angularGradient(center: c.point(in: size), startAngle: a0, endAngle: a1, stops: stops) }
    }
    func resolve(_ context: ResolveContext) -> [Element] { resolveView(Rectangle().fill(self), context) }
}

// SwiftUI's gradient shorthands: `.fill(.linearGradient(colors: …, startPoint: …, endPoint: …))`.
extension ShapeStyle where Self == LinearGradient {
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
}
extension ShapeStyle where Self == RadialGradient {
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}
extension ShapeStyle where Self == EllipticalGradient {
    public static func ellipticalGradient(
        _ gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
        endRadiusFraction: CGFloat = 0.5
    ) -> EllipticalGradient {
        EllipticalGradient(gradient: gradient, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    public static func ellipticalGradient(
        colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
        endRadiusFraction: CGFloat = 0.5
    ) -> EllipticalGradient {
        EllipticalGradient(colors: colors, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}
extension ShapeStyle where Self == AngularGradient {
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }
}
