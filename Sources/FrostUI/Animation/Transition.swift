import FrostGeometry
import FrostMotion
import FrostScene
import FrostLayout

// Reproduces SwiftUI's transitions (iOS 17/18): `AnyTransition` with every built-in, the
// `Transition` protocol with `TransitionPhase`, combinators, and Reduce Motion's substitution.
// A transition is applied as the effects it puts around the view in a phase; the host animates
// those effects' numbers from one phase to the next (REFERENCE.md §3 and §4 give the values).

/// Where a view is in its insertion or removal, as SwiftUI's `TransitionPhase`.
public enum TransitionPhase: Hashable, Sendable {
    case willAppear, identity, didDisappear
    public var isIdentity: Bool { self == .identity }
    /// −1 before appearing, 0 in place, +1 after disappearing.
    public var value: Double {
        switch self {
        case .willAppear: return -1
        case .identity: return 0
        case .didDisappear: return 1
        }
    }
}

/// What a transition does, as SwiftUI's `TransitionProperties`.
public struct TransitionProperties: Hashable, Sendable {
    /// Whether the transition moves the view (Reduce Motion then replaces it with `.opacity`).
    public var hasMotion: Bool
    public init(hasMotion: Bool = true) { self.hasMotion = hasMotion }
}

/// A transition written as a view body per phase, as SwiftUI's `Transition` protocol.
public protocol Transition {
    associatedtype Body: View
    typealias Content = PlaceholderContentView<Self>
    @ViewBuilder func body(content: Content, phase: TransitionPhase) -> Body
    /// Whether it moves the view (default: true).
    static var properties: TransitionProperties { get }
}

extension Transition {
    public static var properties: TransitionProperties { TransitionProperties() }
    /// This transition and `other` applied together, in the same phase.
    public func combined<T: Transition>(with other: T) -> AnyTransition { AnyTransition(self).combined(with: AnyTransition(other)) }
    /// This transition run with `animation` instead of the transaction's.
    public func animation(_ animation: Animation?) -> AnyTransition { AnyTransition(self).animation(animation) }
}

/// The view a transition acts on, inside its `body(content:phase:)`.
public struct PlaceholderContentView<Value>: View, PrimitiveView {
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { context.modifierContent?(context) ?? [] }
}

/// How `.blurReplace` scales, as SwiftUI's `BlurReplaceTransition.Configuration`.
public enum BlurReplaceConfiguration: Hashable, Sendable {
    /// Scale 0.9 on insertion and on removal (REFERENCE.md §4).
    case downUp
    /// Scale 0.9 on insertion, 1.1 on removal.
    case upUp
}

/// A type-erased transition, as SwiftUI's `AnyTransition`.
public struct AnyTransition {
    indirect enum Kind {
        case identity, opacity, scale(Double, anchor: UnitPoint), move(Edge), offset(x: Double, y: Double), blurReplace(BlurReplaceConfiguration)
        case combined(Kind, Kind), asymmetric(insertion: Kind, removal: Kind)
        /// `.modifier(active:identity:)` and `Transition` bodies: the view wrapping the content in a phase.
        case body((TransitionPhase) -> Any, hasMotion: Bool)
        case animation(Kind, Animation?)
    }
    let kind: Kind

    public static var identity: AnyTransition { AnyTransition(kind: .identity) }
    /// Fades: opacity 0 when not in place. SwiftUI's default transition.
    public static var opacity: AnyTransition { AnyTransition(kind: .opacity) }
    /// Scales from (and to) 1e-5 about the centre (REFERENCE.md §4).
    public static var scale: AnyTransition { AnyTransition(kind: .scale(1e-5, anchor: .center)) }
    /// Scales from (and to) `scale` about `anchor`.
    public static func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition(kind: .scale(Double(scale).isFinite ? Double(scale) : 1, anchor: anchor))
    }
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition { self.scale(scale, anchor: anchor) }
    /// Inserts from the leading edge, removes to the trailing edge (by the view's own width).
    public static var slide: AnyTransition { .asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing)) }
    /// Offsets by the view's own width or height toward `edge` when not in place.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(kind: .move(edge)) }
    /// Offsets by `offset` points when not in place.
    public static func offset(_ offset: CGSize) -> AnyTransition { self.offset(x: offset.width, y: offset.height) }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        AnyTransition(kind: .offset(x: Double(x).isFinite ? Double(x) : 0, y: Double(y).isFinite ? Double(y) : 0))
    }
    /// Inserts moving in from `edge` while fading in; removes toward the opposite edge while fading out.
    public static func push(from edge: Edge) -> AnyTransition {
        .asymmetric(insertion: .move(edge: edge).combined(with: .opacity), removal: .move(edge: edge.opposite).combined(with: .opacity))
    }
    /// Opacity 0, blur 7 pt and scale 0.9 when not in place (`.downUp`).
    public static var blurReplace: AnyTransition { blurReplace(.downUp) }
    public static func blurReplace(_ configuration: BlurReplaceConfiguration = .downUp) -> AnyTransition {
        AnyTransition(kind: .blurReplace(configuration))
    }
    /// `insertion` when the view appears, `removal` when it goes.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(kind: .asymmetric(insertion: insertion.kind, removal: removal.kind))
    }
    /// The view modified by `active` when not in place and by `identity` in place; the modifiers'
    /// animatable values interpolate.
    public static func modifier<E: ViewModifier>(active: E, identity: E) -> AnyTransition {
        AnyTransition(kind: .body({ phase in _TransitionContent().modifier(phase.isIdentity ? identity : active) }, hasMotion: true))
    }
    public init<T: Transition>(_ transition: T) {
        kind = .body({ phase in transition.body(content: PlaceholderContentView<T>(), phase: phase) }, hasMotion: T.properties.hasMotion)
    }
    init(kind: Kind) { self.kind = kind }
    /// Both transitions at once, in the same phase (`self`'s effects outside `other`'s).
    public func combined(with other: AnyTransition) -> AnyTransition { AnyTransition(kind: .combined(kind, other.kind)) }
    /// Runs this transition with `animation` instead of the transaction's (nil: no animation).
    public func animation(_ animation: Animation?) -> AnyTransition { AnyTransition(kind: .animation(kind, animation)) }

    /// Whether it moves the view (false only for opacity and identity and their combinations).
    public var properties: TransitionProperties { TransitionProperties(hasMotion: kind.hasMotion) }
}

extension Edge {
    var opposite: Edge {
        switch self {
        case .top: return .bottom
        case .bottom: return .top
        case .leading: return .trailing
        case .trailing: return .leading
        }
    }
}

/// The content a `.modifier(active:identity:)` transition wraps.
struct _TransitionContent: View, PrimitiveView {
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { context.modifierContent?(context) ?? [] }
}

extension AnyTransition.Kind {
    var hasMotion: Bool {
        switch self {
        case .identity, .opacity: return false
        case .scale, .move, .offset, .blurReplace: return true
        case .combined(let a, let b), .asymmetric(let a, let b): return a.hasMotion || b.hasMotion
        case .body(_, let motion): return motion
        case .animation(let k, _): return k.hasMotion
        }
    }

    /// The animation this transition asks for (`.animation(_:)`), if any: `.some(nil)` for none.
    var animationOverride: Animation?? {
        switch self {
        case .animation(_, let a): return .some(a)
        case .combined(let a, let b), .asymmetric(let a, let b): return a.animationOverride ?? b.animationOverride
        default: return nil
        }
    }

    /// The effects around the view in `phase`, outermost first. Every phase gives the same
    /// list of effects (only their numbers differ), so the host can animate between them.
    func effects(_ phase: TransitionPhase, _ context: ResolveContext?) -> [EffectSpec] {
        let on = !phase.isIdentity
        // Right to left, leading is the right edge and x runs leftwards, as in the mirrored
        // space the view is laid out in (the effects themselves act in screen space).
        let rtl = context?.environment.layoutDirection == .rightToLeft
        switch self {
        case .identity: return []
        case .opacity: return [TransitionEffects.opacity(on ? 0 : 1)]
        case let .scale(s, anchor):
            return [TransitionEffects.scale(on ? s : 1, rtl ? UnitPoint(x: 1 - anchor.x, y: anchor.y) : anchor)]
        case let .offset(x, y): return [TransitionEffects.offset(on ? (rtl ? -x : x) : 0, on ? y : 0)]
        case .move(let edge): return [TransitionEffects.move(rtl ? edge.mirroredHorizontally : edge, on ? 1 : 0)]
        case .blurReplace(let configuration):
            // Written as content.opacity(…).blur(…).scaleEffect(…): the scale is outermost.
            let scale = phase == .didDisappear && configuration == .upUp ? 1.1 : 0.9
            return [TransitionEffects.scale(on ? scale : 1, .center), TransitionEffects.blur(on ? 7 : 0), TransitionEffects.opacity(on ? 0 : 1)]
        case let .combined(a, b): return a.effects(phase, context) + b.effects(phase, context)
        case let .asymmetric(insertion, removal):
            // The insertion sees every phase but didDisappear; the removal only didDisappear.
            return insertion.effects(phase == .didDisappear ? .identity : phase, context)
                + removal.effects(phase == .willAppear ? .identity : phase, context)
        case let .body(make, _):
            guard let context else { return [] }
            return TransitionEffects.collect(make(phase), context)
        case let .animation(k, _): return k.effects(phase, context)
        }
    }
}

extension Edge {
    /// Leading for trailing and back; top and bottom unchanged.
    var mirroredHorizontally: Edge {
        switch self {
        case .leading: .trailing
        case .trailing: .leading
        case .top, .bottom: self
        }
    }
}

/// The built-in transitions' effects, and the effects a custom transition's body puts around
/// its content.
enum TransitionEffects {
    static func opacity(_ o: Double) -> EffectSpec {
        EffectSpec("opacity", kind: .opacity, values: [o]) { v, _ in .opacity(min(max(v[0], 0), 1)) }
    }
    static func scale(_ s: Double, _ anchor: UnitPoint) -> EffectSpec {
        EffectSpec("scale", kind: .movement, values: [s]) { v, size in .transform(about(anchor, AffineTransform2D(scaleX: v[0], y: v[0]), size)) }
    }
    static func offset(_ x: Double, _ y: Double) -> EffectSpec {
        EffectSpec("offset", kind: .movement, values: [x, y]) { v, _ in .transform(AffineTransform2D(translationX: v[0], y: v[1])) }
    }
    static func blur(_ r: Double) -> EffectSpec {
        EffectSpec("blur", kind: .blur, values: [r]) { v, _ in .blur(radius: max(0, v[0]), opaque: false) }
    }
    /// Offset toward `edge` by `fraction` of the view's own width or height.
    static func move(_ edge: Edge, _ fraction: Double) -> EffectSpec {
        EffectSpec("move", kind: .movement, values: [fraction]) { v, size in
            let f = v[0]
            switch edge {
            case .leading: return .transform(AffineTransform2D(translationX: -size.width * f, y: 0))
            case .trailing: return .transform(AffineTransform2D(translationX: size.width * f, y: 0))
            case .top: return .transform(AffineTransform2D(translationX: 0, y: -size.height * f))
            case .bottom: return .transform(AffineTransform2D(translationX: 0, y: size.height * f))
            }
        }
    }

    /// Resolves `view` (a transition body or a modifier around `_TransitionContent`) around a
    /// marker and returns the effects on the way from the top down to the marker.
    static func collect(_ view: Any, _ context: ResolveContext) -> [EffectSpec] {
        let marker = Element(context.identity.appending("content"), node: LayoutNode(.flexible))
        var c = context
        c.modifierContent = { _ in [marker] }
        func path(_ e: Element) -> [EffectSpec]? {
            if e === marker { return [] }
            for child in e.children { if let p = path(child) { return e.effects + p } }
            return nil
        }
        for top in resolveView(view, c) { if let p = path(top) { return p } }
        return []
    }
}

public struct _TransitionModifier: PrimitiveViewModifier {
    let transition: AnyTransition
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        content.forEach {
            $0.transition = transition; $0.transitionContext = context
        }
        return content
    }
}

extension View {
    /// How this view comes and goes when inserted or removed in an animated transaction.
    public func transition(_ t: AnyTransition) -> ModifiedContent<Self, _TransitionModifier> { modifier(_TransitionModifier(transition: t)) }
    public func transition<T: Transition>(_ t: T) -> ModifiedContent<Self, _TransitionModifier> { modifier(_TransitionModifier(transition: AnyTransition(t))) }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum TransitionTrait: ElementTraitKey {
    static var defaultValue: AnyTransition? { nil }
    static var passesThroughModifiers: Bool { true }
}

extension Element {
    /// The transition this view inserts and removes with (`transition(_:)`; nil: `.opacity`).
    var transition: AnyTransition? {
        get { traits[TransitionTrait.self] }
        set { traits[TransitionTrait.self] = newValue }
    }
}

enum TransitionContextTrait: ElementTraitKey {
    static var defaultValue: ResolveContext? { nil }
    static var passesThroughModifiers: Bool { true }
}

extension Element {
    /// Where custom transitions (`Transition` bodies, `.modifier`) resolve.
    var transitionContext: ResolveContext? {
        get { traits[TransitionContextTrait.self] }
        set { traits[TransitionContextTrait.self] = newValue }
    }
}
