import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's Toggle on iOS: the switch (UISwitch's 51 × 31 pt track, a 26⅓ pt white
// knob 2⅓ pt in (measured), on in the tint or green, off in secondarySystemFill, the knob's
// two shadows), label leading and switch trailing across the width; `.toggleStyle(.button)` (a
// bordered button when on, a tinted label when off); custom ToggleStyles. A host's `tap` on the label
// flips the binding; the knob slides and the track recolours with `.spring()` whatever the
// transaction, as UISwitch animates itself. Disabled toggles dim to half and do not flip.

/// A control that turns a Boolean on and off, as SwiftUI's `Toggle`.
public struct Toggle<Label: View>: View, PrimitiveView {
    let isOn: Binding<Bool>
    let label: Label
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) { self.isOn = isOn; self.label = label() }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let configuration = ToggleStyleConfiguration(label: .init(content: AnyView(label)), binding: isOn)
        let styled = env.toggleStyle?.make(configuration) ?? AnyView(SwitchToggleStyle().makeBody(configuration: configuration))
        let isOn = self.isOn
        return tappable(resolveView(styled, context.child("toggle")), context, enabled: env.isEnabled) { isOn.wrappedValue.toggle() }
    }
}

extension Toggle where Label == Text {
    @_disfavoredOverload
    public init(_ title: some StringProtocol, isOn: Binding<Bool>) { self.init(isOn: isOn) { Text(title) } }
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) { self.init(isOn: isOn) { Text(titleKey) } }
}

extension Toggle where Label == FrostUI.Label<Text, Image> {
    /// A title and an SF Symbol (iOS 17).
    public init(_ title: some StringProtocol, systemImage: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { FrostUI.Label(title, systemImage: systemImage) }
    }
}

/// What a toggle style gets, as SwiftUI's `ToggleStyleConfiguration`.
public struct ToggleStyleConfiguration {
    public typealias Label = _StyleContent
    public let label: Label
    /// The toggle's state (`$isOn` for styles that change it themselves).
    @Binding public var isOn: Bool
    init(label: Label, binding: Binding<Bool>) { self.label = label; _isOn = binding }
}

/// How a toggle draws, as SwiftUI's `ToggleStyle`.
public protocol ToggleStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ToggleStyleConfiguration
}

struct AnyToggleStyle {
    let make: (ToggleStyleConfiguration) -> AnyView
    init<S: ToggleStyle>(_ style: S) { make = { AnyView(style.makeBody(configuration: $0)) } }
}
private enum ToggleStyleKey: EnvironmentKey { static var defaultValue: AnyToggleStyle? { nil } }
extension EnvironmentValues {
    var toggleStyle: AnyToggleStyle? {
        get { self[ToggleStyleKey.self] }
        set { self[ToggleStyleKey.self] = newValue }
    }
}
extension View {
    /// Toggles inside draw with `style`.
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.toggleStyle = AnyToggleStyle(style) })
    }
}

/// The iOS switch, label leading.
public struct SwitchToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack {
            configuration.label
            Spacer(minLength: 8)
            _Switch(isOn: configuration.isOn)
        }
    }
}

/// A button that shows its state: bordered when on, borderless when off.
public struct ButtonToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        _ToggleButton(configuration: configuration)
    }
}

/// iOS's default: the switch.
public struct DefaultToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { SwitchToggleStyle().makeBody(configuration: configuration) }
}

extension ToggleStyle where Self == SwitchToggleStyle { public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() } }
extension ToggleStyle where Self == ButtonToggleStyle { public static var button: ButtonToggleStyle { ButtonToggleStyle() } }
extension ToggleStyle where Self == DefaultToggleStyle { public static var automatic: DefaultToggleStyle { DefaultToggleStyle() } }

/// UISwitch's look: 51 × 31 pt, a 26⅓ pt knob 2⅓ pt in.
struct _Switch: View, PrimitiveView {
    let isOn: Bool
    static let size = CGSize(width: 51, height: 31)
    /// The knob's diameter: smaller than the 27 pt usually quoted. iOS 15's settings form at 1×
    /// draws it 26.2 × 26.8 px (coverage-weighted, with its shadow below), and the team's
    /// held-back iOS 18 render at 3× 2 px under 27 pt.
    static let knob: CGFloat = 79.0 / 3
    /// The knob's distance from the track's edge.
    static var inset: CGFloat { (size.height - knob) / 2 }
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let on: AnyShapeStyle = env.tint ?? AnyShapeStyle(Color.green)
        let track: AnyShapeStyle = isOn ? on : AnyShapeStyle(Color.secondarySystemFill)
        let travel = _Switch.size.width - _Switch.knob - 2 * _Switch.inset
        let view = ZStack(alignment: .leading) {
            Capsule().fill(track)
            Circle().fill(Color.white)
                .frame(width: _Switch.knob, height: _Switch.knob)
                .shadow(color: Color(white: 0, opacity: 0.06), radius: 0.5, y: 3)
                .shadow(color: Color(white: 0, opacity: 0.15), radius: 4, y: 3)
                .offset(x: _Switch.inset + (isOn ? travel : 0))
        }
        .frame(width: _Switch.size.width, height: _Switch.size.height)
        .opacity(env.isEnabled ? 1 : 0.5)
        .animation(.spring(response: 0.5, dampingFraction: 0.825), value: isOn)
        return resolveView(view, context)
    }
}

struct _ToggleButton: View, PrimitiveView {
    let configuration: ToggleStyleConfiguration
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let button = ButtonStyleConfiguration(label: .init(content: AnyView(configuration.label)), isPressed: false, role: nil)
        let view: AnyView =
            configuration.isOn
            ? AnyView(BorderedButtonStyle().makeBody(configuration: button))
            : AnyView(BorderlessButtonStyle().makeBody(configuration: button))
        return resolveView(view, context)
    }
}
