import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's NavigationLink: its label (in a list or form, a row with a trailing
// chevron), tapping pushes its destination or its value's `navigationDestination`; pushes are not
// animated.

/// A link that pushes a view, as SwiftUI's `NavigationLink`.
public struct NavigationLink<Label: View, Destination: View>: View, PrimitiveView {
    let label: Label
    let entry: PushedView
    public typealias Body = Never
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label(); entry = PushedView(view: AnyView(destination()), value: nil)
    }
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label(); entry = PushedView(view: AnyView(destination), value: nil)
    }
    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let push = env.navigationPush, entry = self.entry
        let view: AnyView
        if env.isInForm {
            // A list row: the label, a chevron trailing.
            view = AnyView(
                HStack {
                    label
                    Spacer(minLength: 8)
                    Image(systemName: "chevron.forward").font(.system(size: 14, weight: .semibold)).foregroundStyle(Color.tertiaryLabel)
                })
        } else {
            view = AnyView(_TintedLabel(configuration: ButtonStyleConfiguration(label: .init(content: AnyView(label)), isPressed: false, role: nil)))
        }
        return tappable(resolveView(view, context.child("link")), context, enabled: env.isEnabled && push != nil) { push?(entry) }
    }
}

extension NavigationLink where Label == Text {
    @_disfavoredOverload
    public init(_ title: some StringProtocol, @ViewBuilder destination: () -> Destination) { self.init(destination: destination) { Text(title) } }
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) { self.init(destination: destination) { Text(titleKey) } }
    @_disfavoredOverload
    public init(_ title: some StringProtocol, destination: Destination) { self.init(destination: destination) { Text(title) } }
}

extension NavigationLink where Destination == Never {
    /// A link that pushes `value`, shown by the stack's `navigationDestination(for:)`.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label(); entry = PushedView(view: nil, value: value.map { AnyHashable($0) })
    }
}

extension NavigationLink where Destination == Never, Label == Text {
    @_disfavoredOverload
    public init<P: Hashable>(_ title: some StringProtocol, value: P?) { self.init(value: value) { Text(title) } }
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) { self.init(value: value) { Text(titleKey) } }
}
