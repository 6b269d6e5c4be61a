import FrostGeometry
import FrostLayout
import FrostScene

// Reproduces SwiftUI's GeometryReader (iOS 14+: it takes the whole proposal — 10 pt on an
// unspecified axis, as a shape — and places its content at its top-leading corner, proposing
// its size), GeometryProxy (size, safe-area insets, frames in local, global and named
// coordinate spaces, anchors) and `coordinateSpace(name:)`. The content is resolved when the
// reader is placed, so it sees its final geometry in the same pass; frames are layout frames
// in host points (inside a ScrollView, in the scroll content's space, before scrolling — use
// `onScrollGeometryChange` for the offset). Safe-area insets say how far the reader reaches
// past the host's safe area (see SafeArea.swift).

/// A coordinate space a frame can be expressed in, as SwiftUI's `CoordinateSpace`.
/// `@unchecked Sendable` as SwiftUI's is `Sendable`: `.named` holds an `AnyHashable` (a name, in
/// practice a string or another value type), which Swift cannot prove Sendable.
public enum CoordinateSpace: Hashable, @unchecked Sendable {
    /// The host's space (points from its top-leading corner).
    case global
    /// The view's own space (its top-leading corner at the origin).
    case local
    /// The space of the ancestor marked `.coordinateSpace(name:)` with `name`.
    case named(AnyHashable)
    /// The visible region of the enclosing scroll view (the host's outside one); known to
    /// `visualEffect` proxies, which are computed as the view is drawn.
    case scrollView

    /// iOS 17's `.named(_:)` spelling for `coordinateSpace(_:)`.
    public static func named<H: Hashable>(_ name: H) -> CoordinateSpace { .named(AnyHashable(name)) }
}

/// Named coordinate spaces in scope: the layout node of each marked ancestor.
struct CoordinateSpaces {
    var nodes: [AnyHashable: NodeReference] = [:]

    /// Each space's frame (host points) now: what a proxy keeps, so it holds values only. An
    /// ancestor is placed before its descendants, so a reader placed (or a view drawn) sees
    /// its spaces' final frames.
    var frames: [AnyHashable: Rect] { nodes.compactMapValues { $0.node?.frame } }
}

private enum CoordinateSpacesKey: EnvironmentKey { static var defaultValue: CoordinateSpaces { CoordinateSpaces() } }

extension EnvironmentValues {
    var coordinateSpaces: CoordinateSpaces {
        get { self[CoordinateSpacesKey.self] }
        set { self[CoordinateSpacesKey.self] = newValue }
    }
}

/// The geometry of a ``GeometryReader`` or a `visualEffect` (and a way to resolve anchors), as
/// SwiftUI's `GeometryProxy`.
///
/// `@unchecked Sendable` (`visualEffect` hands it to `@Sendable` closures): it holds values
/// only — frames, and the names of coordinate spaces, which are `Hashable` values users give
/// (`AnyHashable` is not marked `Sendable`); no layout node is reachable from it.
public struct GeometryProxy: @unchecked Sendable {
    /// The view's frame in host points.
    let global: Rect
    /// Its frame in the enclosing scroll view's visible region, when known (draw time).
    var scroll: Rect? = nil
    /// The named coordinate spaces in scope and their frames (host points) when it was made.
    let spaces: [AnyHashable: Rect]
    /// The host's safe region (nil inside scroll content).
    var safe: SafeRect? = nil

    /// The view's size, points.
    public var size: CGSize { CGSize(width: global.width, height: global.height) }
    /// How far the view reaches past the host's safe area on each edge (points, ≥ 0).
    public var safeAreaInsets: EdgeInsets { GeometryProxy.insets(of: global, in: safe) }

    /// The view's frame in `space`, points (an unknown named space reads as global).
    public func frame(in space: CoordinateSpace) -> CGRect {
        let r = convert(global, to: space)
        return CGRect(x: r.minX, y: r.minY, width: r.width, height: r.height)
    }

    func convert(_ rect: Rect, to space: CoordinateSpace) -> Rect {
        switch space {
        case .global: return rect
        case .local: return rect.offsetBy(dx: -global.minX, dy: -global.minY)
        case .scrollView:
            guard let scroll else { return rect }
            return rect.offsetBy(dx: scroll.minX - global.minX, dy: scroll.minY - global.minY)
        case .named(let name):
            guard let frame = spaces[name] else { return rect }
            return rect.offsetBy(dx: -frame.minX, dy: -frame.minY)
        }
    }

    /// The anchor's value in the reader's local space.
    public subscript<T>(anchor: Anchor<T>) -> T { anchor.resolve(offset: Point(x: -global.minX, y: -global.minY)) }
}

/// A container that gives its content its own size and position, as SwiftUI's `GeometryReader`.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    public var content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    public typealias Body = Never

    func resolve(_ context: ResolveContext) -> [Element] {
        let reader = DeferredContent(context) { proxy, c in resolveView(self.content(proxy), c) }
        let node = LayoutNode(.deferred(reader), name: "GeometryReader")
        let element = Element(context.identity, node: node)
        reader.element = element
        return [element]
    }
}

/// Content resolved when its container is placed: sized as a shape (the whole proposal), its
/// views made for the placed frame and stacked at its top-leading corner.
final class DeferredContent: DeferredLayout {
    let context: ResolveContext
    let make: (GeometryProxy, ResolveContext) -> [Element]
    weak var element: Element?
    private var made: (bounds: Rect, node: LayoutNode)?

    init(_ context: ResolveContext, make: @escaping (GeometryProxy, ResolveContext) -> [Element]) {
        self.context = context; self.make = make
    }

    func sizeThatFits(_ proposal: ProposedSize) -> Size { proposal.replacingUnspecifiedDimensions() }

    func content(placedIn bounds: Rect, proposal: ProposedSize) -> [(node: LayoutNode, frame: Rect, proposal: ProposedSize)] {
        // Placed again at the same bounds (a scroll view's content each frame): the same views.
        if let made, made.bounds == bounds { return [(made.node, bounds, ProposedSize(bounds.size))] }
        let proxy = GeometryProxy(global: bounds, spaces: context.environment.coordinateSpaces.frames, safe: context.environment.safeRect)
        let inner = make(proxy, context.child("content"))
        let stack = LayoutNode(.zstack(alignment: FrostLayout.Alignment(horizontal: 0, vertical: 0)), name: "GeometryContent", children: inner.map(\.node))
        element?.children = [Element((element?.identity ?? context.identity).appending("stack"), node: stack, children: inner)]
        made = (bounds, stack)
        return [(stack, bounds, ProposedSize(bounds.size))]
    }
}

/// The node of a named coordinate space, known once its modifier has wrapped its content.
final class NodeReference { var node: LayoutNode? }

public struct _CoordinateSpaceModifier: PrimitiveViewModifier {
    let name: AnyHashable
    let reference = NodeReference()
    func environment(_ env: inout EnvironmentValues) { env.coordinateSpaces.nodes[name] = reference }
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        // One node marks the space: a Group's members share it (as the group's frame would).
        let node = LayoutNode(.zstack(alignment: .center), name: "coordinateSpace", children: content.map(\.node))
        reference.node = node
        return [Element(context.identity.appending("coordinateSpace"), node: node, children: content)]
    }
}

extension View {
    /// Names this view's space, for `GeometryProxy.frame(in: .named(name))` below.
    public func coordinateSpace<N: Hashable>(name: N) -> ModifiedContent<Self, _CoordinateSpaceModifier> {
        modifier(_CoordinateSpaceModifier(name: AnyHashable(name)))
    }
    /// iOS 17's form: `.coordinateSpace(.named("scroll"))`.
    public func coordinateSpace(_ space: CoordinateSpace) -> ModifiedContent<Self, _CoordinateSpaceModifier> {
        if case .named(let name) = space { return modifier(_CoordinateSpaceModifier(name: name)) }
        return modifier(_CoordinateSpaceModifier(name: AnyHashable("\(space)")))
    }
}
