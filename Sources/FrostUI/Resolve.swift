import FrostGeometry
import FrostLayout
import FrostScene
import FrostRaster

/// One resolved view: its layout node, what it draws, and the effects around it. Built fresh on
/// every update from the view values (state lives in the host, keyed by identity).
final class Element {
    let identity: SceneIdentity
    var node: LayoutNode
    /// What a leaf draws in its frame (local points, size given).
    var content: ((Size) -> DisplayItem.Content)?
    /// Children in drawing order (background, content, overlay…).
    var children: [Element]
    /// Effects around this element, outermost first; each may depend on the element's size.
    var effects: [(Size) -> DisplayEffect] = []
    /// A tap target: the action and the text a host finds it by.
    var tap: (label: String, action: () -> Void)?
    /// The text shown, for finding tap targets by their label.
    var text: String?
    /// Stored for the animation layer: the transition this view inserts and removes with.
    var transition: AnyTransition?
    /// `zIndex(_:)`: siblings draw in ascending order (stable), layout order unchanged.
    var zIndex: Double = 0

    init(_ identity: SceneIdentity, node: LayoutNode, children: [Element] = [], content: ((Size) -> DisplayItem.Content)? = nil) {
        self.identity = identity; self.node = node; self.children = children; self.content = content
    }

    /// Every text below (for a tap target's label).
    var allText: [String] { (text.map { [$0] } ?? []) + children.flatMap(\.allText) }

    /// The display item after layout: frames become local to the parent's origin.
    func displayItem(parentOrigin: Point) -> DisplayItem {
        let f = node.frame
        let local = Rect(x: f.minX - parentOrigin.x, y: f.minY - parentOrigin.y, width: f.width, height: f.height)
        var body: DisplayItem.Content
        if let content {
            body = content(f.size)
        } else {
            let ordered = children.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
            body = .group(DisplayList(ordered.map { $0.displayItem(parentOrigin: f.origin) }))
        }
        for effect in effects.reversed() {
            body = .effect(effect(f.size), children: DisplayList([DisplayItem(identity: identity, frame: Rect(origin: .zero, size: f.size), content: body)]))
        }
        return DisplayItem(identity: identity, frame: local, content: body)
    }
}

/// What resolving a view knows: its identity, the environment, and the host's state table.
struct ResolveContext {
    var identity: SceneIdentity
    var environment: EnvironmentValues
    let host: HostCore
    /// The wrapped content while a `ViewModifier`'s body resolves.
    var modifierContent: (() -> [Element])?

    func child(_ component: String) -> ResolveContext {
        var c = self
        c.identity = identity.appending(component)
        return c
    }
}

/// Resolves any view value: primitives directly, others through their (state-bound) body.
func resolveView(_ view: Any, _ context: ResolveContext) -> [Element] {
    if let primitive = view as? PrimitiveView { return primitive.resolve(context) }
    guard let v = view as? any View else { return [] }
    return resolveBody(v, context)
}

private func resolveBody<V: View>(_ view: V, _ context: ResolveContext) -> [Element] {
    // A view that contains itself forever stops here (the host reports it) instead of
    // overflowing the stack.
    guard context.host.checkDepth(context.identity) else { return [] }
    context.host.bindState(of: view, at: context.identity)
    for child in Mirror(reflecting: view).children {
        (child.value as? EnvironmentProperty)?.bind(to: context.environment)
    }
    return resolveView(view.body, context.child(String(describing: V.self)))
}

/// A layout node that only passes its child through (for effect and gesture wrappers).
func passthrough(_ child: Element, _ identity: SceneIdentity) -> Element {
    Element(identity, node: LayoutNode(.decorated(alignment: .center), children: [child.node]), children: [child])
}

/// Wraps each element (a Group's modifiers apply to each member).
func wrapEach(_ elements: [Element], _ body: (Element) -> Element) -> [Element] { elements.map(body) }
