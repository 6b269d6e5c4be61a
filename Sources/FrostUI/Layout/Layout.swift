import FrostGeometry
import FrostLayout
import FrostScene

// Reproduces SwiftUI's Layout protocol (iOS 16): custom containers with sizeThatFits and
// placeSubviews, a cache kept per container across updates, the stack layouts as values and
// AnyLayout. Layout values (`layoutValue(key:)`) and spacing preferences are not provided.

/// A container's layout written in code, as SwiftUI's `Layout` (iOS 16): size yourself from
/// your subviews' sizes, then place each one. Use a layout as a view by calling it:
/// `MyLayout { Text("A"); Text("B") }`.
///
/// Sizes and positions are in points; `bounds` in ``placeSubviews(in:proposal:subviews:cache:)``
/// is the region the parent gave, in the same space as the positions passed to
/// ``LayoutSubview/place(at:anchor:proposal:)``. A subview that is not placed is centred in the
/// bounds at its ideal size (as in SwiftUI). The cache is made once per container identity and
/// kept across updates, as SwiftUI keeps it: `updateCache` runs once in each later update that
/// reaches the container (its subviews or the layout changed), never between sizing and placing.
public protocol Layout {
    associatedtype Cache = Void
    typealias Subviews = LayoutSubviews

    /// The container's size for `proposal`.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    /// Places every subview inside `bounds` (call ``LayoutSubview/place(at:anchor:proposal:)``).
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
    /// Values computed once per pass and shared by both steps.
    func makeCache(subviews: Subviews) -> Cache
    func updateCache(_ cache: inout Cache, subviews: Subviews)
}

extension Layout where Cache == Void {
    public func makeCache(subviews: Subviews) -> Void { () }
}

extension Layout {
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache = makeCache(subviews: subviews) }

    /// The layout as a container view of `content`'s views.
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        _LayoutContainer(layout: self, content: content())
    }
}

/// The subviews a ``Layout`` arranges, in builder order.
public struct LayoutSubviews: RandomAccessCollection {
    let nodes: [LayoutNode]
    let placements: Placements
    public var startIndex: Int { 0 }
    public var endIndex: Int { nodes.count }
    public subscript(index: Int) -> LayoutSubview { LayoutSubview(node: nodes[index], index: index, placements: placements) }
}

/// One subview of a ``Layout``: measure it, then place it.
public struct LayoutSubview {
    let node: LayoutNode, index: Int, placements: Placements

    /// The size the subview chooses for `proposal` (points).
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let s = node.sizeThatFits(proposal.layout)
        return CGSize(width: s.width, height: s.height)
    }

    /// The subview's size for `proposal`, with its alignment guides.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        let s = sizeThatFits(proposal)
        return ViewDimensions(width: s.width, height: s.height)
    }

    /// `layoutPriority(_:)` of the subview (0 by default).
    public var priority: Double { node.priority }

    /// Puts the subview's `anchor` at `position` and sizes it for `proposal`.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        let p = proposal.layout
        let s = node.sizeThatFits(p)
        let origin = Point(x: Double(position.x) - Double(anchor.x) * s.width, y: Double(position.y) - Double(anchor.y) * s.height)
        placements.frames[index] = (Rect(origin: origin, size: s), p)
    }
}

/// A subview's size and alignment guides, as SwiftUI's `ViewDimensions`.
public struct ViewDimensions: Hashable, Sendable {
    public let width: CGFloat, height: CGFloat
    public init(width: CGFloat, height: CGFloat) { self.width = width; self.height = height }
    /// The guide's default value for this size (points from the leading or top edge).
    public subscript(guide: HorizontalAlignment) -> CGFloat {
        guide.guide.map { CGFloat($0.defaultValue(Size(width: Double(width), height: Double(height)))) } ?? width * CGFloat(guide.fraction)
    }
    public subscript(guide: VerticalAlignment) -> CGFloat {
        guide.guide.map { CGFloat($0.defaultValue(Size(width: Double(width), height: Double(height)))) } ?? height * CGFloat(guide.fraction)
    }
}

/// Where a layout pass put each subview (filled by `place(at:anchor:proposal:)`).
final class Placements {
    var frames: [(frame: Rect, proposal: ProposedSize)?]
    init(count: Int) { frames = Array(repeating: nil, count: count) }
}

extension ProposedViewSize {
    var layout: ProposedSize {
        func value(_ v: CGFloat?) -> Double? { v.flatMap { $0.isNaN ? nil : max(0, Double($0)) } }
        return ProposedSize(width: value(width), height: value(height))
    }
    init(_ p: ProposedSize) { self.init(width: p.width.map { CGFloat($0) }, height: p.height.map { CGFloat($0) }) }
}

/// Runs a ``Layout`` for FrostLayout. Its cache lives in the host under the container's
/// identity: made on first use, updated once in each later update that resolves the container
/// again, then shared by every sizing and placing of that update.
final class LayoutAdapter<L: Layout>: CustomLayout {
    let layout: L
    unowned let host: HostCore
    let identity: SceneIdentity
    /// The subviews' identities (when they change, the cache is updated).
    let subviews: [SceneIdentity]
    private var cache: L.Cache?

    init(_ layout: L, host: HostCore, identity: SceneIdentity, subviews: [SceneIdentity]) {
        self.layout = layout; self.host = host; self.identity = identity; self.subviews = subviews
        host.pass.layoutCacheSeen.insert(identity)
    }

    func withCache<R>(_ views: LayoutSubviews, _ body: (inout L.Cache) -> R) -> R {
        var c: L.Cache
        if let cache {
            c = cache
        } else if let kept = host.layoutCaches.entries[identity] as? (cache: L.Cache, subviews: [SceneIdentity]) {
            // A new pass: something in the container changed (its subviews' content, the layout's
            // own values, which subviews there are), so the cache is updated once, as SwiftUI
            // updates it "when your layout or its subviews change". Skipping it when the
            // identities stayed kept sizes a text that now wraps differently had outgrown.
            c = kept.cache
            layout.updateCache(&c, subviews: views)
        } else {
            c = layout.makeCache(subviews: views)
        }
        defer {
            cache = c
            host.layoutCaches.entries[identity] = (cache: c, subviews: subviews)
        }
        return body(&c)
    }

    func sizeThatFits(_ proposal: ProposedSize, children: [LayoutNode]) -> Size {
        let subviews = LayoutSubviews(nodes: children, placements: Placements(count: children.count))
        let s = withCache(subviews) { layout.sizeThatFits(proposal: ProposedViewSize(proposal), subviews: subviews, cache: &$0) }
        return Size(width: Double(s.width), height: Double(s.height))
    }

    func place(in bounds: Rect, proposal: ProposedSize, children: [LayoutNode]) -> [(frame: Rect, proposal: ProposedSize)?] {
        let placements = Placements(count: children.count)
        let subviews = LayoutSubviews(nodes: children, placements: placements)
        withCache(subviews) {
            layout.placeSubviews(
                in: CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height),
                proposal: ProposedViewSize(proposal), subviews: subviews, cache: &$0)
        }
        return placements.frames
    }
}

/// Layouts FrostLayout runs natively (the stacks): the same node a stack view makes.
protocol NativeLayout { var nativeKind: LayoutNode.Kind? { get } }

/// A layout used as a view.
public struct _LayoutContainer<L: Layout, Content: View>: View, PrimitiveView {
    let layout: L, content: Content
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        if let native = (layout as? NativeLayout)?.nativeKind { return stack(native, "\(L.self)", content, context) }
        let children = resolveView(content, context)
        let adapter = LayoutAdapter(layout, host: context.host, identity: context.identity, subviews: children.map(\.identity))
        return [Element(context.identity, node: LayoutNode(.custom(adapter), name: "\(L.self)", children: children.map(\.node)), children: children)]
    }
}

/// Runs a native stack node over subviews given as a `Layout` (when a stack layout is called
/// through the protocol rather than used as a view).
private func nativeSize(_ kind: LayoutNode.Kind, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGSize {
    let s = LayoutNode(kind, children: subviews.nodes).sizeThatFits(proposal.layout)
    return CGSize(width: s.width, height: s.height)
}

private func nativePlace(_ kind: LayoutNode.Kind, _ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) {
    let node = LayoutNode(kind, children: subviews.nodes)
    node.place(
        in: Rect(x: Double(bounds.minX), y: Double(bounds.minY), width: Double(bounds.width), height: Double(bounds.height)),
        proposal: proposal.layout)
    for (i, child) in subviews.nodes.enumerated() {
        let f = child.frame
        subviews[i].place(at: CGPoint(x: f.minX, y: f.minY), proposal: ProposedViewSize(width: f.width, height: f.height))
    }
}

/// The stack layouts: a FrostLayout node kind, run natively as a view and, through the
/// protocol, over the given subviews.
protocol StackLayout: Layout, NativeLayout where Cache == () {
    var kind: LayoutNode.Kind { get }
}

extension StackLayout {
    var nativeKind: LayoutNode.Kind? { kind }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { nativeSize(kind, proposal, subviews) }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        nativePlace(kind, bounds, proposal, subviews)
    }
}

/// `HStack`'s algorithm as a ``Layout`` (iOS 16's `HStackLayout`), to switch layouts with
/// `AnyLayout` while the subviews keep their identity.
public struct HStackLayout: StackLayout {
    public var alignment: VerticalAlignment, spacing: CGFloat?
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) { self.alignment = alignment; self.spacing = spacing }
    var kind: LayoutNode.Kind {
        .stack(
            .horizontal,
            alignment: FrostLayout.Alignment(
                horizontal: 0.5, vertical: alignment.fraction, baseline: alignment.baseline,
                verticalGuide: alignment.guide),
            spacing: spacing.map { Double($0) })
    }
}

/// `VStack`'s algorithm as a ``Layout`` (iOS 16's `VStackLayout`).
public struct VStackLayout: StackLayout {
    public var alignment: HorizontalAlignment, spacing: CGFloat?
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) { self.alignment = alignment; self.spacing = spacing }
    var kind: LayoutNode.Kind {
        .stack(
            .vertical, alignment: FrostLayout.Alignment(horizontal: alignment.fraction, vertical: 0.5, horizontalGuide: alignment.guide),
            spacing: spacing.map { Double($0) })
    }
}

/// `ZStack`'s algorithm as a ``Layout`` (iOS 16's `ZStackLayout`).
public struct ZStackLayout: StackLayout {
    public var alignment: Alignment
    public init(alignment: Alignment = .center) { self.alignment = alignment }
    var kind: LayoutNode.Kind { .zstack(alignment: alignment.layout) }
}

/// A type-erased ``Layout``, as SwiftUI's `AnyLayout`: switching between two of them keeps the
/// subviews (and their state), because the container's identity does not change.
public struct AnyLayout: Layout, NativeLayout {
    let base: any Layout
    public init<L: Layout>(_ layout: L) { base = layout }
    var nativeKind: LayoutNode.Kind? { (base as? NativeLayout)?.nativeKind }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        func run<L: Layout>(_ l: L) -> CGSize {
            var c = l.makeCache(subviews: subviews); return l.sizeThatFits(proposal: proposal, subviews: subviews, cache: &c)
        }
        return run(base)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        func run<L: Layout>(_ l: L) { var c = l.makeCache(subviews: subviews); l.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &c) }
        run(base)
    }
}

/// Each custom `Layout` container's cache and the subviews it was made for, by identity.
final class LayoutCaches: HostFeature {
    var entries: [SceneIdentity: Any] = [:]
    init() {}
}

extension HostCore {
    var layoutCaches: LayoutCaches { session.features[LayoutCaches.self] }
}
