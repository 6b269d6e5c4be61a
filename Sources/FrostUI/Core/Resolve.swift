import FrostGeometry
import FrostMotion
import FrostLayout
import FrostScene
import FrostRaster

// Turns view values into resolved elements (layout node, drawing, effects) — FrostUI's
// counterpart of SwiftUI's attribute graph, rebuilt on every update; bodies are evaluated with
// their dynamic properties bound (see DynamicProperty.swift).

/// One resolved view: its layout node, what it draws, and the effects around it. Built fresh on
/// every commit from the view values (state lives in the host, keyed by identity); the
/// animation layer reads its animatable values (frame, effect data, content data) by ``key``.
final class Element {
    let identity: SceneIdentity
    var node: LayoutNode
    /// What a leaf draws in its frame (local points, size given).
    var content: ContentSpec?
    /// Children in drawing order (background, content, overlay…); removed views still in their
    /// removal transition are spliced in by the host.
    var children: [Element]
    /// Effects around this element, outermost first; each may depend on the element's size.
    var effects: [EffectSpec] = []
    /// What modifiers said about this view to its container (tag, list row, tab item, grid
    /// cell, z-index, transition, tap target…), by trait type (see ElementTraits.swift).
    var traits = ElementTraits()
    /// Edits to the transaction from `.animation(_:value:)` and `.transaction { }` at and above
    /// this view, outermost first.
    var transactionEdits: [(inout Transaction) -> Void] = []
    /// The host's name for this element in a committed tree (its identity, made unique).
    var key = ElementKey(.root)
    /// A removed view drawn until its removal transition finishes.
    var isGhost = false
    /// Effects computed when the element is drawn from its frame (points: in its scroll view's
    /// content when it has one, else in the host) and its scroll view, innermost after `effects`
    /// (`scrollTransition`, `visualEffect`).
    var dynamicEffects: ((Rect, ScrollPlacement?) -> [DisplayEffect])?

    init(_ identity: SceneIdentity, node: LayoutNode, children: [Element] = [], content: ((Size) -> DisplayItem.Content)? = nil) {
        self.identity = identity; self.node = node; self.children = children; self.content = content.map(ContentSpec.init)
    }

    init(_ identity: SceneIdentity, node: LayoutNode, spec: ContentSpec) {
        self.identity = identity; self.node = node; self.children = []; self.content = spec
    }

    /// Every text below (for a tap target's label).
    var allText: [String] { (text.map { [$0] } ?? []) + children.flatMap(\.allText) }

    /// The display item after layout: frames become local to the parent's origin. With a
    /// presentation, animatable values are read at its time instead of the model's.
    func displayItem(parentOrigin: Point, _ p: Presentation? = nil, scroll: ScrollPlacement? = nil) -> DisplayItem {
        let model = node.frame
        // Animated frames live in the parent's space, as SwiftUI's do: a view inserted into a
        // moving container moves with it.
        let local = p?.localFrame(self) ?? Rect(x: model.minX - parentOrigin.x, y: model.minY - parentOrigin.y, width: model.width, height: model.height)
        let size = local.size
        var body: DisplayItem.Content
        if let content, let presented = content.makePresented {
            body = presented(size, p)
        } else if let content {
            // Text is set at its laid-out size while its frame animates, as SwiftUI sets it: an
            // interpolated width a hair under the new string's would wrap it mid-animation.
            let drawn = text != nil ? model.size : size
            body = content.make(p?.data(SlotKey(key, .content), content.data) ?? content.data, drawn)
            if let changing = p?.contentTransition(self, size: drawn, current: body) { body = changing }
        } else {
            let visible = p.map { p in children.filter { p.isVisible($0) } } ?? children
            let ordered = visible.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
            body = .group(DisplayList(ordered.map { $0.displayItem(parentOrigin: model.origin, p, scroll: scroll) }))
        }
        var all = effects.enumerated().map { i, spec in spec.make(p?.data(SlotKey(key, .effect(i)), spec.data) ?? spec.data, size) }
        if let p { all = p.transitionEffects(self, size: size) + all }
        if let dynamicEffects { all += dynamicEffects(Rect(origin: model.origin, size: size), scroll) }
        for effect in all.reversed() {
            body = .effect(effect, children: DisplayList([DisplayItem(identity: identity, frame: Rect(origin: .zero, size: size), content: body)]))
        }
        return DisplayItem(identity: identity, frame: local, content: body)
    }
}

/// Animatable values at one instant, as the host's animation state gives them.
protocol Presentation {
    /// The element's frame (points) in its parent's space; nil when it does not animate.
    func localFrame(_ element: Element) -> Rect?
    /// The value of the slot `key` (the model value when it does not animate).
    func data(_ key: SlotKey, _ model: any VectorArithmetic) -> any VectorArithmetic
    /// Effects of the element's running transition, outermost first.
    func transitionEffects(_ element: Element, size: Size) -> [DisplayEffect]
    /// False for a removed view whose removal has finished.
    func isVisible(_ element: Element) -> Bool
    /// The element's content while a content transition runs (old and new together), or nil.
    func contentTransition(_ element: Element, size: Size, current: DisplayItem.Content) -> DisplayItem.Content?
}

/// What resolving a view knows: its identity, the environment, and the host's state table.
struct ResolveContext {
    var identity: SceneIdentity
    var environment: EnvironmentValues
    /// Unowned: the host's animation engine keeps contexts (a transition's record), so a strong
    /// reference made a cycle and no host was ever freed (~0.5 MB each). Contexts live only
    /// inside their host's work.
    unowned let host: HostCore
    /// The wrapped content while a `ViewModifier`'s body resolves, given the context where the
    /// body places it (its environment is what the body's modifiers around `content` set).
    var modifierContent: ((ResolveContext) -> [Element])?

    func child(_ component: SceneIdentity.Component) -> ResolveContext {
        var c = self
        c.identity = identity.appending(component)
        return c
    }
    /// A child in a fixed role of a primitive ("content", "label"…).
    func child(_ role: String) -> ResolveContext { child(.role(role)) }
}

/// Resolves any view value: primitives directly, others through their (state-bound) body.
func resolveView(_ view: Any, _ context: ResolveContext) -> [Element] {
    // Every nesting path comes through here (AnyView in AnyView, modifier on modifier, stack in
    // stack), so here a tree too deep for the stack stops, reported as tooDeep.
    guard context.host.enterNesting() else { return [] }
    defer { context.host.pass.nesting -= 1 }
    if let primitive = view as? PrimitiveView { return primitive.resolve(context) }
    guard let v = view as? any View else { return [] }
    return resolveBody(v, context)
}

private func resolveBody<V: View>(_ view: V, _ context: ResolveContext) -> [Element] {
    // A view that contains itself forever stops here (the host reports it) instead of
    // overflowing the stack.
    guard context.host.checkDepth(context.identity) else { return [] }
    var view = view
    guard context.host.bindProperties(of: &view, at: context.identity, environment: context.environment) else { return [] }
    let body = context.host.observing { view.body }
    return resolveView(body, context.child(.type(.init(V.self))))
}

/// A layout node that only passes its child through (for effect and gesture wrappers).
func passthrough(_ child: Element, _ identity: SceneIdentity) -> Element {
    Element(identity, node: LayoutNode(.decorated(alignment: .center), children: [child.node]), children: [child])
}

/// Wraps each element (a Group's modifiers apply to each member).
func wrapEach(_ elements: [Element], _ body: (Element) -> Element) -> [Element] { elements.map(body) }
