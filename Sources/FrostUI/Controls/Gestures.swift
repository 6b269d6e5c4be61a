import Foundation
import FrostGeometry
import FrostMotion

// Reproduces SwiftUI's gesture vocabulary so app code compiles: the `Gesture` protocol, `TapGesture`,
// `SpatialTapGesture`, `LongPressGesture`, `DragGesture` (with its `Value`), `MagnifyGesture` /
// `MagnificationGesture`, `RotateGesture` / `RotationGesture`, `onChanged` / `onEnded` /
// `updating` / `map`, `simultaneously(with:)`, `sequenced(before:)`, `exclusively(before:)`,
// `@GestureState`, and the `.gesture`, `.simultaneousGesture`, `.highPriorityGesture` and
// `onLongPressGesture` modifiers. How completely: a tap gesture's `onEnded` makes the view a tap
// target (as `onTapGesture` does, and a host's `tap` runs it); the continuous gestures (drag,
// long press, magnify, rotate) are accepted and never fire — a host has no pointer to drive them
// yet, so `@GestureState` keeps its initial value and views draw their resting state.

/// A gesture, as SwiftUI's `Gesture`: a value that can be attached to a view.
public protocol Gesture<Value> {
    associatedtype Value
    /// The action to run when a host "taps" the view, for the gestures that end in a tap.
    var _tapAction: (() -> Void)? { get }
}

extension Gesture {
    public var _tapAction: (() -> Void)? { nil }
}

/// The action a gesture ends with, kept for tap gestures.
public struct _EndedGesture<Base: Gesture>: Gesture {
    public typealias Value = Base.Value
    let base: Base
    let action: (Base.Value) -> Void
    public var _tapAction: (() -> Void)? {
        if let tap = base as? TapGesture { _ = tap; return { [action] in action(() as! Base.Value) } }
        if base is SpatialTapGesture { return { [action] in action(SpatialTapGesture.Value(location: .zero) as! Base.Value) } }
        return base._tapAction
    }
}

/// A gesture whose changes run a closure (never, until a host can drive it).
public struct _ChangedGesture<Base: Gesture>: Gesture {
    public typealias Value = Base.Value
    let base: Base
    public var _tapAction: (() -> Void)? { base._tapAction }
}

/// A gesture whose values are transformed.
public struct _MapGesture<Base: Gesture, Value>: Gesture {
    let base: Base
    public var _tapAction: (() -> Void)? { base._tapAction }
}

/// A gesture updating `@GestureState` while it runs.
public struct GestureStateGesture<Base: Gesture, State>: Gesture {
    public typealias Value = Base.Value
    let base: Base
    public var _tapAction: (() -> Void)? { base._tapAction }
}

/// Two gestures combined (simultaneous, sequenced or exclusive).
public struct _CombinedGesture<First: Gesture, Second: Gesture, Value>: Gesture {
    let first: First
    let second: Second
    public var _tapAction: (() -> Void)? { first._tapAction ?? second._tapAction }
}

public typealias SimultaneousGesture<First: Gesture, Second: Gesture> = _CombinedGesture<First, Second, (First.Value?, Second.Value?)>
public typealias ExclusiveGesture<First: Gesture, Second: Gesture> = _CombinedGesture<First, Second, Either<First.Value, Second.Value>>
public typealias SequenceGesture<First: Gesture, Second: Gesture> = _CombinedGesture<First, Second, Either<First.Value, (First.Value, Second.Value?)>>

/// One of two values, as the combined gestures report them.
public enum Either<First, Second> {
    case first(First)
    case second(Second)
}

extension Gesture {
    /// Runs `action` with the final value when the gesture ends.
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> { _EndedGesture(base: self, action: action) }
    /// Runs `action` as the value changes.
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> where Value: Equatable { _ChangedGesture(base: self) }
    /// Updates `state` while the gesture runs; it returns to its initial value when it ends.
    public func updating<State>(
        _ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void
    ) -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self)
    }
    /// The gesture's values transformed.
    public func map<T>(_ body: @escaping (Value) -> T) -> _MapGesture<Self, T> { _MapGesture(base: self) }
    /// This gesture and `other` recognised together.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> { _CombinedGesture(first: self, second: other) }
    /// `other` recognised after this one succeeds.
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> { _CombinedGesture(first: self, second: other) }
    /// This gesture, or `other` when this one fails.
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> { _CombinedGesture(first: self, second: other) }
}

/// A tap (or `count` taps), as SwiftUI's `TapGesture`.
public struct TapGesture: Gesture {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = count }
}

/// A tap that reports where it landed, as SwiftUI's `SpatialTapGesture`.
public struct SpatialTapGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var location: CGPoint
    }
    public var count: Int
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) { self.count = count }
}

/// A press held for `minimumDuration` seconds, as SwiftUI's `LongPressGesture`.
public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public var maximumDistance: CGFloat
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration; self.maximumDistance = maximumDistance
    }
}

/// A drag, as SwiftUI's `DragGesture`.
public struct DragGesture: Gesture {
    /// Where a drag is, as SwiftUI reports it (points).
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize { CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y) }
        public var velocity: CGSize
        public var predictedEndLocation: CGPoint
        public var predictedEndTranslation: CGSize {
            CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
        }
    }
    public var minimumDistance: CGFloat
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) { self.minimumDistance = minimumDistance }
}

/// A pinch, as SwiftUI's `MagnifyGesture` (iOS 17).
public struct MagnifyGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var magnification: CGFloat
        public var velocity: CGFloat
        public var startAnchor: UnitPoint
        public var startLocation: CGPoint
    }
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
}

/// A pinch, as SwiftUI's `MagnificationGesture` (its value is the scale).
public struct MagnificationGesture: Gesture {
    public typealias Value = CGFloat
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
}

/// A two-finger rotation, as SwiftUI's `RotateGesture` (iOS 17).
public struct RotateGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var rotation: Angle
        public var velocity: Angle
        public var startAnchor: UnitPoint
        public var startLocation: CGPoint
    }
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
}

/// A two-finger rotation, as SwiftUI's `RotationGesture` (its value is the angle).
public struct RotationGesture: Gesture {
    public typealias Value = Angle
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
}

/// State that a gesture sets while it runs and that returns to its initial value when the
/// gesture ends, as SwiftUI's `@GestureState`. No gesture runs in a host yet, so it reads as
/// its initial value.
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
    let initial: Value
    public init(wrappedValue: Value) { initial = wrappedValue }
    public init(initialValue: Value) { initial = initialValue }
    public init(wrappedValue: Value, resetTransaction: Transaction) { initial = wrappedValue }
    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) { initial = wrappedValue }
    public var wrappedValue: Value { initial }
    public var projectedValue: GestureState<Value> { self }
}

extension GestureState where Value: ExpressibleByNilLiteral {
    public init() { initial = nil }
}

/// Which gestures a modifier's gesture may win over, as SwiftUI's `GestureMask`.
public struct GestureMask: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let none = GestureMask([])
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all: GestureMask = [.gesture, .subviews]
}

public struct _GestureModifier: PrimitiveViewModifier {
    let tap: (() -> Void)?
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        guard let tap else { return content }
        return _TapGestureModifier(action: tap).wrap(content, context)
    }
}

extension View {
    /// Attaches `gesture` (a tap gesture's `onEnded` becomes the view's tap action).
    public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> ModifiedContent<Self, _GestureModifier> {
        modifier(_GestureModifier(tap: mask.contains(.gesture) ? gesture._tapAction : nil))
    }
    /// Attaches `gesture` alongside the view's others.
    public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> ModifiedContent<Self, _GestureModifier> {
        self.gesture(gesture, including: mask)
    }
    /// Attaches `gesture` ahead of the view's others.
    public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> ModifiedContent<Self, _GestureModifier> {
        self.gesture(gesture, including: mask)
    }
    /// Runs `action` after a press held `minimumDuration` seconds (never, in a host: it has no pointer).
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping () -> Void,
        onPressingChanged: ((Bool) -> Void)? = nil
    ) -> ModifiedContent<Self, _GestureModifier> {
        gesture(LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance))
    }
    /// As `onLongPressGesture(minimumDuration:maximumDistance:perform:onPressingChanged:)`, pressing first.
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, pressing: ((Bool) -> Void)?, perform action: @escaping () -> Void
    ) -> ModifiedContent<Self, _GestureModifier> {
        gesture(LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance))
    }
    /// Runs `action` with the tap's location (a host's `tap` reports the origin).
    public func onTapGesture(
        count: Int = 1, coordinateSpace: CoordinateSpace = .local, perform action: @escaping (CGPoint) -> Void
    ) -> ModifiedContent<
        Self, _TapGestureModifier
    > {
        modifier(_TapGestureModifier(action: { action(.zero) }))
    }
}
