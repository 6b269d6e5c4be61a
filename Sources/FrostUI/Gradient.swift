import FrostGeometry
import FrostLayout
import FrostScene
import FrostRaster

// Reproduces SwiftUI's Gradient, LinearGradient, RadialGradient and UnitPoint, as views and as
// shape styles. Interpolation is in sRGB as SwiftUI's default; angular and elliptical gradients
// are not provided.

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
    public init(stops: [Stop]) { self.stops = stops }
    /// Evenly spaced colours.
    public init(colors: [Color]) {
        let n = max(1, colors.count - 1)
        stops = colors.enumerated().map { Stop(color: $0.element, location: CGFloat(Double($0.offset) / Double(n))) }
    }
    func raster(_ environment: EnvironmentValues) -> [Paint.Stop] {
        stops.map { Paint.Stop(Double($0.location), $0.color.resolved(environment)) }
    }
}

/// A linear gradient, as a view (it fills what it is offered) and a shape style. Colours mix in
/// premultiplied sRGB, as CSS and Core Graphics do.
public struct LinearGradient: View, PrimitiveView, ShapeStyle {
    let gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) { self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) { self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint) }
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
        let stops = gradient.raster(environment).map { Paint.Stop((r0 + $0.location * (r1 - r0)) / r1, $0.color) }
        return .gradient { size in .radialGradient(center: c.point(in: size), radius: r1, stops: stops) }
    }
    func resolve(_ context: ResolveContext) -> [Element] { resolveView(Rectangle().fill(self), context) }
}
