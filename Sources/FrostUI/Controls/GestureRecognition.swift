import FrostGeometry

// How a gesture value recognises touches (SwiftUI's gesture graph, headless): each event of a
// touch sequence is stepped through the gesture tree — pure, advancing only the per-gesture
// state kept in `_GestureNode`s — and the host's arbitration then delivers the outcome (runs
// `onChanged`, `onEnded`, `updating`) of the gestures it lets through. Splitting the step from
// the delivery is what lets a gesture nearer the touch hold back an outer one's callbacks until
// it fails, as SwiftUI's gesture priority does. See HostTouches.swift for the host's side.

/// One event of a touch sequence as a gesture sees it (host seconds; points).
public struct _GestureInput {
    enum Phase { case began, moved, ended, cancelled }
    let phase: Phase
    /// The fingers down (one for a drag, two for a pinch), in the host's space.
    let global: [Point]
    let time: Double
    /// Which tap of a quick succession this touch sequence is (1, 2, …), as UIKit's `tapCount`.
    let tapCount: Int
    /// Host space to the gesture view's local space (its top-leading corner at the origin).
    let toLocal: AffineTransform2D
    /// The gesture view's size (points).
    let size: Size
    /// The named coordinate spaces in scope and their frames (host points).
    let spaces: [AnyHashable: Rect]

    /// The fingers in `space`.
    func points(in space: CoordinateSpace) -> [Point] {
        switch space {
        case .global, .scrollView: return global
        case .local: return global.map(toLocal.apply)
        case .named(let name):
            guard let frame = spaces[name] else { return global }
            return global.map { Point(x: $0.x - frame.minX, y: $0.y - frame.minY) }
        }
    }

    /// The same event, cancelling (a gesture that lost to another, or a view that went away).
    var cancelling: _GestureInput {
        _GestureInput(phase: .cancelled, global: global, time: time, tapCount: tapCount, toLocal: toLocal, size: size, spaces: spaces)
    }
    /// The same event as the start of a sequence (the second gesture of `sequenced(before:)`).
    var beginning: _GestureInput {
        _GestureInput(phase: .began, global: global, time: time, tapCount: tapCount, toLocal: toLocal, size: size, spaces: spaces)
    }
}

/// What one event did to a gesture.
public enum _GestureStep<Value> {
    /// Not recognised yet (or nothing new).
    case possible
    /// Recognised, with a new value (`onChanged`, `updating`).
    case changed(Value)
    /// Recognised and finished (`onEnded`).
    case ended(Value)
    /// Not this gesture (or cancelled).
    case failed

    func map<T>(_ f: (Value) -> T) -> _GestureStep<T> {
        switch self {
        case .possible: return .possible
        case .changed(let v): return .changed(f(v))
        case .ended(let v): return .ended(f(v))
        case .failed: return .failed
        }
    }
    var isRecognised: Bool {
        switch self {
        case .changed, .ended: return true
        case .possible, .failed: return false
        }
    }
    var isFinal: Bool {
        switch self {
        case .ended, .failed: return true
        case .possible, .changed: return false
        }
    }
    var value: Value? {
        switch self {
        case .changed(let v), .ended(let v): return v
        case .possible, .failed: return nil
        }
    }
}

/// One gesture's state through a touch sequence: where and when it started, the recent samples
/// (for velocity), whether it is recognised or finished, its last outcome (for delivery) and
/// its sub-gestures' nodes.
public final class _GestureNode {
    var started = false
    var recognised = false
    var finished = false
    var startTime = 0.0
    var startPoints: [Point] = []
    /// The last two samples (time, fingers) in the gesture's space.
    var previous: (time: Double, points: [Point])?
    var latest: (time: Double, points: [Point])?
    /// The step's outcome, held until the host delivers (or drops) it.
    var pending: Any?
    /// Whether a `updating` gesture has set its state (it resets when the gesture finishes).
    var updated = false
    /// A multi-tap gesture that failed on too few taps: more taps could still complete it, so
    /// a tap behind it waits (``HostCore/multiTapInterval``) before it counts.
    var wantsMoreTaps = false
    /// Its own outcome waits for more taps to fail (an `exclusively(before:)` whose multi-tap
    /// first gesture wants more).
    var waitsForMoreTaps = false
    /// A sequenced gesture's first value once the first gesture ended; a simultaneous
    /// gesture's latest values of each.
    var firstValue: Any?
    var secondValue: Any?
    private var children: [_GestureNode] = []

    /// Whether this gesture, or one it wraps (`onEnded`, `map`…), wants more taps or waits for them.
    var wantsMoreTapsWithin: Bool { wantsMoreTaps || children.contains { $0.wantsMoreTapsWithin } }
    var waitsForMoreTapsWithin: Bool { waitsForMoreTaps || children.contains { $0.waitsForMoreTapsWithin } }

    func child(_ i: Int) -> _GestureNode {
        while children.count <= i { children.append(_GestureNode()) }
        return children[i]
    }

    /// Records a sample; the first one starts the gesture.
    func sample(_ points: [Point], at time: Double) {
        if !started { started = true; startTime = time; startPoints = points }
        if let latest, latest.time < time { previous = latest }
        latest = (time, points)
    }

    /// The rate of change of `measure` between the last two samples (per second; 0 without two).
    func rate(_ measure: ([Point]) -> Double) -> Double {
        guard let p = previous, let l = latest, l.time > p.time, p.points.count == l.points.count else { return 0 }
        return (measure(l.points) - measure(p.points)) / (l.time - p.time)
    }

    /// Records `step` for delivery and marks the node finished after a final one.
    func record<V>(_ step: _GestureStep<V>) -> _GestureStep<V> {
        pending = step
        if step.isRecognised { recognised = true }
        if step.isFinal { finished = true }
        return step
    }
    func pendingStep<V>(_: V.Type) -> _GestureStep<V> { pending as? _GestureStep<V> ?? .possible }
}

/// How far a tap's finger may move before it is no longer a tap (points; UIKit's allowance).
let tapMovementAllowance = 10.0

/// The distance between two points.
func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

/// The centre of the fingers.
func centroid(_ points: [Point]) -> Point {
    guard !points.isEmpty else { return .zero }
    let n = Double(points.count)
    return Point(x: points.map(\.x).reduce(0, +) / n, y: points.map(\.y).reduce(0, +) / n)
}
