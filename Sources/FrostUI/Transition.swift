import FrostGeometry

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

/// A transition written as a view body per phase, as SwiftUI's `Transition` protocol.
public protocol Transition {
    associatedtype Body: View
    typealias Content = PlaceholderContentView<Self>
    @ViewBuilder func body(content: Content, phase: TransitionPhase) -> Body
}

/// The view a transition acts on, inside its `body(content:phase:)`.
public struct PlaceholderContentView<Value>: View, PrimitiveView {
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { context.modifierContent?() ?? [] }
}

/// A type-erased transition, as SwiftUI's `AnyTransition`. Stored on the view now; the animated
/// views issue runs it (REFERENCE.md §3 and §4 give the definitions it follows).
public struct AnyTransition {
    indirect enum Kind {
        case identity, opacity, scale(Double), slide, move(Edge), offset(CGSize), push(Edge), blurReplace
        case combined(Kind, Kind), asymmetric(insertion: Kind, removal: Kind)
        case modifier(active: Any, identity: Any)
        case custom(Any)
    }
    let kind: Kind

    public static var identity: AnyTransition { AnyTransition(kind: .identity) }
    public static var opacity: AnyTransition { AnyTransition(kind: .opacity) }
    public static var scale: AnyTransition { AnyTransition(kind: .scale(0)) }
    public static func scale(scale: CGFloat) -> AnyTransition { AnyTransition(kind: .scale(Double(scale))) }
    public static var slide: AnyTransition { AnyTransition(kind: .slide) }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(kind: .move(edge)) }
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition(kind: .offset(offset)) }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { offset(CGSize(width: x, height: y)) }
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(kind: .push(edge)) }
    public static var blurReplace: AnyTransition { AnyTransition(kind: .blurReplace) }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(kind: .asymmetric(insertion: insertion.kind, removal: removal.kind))
    }
    public static func modifier<E: ViewModifier>(active: E, identity: E) -> AnyTransition {
        AnyTransition(kind: .modifier(active: active, identity: identity))
    }
    public init<T: Transition>(_ transition: T) { kind = .custom(transition) }
    init(kind: Kind) { self.kind = kind }
    public func combined(with other: AnyTransition) -> AnyTransition { AnyTransition(kind: .combined(kind, other.kind)) }
}

public struct _TransitionModifier: PrimitiveViewModifier {
    let transition: AnyTransition
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        content.forEach { $0.transition = transition }
        return content
    }
}

/// `.animation(_:value:)`: stored with the view for the animation layer.
public struct _AnimationModifier<V: Equatable>: PrimitiveViewModifier {
    let animation: Animation?
    let value: V
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] { content }
}

extension View {
    public func transition(_ t: AnyTransition) -> ModifiedContent<Self, _TransitionModifier> { modifier(_TransitionModifier(transition: t)) }
    public func transition<T: Transition>(_ t: T) -> ModifiedContent<Self, _TransitionModifier> { modifier(_TransitionModifier(transition: AnyTransition(t))) }
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> ModifiedContent<Self, _AnimationModifier<V>> {
        modifier(_AnimationModifier(animation: animation, value: value))
    }
}
