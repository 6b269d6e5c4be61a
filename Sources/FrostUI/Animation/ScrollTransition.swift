import FrostGeometry
import FrostMotion
import FrostScene

// Scroll-driven effects, as iOS 17's `scrollTransition` and `visualEffect`: a view's effects
// computed from where it is in its scroll view each frame (the host scrolls it along a scripted
// path: ViewHost.scroll(to:at:)), so blur, opacity or scale follow the scroll position.

/// Effects that change a view's look but never its layout, as SwiftUI's `VisualEffect`: built
/// from ``EmptyVisualEffect`` in `scrollTransition` and `visualEffect` closures.
public protocol VisualEffect: Sendable {
    /// The effects, outermost first.
    var _specs: _VisualEffectSpecs { get }
}

/// The effect list behind a ``VisualEffect`` (Frost's representation).
/// `@unchecked Sendable` (SwiftUI's `VisualEffect` is `Sendable`): the list is immutable, and
/// each spec's builder closure is made by FrostUI's own modifiers from captured numbers and
/// colours only — it reads no shared mutable state — but closures cannot say so in the type.
public struct _VisualEffectSpecs: @unchecked Sendable {
    let specs: [EffectSpec]
}

/// The visual effect that changes nothing: what a `scrollTransition` or `visualEffect` closure
/// starts from.
public struct EmptyVisualEffect: VisualEffect {
    public init() {}
    public var _specs: _VisualEffectSpecs { _VisualEffectSpecs(specs: []) }
}

/// A chain of visual effects (what the modifiers on ``VisualEffect`` return).
public struct _VisualEffectChain: VisualEffect {
    public let _specs: _VisualEffectSpecs
}

extension VisualEffect {
    /// Adds the effect a view modifier of the same name makes, innermost.
    func adding(_ m: ModifiedContent<EmptyView, _EffectModifier>) -> _VisualEffectChain {
        _VisualEffectChain(_specs: _VisualEffectSpecs(specs: _specs.specs + [m.modifier.spec]))
    }
    public func blur(radius: CGFloat, opaque: Bool = false) -> _VisualEffectChain { adding(EmptyView().blur(radius: radius, opaque: opaque)) }
    public func opacity(_ opacity: Double) -> _VisualEffectChain { adding(EmptyView().opacity(opacity)) }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> _VisualEffectChain { adding(EmptyView().offset(x: x, y: y)) }
    public func offset(_ size: CGSize) -> _VisualEffectChain { adding(EmptyView().offset(size)) }
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> _VisualEffectChain { adding(EmptyView().scaleEffect(s, anchor: anchor)) }
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> _VisualEffectChain {
        adding(EmptyView().scaleEffect(x: x, y: y, anchor: anchor))
    }
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> _VisualEffectChain { adding(EmptyView().rotationEffect(angle, anchor: anchor)) }
    public func brightness(_ amount: Double) -> _VisualEffectChain { adding(EmptyView().brightness(amount)) }
    public func saturation(_ amount: Double) -> _VisualEffectChain { adding(EmptyView().saturation(amount)) }
    public func contrast(_ amount: Double) -> _VisualEffectChain { adding(EmptyView().contrast(amount)) }
    public func grayscale(_ amount: Double) -> _VisualEffectChain { adding(EmptyView().grayscale(amount)) }
}

/// Where a view is in its scroll transition, as SwiftUI's `ScrollTransitionPhase`.
public enum ScrollTransitionPhase: Hashable, Sendable {
    /// Outside the visible region at the top (or leading) edge.
    case topLeading
    /// In the visible region.
    case identity
    /// Outside the visible region at the bottom (or trailing) edge.
    case bottomTrailing

    public var isIdentity: Bool { self == .identity }
    /// −1 at ``topLeading``, 0 at ``identity``, 1 at ``bottomTrailing``.
    public var value: Double { self == .topLeading ? -1 : self == .identity ? 0 : 1 }
}

/// How a scroll transition is applied, as SwiftUI's `ScrollTransitionConfiguration`.
public struct ScrollTransitionConfiguration: Sendable {
    /// A point in a view's progression from hidden to visible in its container.
    public struct Threshold: Sendable, Hashable {
        enum Kind: Hashable, Sendable { case visible(Double), centered }
        let kind: Kind
        /// Fully visible (the default).
        public static let visible = Threshold(kind: .visible(1))
        /// Any part visible.
        public static let hidden = Threshold(kind: .visible(0))
        /// Centred in the container.
        public static let centered = Threshold(kind: .centered)
        /// Visible by `amount` (0 hidden … 1 fully visible; clamped).
        public static func visible(_ amount: Double) -> Threshold { Threshold(kind: .visible(min(max(amount.isNaN ? 1 : amount, 0), 1))) }
    }

    enum Mode: Sendable { case identity, interactive(UnitCurve), animated(Animation) }
    let mode: Mode
    var threshold: Threshold = .visible

    /// No change at any position.
    public static let identity = ScrollTransitionConfiguration(mode: .identity)
    /// The effect interpolated with the position: from the edge phase (view just hidden) to
    /// identity (view at the threshold), paced by `timingCurve` (ease-in-out by default).
    public static let interactive = ScrollTransitionConfiguration(mode: .interactive(.easeInOut))
    public static func interactive(timingCurve: UnitCurve = .easeInOut) -> ScrollTransitionConfiguration {
        ScrollTransitionConfiguration(mode: .interactive(timingCurve))
    }
    /// The effect switched when the view crosses the threshold, the switch animated with
    /// `animation` (`.default` when not given) from the instant of the scroll that crossed it;
    /// a crossing back mid-animation retargets it, keeping a spring's velocity.
    public static let animated = ScrollTransitionConfiguration(mode: .animated(.default))
    public static func animated(_ animation: Animation = .default) -> ScrollTransitionConfiguration {
        ScrollTransitionConfiguration(mode: .animated(animation))
    }
    /// The same configuration with another threshold.
    public func threshold(_ threshold: Threshold) -> ScrollTransitionConfiguration {
        var c = self
        c.threshold = threshold
        return c
    }
}

/// Where the element being drawn sits, for effects computed at draw time.
struct ScrollPlacement {
    /// The scroll view's visible region in its content's coordinates.
    var visible: Rect
    /// The scroll view's frame in the host.
    var frame: Rect
    var axis: Axis
    /// The offsets (clamped as drawn) the scroll view was given and when, oldest first; the
    /// offset before the first is zero.
    var history: [(time: Double, offset: Point)] = []
    /// The instant being drawn (seconds).
    var time: Double = 0
}

extension View {
    /// Effects computed from where the view is in its scroll view (iOS 17), interpolated or
    /// switched by `configuration` (the same both ways).
    public func scrollTransition(
        _ configuration: ScrollTransitionConfiguration = .interactive, axis: Axis? = nil,
        transition: @escaping @Sendable (EmptyVisualEffect, ScrollTransitionPhase) -> some VisualEffect
    )
        -> ModifiedContent<Self, _ScrollTransitionModifier>
    {
        scrollTransition(topLeading: configuration, bottomTrailing: configuration, axis: axis, transition: transition)
    }

    /// `scrollTransition` with its own configuration for each edge.
    public func scrollTransition(
        topLeading: ScrollTransitionConfiguration, bottomTrailing: ScrollTransitionConfiguration, axis: Axis? = nil,
        transition: @escaping @Sendable (EmptyVisualEffect, ScrollTransitionPhase) -> some VisualEffect
    )
        -> ModifiedContent<Self, _ScrollTransitionModifier>
    {
        modifier(
            _ScrollTransitionModifier(topLeading: topLeading, bottomTrailing: bottomTrailing, axis: axis) { transition(EmptyVisualEffect(), $0)._specs.specs })
    }

    /// Effects computed from the view's geometry each frame (iOS 17): its size and its frames
    /// in the host, its own space and its scroll view's visible region.
    public func visualEffect(
        _ effect: @escaping @Sendable (EmptyVisualEffect, GeometryProxy) -> some VisualEffect
    ) -> ModifiedContent<Self, _VisualEffectModifier> {
        modifier(_VisualEffectModifier { effect(EmptyVisualEffect(), $0)._specs.specs })
    }
}

public struct _ScrollTransitionModifier: PrimitiveViewModifier {
    let topLeading: ScrollTransitionConfiguration, bottomTrailing: ScrollTransitionConfiguration
    let axis: Axis?
    let transition: @Sendable (ScrollTransitionPhase) -> [EffectSpec]

    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        wrapEach(content) { e in
            let w = passthrough(e, e.identity.appending("scrollTransition"))
            let modifier = self
            w.dynamicEffects = { frame, scroll in modifier.effects(frame: frame, scroll: scroll) }
            return w
        }
    }

    /// The progress (0 just hidden … 1 at the threshold) and edge of a view of `frame` (content
    /// coordinates) in `scroll`'s visible region along `axis`.
    static func progress(_ frame: Rect, _ visible: Rect, axis: Axis, threshold: ScrollTransitionConfiguration.Threshold) -> (Double, ScrollTransitionPhase) {
        let (lo, hi, vlo, vhi) = axis == .vertical ? (frame.minY, frame.maxY, visible.minY, visible.maxY) : (frame.minX, frame.maxX, visible.minX, visible.maxX)
        let length = max(hi - lo, 1e-9), centre = (lo + hi) / 2, vcentre = (vlo + vhi) / 2
        let edge: ScrollTransitionPhase = centre < vcentre ? .topLeading : .bottomTrailing
        switch threshold.kind {
        case .centered:
            let reach = (vhi - vlo) / 2 + length / 2
            return (min(max(1 - abs(centre - vcentre) / max(reach, 1e-9), 0), 1), edge)
        case .visible(let amount):
            let shown = min(max((min(hi, vhi) - max(lo, vlo)) / length, 0), 1)
            if amount <= 0 { return (shown > 0 ? 1 : 0, edge) }
            return (min(shown / amount, 1), edge)
        }
    }

    func effects(frame: Rect, scroll: ScrollPlacement?) -> [DisplayEffect] {
        guard let scroll else { return transition(.identity).map { $0.effect(frame.size) } }
        let axis = self.axis ?? scroll.axis
        let edge = self.edge(frame, scroll, axis)
        let configuration = edge == .topLeading ? topLeading : bottomTrailing
        let t0 = _ScrollTransitionModifier.progress(frame, scroll.visible, axis: axis, threshold: configuration.threshold).0
        let identity = transition(.identity)
        switch configuration.mode {
        case .identity:
            return identity.map { $0.effect(frame.size) }
        case .animated(let animation):
            // Replay the crossings of the threshold the scroll history made, each retargeting
            // the switch (0: the edge phase, 1: identity) at its instant.
            func shown(_ offset: Point) -> Bool {
                let visible = Rect(origin: offset, size: scroll.visible.size)
                return _ScrollTransitionModifier.progress(frame, visible, axis: axis, threshold: configuration.threshold).0 >= 1
            }
            var state = shown(.zero)
            var value = AnimatedValue(state ? 1.0 : 0.0)
            for entry in scroll.history where entry.time <= scroll.time {
                let now = shown(entry.offset)
                if now != state {
                    state = now
                    try? value.set(now ? 1 : 0, animation: animation, at: entry.time)
                }
            }
            let t = value.value(at: scroll.time)
            let away = transition(edge)
            // At rest at either end: that phase exactly (a spring's overshoot mixes past the ends).
            if t == 1 { return identity.map { $0.effect(frame.size) } }
            if t == 0 { return away.map { $0.effect(frame.size) } }
            return _ScrollTransitionModifier.between(away, identity, t, frame.size)
        case .interactive(let curve):
            let t = curve.value(at: t0)
            if t >= 1 { return identity.map { $0.effect(frame.size) } }
            return _ScrollTransitionModifier.between(transition(edge), identity, t, frame.size)
        }
    }

    /// The edge phase's effects `away` moved `t` of the way to `identity`'s when they line up
    /// (same effects in the same order); otherwise the nearer phase's.
    static func between(_ away: [EffectSpec], _ identity: [EffectSpec], _ t: Double, _ size: Size) -> [DisplayEffect] {
        guard away.count == identity.count, zip(away, identity).allSatisfy({ $0.name == $1.name }) else {
            return (t >= 0.5 ? identity : away).map { $0.effect(size) }
        }
        return zip(away, identity).map { a, i in a.make(mix(a.data, i.data, t), size) }
    }

    func edge(_ frame: Rect, _ scroll: ScrollPlacement, _ axis: Axis) -> ScrollTransitionPhase {
        let c = axis == .vertical ? frame.midY : frame.midX, v = axis == .vertical ? scroll.visible.midY : scroll.visible.midX
        return c < v ? .topLeading : .bottomTrailing
    }
}

/// a·(1 − t) + b·t for two values of the same animatable type (`a` when they differ).
func mix(_ a: any VectorArithmetic, _ b: any VectorArithmetic, _ t: Double) -> any VectorArithmetic {
    func open<V: VectorArithmetic>(_ x: V) -> any VectorArithmetic {
        guard let y = b as? V, (x as? ShapedVector)?.shapeCount == (y as? ShapedVector)?.shapeCount else { return x }
        return x.scaled(by: 1 - t) + y.scaled(by: t)
    }
    return open(a)
}

public struct _VisualEffectModifier: PrimitiveViewModifier {
    let effect: @Sendable (GeometryProxy) -> [EffectSpec]
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        wrapEach(content) { e in
            let w = passthrough(e, e.identity.appending("visualEffect"))
            let effect = self.effect, spaces = context.environment.coordinateSpaces
            w.dynamicEffects = { frame, scroll in
                let local = Rect(origin: .zero, size: frame.size)
                let inScroll =
                    scroll.map { Rect(x: frame.minX - $0.visible.minX, y: frame.minY - $0.visible.minY, width: frame.width, height: frame.height) } ?? frame
                let global =
                    scroll.map { Rect(x: $0.frame.minX + inScroll.minX, y: $0.frame.minY + inScroll.minY, width: frame.width, height: frame.height) } ?? frame
                _ = local
                let proxy = GeometryProxy(global: global, scroll: inScroll, spaces: spaces.frames)
                return effect(proxy).map { $0.effect(frame.size) }
            }
            return w
        }
    }
}
