import FrostGeometry
import FrostLayout
import FrostScene

// Reproduces SwiftUI's ScrollView: it takes the length offered along its scroll axes and its
// content's length across them (a row of chips is as tall as the chips), lays its content out
// at its ideal length along the scroll axes (and the offered length across), clips it, and shows it
// moved by the scroll offset (set by the host, ``ViewHost/scroll(to:scrollView:)``, or by
// `ScrollViewReader`/`scrollPosition`), clamped to the content and rounded to whole pixels.
// `contentMargins(for: .scrollContent)` insets the content; `scrollTargetBehavior(.paging)`
// makes every offset land on a page (the container's length), as a released drag settles.
// A finger drags, flings and bounces it (ScrollDrag.swift); indicators are not drawn.

/// A scrolling container, as SwiftUI's `ScrollView`.
public struct ScrollView<Content: View>: View, PrimitiveView {
    let axes: Axis.Set, content: Content
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes; self.content = content()
    }
    public typealias Body = Never

    func resolve(_ context: ResolveContext) -> [Element] {
        var inside = context.child("content")
        inside.environment.safeRect = nil  // scroll content has no safe area
        inside.environment.navigationBarUnder = nil  // nor bars to run under
        inside.environment.tabBarUnder = nil
        let under = context.environment.navigationBarUnder, tabUnder = context.environment.tabBarUnder
        let container = ContainerSize()  // sized when the scroll view is placed
        inside.environment.container = container
        let inner = resolveView(content, inside)
        let stack = LayoutNode(
            .stack(
                axes.contains(.horizontal) && !axes.contains(.vertical) ? .horizontal : .vertical,
                alignment: .center, spacing: nil), name: "ScrollContent", children: inner.map(\.node))
        let margins = context.environment.scrollContentMargins
        let padded = LayoutNode(.padding(margins), name: "contentMargins", children: [stack])
        let contentElement = Element(context.identity.appending("content"), node: padded, children: inner)
        // As SwiftUI sizes it: along a scroll axis it takes the proposal (10 pt when there is
        // none, as a shape); across, it is as long as its content (a row of chips in a
        // horizontal ScrollView is as tall as the chips, a vertical ScrollView of short text as
        // wide as the text). The content is at its ideal length on the scroll axes.
        let scrollsX = axes.contains(.horizontal), scrollsY = axes.contains(.vertical)
        let contentRef = ConfinedNode(padded)
        let node = LayoutNode(
            .leaf { p in
                if scrollsX && scrollsY { return p.replacingUnspecifiedDimensions() }
                let fit = contentRef.node.sizeThatFits(ProposedSize(width: scrollsX ? nil : p.width, height: scrollsY ? nil : p.height))
                return Size(width: scrollsX ? p.width ?? 10 : fit.width, height: scrollsY ? p.height ?? 10 : fit.height)
            }, name: "ScrollView")
        let element = Element(context.identity, node: node, children: [contentElement])
        let host = context.host, key = context.identity
        let info = ScrollInfo(
            key: key, axes: axes, content: padded, contentElement: contentElement, host: host,
            scale: max(1, Double(context.environment.displayScale)), margins: margins,
            paging: context.environment.scrollPaging, container: container, inSheet: context.environment.inSheet,
            enabled: context.environment.isScrollEnabled, bounceBasedOnSize: context.environment.scrollBouncesBasedOnSize,
            rightToLeft: context.environment.layoutDirection == .rightToLeft)
        element.scroll = info
        // The whole frame takes touches (a drag between rows scrolls), as UIScrollView's bounds do.
        element.hitTesting = .shape({ size in .rect(x: 0, y: 0, width: size.width, height: size.height) }, .nonZero)
        host.pass.scrollInfos.append(info)
        if scrollsY {
            under?.register(info)
            tabUnder?.register(info)
        }
        // Laid out once the host is, so that the content's readers and preferences exist before
        // the commit (drawing places it again, at the same place).
        // Weak: a container may resolve views it does not show (a TabView's other tabs keep
        // their state), and those are gone by the time layout finishes.
        host.pass.afterLayout.append { [weak element] in if let element { info.layout(element.node.frame) } }
        // Weak host: the content lives in the host's committed tree, so a strong capture made a
        // cycle and no host with a scroll view was ever freed.
        element.content = ContentSpec(presented: { [unowned element, weak host] size, presentation in
            info.layout(Rect(origin: element.node.frame.origin, size: size))
            let offset = info.offset
            // A scroll view whose top meets a navigation bar draws up under it (and the status
            // bar): scrolled content passes beneath (NavigationBarScroll.swift).
            let above = scrollsY ? under?.extent(above: info.frame) ?? 0 : 0
            // And one whose bottom meets a tab bar down under that (TabBarScroll.swift).
            let below = scrollsY ? tabUnder?.extent(below: info.frame) ?? 0 : 0
            let layer = DisplayItem(
                identity: contentElement.identity, frame: Rect(x: -offset.x, y: -offset.y, width: info.contentSize.width, height: info.contentSize.height),
                content: .effect(
                    .retainedLayer,
                    children: DisplayList([
                        contentElement.displayItem(
                            parentOrigin: .zero, presentation.map { ScrollContentPresentation(base: $0, content: contentElement) },
                            scroll: ScrollPlacement(
                                visible: Rect(x: offset.x, y: offset.y, width: size.width, height: size.height),
                                frame: Rect(origin: element.node.frame.origin, size: size),
                                axis: info.vertical ? .vertical : .horizontal,
                                history: (host?.scrollState.history[key] ?? []).map { ($0.time, info.clamp($0.offset)) },
                                time: host?.now ?? 0))
                    ])))
            return .effect(
                .clip(.rect(x: 0, y: -above, width: size.width, height: size.height + above + below), rule: .nonZero), children: DisplayList([layer]))
        })
        host.pass.scrollViews.append(key)
        return [element]
    }
}

/// A scroll view's layout and offset, as the host knows them after layout.
final class ScrollInfo {
    let key: SceneIdentity
    let axes: Axis.Set
    /// The content's node (margins around the stack), and its element.
    let content: LayoutNode
    let contentElement: Element
    unowned let host: HostCore
    let scale: Double
    let margins: EdgeInsets
    let paging: Bool
    /// In a sheet: a pull down at the top goes to the sheet (ScrollDrag.swift).
    let inSheet: Bool
    /// Whether a finger scrolls it (`scrollDisabled`), and the axes on which it bounces only
    /// when its content is larger (`scrollBounceBehavior(.basedOnSize)`).
    let enabled: Bool
    let bounceBasedOnSize: Axis.Set
    /// The content is laid out mirrored (a right-to-left layout): the scroll view places it
    /// itself, outside the mirrored tree around it.
    let rightToLeft: Bool
    /// What `containerRelativeFrame` in the content measures against.
    let container: ContainerSize
    /// The scroll view's frame in the host (points) and its content's size, after layout.
    private(set) var frame = Rect.zero
    private(set) var contentSize = Size.zero
    var vertical: Bool { axes.contains(.vertical) }
    var horizontal: Bool { axes.contains(.horizontal) }

    init(
        key: SceneIdentity, axes: Axis.Set, content: LayoutNode, contentElement: Element, host: HostCore, scale: Double,
        margins: EdgeInsets, paging: Bool, container: ContainerSize, inSheet: Bool, enabled: Bool, bounceBasedOnSize: Axis.Set,
        rightToLeft: Bool = false
    ) {
        self.rightToLeft = rightToLeft
        self.inSheet = inSheet; self.enabled = enabled; self.bounceBasedOnSize = bounceBasedOnSize
        self.key = key; self.axes = axes; self.content = content; self.contentElement = contentElement
        self.host = host; self.scale = scale; self.margins = margins; self.paging = paging; self.container = container
    }

    /// Lays the content out for the scroll view at `frame` (content space: origin at its top leading).
    func layout(_ frame: Rect) {
        self.frame = frame
        container.size = Size(width: max(0, frame.width - margins.leading - margins.trailing), height: max(0, frame.height - margins.top - margins.bottom))
        let proposal = ProposedSize(width: horizontal ? nil : frame.width, height: vertical ? nil : frame.height)
        contentSize = content.sizeThatFits(proposal)
        content.place(in: Rect(origin: .zero, size: contentSize), proposal: proposal, scale: scale)
        if rightToLeft { content.mirrorDescendants() }
    }

    /// The largest offset on each axis.
    var maxOffset: Point { Point(x: max(0, contentSize.width - frame.width), y: max(0, contentSize.height - frame.height)) }

    /// `asked` as it is shown: on the scroll axes, clamped to the content, on a page with
    /// paging, on whole pixels (as UIScrollView's offsets: the content then moves by whole
    /// pixels and its drawing is reused from frame to frame).
    func clamp(_ asked: Point) -> Point {
        func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
        func page(_ v: Double, _ length: Double) -> Double { paging && length > 0 ? (v / length).rounded() * length : v }
        let m = maxOffset
        return Point(
            x: horizontal ? snap(min(max(page(asked.x, frame.width), 0), m.x)) : 0,
            y: vertical ? snap(min(max(page(asked.y, frame.height), 0), m.y)) : 0)
    }

    /// The offset shown now: past an edge or between pages only while a finger or a release
    /// moves it (ScrollDrag.swift).
    var offset: Point {
        let state = host.scrollState, asked = state.offsets[key] ?? .zero
        return state.isMoving(key) ? unclamped(asked) : clamp(asked)
    }

    /// SwiftUI's `ScrollGeometry` now.
    var geometry: ScrollGeometry {
        let o = offset
        return ScrollGeometry(
            contentOffset: CGPoint(x: o.x, y: o.y), contentSize: CGSize(width: contentSize.width, height: contentSize.height),
            contentInsets: margins, containerSize: CGSize(width: frame.width, height: frame.height))
    }

    /// The outermost views with an id in the content (`ForEach` element ids and `.id(_:)`s,
    /// outermost first), in content order.
    func identifiedViews() -> [(ids: [SceneIdentity.ID], element: Element)] {
        var out: [([SceneIdentity.ID], Element)] = []
        func walk(_ e: Element) {
            let ids = e.identity.ids(below: key)
            if !ids.isEmpty { out.append((ids, e)); return }
            e.children.forEach(walk)
        }
        walk(contentElement)
        return out
    }

    /// The frame (content space) of the view identified by `id` (any of its ids), if it is in the content.
    func frame(of id: SceneIdentity.ID) -> Rect? { identifiedViews().first { $0.ids.contains(id) }?.element.node.frame }

    /// The id of the first view with an id whose frame reaches into the visible region (its
    /// outermost id: a `ForEach`'s rather than an `.id` inside it).
    func firstVisibleID() -> SceneIdentity.ID? {
        let o = offset
        let visible = Rect(x: o.x, y: o.y, width: frame.width, height: frame.height)
        return identifiedViews().first { _, e in
            let f = e.node.frame
            return f.maxX > visible.minX + 1e-9 && f.minX < visible.maxX - 1e-9 && f.maxY > visible.minY + 1e-9 && f.minY < visible.maxY - 1e-9
        }?.ids.first
    }

    /// Scrolls so that the view `id` sits at `anchor` of the visible region (nil: the least
    /// movement that shows it); false when no such view is in the content.
    @discardableResult
    func scroll(to id: SceneIdentity.ID, anchor: UnitPoint?) -> Bool {
        guard let f = frame(of: id) else { return false }
        var target = offset
        if let anchor {
            let ax = Double(anchor.x), ay = Double(anchor.y)
            target = Point(x: f.minX + ax * f.width - ax * frame.width, y: f.minY + ay * f.height - ay * frame.height)
        } else {
            if f.minY < target.y { target.y = f.minY } else if f.maxY > target.y + frame.height { target.y = f.maxY - frame.height }
            if f.minX < target.x { target.x = f.minX } else if f.maxX > target.x + frame.width { target.x = f.maxX - frame.width }
        }
        host.setScrollOffset(key, clamp(target))
        return true
    }
}

/// A scroll view's geometry, as SwiftUI's `ScrollGeometry` (iOS 18).
public struct ScrollGeometry: Hashable, Sendable {
    /// How far the content is scrolled (points, from its top leading corner).
    public var contentOffset: CGPoint
    /// The content's size, margins included (points).
    public var contentSize: CGSize
    /// The content margins.
    public var contentInsets: EdgeInsets
    /// The scroll view's size (points).
    public var containerSize: CGSize
    /// The visible region in the content's space.
    public var visibleRect: CGRect { CGRect(origin: contentOffset, size: containerSize) }
    /// The scroll view's bounds (its visible region).
    public var bounds: CGRect { visibleRect }
}

/// The frame's presentation for a scroll view's content: the views inside animate as anywhere,
/// while the content itself stays where the scroll offset puts it (its model frame, in the
/// content's own space, not an animated frame in the scroll view's parent).
struct ScrollContentPresentation: Presentation {
    let base: Presentation
    let content: Element
    func localFrame(_ element: Element) -> Rect? { element === content ? nil : base.localFrame(element) }
    func data(_ key: SlotKey, _ model: any VectorArithmetic) -> any VectorArithmetic { base.data(key, model) }
    func transitionEffects(_ element: Element, size: Size) -> [DisplayEffect] { base.transitionEffects(element, size: size) }
    func isVisible(_ element: Element) -> Bool { base.isVisible(element) }
    func contentTransition(_ element: Element, size: Size, current: DisplayItem.Content) -> DisplayItem.Content? {
        base.contentTransition(element, size: size, current: current)
    }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum ScrollTrait: ElementTraitKey {
    static var defaultValue: ScrollInfo? { nil }
}

extension Element {
    /// A scroll view's layout and offset (set on the scroll view's own element).
    var scroll: ScrollInfo? {
        get { traits[ScrollTrait.self] }
        set { traits[ScrollTrait.self] = newValue }
    }
}

/// A layout node a sizing closure measures. `@unchecked Sendable`: a leaf's closure runs only on
/// the thread laying out the tree both nodes belong to (layout nodes are confined to it).
final class ConfinedNode: @unchecked Sendable {
    let node: LayoutNode
    init(_ node: LayoutNode) { self.node = node }
}
