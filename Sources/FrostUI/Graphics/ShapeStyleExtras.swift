import Foundation
import FrostGeometry

// Reproduces the iOS 16–17 shape-style additions app code uses: `Color.gradient` (`AnyGradient`:
// a vertical gradient from the colour lightened toward white by 15 % at the top to the colour
// at the bottom — Apple's standard gradient, measured on a rendered `Color.blue.gradient`
// swatch to within a few levels), `ShapeStyle.shadow(_:)` with `ShadowStyle.drop` / `.inner`
// (the style itself is drawn; the shadow is accepted and not drawn), a filled shape's `stroke`
// (iOS 17: fill and stroke in one view), `ContainerRelativeShape` (a rectangle outside widgets,
// as on iOS), and colour and image literals (`#colorLiteral`, `#imageLiteral`).

/// A gradient made from one colour, as SwiftUI's `AnyGradient` (`Color.blue.gradient`).
public struct AnyGradient: ShapeStyle, View {
    let color: Color
    public init(_ color: Color) { self.color = color }
    var linear: LinearGradient {
        LinearGradient(
            colors: [
                Color(light: color.light.mixed(with: FrostGeometry.Color(white: 1), 0.15), dark: color.dark.mixed(with: FrostGeometry.Color(white: 1), 0.15)),
                color,
            ], startPoint: .top,
            endPoint: .bottom)
    }
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle { linear._resolvedStyle(environment) }
    public var body: some View { Rectangle().fill(self) }
}

extension Color {
    /// The colour's standard gradient.
    public var gradient: AnyGradient { AnyGradient(self) }
}

extension FrostGeometry.Color {
    /// This colour moved `amount` (0…1) of the way to `other`, in sRGB.
    func mixed(with other: FrostGeometry.Color, _ amount: Double) -> FrostGeometry.Color {
        FrostGeometry.Color(
            red: red + (other.red - red) * amount, green: green + (other.green - green) * amount, blue: blue + (other.blue - blue) * amount,
            opacity: opacity)
    }
}

/// A shadow a shape style carries, as SwiftUI's `ShadowStyle`.
public struct ShadowStyle: Equatable, Sendable {
    let inner: Bool
    let color: Color
    let radius: CGFloat, x: CGFloat, y: CGFloat
    public static func drop(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> ShadowStyle {
        ShadowStyle(inner: false, color: color, radius: radius, x: x, y: y)
    }
    public static func inner(color: Color = Color(white: 0, opacity: 0.55), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> ShadowStyle {
        ShadowStyle(inner: true, color: color, radius: radius, x: x, y: y)
    }
}

/// A style with a shadow (the shadow is not drawn in FrostUI).
public struct _ShadowShapeStyle<Base: ShapeStyle>: ShapeStyle {
    let base: Base
    let shadow: ShadowStyle
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle { base._resolvedStyle(environment) }
}

extension ShapeStyle {
    /// This style with `style`'s shadow.
    public func shadow(_ style: ShadowStyle) -> _ShadowShapeStyle<Self> { _ShadowShapeStyle(base: self, shadow: style) }
}

extension _ShapeView {
    /// Strokes the filled shape's outline too (iOS 17): the line centred on the path.
    public func stroke<Style: ShapeStyle>(_ content: Style, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _ShapeView<S> {
        addingStroke(AnyShapeStyle(content), StrokeStyle(lineWidth: lineWidth))
    }
    /// Strokes the filled shape's outline as `style` says (iOS 17).
    public func stroke<Style: ShapeStyle>(_ content: Style, style: StrokeStyle, antialiased: Bool = true) -> _ShapeView<S> {
        addingStroke(AnyShapeStyle(content), style)
    }

    func addingStroke(_ content: AnyShapeStyle, _ style: StrokeStyle) -> _ShapeView<S> {
        var view = _ShapeView(
            shape: shape, fill: fill ?? AnyShapeStyle(HierarchicalShapeStyle.primary), stroke: content, lineWidth: Double(style.lineWidth),
            strokeStyle: style.raster)
        view.rule = rule
        return view
    }
}

/// The shape of the container a view is in, as SwiftUI's `ContainerRelativeShape`: outside a
/// widget or a container that sets a shape, a rectangle.
public struct ContainerRelativeShape: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
}

extension Color: _ExpressibleByColorLiteral {
    /// `#colorLiteral(red:green:blue:alpha:)`: sRGB components 0…1.
    public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha))
    }
}

extension Image: _ExpressibleByImageLiteral {
    /// `#imageLiteral(resourceName:)`: an asset catalogue image by name.
    public init(imageLiteralResourceName path: String) { self.init(path) }
}

/// What `#colorLiteral` makes where no type is given: UIKit's colour, as on iOS.
public typealias _ColorLiteralType = UIColor
