import Foundation
import FrostMotion

// Reproduces SwiftUI's keyframe vocabulary: `LinearKeyframe`, `CubicKeyframe`, `SpringKeyframe`,
// `MoveKeyframe`, `KeyframeTrack` (on a key path of the value, or on the value itself), the
// `KeyframeTrackContentBuilder` and `KeyframesBuilder` result builders, and `KeyframeTimeline`
// for reading values without a view. Complete for tracks on any `Animatable` value; the
// interpolation is FrostMotion's `KeyframeCurve` on the value's `animatableData`. Custom
// `Keyframes` bodies are not supported (SwiftUI code uses the builders).

/// One keyframe of a track, over the track's value type (SwiftUI's `KeyframeTrackContent`).
public protocol KeyframeTrackContent<Value> {
    associatedtype Value: Animatable
    /// The keyframes this content contributes, in order.
    var _segments: [KeyframeSegment<Value.AnimatableData>] { get }
}

/// Interpolates in a straight line to `to` over `duration` seconds, shaped by `timingCurve`.
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent {
    let to: Value, duration: TimeInterval, curve: UnitCurve
    /// - Parameters:
    ///   - to: the value at the keyframe's end.
    ///   - duration: seconds, ≥ 0.
    ///   - timingCurve: the shape of the move (default linear).
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        self.to = to; self.duration = duration; curve = timingCurve
    }
    public var _segments: [KeyframeSegment<Value.AnimatableData>] { [.linear(to.animatableData, duration: duration, curve: curve)] }
}

/// Interpolates along a cubic curve through the neighbouring keyframes (a run of cubic
/// keyframes is one smooth Catmull–Rom spline).
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent {
    let to: Value, duration: TimeInterval, start: Value?, end: Value?
    /// - Parameters:
    ///   - to: the value at the keyframe's end.
    ///   - duration: seconds, ≥ 0.
    ///   - startVelocity: units per second at the start (nil: from the neighbours).
    ///   - endVelocity: units per second at the end (nil: from the neighbours).
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        self.to = to; self.duration = duration; start = startVelocity; end = endVelocity
    }
    public var _segments: [KeyframeSegment<Value.AnimatableData>] {
        [.cubic(to.animatableData, duration: duration, startVelocity: start?.animatableData, endVelocity: end?.animatableData)]
    }
}

/// Springs toward `to` from wherever the previous keyframe left the value, keeping its velocity.
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent {
    let to: Value, duration: TimeInterval?, spring: Spring, start: Value?
    /// - Parameters:
    ///   - to: the spring's target.
    ///   - duration: seconds before the next keyframe starts (nil: the spring's settling
    ///     duration, target 1 and ε = 0.001, as SwiftUI).
    ///   - spring: the spring (default: SwiftUI's `Spring()`, 0.5 s without bounce).
    ///   - startVelocity: units per second at the start (nil: the incoming velocity).
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        self.to = to; self.duration = duration; self.spring = spring; start = startVelocity
    }
    public var _segments: [KeyframeSegment<Value.AnimatableData>] {
        [.spring(to.animatableData, duration: duration, spring: spring, startVelocity: start?.animatableData)]
    }
}

/// Jumps to `to` without taking time.
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent {
    let to: Value
    public init(_ to: Value) { self.to = to }
    public var _segments: [KeyframeSegment<Value.AnimatableData>] { [.move(to.animatableData)] }
}

/// Keyframes gathered by ``KeyframeTrackContentBuilder``.
public struct _KeyframeList<Value: Animatable>: KeyframeTrackContent {
    public let _segments: [KeyframeSegment<Value.AnimatableData>]
}

/// Builds a track's keyframes, as SwiftUI's `KeyframeTrackContentBuilder` (sequences, `if`,
/// `switch` and `for` loops).
@resultBuilder
public enum KeyframeTrackContentBuilder<Value: Animatable> {
    public static func buildExpression<K: KeyframeTrackContent>(_ k: K) -> _KeyframeList<Value> where K.Value == Value {
        _KeyframeList(_segments: k._segments)
    }
    public static func buildBlock(_ parts: _KeyframeList<Value>...) -> _KeyframeList<Value> { _KeyframeList(_segments: parts.flatMap(\._segments)) }
    public static func buildArray(_ parts: [_KeyframeList<Value>]) -> _KeyframeList<Value> { _KeyframeList(_segments: parts.flatMap(\._segments)) }
    public static func buildOptional(_ part: _KeyframeList<Value>?) -> _KeyframeList<Value> { part ?? _KeyframeList(_segments: []) }
    public static func buildEither(first: _KeyframeList<Value>) -> _KeyframeList<Value> { first }
    public static func buildEither(second: _KeyframeList<Value>) -> _KeyframeList<Value> { second }
    public static func buildLimitedAvailability(_ part: _KeyframeList<Value>) -> _KeyframeList<Value> { part }
}

/// Keyframes for a whole value: one or more tracks, each moving one property from the value
/// the animation starts with (SwiftUI's `Keyframes`).
public protocol Keyframes<Value> {
    associatedtype Value
    /// The tracks, each able to write its property into a value at a time.
    var _tracks: [_KeyframeTrackPlayer<Value>] { get }
}

/// One track bound to its property: given the value the animation started from, it writes the
/// property's value at a time and knows its length.
public struct _KeyframeTrackPlayer<Root> {
    let duration: (Root) -> Double
    let apply: (inout Root, Root, Double) -> Void
}

/// The keyframes of one property of `Root` (or of `Root` itself), as SwiftUI's `KeyframeTrack`.
/// The track starts from the property's value in the animator's initial value.
public struct KeyframeTrack<Root, Value: Animatable, Content: KeyframeTrackContent>: Keyframes where Content.Value == Value {
    let keyPath: WritableKeyPath<Root, Value>
    let content: Content

    /// A track for the property at `keyPath`.
    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) {
        self.keyPath = keyPath; self.content = content()
    }

    public var _tracks: [_KeyframeTrackPlayer<Root>] {
        let keyPath = keyPath, segments = content._segments
        func curve(_ start: Root) -> KeyframeCurve<Value.AnimatableData>? {
            try? KeyframeCurve(initialValue: start[keyPath: keyPath].animatableData, segments)
        }
        return [
            _KeyframeTrackPlayer(
                duration: { curve($0)?.duration ?? 0 },
                apply: { value, start, time in
                    // A non-finite keyframe leaves the property where it started.
                    guard let c = curve(start) else { return }
                    value[keyPath: keyPath].animatableData = c.state(at: time).value
                })
        ]
    }
}

extension KeyframeTrack where Root == Value {
    /// A track for the whole value.
    public init(@KeyframeTrackContentBuilder<Value> content: () -> Content) {
        self.init(\Root.self, content: content)
    }
}

/// Tracks gathered by ``KeyframesBuilder``. Keyframes written straight into the builder (of
/// the whole value) are one track together, in order.
public struct _KeyframeTracks<Value>: Keyframes {
    let tracks: [_KeyframeTrackPlayer<Value>]
    /// Loose keyframes (type-erased segments) and how to make their one track.
    let loose: [Any]
    let makeLoose: (([Any]) -> _KeyframeTrackPlayer<Value>)?

    init(tracks: [_KeyframeTrackPlayer<Value>], loose: [Any] = [], makeLoose: (([Any]) -> _KeyframeTrackPlayer<Value>)? = nil) {
        self.tracks = tracks; self.loose = loose; self.makeLoose = makeLoose
    }

    init(_ parts: [_KeyframeTracks<Value>]) {
        self.init(tracks: parts.flatMap(\.tracks), loose: parts.flatMap(\.loose), makeLoose: parts.lazy.compactMap(\.makeLoose).first)
    }

    public var _tracks: [_KeyframeTrackPlayer<Value>] {
        guard !loose.isEmpty, let makeLoose else { return tracks }
        return tracks + [makeLoose(loose)]
    }
}

/// Builds an animator's keyframes, as SwiftUI's `KeyframesBuilder`: tracks side by side, or
/// keyframes of the whole value directly (one track).
@resultBuilder
public enum KeyframesBuilder<Value> {
    public static func buildExpression<K: Keyframes>(_ k: K) -> _KeyframeTracks<Value> where K.Value == Value { _KeyframeTracks(tracks: k._tracks) }
    public static func buildExpression<K: KeyframeTrackContent>(_ k: K) -> _KeyframeTracks<Value> where K.Value == Value {
        _KeyframeTracks(
            tracks: [], loose: k._segments,
            makeLoose: { segments in
                KeyframeTrack(\Value.self) { _KeyframeList(_segments: segments.compactMap { $0 as? KeyframeSegment<Value.AnimatableData> }) }._tracks[0]
            })
    }
    public static func buildBlock(_ parts: _KeyframeTracks<Value>...) -> _KeyframeTracks<Value> { _KeyframeTracks(parts) }
    public static func buildArray(_ parts: [_KeyframeTracks<Value>]) -> _KeyframeTracks<Value> { _KeyframeTracks(parts) }
    public static func buildOptional(_ part: _KeyframeTracks<Value>?) -> _KeyframeTracks<Value> { part ?? _KeyframeTracks(tracks: []) }
    public static func buildEither(first: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> { first }
    public static func buildEither(second: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> { second }
    public static func buildLimitedAvailability(_ part: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> { part }
}

/// A value's keyframes played from an initial value, read at any time without a view, as
/// SwiftUI's `KeyframeTimeline`.
public struct KeyframeTimeline<Value> {
    let initialValue: Value
    let tracks: [_KeyframeTrackPlayer<Value>]

    /// - Parameters:
    ///   - initialValue: the value every track starts from.
    ///   - content: the tracks.
    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> some Keyframes<Value>) {
        self.initialValue = initialValue
        tracks = content()._tracks
    }

    /// Seconds until the longest track ends.
    public var duration: TimeInterval { tracks.map { $0.duration(initialValue) }.max() ?? 0 }

    /// The value `time` seconds after the start (clamped to 0…``duration``).
    public func value(time: TimeInterval) -> Value {
        var v = initialValue
        for t in tracks { t.apply(&v, initialValue, time) }
        return v
    }

    /// The value at `progress` (0…1) of ``duration``.
    public func value(progress: Double) -> Value { value(time: duration * min(1, max(0, progress))) }
}

// SwiftUI's animatable value types, so tracks can move them.
extension Double: Animatable {
    public var animatableData: Double {
        get { self }
        set { self = newValue }
    }
}
extension CGFloat: Animatable {
    public var animatableData: CGFloat {
        get { self }
        set { self = newValue }
    }
}
extension Angle: Animatable {
    /// Radians, as SwiftUI's.
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}
extension CGPoint: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { x = newValue.first; y = newValue.second }
    }
}
extension CGSize: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { width = newValue.first; height = newValue.second }
    }
}
extension CGRect: Animatable {
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { origin.animatableData = newValue.first; size.animatableData = newValue.second }
    }
}
