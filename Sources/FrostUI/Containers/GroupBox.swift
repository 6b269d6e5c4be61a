import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's GroupBox on iOS (content under an optional bold label, 16 pt in, on
// secondarySystemBackground with 8 pt continuous corners; inside another group box the colour
// steps to tertiary) and DisclosureGroup (the label and a chevron that points right when
// collapsed and down when expanded, the content below it when expanded; a host's `tap` on the
// label toggles it, animated by the transaction).

/// A box grouping views, as SwiftUI's `GroupBox`.
public struct GroupBox<Label: View, Content: View>: View, PrimitiveView {
    let label: Label?
    let content: Content
    public typealias Body = Never
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { self.content = content(); self.label = label() }
    func resolve(_ context: ResolveContext) -> [Element] {
        let nested = context.environment.groupBoxDepth
        var c = context
        c.environment.groupBoxDepth += 1
        let fill: Color = nested == 0 ? .secondarySystemBackground : Color.system("#FFFFFF", "#2C2C2E")
        let view = VStack(alignment: .leading, spacing: 8) {
            if let label { label.font(.headline) }
            content
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(16)
        .background(fill, in: RoundedRectangle(cornerRadius: 8, style: .continuous))
        return resolveView(view, c.child("groupbox"))
    }
}

extension GroupBox where Label == EmptyView {
    public init(@ViewBuilder content: () -> Content) { self.content = content(); label = nil }
}
extension GroupBox where Label == Text {
    @_disfavoredOverload
    public init(_ title: some StringProtocol, @ViewBuilder content: () -> Content) { self.content = content(); label = Text(title) }
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.content = content(); label = Text(titleKey) }
}

private enum GroupBoxDepthKey: EnvironmentKey { static var defaultValue: Int { 0 } }
extension EnvironmentValues {
    var groupBoxDepth: Int {
        get { self[GroupBoxDepthKey.self] }
        set { self[GroupBoxDepthKey.self] = newValue }
    }
}

/// A label that shows or hides its content, as SwiftUI's `DisclosureGroup`.
public struct DisclosureGroup<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    let external: Binding<Bool>?
    @State private var expanded = false
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { self.content = content(); self.label = label(); external = nil }
    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label(); external = isExpanded
    }
    public var body: some View {
        let open = external ?? $expanded
        VStack(alignment: .leading, spacing: 0) {
            Button(action: { open.wrappedValue.toggle() }) {
                HStack {
                    label.foregroundStyle(.primary)
                    Spacer(minLength: 8)
                    Image(systemName: "chevron.forward").font(.system(size: 14, weight: .semibold))
                        .rotationEffect(.degrees(open.wrappedValue ? 90 : 0))
                }
                .frame(minHeight: 44)
            }
            if open.wrappedValue { content.padding(.leading, 16) }
        }
    }
}

extension DisclosureGroup where Label == Text {
    @_disfavoredOverload
    public init(_ title: some StringProtocol, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(title) } }
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(titleKey) } }
    @_disfavoredOverload
    public init(_ title: some StringProtocol, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(title) }
    }
}
