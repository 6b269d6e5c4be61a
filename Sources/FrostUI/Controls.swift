import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's Button (plain look: the tint-coloured label, tappable through the host),
// onTapGesture, LabeledContent and a frozen ProgressView. Button styles, toggles, sliders and the
// other controls are not provided yet.

/// A button, as SwiftUI's `Button` on iOS: borderless, its label in the tint (accent) colour and
/// the `.body` font unless set (OpenSwiftUI, reverse-engineered); a host's `tap` runs the action.
public struct Button<Label: View>: View, PrimitiveView {
    let action: () -> Void
    let label: Label
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) { self.action = action; self.label = label() }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        var c = context
        // The label takes a foreground style set around the button (`.foregroundColor(.black)`
        // colours it, as on iOS); otherwise the tint.
        c.environment.foregroundStyle = context.environment.foregroundStyle ?? context.environment.tint ?? AnyShapeStyle(Color.accentColor)
        let content = resolveView(label, c.child("label"))
        let element = content.count == 1 ? content[0] : Element(context.identity, node: LayoutNode(.zstack(alignment: .center), children: content.map(\.node)), children: content)
        element.tap = (element.allText.joined(separator: " "), action)
        return [element]
    }
}

extension Button where Label == Text {
    public init(_ title: some StringProtocol, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
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

/// A linear progress bar, as SwiftUI's `ProgressView(value:total:)`: the value is pinned to
/// 0…total; a grey track and a tint-coloured fill, 4 pt tall with round ends (Apple publishes no
/// metrics: 4 pt is the common measurement).
public struct ProgressView: View {
    let fraction: Double
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        let t = Double(total), v = Double(value ?? 0)
        fraction = t > 0 && v.isFinite ? min(max(v / t, 0), 1) : 0
    }
    /// The track: systemFill (REFERENCE.md §4).
    static let track = Color.system("#787880", "#787880", 0.2, 0.36)
    public var body: some View {
        Capsule()
            .fill(ProgressView.track)
            .overlay(alignment: .leading) { _ProgressFill(fraction: fraction) }
            .frame(maxWidth: .infinity)
            .frame(height: 4)
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
