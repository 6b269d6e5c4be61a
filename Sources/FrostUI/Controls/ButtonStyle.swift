import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's button styles on iOS: the ButtonStyle protocol (custom styles get the
// label, the role and isPressed, always false headlessly), and the built-in automatic /
// borderless (tinted label, `.tint` resolved where each part of the label draws), plain (label
// as it is), bordered (tint at 18 % behind a tinted label) and borderedProminent (tint fill,
// white label), sized by controlSize and shaped by buttonBorderShape; roles (.destructive draws
// red) and disabled buttons (tertiary label, secondarySystemFill). Apple publishes no paddings
// or radii: regular is the common measurement of iOS 17–18 (12 × 7 pt padding, 8 pt corners);
// large is measured on Apple's render (20 × 14.5 pt, 9 pt corners).

/// What a button style gets to draw a button with, as SwiftUI's `ButtonStyleConfiguration`.
public struct ButtonStyleConfiguration {
    /// The button's label, as a view.
    public typealias Label = _StyleContent
    public let label: Label
    /// Headless buttons are never held down.
    public let isPressed: Bool
    public let role: ButtonRole?
}

/// A button's purpose, as SwiftUI's `ButtonRole`.
public struct ButtonRole: Hashable, Sendable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
}

/// How a button draws its label, as SwiftUI's `ButtonStyle`.
public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ButtonStyleConfiguration
}

/// A type-erased style, kept in the environment.
struct AnyButtonStyle {
    let make: (ButtonStyleConfiguration) -> AnyView
    init<S: ButtonStyle>(_ style: S) { make = { AnyView(style.makeBody(configuration: $0)) } }
}

private enum ButtonStyleKey: EnvironmentKey { static var defaultValue: AnyButtonStyle? { nil } }

extension EnvironmentValues {
    var buttonStyle: AnyButtonStyle? {
        get { self[ButtonStyleKey.self] }
        set { self[ButtonStyleKey.self] = newValue }
    }
}

extension View {
    /// Buttons inside draw with `style`.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.buttonStyle = AnyButtonStyle(style) })
    }
}

/// iOS's default: the borderless look.
public struct DefaultButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BorderlessButtonStyle().makeBody(configuration: configuration) }
}

/// The label in the tint (red for destructive), no background.
public struct BorderlessButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _TintedLabel(configuration: configuration) }
}

/// The label as it is: no tint, no background.
public struct PlainButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _PlainLabel(configuration: configuration) }
}

/// The tinted label on the tint at 15 % opacity, in a rounded rectangle.
public struct BorderedButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BorderedLabel(configuration: configuration, prominent: false) }
}

/// A white label on the tint.
public struct BorderedProminentButtonStyle: ButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BorderedLabel(configuration: configuration, prominent: true) }
}

extension ButtonStyle where Self == DefaultButtonStyle { public static var automatic: DefaultButtonStyle { DefaultButtonStyle() } }
extension ButtonStyle where Self == BorderlessButtonStyle { public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() } }
extension ButtonStyle where Self == PlainButtonStyle { public static var plain: PlainButtonStyle { PlainButtonStyle() } }
extension ButtonStyle where Self == BorderedButtonStyle { public static var bordered: BorderedButtonStyle { BorderedButtonStyle() } }
extension ButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

/// The colour a button's label draws in: a foreground style set around it wins (as on iOS),
/// then red for destructive, then the tint; tertiary label when disabled.
func buttonLabelStyle(_ env: EnvironmentValues, role: ButtonRole?) -> AnyShapeStyle {
    if !env.isEnabled { return AnyShapeStyle(Color.tertiaryLabel) }
    if let style = env.foregroundStyle { return style }
    if role == .destructive { return AnyShapeStyle(Color.red) }
    // `.tint`, resolved where each part of the label draws: a `.tint(.primary)` inside the
    // label wins there, as on iOS (SpeziViews' inline picker rows are black beside blue checks).
    return AnyShapeStyle(TintShapeStyle())
}

struct _TintedLabel: View, PrimitiveView {
    let configuration: ButtonStyleConfiguration
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        var c = context
        c.environment.foregroundStyle = buttonLabelStyle(context.environment, role: configuration.role)
        return resolveView(configuration.label, c)
    }
}

struct _PlainLabel: View, PrimitiveView {
    let configuration: ButtonStyleConfiguration
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        var c = context
        if !context.environment.isEnabled { c.environment.foregroundStyle = AnyShapeStyle(Color.tertiaryLabel) }
        return resolveView(configuration.label, c)
    }
}

/// Padding, font and corner radius of bordered buttons per control size. The large size is
/// measured: iOS 17 at 2× draws Prefire's two large buttons 99 px tall (14.5 pt above and below
/// the line) with corners that a 9 pt continuous radius reproduces to 0 px RMS over 16 rows.
struct BorderedMetrics {
    /// The tint's opacity behind a bordered button's label.
    static let fillOpacity = 0.18
    let horizontal: Double, vertical: Double, radius: Double, font: Font
    init(_ size: ControlSize) {
        switch size {
        case .mini: (horizontal, vertical, radius, font) = (6, 2, 5, .footnote)
        case .small: (horizontal, vertical, radius, font) = (10, 5, 6, .subheadline)
        case .regular: (horizontal, vertical, radius, font) = (12, 7, 8, .body)
        case .large: (horizontal, vertical, radius, font) = (20, 14.5, 9, .body)
        case .extraLarge: (horizontal, vertical, radius, font) = (24, 18, 14, .body)
        }
    }
}

struct _BorderedLabel: View, PrimitiveView {
    let configuration: ButtonStyleConfiguration
    let prominent: Bool
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let m = BorderedMetrics(env.controlSize)
        let enabled = env.isEnabled
        let tint: AnyShapeStyle = configuration.role == .destructive ? AnyShapeStyle(Color.red) : (env.tint ?? AnyShapeStyle(Color.accentColor))
        let fill: AnyShapeStyle, label: AnyShapeStyle
        if !enabled {
            // iOS 17 at 2× (Prefire's disabled "Sign In"): (233,233,234) on white, which is
            // secondarySystemFill (#787880 at 16 %); tertiarySystemFill gave (238,238,239).
            fill = AnyShapeStyle(Color.secondarySystemFill); label = AnyShapeStyle(Color.tertiaryLabel)
        } else if prominent {
            fill = tint; label = env.foregroundStyle ?? AnyShapeStyle(Color.white)
        } else {
            // The tint at 18 %: Apple's bordered "Registration" is (209,231,255) on white, which
            // the accent colour at 0.180 gives in all three channels (15 % gave (217,235,255)).
            fill = AnyShapeStyle(tint.opacity(BorderedMetrics.fillOpacity)); label = env.foregroundStyle ?? tint
        }
        var c = context
        c.environment.foregroundStyle = label
        if c.environment.font == nil { c.environment.font = m.font }
        let shape: AnyShape
        switch env.buttonBorderShape.kind {
        case .capsule: shape = AnyShape(Capsule())
        case .circle: shape = AnyShape(Circle())
        case .roundedRectangle(let r): shape = AnyShape(RoundedRectangle(cornerRadius: CGFloat(r ?? m.radius), style: .continuous))
        case .automatic: shape = AnyShape(RoundedRectangle(cornerRadius: CGFloat(m.radius), style: .continuous))
        }
        let view = configuration.label
            .padding(.horizontal, CGFloat(m.horizontal)).padding(.vertical, CGFloat(m.vertical))
            .background(fill, in: shape)
        return resolveView(view, c)
    }
}
