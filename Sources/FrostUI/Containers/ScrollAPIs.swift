import FrostGeometry
import FrostScene

// Reproduces SwiftUI's scroll APIs on top of ScrollView: `ScrollViewReader` and
// `ScrollViewProxy.scrollTo(_:anchor:)`, `scrollPosition(id:anchor:)` (iOS 17: the binding
// follows the first view with an id that shows, and setting it scrolls there),
// `onScrollGeometryChange(for:of:action:)` (iOS 18), `contentMargins`, and
// `scrollTargetBehavior(.paging)`. `scrollTargetLayout()` is accepted (every view with an id
// in the content is a target); `.viewAligned` is accepted but does not snap: it leaves offsets
// as given.

extension Element {
    /// The first scroll view at or below this element.
    var firstScroll: ScrollInfo? { scroll ?? children.lazy.compactMap(\.firstScroll).first }
}

extension HostCore {
    /// Moves a scroll view now (as a drag that ends there), and updates what follows it.
    func setScrollOffset(_ key: SceneIdentity, _ offset: Point) {
        // A programmatic scroll stops a released one.
        scrollState.motions[key] = nil
        scrollState.offsets[key] = offset
        scrollState.history[key, default: []].append((now, offset))
        stateDidChange()
    }
}

/// Where a scroll view's content is inset, as SwiftUI's `ContentMarginPlacement`.
public struct ContentMarginPlacement: Hashable, Sendable {
    let name: String
    public static let automatic = ContentMarginPlacement(name: "automatic")
    public static let scrollContent = ContentMarginPlacement(name: "scrollContent")
    /// Accepted; Frost draws no indicators.
    public static let scrollIndicators = ContentMarginPlacement(name: "scrollIndicators")
}

/// How a scroll view settles, as SwiftUI's `ScrollTargetBehavior`.
public protocol ScrollTargetBehavior { var pages: Bool { get } }
/// Settles on whole pages (the scroll view's length).
public struct PagingScrollTargetBehavior: ScrollTargetBehavior { public var pages: Bool { true }; public init() {} }
/// Settles on views (accepted; offsets stay as given).
public struct ViewAlignedScrollTargetBehavior: ScrollTargetBehavior { public var pages: Bool { false }; public init() {} }
extension ScrollTargetBehavior where Self == PagingScrollTargetBehavior { public static var paging: PagingScrollTargetBehavior { .init() } }
extension ScrollTargetBehavior where Self == ViewAlignedScrollTargetBehavior { public static var viewAligned: ViewAlignedScrollTargetBehavior { .init() } }

private enum ContentMarginsKey: EnvironmentKey { static var defaultValue: EdgeInsets { EdgeInsets() } }
private enum PagingKey: EnvironmentKey { static var defaultValue: Bool { false } }

extension EnvironmentValues {
    var scrollContentMargins: EdgeInsets {
        get { self[ContentMarginsKey.self] }
        set { self[ContentMarginsKey.self] = newValue }
    }
    var scrollPaging: Bool {
        get { self[PagingKey.self] }
        set { self[PagingKey.self] = newValue }
    }
}

extension View {
    /// Insets the content of scroll views in this view by `length` points on `edges`.
    public func contentMargins(
        _ edges: Edge.Set = .all, _ length: CGFloat?, for placement: ContentMarginPlacement = .automatic
    ) -> ModifiedContent<Self, _EnvironmentModifier> {
        let l = Double(length ?? 16)
        return contentMargins(
            EdgeInsets(
                top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0), for: placement)
    }

    /// Insets the content of scroll views in this view by `insets`.
    public func contentMargins(_ insets: EdgeInsets, for placement: ContentMarginPlacement = .automatic) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { if placement != .scrollIndicators { $0.scrollContentMargins = insets } })
    }

    /// How scroll views in this view settle.
    public func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> ModifiedContent<Self, _EnvironmentModifier> {
        let pages = behavior.pages
        return modifier(_EnvironmentModifier { $0.scrollPaging = pages })
    }

    /// Marks the content whose views are scroll targets (every view with an id already is).
    public func scrollTargetLayout(isEnabled: Bool = true) -> Self { self }

    /// Runs `action(old, new)` after a commit in which `transform` of the scroll view's
    /// geometry changed (the scroll view in this view; its first one).
    public func onScrollGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
        action: @escaping (_ oldValue: T, _ newValue: T) -> Void
    ) -> ModifiedContent<Self, _ScrollObserverModifier> {
        modifier(
            _ScrollObserverModifier { element, host, identity in
                guard let info = element.firstScroll else { return }
                host.noteChange(identity.appending("scrollGeometry"), transform(info.geometry), initial: false, action)
            })
    }

    /// Binds the id of the first view with an id that shows in the scroll view: scrolling
    /// updates it, setting it scrolls that view to `anchor` (top leading by default).
    public func scrollPosition<ID: Hashable>(id: Binding<ID?>, anchor: UnitPoint? = nil) -> ModifiedContent<Self, _ScrollObserverModifier> {
        modifier(
            _ScrollObserverModifier { element, host, identity in
                guard let info = element.firstScroll else { return }
                let key = identity.appending("scrollPosition")
                let asked = id.wrappedValue.map { AnyHashable($0) }
                let reported = host.scrollState.positions[key] ?? nil
                if let asked, asked != reported {
                    // Set by the app: scroll there.
                    host.scrollState.positions[key] = asked
                    info.scroll(to: SceneIdentity.ID(asked), anchor: anchor ?? .topLeading)
                    return
                }
                // Scrolled (or first shown): report the first view that shows, if the binding differs.
                let shown = info.firstVisibleID()?.value
                host.scrollState.positions[key] = shown
                guard shown != asked else { return }
                host.lifecycle.queue.append { id.wrappedValue = shown?.base as? ID }
            })
    }
}

/// Observes the scroll view inside its content once the tree is laid out.
public struct _ScrollObserverModifier: PrimitiveViewModifier {
    let observe: (Element, HostCore, SceneIdentity) -> Void
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let host = context.host, identity = context.identity, observe = self.observe
        host.pass.scrollObserved = true
        for e in content { host.pass.afterLayout.append { observe(e, host, identity) } }
        return content
    }
}

/// Scrolls the scroll views inside a ``ScrollViewReader``, as SwiftUI's `ScrollViewProxy`.
public struct ScrollViewProxy {
    weak var host: HostCore?
    let reader: SceneIdentity

    /// Scrolls the first scroll view in the reader that holds the view `id` (an `.id(_:)` or a
    /// `ForEach` id) so that the view sits at `anchor` of its visible region (nil: the least
    /// movement that shows it). Nothing happens when no scroll view holds it.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        guard let host else { return }
        let target = SceneIdentity.ID(id)
        for info in host.pass.scrollInfos where info.key.isDescendant(ofOrEqualTo: reader) {
            if info.scroll(to: target, anchor: anchor) { return }
        }
    }
}

/// Gives its content a proxy that scrolls the scroll views inside it, as SwiftUI's `ScrollViewReader`.
public struct ScrollViewReader<Content: View>: View, PrimitiveView {
    public var content: (ScrollViewProxy) -> Content
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        resolveView(content(ScrollViewProxy(host: context.host, reader: context.identity)), context.child("content"))
    }
}

/// Scroll offsets (points) by scroll view identity, every offset each was given with its time
/// (for `.animated` scroll transitions), and `scrollPosition` bindings' last ids.
final class ScrollState: HostFeature {
    var offsets: [SceneIdentity: Point] = [:]
    var history: [SceneIdentity: [(time: Double, offset: Point)]] = [:]
    var positions: [SceneIdentity: AnyHashable?] = [:]
    /// Scroll views a finger is moving, and released ones still moving (ScrollDrag.swift).
    var drags: [SceneIdentity: ScrollDragState] = [:]
    var motions: [SceneIdentity: ScrollMotion] = [:]
    init() {}
}

extension HostCore {
    var scrollState: ScrollState { session.features[ScrollState.self] }
}
