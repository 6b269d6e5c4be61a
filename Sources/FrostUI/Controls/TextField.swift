import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's TextField and SecureField as iOS draws them at rest (no caret, no
// keyboard): the text, or the placeholder in placeholderText when empty, as wide as offered;
// a plain field 21 pt tall at .body (UITextField's line); `.textFieldStyle(.roundedBorder)`
// (UITextField's rounded rect: systemBackground, a hairline opaqueSeparator border, 5 pt
// corners, 7 pt × 5 pt padding, 34 pt tall at .body);
// SecureField shows one "•" per character; `axis: .vertical` lets text wrap. A host types
// into it by its placeholder or label (`host.type("Ada", into: "Name")`), which replaces the
// text and runs `onSubmit` as pressing return would.

/// An editable line of text, as SwiftUI's `TextField`.
public struct TextField<Label: View>: View, PrimitiveView {
    let text: Binding<String>
    let prompt: Text?
    let label: Label
    let secure: Bool
    let vertical: Bool
    public typealias Body = Never

    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis = .horizontal, @ViewBuilder label: () -> Label) {
        self.text = text; self.prompt = prompt; self.label = label(); secure = false; vertical = axis == .vertical
    }
    init(text: Binding<String>, prompt: Text?, label: Label, secure: Bool) {
        self.text = text; self.prompt = prompt; self.label = label; self.secure = secure; vertical = false
    }

    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let labelText = labelText(label, context)
        let value = text.wrappedValue
        let alignment: Alignment
        switch env.multilineTextAlignment {
        case .leading: alignment = .leading
        case .center: alignment = .center
        case .trailing: alignment = .trailing
        }
        // The placeholder: the prompt, else the label's text (as iOS shows a TextField's title).
        let placeholder: Text = prompt ?? Text(verbatim: labelText)
        let shown: Text = value.isEmpty ? placeholder : Text(verbatim: secure ? String(repeating: "•", count: value.count) : value)
        let field =
            shown
            .foregroundStyle(value.isEmpty ? AnyShapeStyle(Color.placeholderText) : (env.foregroundStyle ?? AnyShapeStyle(HierarchicalShapeStyle.primary)))
            .lineLimit(vertical ? nil : 1)
            // The text sits where `multilineTextAlignment` puts it in the field's width, as
            // UITextField's textAlignment does (a trailing field's digits end at its right edge).
            .frame(maxWidth: .infinity, alignment: alignment)
        let view: AnyView
        if env.textFieldStyle == .roundedBorder {
            view = AnyView(
                field
                    .padding(.horizontal, 7).padding(.vertical, 6.5)
                    .background(Color.systemBackground, in: RoundedRectangle(cornerRadius: 5, style: .continuous))
                    .overlay(RoundedRectangle(cornerRadius: 5, style: .continuous).strokeBorder(Color.opaqueSeparator, lineWidth: 0)))
        } else if vertical {
            view = AnyView(field)
        } else {
            // UITextField's line is taller than the text's: 21 pt at .body where the text is
            // 20.29 (Prefire's two fields at 2× are 122 px apart with 16 pt padding and 8 pt
            // spacing; DoorDash's field, caption and button at 1× agree within a pixel).
            view = AnyView(field.padding(.vertical, TextFieldMetrics.verticalPadding(forLine: env.resolvedFont.lineBox)))
        }
        let elements = resolveView(view, context.child("field"))
        let element = oneElement(elements, context)
        element.text = nil
        if env.isEnabled {
            let binding = text, submit = env.onSubmit
            let name = labelText.isEmpty ? (prompt.map(\.string) ?? "TextField") : labelText
            element.control = ControlTarget(label: name, kind: secure ? "secure field" : "text field") { setting in
                guard case .text(let t) = setting else { throw ViewHostError.invalidSetting("a text field takes text, not \(setting)") }
                binding.wrappedValue = t
                submit?()
            }
        }
        return [element]
    }
}

extension TextField where Label == Text {
    @_disfavoredOverload
    public init(_ title: some StringProtocol, text: Binding<String>, prompt: Text? = nil, axis: Axis = .horizontal) {
        self.init(text: text, prompt: prompt, axis: axis) { Text(title) }
    }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil, axis: Axis = .horizontal) {
        self.init(text: text, prompt: prompt, axis: axis) { Text(titleKey) }
    }
}

/// A text field that hides what is typed, as SwiftUI's `SecureField`.
public struct SecureField<Label: View>: View {
    let field: TextField<Label>
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        field = TextField(text: text, prompt: prompt, label: label(), secure: true)
    }
    public var body: some View { field }
}

extension SecureField where Label == Text {
    @_disfavoredOverload
    public init(_ title: some StringProtocol, text: Binding<String>, prompt: Text? = nil) {
        self.init(text: text, prompt: prompt) { Text(title) }
    }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
        self.init(text: text, prompt: prompt) { Text(titleKey) }
    }
}

/// The text field styles of iOS, as SwiftUI's `TextFieldStyle` values.
public struct TextFieldStyle: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case plain, roundedBorder }
    let kind: Kind
    public static let automatic = TextFieldStyle(kind: .plain)
    public static let plain = TextFieldStyle(kind: .plain)
    public static let roundedBorder = TextFieldStyle(kind: .roundedBorder)
}

private enum TextFieldStyleKey: EnvironmentKey { static var defaultValue: TextFieldStyle.Kind { .plain } }
private enum SubmitKey: EnvironmentKey { static var defaultValue: (() -> Void)? { nil } }
extension EnvironmentValues {
    var textFieldStyle: TextFieldStyle.Kind {
        get { self[TextFieldStyleKey.self] }
        set { self[TextFieldStyleKey.self] = newValue }
    }
    var onSubmit: (() -> Void)? {
        get { self[SubmitKey.self] }
        set { self[SubmitKey.self] = newValue }
    }
}

extension View {
    /// Text fields inside draw in `style`.
    public func textFieldStyle(_ style: TextFieldStyle) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.textFieldStyle = style.kind })
    }
    /// Runs `action` when a text field inside is submitted (a host's `type` submits).
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(
            _EnvironmentModifier { env in
                let outer = env.onSubmit
                env.onSubmit = {
                    action(); outer?()
                }
            })
    }
    /// Accepted for source compatibility: there is no keyboard.
    public func keyboardType(_ type: UIKeyboardType) -> Self { self }
    /// Accepted for source compatibility: there is no keyboard.
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> Self { self }
    /// Accepted for source compatibility: there is no keyboard.
    public func autocorrectionDisabled(_ disable: Bool = true) -> Self { self }
    /// Accepted for source compatibility: there is no keyboard.
    public func submitLabel(_ label: SubmitLabel) -> Self { self }
}

/// Measured UITextField metrics.
enum TextFieldMetrics {
    /// The padding above and below a plain field's text line of `line` points: the field is
    /// 21 pt tall at .body (20.29 pt), in proportion at other sizes.
    static func verticalPadding(forLine line: Double) -> CGFloat { CGFloat(line * (21 / 20.29 - 1) / 2) }
}
