import FrostGeometry
import FrostLayout
import FrostEffects

// Reproduces SwiftUI's NavigationStack (and NavigationView) on iPhone, iOS 18: the navigation
// bar under the top safe area — 44 pt with the inline title (17 pt semibold, centred) and the
// toolbar's leading and trailing items (tinted), plus a 52 pt row with the large title (34 pt
// bold, 16 pt in; 20 on screens 414 pt and wider) in the large display mode, which the root
// takes by default (`.automatic`) and pushed views do not; the bar is transparent at the
// scroll edge (content's background shows through, as iOS 15+ draws it before scrolling).
// NavigationLink pushes its destination (a host's `tap` on the link's label), drawn with a
// back button (chevron.left and the previous title) that pops it; value links push through
// `navigationDestination(for:)`. In a list or form a link is a row with a trailing chevron in
// tertiaryLabel. Pushes and pops animate as UIKit's: the pushed screen slides in from the
// trailing edge over the previous one, which moves a third of the way out (30 % of the width)
// and dims (10 % black); a pop runs it backwards; the bar's contents cross-fade. UIKit's curve
// is not published: a critically damped spring of 0.5 s response (reads as ≈ 0.35 s) stands in.
// A push inside a transaction that disables animations, and Reduce Motion (a cross-fade), are
// honoured. The back swipe: a drag that starts within 20 pt of the leading edge moves the top
// screen with the finger and uncovers the one below (parallax and dimming following the
// finger, the bars cross-fading); released where it would end past half the width
// (`predictedEndTranslation`), the screen pops, else it springs back. Content scrolls under
// the bar and a large title collapses (NavigationBarScroll.swift).

/// A stack of views with a navigation bar, as SwiftUI's `NavigationStack`.
public struct NavigationStack<Root: View>: View {
    let root: Root
    /// The path the stack was given (NavigationPath.swift), if any.
    let path: NavigationPathAccess?
    /// What the stack pushed itself: everything without a path, the views above it with one.
    @State private var pushed: [PushedView] = []
    @State private var swipe: Double? = nil
    @State private var editMode = EditMode.inactive
    @State private var motion = NavigationMotion()
    public init(@ViewBuilder root: () -> Root) { self.init(root: root(), path: nil) }
    init(root: Root, path: NavigationPathAccess?) { self.root = root; self.path = path }
    public var body: some View {
        var stack = $pushed
        if let path {
            // The path's values first, then what links pushed above them; a change writes the
            // leading values back to the path.
            let local = $pushed
            stack = Binding(
                get: { path.get().map { PushedView(value: $0) } + local.wrappedValue },
                set: { entries in
                    let k = entries.firstIndex { $0.view != nil } ?? entries.count
                    path.set(entries[..<k].compactMap(\.value))
                    local.wrappedValue = Array(entries[k...])
                })
        }
        return _NavigationStackBody(root: AnyView(root), pushed: stack, swipe: $swipe, editMode: $editMode, motion: motion)
    }
}

/// What the screens' transitions need to know when they start: whether the change is a pop
/// (screens move the other way) and the stack's width (points).
final class NavigationMotion {
    var depth = 0
    var popping = false
    var width = 390.0
    /// The zoom source each depth's screen asked for (`navigationTransition(.zoom…)`).
    var zoomKeys: [Int: MatchedGeometry.Key] = [:]
    /// Each depth's screen frame when last laid out (host points).
    var screenFrames: [Int: Rect] = [:]
    /// The zoom of the transition under way, read when its effects are made (after layout).
    var zoomPlacement: () -> NavigationPlace? = { nil }
    /// Each depth's vertical scroll views (candidates to run under the bar), from the last resolve.
    var scrolls: [Int: [WeakScroll]] = [:]
    /// The bar's region at rest (host points) and the top a scroll view under it runs up to,
    /// from the last layout (nil while the bar is hidden).
    var barFrame: Rect?
    var underTop = 0.0
    /// How much lower than the bar's bottom each shown screen starts (points; a screen
    /// uncovered by a back swipe keeps its own bar's height).
    var screenInsets: [Int: Double] = [:]
    /// Where the last back swipe was released: the depth of the screen it moved and how far
    /// (fraction of the width), until the next push or swipe.
    var swipeRelease: (depth: Int, progress: Double)?
    /// How far from the leading edge (points) a back swipe may start (UIKit's edge pan).
    static let swipeEdge = 20.0
    /// UIKit's push and pop: a critically damped spring (its exact curve is not published).
    static let animation = Animation.spring(response: 0.5, dampingFraction: 1)
    /// How far the covered screen moves (fraction of the width) and how much it dims.
    static let parallax = 0.3, dimming = 0.1

    /// Runs a push or pop with the navigation animation, unless the transaction forbids it.
    static func animate(_ change: () -> Void) {
        var t = TransactionContext.current
        guard !t.disablesAnimations else { return change() }
        t.animation = animation
        withTransaction(t, change)
    }
}

/// A screen of a stack coming or going: in from the trailing edge on a push (out to it on a
/// pop), or out (in) a third of the way to the leading edge, dimmed, underneath. With a zoom
/// (NavigationZoom.swift) the screen on top grows from (shrinks into) its source instead, and
/// the one underneath stays in place, dimmed.
struct NavigationScreenTransition: Transition {
    let motion: NavigationMotion
    /// The screen's depth in the stack.
    let depth: Int
    func body(content: Content, phase: TransitionPhase) -> some View {
        let w = motion.width
        let zoom = phase == .identity ? nil : motion.zoomPlacement()
        var covered = NavigationPlace(x: zoom == nil ? -NavigationMotion.parallax * w : 0, dim: NavigationMotion.dimming)
        var top = zoom ?? NavigationPlace(x: w)
        // After a back swipe the screens go on from where the finger left them (their own
        // offset and dimming hold that place): the popped one the rest of the way out, the
        // uncovered one, on a cancelled swipe, the rest of the way under.
        if phase == .didDisappear, zoom == nil, let release = motion.swipeRelease {
            let p = release.progress
            if depth == release.depth { top = NavigationPlace(x: w * (1 - p)) }
            if depth == release.depth - 1 {
                let held = NavigationMotion.dimming * (1 - p)
                covered = NavigationPlace(x: -NavigationMotion.parallax * w * p, dim: 1 - (1 - NavigationMotion.dimming) / (1 - held))
            }
        }
        let place: NavigationPlace
        switch phase {
        case .identity: place = NavigationPlace()
        case .willAppear: place = motion.popping ? covered : top
        case .didDisappear: place = motion.popping ? top : covered
        }
        // Every phase and style gives the same effects (scale, offset, dim, fade), so a screen
        // pushed one way can be popped the other and its numbers still animate.
        return content.scaleEffect(place.scale).offset(x: place.x, y: place.y).opacity(place.opacity).navigationDim(place.dim)
    }
}

extension View {
    /// Darkens the view by `amount` (0–1: the fraction of black laid over it), as a covered
    /// screen dims; nothing is drawn differently at 0.
    func navigationDim(_ amount: Double) -> ModifiedContent<Self, _EffectModifier> {
        modifier(
            _EffectModifier(name: "dim", values: [amount]) { v, _ in
                let d = min(1, max(0, v[0]))
                guard d > 0 else { return .identity }
                let k = 1 - d
                return .colorMatrix(ColorMatrix(rows: [[k, 0, 0, 0, 0], [0, k, 0, 0, 0], [0, 0, k, 0, 0], [0, 0, 0, 1, 0]]), name: "dim")
            })
    }
}

/// Where a screen stands in a navigation transition's phase.
struct NavigationPlace: Equatable {
    var x = 0.0, y = 0.0, scale = 1.0, opacity = 1.0, dim = 0.0
}

/// The pre-iOS 16 spelling: a stack.
public struct NavigationView<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View { NavigationStack { content } }
}

/// A pushed view: its content, or the value a destination is looked up for.
struct PushedView {
    var view: AnyView?
    var value: AnyHashable?
}

/// Pushes onto the enclosing stack (nil outside one).
private enum NavigationPushKey: EnvironmentKey { static var defaultValue: ((PushedView) -> Void)? { nil } }
extension EnvironmentValues {
    var navigationPush: ((PushedView) -> Void)? {
        get { self[NavigationPushKey.self] }
        set { self[NavigationPushKey.self] = newValue }
    }
}

/// How a view's title shows in the bar, as SwiftUI's `NavigationBarItem.TitleDisplayMode`.
public enum NavigationBarItem {
    public enum TitleDisplayMode: Hashable, Sendable { case automatic, inline, large }
}

struct NavigationTitleKey: PreferenceKey {
    static var defaultValue: String? { nil }
    static func reduce(value: inout String?, nextValue: () -> String?) { value = value ?? nextValue() }
}
struct TitleDisplayModeKey: PreferenceKey {
    static var defaultValue: NavigationBarItem.TitleDisplayMode? { nil }
    static func reduce(value: inout NavigationBarItem.TitleDisplayMode?, nextValue: () -> NavigationBarItem.TitleDisplayMode?) { value = value ?? nextValue() }
}
struct BarHiddenKey: PreferenceKey {
    static var defaultValue: Bool { false }
    static func reduce(value: inout Bool, nextValue: () -> Bool) { value = value || nextValue() }
}
struct ToolbarKey: PreferenceKey {
    static var defaultValue: [ToolbarEntry] { [] }
    static func reduce(value: inout [ToolbarEntry], nextValue: () -> [ToolbarEntry]) { value += nextValue() }
}
/// Bar backgrounds set with `toolbarBackground(_:for:)`, by bar name.
struct BarBackgroundKey: PreferenceKey {
    static var defaultValue: [String: AnyShapeStyle] { [:] }
    static func reduce(value: inout [String: AnyShapeStyle], nextValue: () -> [String: AnyShapeStyle]) {
        value.merge(nextValue()) { a, _ in a }
    }
}
struct DestinationsKey: PreferenceKey {
    static var defaultValue: [(Any) -> AnyView?] { [] }
    static func reduce(value: inout [(Any) -> AnyView?], nextValue: () -> [(Any) -> AnyView?]) { value += nextValue() }
}

extension View {
    /// The title the enclosing navigation stack shows for this view.
    public func navigationTitle(_ title: some StringProtocol) -> ModifiedContent<Self, _PreferenceModifier> {
        preference(key: NavigationTitleKey.self, value: String(title))
    }
    public func navigationTitle(_ title: Text) -> ModifiedContent<Self, _PreferenceModifier> {
        preference(key: NavigationTitleKey.self, value: title.string)
    }
    /// Large (the root's default) or inline.
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> ModifiedContent<Self, _PreferenceModifier> {
        preference(key: TitleDisplayModeKey.self, value: mode)
    }
    public func navigationBarHidden(_ hidden: Bool) -> ModifiedContent<Self, _PreferenceModifier> {
        preference(key: BarHiddenKey.self, value: hidden)
    }
    /// Accepted for source compatibility: the back button shows when a view is pushed.
    public func navigationBarBackButtonHidden(_ hidden: Bool = true) -> Self { self }
    /// Items for the enclosing navigation bar (or the bottom toolbar).
    public func toolbar(@ToolbarContentBuilder content: () -> [ToolbarEntry]) -> ModifiedContent<Self, _PreferenceModifier> {
        preference(key: ToolbarKey.self, value: content())
    }
    /// Hides the navigation bar (`.toolbar(.hidden, for: .navigationBar)`); other bars are accepted.
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> ModifiedContent<Self, _PreferenceModifier> {
        preference(key: BarHiddenKey.self, value: visibility == .hidden && bars.contains(.navigationBar))
    }
    /// The background of the navigation bar or tab bar showing this view (a colour or material).
    public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> ModifiedContent<Self, _PreferenceModifier> {
        let erased = AnyShapeStyle(style)
        return preference(
            key: BarBackgroundKey.self,
            value: Dictionary(
                bars.map { ($0.name == "automatic" ? "navigationBar" : $0.name, erased) },
                uniquingKeysWith: { a, _ in a }))
    }
    /// Whether the navigation bar or tab bar showing this view shows its background: `.visible`
    /// at every scroll position, `.hidden` never, `.automatic` (the default) only while content
    /// lies beneath it (iOS 15's scroll-edge appearance).
    public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> ModifiedContent<Self, _PreferenceModifier> {
        preference(
            key: BarVisibilityKey.self,
            value: Dictionary(bars.map { ($0.name == "automatic" ? "navigationBar" : $0.name, visibility) }, uniquingKeysWith: { a, _ in a }))
    }
    /// What a value link pushes: `destination(value)` for values of type `D`.
    public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> ModifiedContent<Self, _PreferenceModifier> {
        // Added to what the content declared: a screen may declare several.
        transformPreference(DestinationsKey.self) { $0.append { ($0 as? D).map { AnyView(destination($0)) } } }
    }
}

struct _NavigationStackBody: View, PrimitiveView {
    let root: AnyView
    let pushed: Binding<[PushedView]>
    /// The back swipe's translation (points) while a finger drags the top screen.
    let swipe: Binding<Double?>
    /// The stack's edit mode, unless an ancestor provides one.
    let editMode: Binding<EditMode>
    let motion: NavigationMotion
    typealias Body = Never

    /// A screen the stack shows: its depth, where it stands, the opacity of its bar, and how
    /// much lower its content starts than the top screen's (a screen below during a back swipe
    /// keeps its own bar's height).
    private struct Layer {
        let depth: Int
        var place = NavigationPlace()
        var barOpacity = 1.0
        var inset = 0.0
    }

    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let stack = pushed, swipeState = swipe, motion = motion
        let width = env.safeRect?.screen.width ?? 390
        // Each screen's scroll views under the bar as last laid out: this resolve registers
        // them again.
        let previousScrolls = motion.scrolls
        motion.scrolls = [:]
        var base = context
        if base.environment.editMode == nil { base.environment.editMode = editMode }
        var inner = base
        inner.environment.navigationPush = { entry in
            motion.swipeRelease = nil
            NavigationMotion.animate { stack.wrappedValue.append(entry) }
        }
        func screenContext(_ d: Int) -> ResolveContext {
            var c = d == 0 ? inner.child("root") : inner.child(.init("pushed\(d - 1)"))
            c.environment.navigationBarUnder = NavigationBarUnder(motion: motion, depth: d)
            return c
        }
        // The screens, bottom up, and what pops each: a pushed entry leaves the stack, a
        // presented destination (navigationDestination(isPresented:)) resets its binding.
        var screens: [[Element]] = [], pops: [() -> Void] = []
        // Value links anywhere in the stack find their destination on the screens below them.
        var destinations: [(Any) -> AnyView?] = []
        func view(for entry: PushedView) -> AnyView {
            if let view = entry.view { return view }
            if let value = entry.value { for d in destinations { if let v = d(value.base) { return v } } }
            return AnyView(Text(verbatim: "No destination for \(entry.value.map { "\($0.base)" } ?? "this link")").foregroundStyle(.secondary))
        }
        func add(_ view: AnyView, pop: @escaping () -> Void) {
            let elements = resolveView(view, screenContext(screens.count))
            screens.append(elements)
            pops.append(pop)
            destinations += preferenceValue(DestinationsKey.self, of: elements)
            for presented in preferenceValue(PresentedDestinationKey.self, of: elements) { add(presented.view, pop: presented.dismiss) }
        }
        add(root) {}
        for entry in pushed.wrappedValue { add(view(for: entry)) { _ = stack.wrappedValue.popLast() } }
        let depth = screens.count - 1
        let offsets = (0...depth).map { motion.underScroll($0, in: previousScrolls)?.offset.y ?? 0 }
        let top = screens[depth]
        // Scrolling the top screen reshapes the bar: scrolls resolve again.
        if motion.scrolls[depth]?.isEmpty == false { context.host.pass.scrollObserved = true }
        let titles = screens.map { preferenceValue(NavigationTitleKey.self, of: $0) }
        // Each shown screen's bar, worked out once (the display mode is a walk of its tree).
        var metricsByDepth: [Int: NavigationBarMetrics] = [:]
        func metrics(_ d: Int) -> NavigationBarMetrics {
            if let known = metricsByDepth[d] { return known }
            let requested = preferenceValue(TitleDisplayModeKey.self, of: screens[d])
            let large = requested == .large || (requested == nil || requested == .automatic) && d == 0
            let m = NavigationBarMetrics(large: large, offset: offsets[d])
            metricsByDepth[d] = m
            return m
        }
        let hidden = preferenceValue(BarHiddenKey.self, of: top)
        let margin: CGFloat = width >= 414 ? 20 : 16

        // The screens shown: the top one, and during a back swipe the one below it too.
        var layers = [Layer(depth: depth)]
        if depth > 0, let s = swipeState.wrappedValue {
            let p = min(1, max(0, s / width))
            layers = [
                Layer(
                    depth: depth - 1,
                    place: NavigationPlace(x: -NavigationMotion.parallax * width * (1 - p), dim: NavigationMotion.dimming * (1 - p)),
                    barOpacity: p, inset: metrics(depth - 1).restingHeight - metrics(depth).restingHeight),
                Layer(depth: depth, place: NavigationPlace(x: s), barOpacity: 1 - p),
            ]
        }

        motion.screenInsets = Dictionary(uniqueKeysWithValues: layers.map { ($0.depth, $0.inset) })

        func barContent(_ d: Int) -> some View {
            let m = metrics(d), title = titles[d]
            let items = preferenceValue(ToolbarKey.self, of: screens[d])
            let back: AnyView? =
                d > 0
                ? AnyView(
                    Button(action: { NavigationMotion.animate(pops[d]) }) {
                        HStack(spacing: 3) {
                            Image(systemName: "chevron.backward").font(.system(size: 17, weight: .semibold)).imageScale(.large)
                            Text(verbatim: titles[d - 1] ?? "Back")
                        }
                    }) : nil
            let leading = items.filter { $0.placement.slot == .leading }.map(\.view)
            let trailing = items.filter { $0.placement.slot == .trailing }.map(\.view)
            let principal = items.first { $0.placement.slot == .principal }?.view
            return VStack(spacing: 0) {
                ZStack {
                    HStack(spacing: 16) {
                        if let back { back }
                        ForEach(0..<leading.count, id: \.self) { leading[$0] }
                        Spacer(minLength: 0)
                        ForEach(0..<trailing.count, id: \.self) { trailing[$0] }
                    }
                    .padding(.horizontal, margin)
                    if let principal {
                        principal
                    } else if let title, m.inlineTitleOpacity > 0 {
                        Text(verbatim: title).font(.headline).lineLimit(1).padding(.horizontal, 90).opacity(m.inlineTitleOpacity)
                    }
                }
                .frame(height: NavigationBarMetrics.barHeight)
                if m.large, let title, m.collapse < NavigationBarMetrics.largeTitleHeight {
                    Text(verbatim: title).font(.largeTitle.bold()).lineLimit(1)
                        .frame(maxWidth: .infinity, alignment: .leading)
                        .padding(.horizontal, margin)
                        // iOS sets the title's baseline 16 pt above the row's bottom (iOS 15's
                        // settings form at 1×: "Settings" 7 pt higher than bottom-aligned).
                        .padding(.bottom, 7)
                        .frame(height: NavigationBarMetrics.largeTitleHeight, alignment: .bottom)
                        // Collapsing, the title rides up with the content, clipped by the bar.
                        .frame(height: NavigationBarMetrics.largeTitleHeight - m.collapse, alignment: .bottom)
                        .clipped()
                        // Pulled past the top, the title comes down with the content.
                        .offset(y: m.stretch)
                }
            }
        }
        let topMetrics = metrics(depth)
        // The material's opacity; during a back swipe, the two screens' by the swipe's progress.
        let visibility = layers.map { preferenceValue(BarVisibilityKey.self, of: screens[$0.depth])["navigationBar"] ?? .automatic }
        let materialOpacity = zip(layers, visibility).reduce(0) { $0 + $1.0.barOpacity * $1.1.barOpacity(scrolled: metrics($1.0.depth).backgroundOpacity) }
        // A pushed screen's background reaches up under the bar (its content starts below it).
        let barExtent = hidden ? 0 : topMetrics.restingHeight
        let barStyle = preferenceValue(BarBackgroundKey.self, of: top)["navigationBar"]
        let hairline = 1 / CGFloat(env.displayScale)
        let safe = env.safeRect
        // A push or pop cross-fades the bar's contents (each screen's bar is its own view).
        let bar = ZStack(alignment: .top) {
            ForEach(layers, id: \.depth) { l in barContent(l.depth).opacity(l.barOpacity).transition(.opacity) }
        }
        .frame(height: topMetrics.restingHeight - topMetrics.collapse, alignment: .top)
        .background(alignment: .top) {
            if materialOpacity > 0 {
                // Content under the bar: the standard appearance, material (or the screen's
                // `toolbarBackground` style) and hairline.
                ZStack(alignment: .bottom) {
                    Rectangle().fill(barStyle ?? AnyShapeStyle(MaterialStyle.bar))
                    Rectangle().fill(Color.separator).frame(height: hairline)
                }
                .ignoresSafeArea(edges: .top)
                .opacity(materialOpacity)
            }
        }
        // The screen is laid out below the bar at rest; the collapsing bar leaves its content
        // in place (its scroll view moves it).
        .frame(height: topMetrics.restingHeight, alignment: .top)
        .modifier(_LayoutFrameRecorder { f in motion.recordBar(f, safe: safe) })
        if hidden { motion.barFrame = nil }
        let bottom = preferenceValue(ToolbarKey.self, of: top).filter { $0.placement.slot == .bottom }.map(\.view)
        // The bar is transparent at the scroll edge: a list's background runs up behind it and
        // the status bar.
        let edge = preferenceValue(ScrollEdgeBackgroundKey.self, of: top)
        // Each screen is its own view (by depth): a push inserts the new one and removes the
        // one below, a pop the reverse, and their transitions move them (see the header).
        let previousDepth = motion.depth
        motion.popping = depth < previousDepth
        motion.depth = depth
        motion.width = width
        if let zoom = preferenceValue(NavigationZoomKey.self, of: top) { motion.zoomKeys[depth] = zoom } else { motion.zoomKeys[depth] = nil }
        // The zooming screen is the one on top of the change: pushed now, or popped now.
        let zoomDepth = motion.popping ? previousDepth : depth
        // Weak: the motion lives in the host's state, so a strong capture would keep the host
        // (and itself) alive for ever.
        motion.zoomPlacement = { [weak host = context.host, weak m = motion] in
            guard let host, let m, let key = m.zoomKeys[zoomDepth], let source = host.transitionSourceFrame(key), let screen = m.screenFrames[zoomDepth]
            else { return nil }
            return NavigationPlace.zoom(from: source, screen: screen)
        }
        let popTop = pops[depth]
        let backSwipe = DragGesture(coordinateSpace: .global)
            .onChanged { v in
                guard depth > 0 else { return }
                if swipeState.wrappedValue == nil {
                    // Only a drag that starts at the leading edge and goes sideways is a back swipe.
                    guard let f = motion.screenFrames[depth], v.startLocation.x - f.minX <= NavigationMotion.swipeEdge,
                        abs(v.translation.width) >= abs(v.translation.height)
                    else { return }
                    motion.swipeRelease = nil
                }
                swipeState.wrappedValue = min(max(0, Double(v.translation.width)), width)
            }
            .onEnded { v in
                guard depth > 0, let s = swipeState.wrappedValue else { return }
                motion.swipeRelease = (depth, min(1, max(0, s / width)))
                let pops = Double(v.predictedEndTranslation.width) > width / 2
                NavigationMotion.animate {
                    if pops { popTop() }
                    swipeState.wrappedValue = nil
                }
            }
        let content = ZStack {
            ForEach(layers, id: \.depth) { l in
                _Resolved(screens[l.depth])
                    // Each screen is exactly the stack's size (the stack keeps its frame while
                    // they swap); content wider than the screen overflows it centred, as a
                    // hosting controller's root does, and does not widen the bar.
                    .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity)
                    .padding(.top, l.inset)
                    // A pushed screen hides the one it covers.
                    .background { if l.depth > 0 { Color.systemBackground.ignoresSafeArea().padding(.top, -(barExtent + l.inset)) } }
                    // Where a back swipe holds it.
                    .offset(x: l.place.x).navigationDim(l.place.dim)
                    .modifier(
                        _LayoutFrameRecorder { f in
                            if f.width > 0, f.height > 0 { motion.screenFrames[l.depth] = f }
                        }
                    )
                    .transition(AnyTransition(NavigationScreenTransition(motion: motion, depth: l.depth)))
                    .zIndex(Double(l.depth))
                    .simultaneousGesture(backSwipe)
            }
        }
        let view =
            content
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .safeAreaInset(edge: .top, spacing: 0) {
                if !hidden { bar }
            }
            .safeAreaInset(edge: .bottom, spacing: 0) {
                if !bottom.isEmpty {
                    HStack {
                        ForEach(0..<bottom.count, id: \.self) { i in
                            if i > 0 { Spacer() }; bottom[i]
                        }
                    }
                    .padding(.horizontal, margin).frame(height: 44).frame(maxWidth: .infinity)
                    .background(.bar)
                }
            }
            .background { if let edge { edge.ignoresSafeArea() } }
        return resolveView(view, base.child("stack"))
    }
}
