import FrostLayout
import FrostGeometry
import FrostScene

// Reproduces SwiftUI's ViewModifier and ModifiedContent: user modifiers with a body over their
// content (and Animatable modifiers, re-evaluated each frame with interpolated data); Frost's
// primitive modifiers wrap the resolved content directly.

/// A reusable change to a view, as SwiftUI's `ViewModifier`.
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a modifier modifies, inside its `body(content:)`.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { context.modifierContent?(context) ?? [] }
}

/// A view with a modifier applied, as SwiftUI's `ModifiedContent`.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) { self.content = content; self.modifier = modifier }
}

/// Modifiers Frost resolves itself: they wrap the resolved content's elements.
protocol PrimitiveModifier {
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element]
    /// Environment changes for the content (font, colours…), applied before it resolves.
    func environment(_ env: inout EnvironmentValues)
}

extension PrimitiveModifier {
    func environment(_ env: inout EnvironmentValues) {}
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { preconditionFailure("ModifiedContent is a primitive view") }
}

extension ModifiedContent: PrimitiveView where Content: View, Modifier: ViewModifier {
    func resolve(_ context: ResolveContext) -> [Element] {
        if let primitive = modifier as? PrimitiveModifier {
            var inner = context
            primitive.environment(&inner.environment)
            let resolved = resolveView(content, inner.child("content"))
            let wrapped = primitive.wrap(resolved, context)
            // A transition (or grid cell) set inside travels out through the modifiers around
            // it, as SwiftUI's traits do.
            if wrapped.count == resolved.count {
                for (outer, inner) in zip(wrapped, resolved) where outer !== inner && !inner.traits.isEmpty {
                    outer.traits.adoptPassing(from: inner.traits)
                }
            }
            return wrapped
        }
        // A user's modifier: its body resolves with `content` standing for the wrapped view.
        let resolved = resolveUserModifier(modifier, context)
        guard let animatable = modifier as? any Animatable, let (data, with) = animatableParts(animatable) else { return resolved }
        // An Animatable modifier (SwiftUI's animatableData on a ViewModifier): every frame
        // resolves its body again with the animated data, in the size its view is given.
        let node = LayoutNode(.decorated(alignment: .center), name: "animatable", children: resolved.map(\.node))
        let wrapper = Element(context.identity.appending("animatable"), node: node, children: resolved)
        wrapper.content = ContentSpec(data: data) { value, size in
            let elements: [Element]
            if (value as? AnyHashable) == (data as? AnyHashable) {
                elements = resolved
            } else if let m = with(value) as? Modifier {
                elements = self.resolveUserModifier(m, context)
            } else {
                elements = resolved
            }
            let root = LayoutNode(.zstack(alignment: .center), children: elements.map(\.node))
            root.place(in: Rect(origin: .zero, size: size), proposal: ProposedSize(size), scale: Double(context.environment.displayScale))
            return .group(DisplayList(elements.map { $0.displayItem(parentOrigin: .zero) }))
        }
        return [wrapper]
    }

    func resolveUserModifier(_ modifier: Modifier, _ context: ResolveContext) -> [Element] {
        var c = context.child(.type(.init(Modifier.self)))
        let outer = context
        // The content keeps its identity under the modifier, and resolves in the environment
        // where the body places it: `content.font(.title).foregroundColor(.white)` in a body
        // sets the content's font and colour, as SwiftUI's modifier bodies do.
        c.modifierContent = { placed in
            var inner = outer.child("content")
            inner.environment = placed.environment
            return resolveView(self.content, inner)
        }
        var modifier = modifier
        guard context.host.bindProperties(of: &modifier, at: c.identity, environment: context.environment) else { return [] }
        let body = context.host.observing { modifier.body(content: _ViewModifier_Content<Modifier>()) }
        return resolveView(body, c)
    }
}

/// An Animatable value's data and a way to rebuild it with other data (nil when it has none).
func animatableParts<A: Animatable>(_ value: A) -> (any VectorArithmetic, (any VectorArithmetic) -> Any)? {
    guard A.AnimatableData.self != EmptyAnimatableData.self else { return nil }
    return (
        value.animatableData,
        { data in
            var copy = value
            if let d = data as? A.AnimatableData { copy.animatableData = d }
            return copy
        }
    )
}

extension View {
    /// Applies `modifier` to this view.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> { ModifiedContent(content: self, modifier: modifier) }
}

/// A primitive modifier as a `ViewModifier` value (its body is never evaluated).
protocol PrimitiveViewModifier: ViewModifier, PrimitiveModifier where Body == Never {}
extension PrimitiveViewModifier {
    public func body(content: Content) -> Never { preconditionFailure("\(Self.self) is resolved by Frost") }
}
