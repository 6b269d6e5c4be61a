import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's ViewThatFits: of its views, in order, the first whose ideal size fits
// the proposal on the constrained axes (horizontal and vertical by default) is shown, sized
// for the proposal; when none fits, the last. Every option is resolved (each keeps its state
// by its position), only the chosen one is drawn.

/// Shows the first of its views that fits, as SwiftUI's `ViewThatFits`.
public struct ViewThatFits<Content: View>: View, PrimitiveView {
    let axes: Axis.Set, content: Content
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes; self.content = content()
    }
    public typealias Body = Never

    func resolve(_ context: ResolveContext) -> [Element] {
        let options = resolveView(content, context.child("options"))
        let chooser = FittingChoice(options: options, axes: axes)
        let node = LayoutNode(.deferred(chooser), name: "ViewThatFits")
        let element = Element(context.identity, node: node)
        chooser.element = element
        return [element]
    }
}

final class FittingChoice: DeferredLayout {
    let options: [Element]
    let axes: Axis.Set
    weak var element: Element?
    init(options: [Element], axes: Axis.Set) { self.options = options; self.axes = axes }

    /// The option shown for `p`.
    func choice(_ p: ProposedSize) -> Element? {
        let h = axes.contains(.horizontal), v = axes.contains(.vertical)
        for option in options {
            let ideal = option.node.sizeThatFits(ProposedSize(width: h ? nil : p.width, height: v ? nil : p.height))
            let fitsH = !h || p.width.map { ideal.width <= $0 + 1e-9 } ?? true
            let fitsV = !v || p.height.map { ideal.height <= $0 + 1e-9 } ?? true
            if fitsH && fitsV { return option }
        }
        return options.last
    }

    func sizeThatFits(_ proposal: ProposedSize) -> Size { choice(proposal)?.node.sizeThatFits(proposal) ?? .zero }

    func content(placedIn bounds: Rect, proposal: ProposedSize) -> [(node: LayoutNode, frame: Rect, proposal: ProposedSize)] {
        guard let chosen = choice(proposal) else { element?.children = []; return [] }
        element?.children = [chosen]
        return [(chosen.node, bounds, proposal)]
    }
}
