import FrostGeometry
import FrostScene

// Reproduces iOS 18's zoom navigation transition: `navigationTransition(.zoom(sourceID:in:))`
// on a pushed view and `matchedTransitionSource(id:in:)` on the view it comes from (a cell, a
// thumbnail). The pushed screen grows from the source — scaled to the source's width and centred
// on it, fading in — while the screen under it stays in place, dimmed; the pop shrinks it back
// into the source. Without a source on screen it falls back to the slide. Not reproduced: the
// mask to the source's shape while it grows and the interactive drag-down dismissal.

/// How a pushed view arrives, as SwiftUI's `NavigationTransition` (iOS 18).
public struct NavigationTransition {
    let zoom: MatchedGeometry.Key?
    /// The platform's push (a slide from the trailing edge).
    public static var automatic: NavigationTransition { NavigationTransition(zoom: nil) }
    /// Grows from the view marked `matchedTransitionSource(id: sourceID, in: namespace)`.
    public static func zoom<ID: Hashable>(sourceID: ID, in namespace: Namespace.ID) -> NavigationTransition {
        NavigationTransition(zoom: MatchedGeometry.Key(namespace: namespace, id: AnyHashable(sourceID)))
    }
}

/// The configuration a transition source's closure edits (accepted: the source is drawn as it is).
public struct EmptyMatchedTransitionSourceConfiguration: Sendable {
    public func background(_ style: some ShapeStyle) -> Self { self }
    public func clipShape(_ shape: some Shape) -> Self { self }
    public func shadow(color: Color = .black, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> Self { self }
}

struct NavigationZoomKey: PreferenceKey {
    static var defaultValue: MatchedGeometry.Key? { nil }
    static func reduce(value: inout MatchedGeometry.Key?, nextValue: () -> MatchedGeometry.Key?) { value = value ?? nextValue() }
}

/// Transition sources by id: their identities, and their frames as last drawn (host points).
final class TransitionSources: HostFeature {
    var identities: [MatchedGeometry.Key: SceneIdentity] = [:]
    var frames: [MatchedGeometry.Key: Rect] = [:]
    init() {}
}

extension HostCore {
    var transitionSources: TransitionSources { session.features[TransitionSources.self] }

    /// Where the source `key` is drawn in the committed tree now (host points; inside scroll
    /// views too), remembered for when it is not on screen (under a pushed view).
    func transitionSourceFrame(_ key: MatchedGeometry.Key) -> Rect? {
        let sources = transitionSources
        if let identity = sources.identities[key], let found = drawnFrame(of: identity, in: engine.displayList(at: now)) {
            sources.frames[key] = found
        }
        return sources.frames[key]
    }

    /// The frame (host points, before transforms) of the item with `identity` in `list`.
    func drawnFrame(of identity: SceneIdentity, in list: DisplayList, origin: Point = .zero) -> Rect? {
        for item in list.items {
            let o = Point(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY)
            if item.identity == identity { return Rect(origin: o, size: item.frame.size) }
            switch item.content {
            case .group(let c), .effect(_, let c): if let found = drawnFrame(of: identity, in: c, origin: o) { return found }
            default: break
            }
        }
        return nil
    }
}

/// Marks a zoom transition's source, found by its identity when a zoom starts.
public struct _TransitionSourceModifier: PrimitiveViewModifier {
    let key: MatchedGeometry.Key
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        wrapEach(content) { e in
            let w = passthrough(e, e.identity.appending("transition source"))
            context.host.transitionSources.identities[key] = w.identity
            return w
        }
    }
}

extension NavigationPlace {
    /// The screen shrunk to the source's width and centred on it, transparent.
    static func zoom(from source: Rect, screen: Rect) -> NavigationPlace {
        guard screen.width > 0, screen.height > 0 else { return NavigationPlace() }
        return NavigationPlace(x: source.midX - screen.midX, y: source.midY - screen.midY, scale: max(0.01, source.width / screen.width), opacity: 0)
    }
}

extension View {
    /// How this view arrives when pushed: `.zoom(sourceID:in:)` grows it from its source.
    /// - Parameter transition: `.automatic` (the slide) or `.zoom(sourceID:in:)`.
    public func navigationTransition(_ transition: NavigationTransition) -> ModifiedContent<Self, _PreferenceModifier> {
        preference(key: NavigationZoomKey.self, value: transition.zoom)
    }

    /// Marks this view as where a zoom transition with `id` in `namespace` grows from.
    /// - Parameters:
    ///   - id: the id the pushed view's `.zoom(sourceID:in:)` names.
    ///   - namespace: the `@Namespace` both use.
    public func matchedTransitionSource<ID: Hashable>(id: ID, in namespace: Namespace.ID) -> ModifiedContent<Self, _TransitionSourceModifier> {
        modifier(_TransitionSourceModifier(key: MatchedGeometry.Key(namespace: namespace, id: AnyHashable(id))))
    }

    /// `matchedTransitionSource(id:in:)` with a configuration of the source's look (accepted;
    /// the source is drawn as it is).
    /// - Parameters:
    ///   - id: the id the pushed view's `.zoom(sourceID:in:)` names.
    ///   - namespace: the `@Namespace` both use.
    ///   - configuration: edits to the source's appearance during the zoom.
    public func matchedTransitionSource<ID: Hashable>(
        id: ID, in namespace: Namespace.ID,
        configuration: (EmptyMatchedTransitionSourceConfiguration) -> EmptyMatchedTransitionSourceConfiguration
    ) -> ModifiedContent<Self, _TransitionSourceModifier> {
        matchedTransitionSource(id: id, in: namespace)
    }
}
