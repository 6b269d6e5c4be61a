import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's Button (drawn by the button style in the environment: ButtonStyle.swift;
// roles; disabled buttons are dimmed and not tappable; a host's `tap` runs the action).

/// A button, as SwiftUI's `Button` on iOS: borderless by default, its label in the tint (accent)
/// colour and the `.body` font unless set (OpenSwiftUI, reverse-engineered); a host's `tap`
/// runs the action unless the button is disabled.
public struct Button<Label: View>: View, PrimitiveView {
    let action: () -> Void
    let label: Label
    let role: ButtonRole?
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) { self.action = action; self.label = label(); role = nil }
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action; self.label = label(); self.role = role
    }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let configuration = ButtonStyleConfiguration(label: .init(content: AnyView(label)), isPressed: false, role: role)
        let styled = env.buttonStyle?.make(configuration) ?? AnyView(DefaultButtonStyle().makeBody(configuration: configuration))
        let elements = tappable(resolveView(styled, context.child("label")), context, enabled: env.isEnabled, action: action)
        if let role { elements.forEach { $0.buttonRole = role } }
        return elements
    }
}

enum ButtonRoleTrait: ElementTraitKey {
    static var defaultValue: ButtonRole? { nil }
}

extension Element {
    /// A button's role (an alert or dialog lays its buttons out by it).
    var buttonRole: ButtonRole? {
        get { traits[ButtonRoleTrait.self] }
        set { traits[ButtonRoleTrait.self] = newValue }
    }
}

extension Button where Label == Text {
    @_disfavoredOverload
    public init(_ title: some StringProtocol, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
    @_disfavoredOverload
    public init(_ title: some StringProtocol, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
    /// A title that may hold Markdown, as SwiftUI's `Button(_: LocalizedStringKey, action:)`.
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }
}

extension Button where Label == FrostUI.Label<Text, Image> {
    /// A title and an SF Symbol, as SwiftUI's `Button(_:systemImage:action:)` (iOS 17).
    public init(_ title: some StringProtocol, systemImage: String, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.init(role: role, action: action) { FrostUI.Label(title, systemImage: systemImage) }
    }
}
