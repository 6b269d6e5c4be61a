/// One step of a keyframe track, as SwiftUI's `LinearKeyframe`, `CubicKeyframe`,
/// `SpringKeyframe` and `MoveKeyframe`. Durations are seconds.
public enum Keyframe: Hashable, Sendable {
    /// Straight to `value` over `duration`, shaped by `curve`.
    case linear(Double, duration: Double, curve: UnitCurve = .linear)
    /// A smooth cubic (Hermite) segment to `value`. Missing velocities (units per second) come
    /// from the neighbouring keyframes (Catmull–Rom), so a run of cubic keyframes is one
    /// smooth curve.
    case cubic(Double, duration: Double, startVelocity: Double? = nil, endVelocity: Double? = nil)
    /// A spring from wherever the previous segment left the value (and its velocity) toward
    /// `value`; the next segment starts after `duration` (default: the spring's settling time).
    case spring(Double, duration: Double? = nil, spring: Spring = .smooth, startVelocity: Double? = nil)
    /// Jump to `value` (no time passes).
    case move(Double)
}

/// A property's keyframes, evaluated at any time, as a SwiftUI `KeyframeTrack` on a `Double`.
/// The maths is ``KeyframeCurve``'s, which does the same for any vector value.
public struct KeyframeTrack: Hashable, Sendable {
    public let initialValue: Double
    public let keyframes: [Keyframe]
    let curve: KeyframeCurve<Double>

    /// - Throws: ``MotionError`` for a non-finite value or a negative or non-finite duration.
    public init(initialValue: Double, _ keyframes: [Keyframe]) throws(MotionError) {
        self.initialValue = initialValue
        self.keyframes = keyframes
        curve = try KeyframeCurve(initialValue: initialValue, keyframes.map(\.segment))
    }

    /// Total length in seconds.
    public var duration: Double { curve.duration }

    /// The value at `time` seconds from the track's start (the last value after its end).
    public func value(at time: Double) -> Double { curve.state(at: time).value }

    /// The velocity at `time`, units per second.
    public func velocity(at time: Double) -> Double { curve.state(at: time).velocity }
}

extension Keyframe {
    var segment: KeyframeSegment<Double> {
        switch self {
        case let .linear(v, d, c): return .linear(v, duration: d, curve: c)
        case let .cubic(v, d, a, b): return .cubic(v, duration: d, startVelocity: a, endVelocity: b)
        case let .spring(v, d, s, v0): return .spring(v, duration: d, spring: s, startVelocity: v0)
        case let .move(v): return .move(v)
        }
    }
}

/// One step of a ``KeyframeCurve``: a ``Keyframe`` over any vector value (a point, a size, a
/// colour, a pair), so a SwiftUI track on a `CGPoint` moves along one curve rather than one per
/// component.
public enum KeyframeSegment<V: VectorArithmetic>: Hashable, Sendable {
    /// Straight to the value over `duration` seconds, shaped by `curve`.
    case linear(V, duration: Double, curve: UnitCurve = .linear)
    /// A cubic Hermite segment; missing velocities (units per second) are Catmull–Rom slopes.
    case cubic(V, duration: Double, startVelocity: V? = nil, endVelocity: V? = nil)
    /// A spring from the previous segment's value and velocity; `duration` defaults to the
    /// spring's settling time (target 1, ε = 0.001, as SwiftUI's `SpringKeyframe`).
    case spring(V, duration: Double? = nil, spring: Spring = .smooth, startVelocity: V? = nil)
    /// Jump to the value (no time passes).
    case move(V)

    var target: V {
        switch self {
        case .linear(let v, _, _), .cubic(let v, _, _, _), .spring(let v, _, _, _), .move(let v): return v
        }
    }

    var length: Double {
        switch self {
        case .linear(_, let d, _), .cubic(_, let d, _, _): return d
        case .spring(_, let d, let s, let v):
            // A scalar start velocity shapes the settling time as it did for Double tracks;
            // a vector's direction has no single sign, so its magnitude stands in.
            let speed = (v as? Double) ?? (v?.magnitudeSquared ?? 0).squareRoot()
            return d ?? s.settlingDuration(target: 1, initialVelocity: speed, epsilon: 0.001)
        case .move: return 0
        }
    }
}

/// Keyframes of one value of any vector type, evaluated at any time: SwiftUI's keyframe
/// interpolation (linear with a unit curve, cubic Hermite with Catmull–Rom tangents, springs
/// carrying the incoming velocity, moves).
public struct KeyframeCurve<V: VectorArithmetic>: Hashable, Sendable {
    public let initialValue: V
    public let segments: [KeyframeSegment<V>]
    /// Start time of each segment and of the end.
    let starts: [Double]

    /// - Throws: ``MotionError`` for a non-finite value or velocity, or a duration outside
    ///   0…10⁶ s.
    public init(initialValue: V, _ segments: [KeyframeSegment<V>]) throws(MotionError) {
        guard initialValue.isFinite else { throw .invalidParameter("a keyframe track's initial value must be finite") }
        var starts = [0.0]
        for k in segments {
            guard k.target.isFinite else { throw .invalidParameter("keyframe value must be a finite number") }
            try MotionError.check("keyframe duration", k.length, in: 0...1e6)
            switch k {
            case .spring(_, _, _, let v?) where !v.isFinite, .cubic(_, _, let v?, _) where !v.isFinite,
                .cubic(_, _, _, let v?) where !v.isFinite:
                throw .invalidParameter("keyframe velocity must be finite")
            default: break
            }
            starts.append(starts.last! + k.length)
        }
        self.initialValue = initialValue
        self.segments = segments
        self.starts = starts
    }

    /// Total length in seconds.
    public var duration: Double { starts.last! }

    /// (value, velocity) at `time` seconds from the start; the last value, at rest, after the
    /// end. Segments are few, so each call walks them rather than caching.
    public func state(at time: Double) -> (value: V, velocity: V) {
        var value = initialValue, velocity = V.zero
        let t = max(0, time)
        for (i, k) in segments.enumerated() {
            let start = starts[i], length = k.length
            let local = min(t - start, length)
            let ending = t >= start + length
            switch k {
            case .move(let v):
                value = v; velocity = .zero
                continue
            case .linear(let v, _, let curve):
                if length == 0 { value = v; velocity = .zero; continue }
                let s = curve.sample(at: local / length)
                let move = v - value
                let now = (value + move.scaled(by: s.value), move.scaled(by: s.velocity / length))
                if !ending { return now }
                value = v; velocity = now.1
            case .cubic(let v, _, let v0, let v1):
                let m0 = v0 ?? cubicVelocity(at: i, incoming: velocity)
                let m1 = v1 ?? cubicVelocity(at: i + 1, incoming: nil)
                if length == 0 { value = v; velocity = m1; continue }
                let u = local / length
                // Cubic Hermite with tangents scaled to the segment's length.
                let h00 = 2 * u * u * u - 3 * u * u + 1, h10 = u * u * u - 2 * u * u + u
                let h01 = -2 * u * u * u + 3 * u * u, h11 = u * u * u - u * u
                let d00 = 6 * u * u - 6 * u, d10 = 3 * u * u - 4 * u + 1, d01 = -6 * u * u + 6 * u, d11 = 3 * u * u - 2 * u
                let p = value.scaled(by: h00) + m0.scaled(by: h10 * length) + v.scaled(by: h01) + m1.scaled(by: h11 * length)
                let dp = value.scaled(by: d00 / length) + v.scaled(by: d01 / length) + m0.scaled(by: d10) + m1.scaled(by: d11)
                if !ending { return (p, dp) }
                value = v; velocity = m1
            case .spring(let v, _, let spring, let v0):
                // The spring's offset from its target is linear in the start displacement and
                // velocity: y = d·A(t) + v₀·B(t), with A and B the scalar unit responses.
                let start = v0 ?? velocity
                let a = spring.offset(target: 1, initialVelocity: 0, time: local)
                let b = spring.offset(target: 0, initialVelocity: 1, time: local)
                let d = v - value
                let now = (v + d.scaled(by: a.value) + start.scaled(by: b.value), d.scaled(by: a.velocity) + start.scaled(by: b.velocity))
                if !ending { return now }
                (value, velocity) = now
            }
        }
        return (value, t > duration ? .zero : velocity)
    }

    /// Catmull–Rom velocity at keyframe boundary `b` (0 = the track's start): the slope between
    /// the neighbouring values, one-sided at the ends.
    func cubicVelocity(at b: Int, incoming: V?) -> V {
        if b == 0 { return incoming ?? .zero }
        let values = [initialValue] + segments.map(\.target)
        let lo = max(0, b - 1), hi = min(values.count - 1, b + 1)
        let dt = starts[hi] - starts[lo]
        return dt > 0 ? (values[hi] - values[lo]).scaled(by: 1 / dt) : .zero
    }
}

/// Several tracks played together, as SwiftUI's `KeyframeAnimator` content: each property
/// follows its own track from the same start.
public struct KeyframeTimeline: Hashable, Sendable {
    public let tracks: [Animator.Key: KeyframeTrack]
    public init(_ tracks: [Animator.Key: KeyframeTrack]) { self.tracks = tracks }

    /// The longest track's duration.
    public var duration: Double { tracks.values.map(\.duration).max() ?? 0 }

    /// Every property's value at `time`; with `repeating`, time wraps at ``duration``.
    public func values(at time: Double, repeating: Bool = false) -> [Animator.Key: Double] {
        let d = duration
        let t = repeating && d > 0 ? time.truncatingRemainder(dividingBy: d) : time
        return tracks.mapValues { $0.value(at: t) }
    }
}
