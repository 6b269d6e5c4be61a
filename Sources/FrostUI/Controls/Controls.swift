import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's Button (drawn by the button style in the environment: ButtonStyle.swift;
// roles; disabled buttons are dimmed and not tappable; a host's `tap` runs the action),
// onTapGesture, LabeledContent, the linear ProgressView and the indeterminate spinner (frozen
// at one phase, as a still frame of it).

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
        return tappable(resolveView(styled, context.child("label")), context, enabled: env.isEnabled, action: action)
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

/// A label and a value: outside a form, label leading in the primary colour, value trailing in
/// the secondary colour, a spacer between (OpenSwiftUI's LeadingTrailingLabeledContentStyle).
public struct LabeledContent: View {
    let title: String, value: String
    public init(_ title: some StringProtocol, value: some StringProtocol) { self.title = String(title); self.value = String(value) }
    public var body: some View {
        HStack {
            Text(title)
            Spacer()
            Text(value).foregroundStyle(.secondary)
        }
    }
}

/// Progress, as SwiftUI's `ProgressView`: with a value, a linear bar (pinned to 0…total; a
/// systemFill track and a tint-coloured fill, 4 pt tall with round ends — Apple publishes no
/// metrics: 4 pt is the common measurement); without one, the indeterminate spinner
/// (UIActivityIndicatorView's medium style: eight 2.5 × 6 pt spokes around a 20 pt circle in the
/// secondary colour, fading from the top one, frozen at that phase). A title draws above the
/// bar, and below the spinner in the secondary colour.
public struct ProgressView: View {
    let fraction: Double?
    let title: String?
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        let t = Double(total), v = Double(value ?? 0)
        fraction = t > 0 && v.isFinite ? min(max(v / t, 0), 1) : 0
        title = nil
    }
    public init<V: BinaryFloatingPoint>(_ title: some StringProtocol, value: V?, total: V = 1.0) {
        let t = Double(total), v = Double(value ?? 0)
        fraction = t > 0 && v.isFinite ? min(max(v / t, 0), 1) : 0
        self.title = String(title)
    }
    /// The indeterminate spinner.
    public init() { fraction = nil; title = nil }
    /// The spinner with a title below it.
    public init(_ title: some StringProtocol) { fraction = nil; self.title = String(title) }
    public var body: some View {
        if let fraction {
            VStack(alignment: .leading, spacing: 8) {
                if let title { Text(verbatim: title) }
                Capsule()
                    .fill(Color.systemFill)
                    .overlay(alignment: .leading) { _ProgressFill(fraction: fraction) }
                    .frame(maxWidth: .infinity)
                    .frame(height: 4)
            }
        } else {
            VStack(spacing: 8) {
                _Spinner()
                if let title { Text(verbatim: title).foregroundStyle(.secondary) }
            }
        }
    }
}

/// UIActivityIndicatorView's medium spinner at one phase.
struct _Spinner: View {
    var body: some View {
        ZStack {
            ForEach(0..<8, id: \.self) { i in
                Capsule()
                    .fill(HierarchicalShapeStyle.secondary)
                    .frame(width: 2.5, height: 6)
                    .offset(y: -6.5)
                    .rotationEffect(.degrees(Double(i) * 45))
                    .opacity(1 - Double(i) * 0.1)
            }
        }
        .frame(width: 20, height: 20)
    }
}

/// The filled part: a capsule as wide as the fraction of the track, in the tint.
struct _ProgressFill: View, PrimitiveView {
    let fraction: Double
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let fill = Capsule().fill(context.environment.tint ?? AnyShapeStyle(Color.accentColor))
        let inner = resolveView(fill, context.child("fill"))
        let f = fraction
        return inner.map { e in
            let fill = Element(context.identity, node: LayoutNode(.leaf { p in
                let s = p.replacingUnspecifiedDimensions(by: Size(width: 0, height: 4))
                return Size(width: s.width * f, height: s.height)
            }, name: "ProgressFill"))
            fill.content = e.content
            return fill
        }
    }
}

public struct _TapGestureModifier: PrimitiveViewModifier {
    let action: () -> Void
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        wrapEach(content) { e in
            let w = passthrough(e, e.identity.appending("tap"))
            w.tap = (e.allText.joined(separator: " "), action)
            return w
        }
    }
}

extension View {
    /// Runs `action` when the view is tapped (a host's `tap` finds it by the text inside it).
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> ModifiedContent<Self, _TapGestureModifier> {
        modifier(_TapGestureModifier(action: action))
    }
}
