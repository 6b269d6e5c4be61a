import Foundation
import FrostGeometry
import FrostMotion

// Reproduces SwiftUI's gesture vocabulary and what it does: the `Gesture` protocol,
// `TapGesture`, `SpatialTapGesture`, `LongPressGesture`, `DragGesture` (with its `Value`:
// location, translation, velocity, predicted end), `MagnifyGesture` / `MagnificationGesture`,
// `RotateGesture` / `RotationGesture`, `onChanged` / `onEnded` / `updating` / `map`,
// `simultaneously(with:)`, `sequenced(before:)`, `exclusively(before:)` (with SwiftUI's value
// types), and the `.gesture`, `.simultaneousGesture`, `.highPriorityGesture` and
// `onLongPressGesture` modifiers. How completely: a host drives every gesture by point on its
// clock (``ViewHost/drag(from:to:duration:profile:)``, `longPress`, `pinch`, `rotate`, `tap(at:)`),
// recognised as SwiftUI does (a drag starts past `minimumDistance`; a tap fails past 10 pt of
// movement; a long press ends after `minimumDuration` held within `maximumDistance`), and a
// tap gesture is also found by its label (``ViewHost/tap(_:)``). Velocity is the finger's over
// its last two samples; the predicted end is where UIScrollView's normal deceleration (0.998
// per ms) would stop: location + velocity × 0.499 s. A `TapGesture(count: 2)` sees the tap
// count of each touch (as UIKit's `tapCount`); a tap behind it waits for it (HostTouches.swift).
// A custom `Gesture` with a `body` is recognised as its body is (its `Value` is the body's).

/// A gesture, as SwiftUI's `Gesture`: a value that can be attached to a view.
public protocol Gesture<Value> {
    associatedtype Value
    /// What a custom gesture is made of; `Never` for the primitive gestures.
    associatedtype Body: Gesture
    /// A custom gesture's content, as SwiftUI's `Gesture.body`: it is recognised as this is.
    var body: Body { get }
    /// The action to run when a host "taps" the view by label, for the gestures that end in a tap.
    var _tapAction: (() -> Void)? { get }
    /// Advances the gesture through one touch event, keeping its state in `node`; runs no
    /// callback (the host delivers the outcome with `_deliver` once arbitration allows).
    func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value>
    /// Runs the callbacks of the outcome `_step` left in `node` (inner gestures first).
    func _deliver(_ node: _GestureNode)
}

extension Gesture where Body == Never {
    /// A primitive gesture has no body.
    public var body: Never { fatalError("\(Self.self) is a primitive gesture: it has no body") }
}

/// A gesture made of another: everything goes to its body.
extension Gesture where Body.Value == Value {
    public var _tapAction: (() -> Void)? { body._tapAction }
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> { body._step(input, node) }
    public func _deliver(_ node: _GestureNode) { body._deliver(node) }
}

extension Never: Gesture {
    public typealias Value = Never
}

extension Gesture {
    public var _tapAction: (() -> Void)? { nil }
    /// A gesture Frost cannot recognise fails at once.
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> { node.record(.failed) }
    public func _deliver(_ node: _GestureNode) { node.pending = nil }
}

/// The action a gesture ends with (`onEnded`).
public struct _EndedGesture<Base: Gesture>: Gesture {
    public typealias Value = Base.Value
    let base: Base
    let action: (Base.Value) -> Void
    public var _tapAction: (() -> Void)? {
        if base is TapGesture { return { [action] in action(() as! Base.Value) } }
        if base is SpatialTapGesture { return { [action] in action(SpatialTapGesture.Value(location: .zero) as! Base.Value) } }
        return base._tapAction
    }
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> { node.record(base._step(input, node.child(0))) }
    public func _deliver(_ node: _GestureNode) {
        base._deliver(node.child(0))
        if case .ended(let v) = node.pendingStep(Value.self) { action(v) }
        node.pending = nil
    }
}

/// A gesture whose changes run a closure (`onChanged`).
public struct _ChangedGesture<Base: Gesture>: Gesture {
    public typealias Value = Base.Value
    let base: Base
    let action: (Base.Value) -> Void
    public var _tapAction: (() -> Void)? { base._tapAction }
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> { node.record(base._step(input, node.child(0))) }
    public func _deliver(_ node: _GestureNode) {
        base._deliver(node.child(0))
        if case .changed(let v) = node.pendingStep(Value.self) { action(v) }
        node.pending = nil
    }
}

/// A gesture whose values are transformed (`map`).
public struct _MapGesture<Base: Gesture, Value>: Gesture {
    let base: Base
    let body: (Base.Value) -> Value
    public var _tapAction: (() -> Void)? { base._tapAction }
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> {
        node.record(base._step(input, node.child(0)).map(body))
    }
    public func _deliver(_ node: _GestureNode) { base._deliver(node.child(0)); node.pending = nil }
}

/// A gesture updating `@GestureState` while it runs; the state returns to its initial value
/// (in its reset transaction) when the gesture ends, fails or is cancelled.
public struct GestureStateGesture<Base: Gesture, State>: Gesture {
    public typealias Value = Base.Value
    let base: Base
    let state: GestureState<State>
    let body: (Value, inout State, inout Transaction) -> Void
    public var _tapAction: (() -> Void)? { base._tapAction }
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> { node.record(base._step(input, node.child(0))) }
    public func _deliver(_ node: _GestureNode) {
        base._deliver(node.child(0))
        switch node.pendingStep(Value.self) {
        case .changed(let v):
            var s = state.wrappedValue
            var t = Transaction()
            body(v, &s, &t)
            state.set(s, in: t)
            node.updated = true
        case .ended, .failed:
            if node.updated { state.reset() }
            node.updated = false
        case .possible: break
        }
        node.pending = nil
    }
}

/// Two gestures combined: a tap by label runs the first's tap action, else the second's;
/// outcomes are delivered first gesture first.
public protocol _GesturePair: Gesture {
    associatedtype First: Gesture
    associatedtype Second: Gesture
    var first: First { get }
    var second: Second { get }
}

extension _GesturePair {
    public var _tapAction: (() -> Void)? { first._tapAction ?? second._tapAction }
    public func _deliver(_ node: _GestureNode) {
        first._deliver(node.child(0)); second._deliver(node.child(1)); node.pending = nil
    }
}

/// Two gestures recognised together, as SwiftUI's `SimultaneousGesture`.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: _GesturePair {
    /// The two gestures' latest values (nil for one not recognised).
    public struct Value {
        public var first: First.Value?
        public var second: Second.Value?
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> {
        let n0 = node.child(0), n1 = node.child(1)
        let a = n0.finished ? nil : first._step(input, n0)
        let b = n1.finished ? nil : second._step(input, n1)
        if let v = a?.value { node.firstValue = v }
        if let v = b?.value { node.secondValue = v }
        let value = Value(first: node.firstValue as? First.Value, second: node.secondValue as? Second.Value)
        if n0.finished && n1.finished { return node.record(n0.recognised || n1.recognised ? .ended(value) : .failed) }
        return node.record(a?.isRecognised == true || b?.isRecognised == true ? .changed(value) : .possible)
    }
}

/// A gesture recognised after another succeeds, as SwiftUI's `SequenceGesture`.
public struct SequenceGesture<First: Gesture, Second: Gesture>: _GesturePair {
    /// The first gesture's value while it runs; then both (the second's nil until it is recognised).
    public enum Value {
        case first(First.Value)
        case second(First.Value, Second.Value?)
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> {
        let n1 = node.child(1)
        guard let v1 = node.firstValue as? First.Value else {
            switch first._step(input, node.child(0)) {
            case .possible: return node.record(.possible)
            case .failed: return node.record(.failed)
            case .changed(let v): return node.record(.changed(.first(v)))
            case .ended(let v):
                node.firstValue = v
                // The touch is over: the second gesture never starts.
                guard input.phase == .began || input.phase == .moved else { return node.record(.failed) }
                let s = second._step(input.beginning, n1)
                if case .failed = s { return node.record(.failed) }
                return node.record(.changed(.second(v, s.value)))
            }
        }
        switch second._step(input, n1) {
        case .possible: return node.record(.possible)
        case .failed: return node.record(.failed)
        case .changed(let v2): return node.record(.changed(.second(v1, v2)))
        case .ended(let v2): return node.record(.ended(.second(v1, v2)))
        }
    }
}

/// One of two gestures, the first preferred, as SwiftUI's `ExclusiveGesture`: the second is
/// recognised only once the first fails.
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: _GesturePair {
    /// Which gesture was recognised, with its value.
    public enum Value {
        case first(First.Value)
        case second(Second.Value)
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> {
        let n0 = node.child(0), n1 = node.child(1)
        let a = n0.finished ? nil : first._step(input, n0)
        if n0.recognised {
            if !n1.finished { _ = second._step(input.cancelling, n1) }
            return node.record((a ?? .failed).map(Value.first))
        }
        let b = n1.finished ? nil : second._step(input, n1)
        // The second waits while the first may still be recognised.
        guard n0.finished else { return node.record(.possible) }
        if let b {
            // A single tap behind a double tap waits to see whether a second tap comes.
            if b.isRecognised { node.waitsForMoreTaps = n0.wantsMoreTapsWithin || n1.waitsForMoreTapsWithin }
            return node.record(b.map(Value.second))
        }
        return node.record(.failed)
    }
    public func _deliver(_ node: _GestureNode) {
        let n0 = node.child(0), n1 = node.child(1)
        first._deliver(n0)
        // The second's outcome stays pending while the first may still be recognised.
        if n0.finished || n0.recognised { second._deliver(n1) }
        node.pending = nil
    }
}

extension Gesture {
    /// Runs `action` with the final value when the gesture ends.
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> { _EndedGesture(base: self, action: action) }
    /// Runs `action` each time the value changes while the gesture is recognised.
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> where Value: Equatable {
        _ChangedGesture(base: self, action: action)
    }
    /// Updates `state` while the gesture runs; it returns to its initial value when it ends.
    public func updating<State>(
        _ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void
    ) -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self, state: state, body: body)
    }
    /// The gesture's values transformed.
    public func map<T>(_ body: @escaping (Value) -> T) -> _MapGesture<Self, T> { _MapGesture(base: self, body: body) }
    /// This gesture and `other` recognised together.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> { SimultaneousGesture(self, other) }
    /// `other` recognised after this one succeeds.
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> { SequenceGesture(self, other) }
    /// This gesture, or `other` when this one fails.
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> { ExclusiveGesture(self, other) }
}

extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
