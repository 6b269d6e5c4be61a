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

    var target: Double {
        switch self {
        case .linear(let v, _, _), .cubic(let v, _, _, _), .spring(let v, _, _, _), .move(let v): return v
        }
    }

    var length: Double {
        switch self {
        case .linear(_, let d, _), .cubic(_, let d, _, _): return d
        case .spring(_, let d, let s, let v): return d ?? s.settlingDuration(target: 1, initialVelocity: v ?? 0, epsilon: 0.001)
        case .move: return 0
        }
    }
}

/// A property's keyframes, evaluated at any time, as a SwiftUI `KeyframeTrack`.
public struct KeyframeTrack: Hashable, Sendable {
    public let initialValue: Double
    public let keyframes: [Keyframe]
    /// Start time of each keyframe's segment and of the end.
    let starts: [Double]

    /// - Throws: ``MotionError`` for a non-finite value or a negative or non-finite duration.
    public init(initialValue: Double, _ keyframes: [Keyframe]) throws(MotionError) {
        try MotionError.check("initialValue", initialValue, in: -1e300...1e300)
        var starts = [0.0]
        for k in keyframes {
            try MotionError.check("keyframe value", k.target, in: -1e300...1e300)
            try MotionError.check("keyframe duration", k.length, in: 0...1e6)
            if case .spring(_, _, _, let v?) = k { try MotionError.check("startVelocity", v, in: -1e12...1e12) }
            if case .cubic(_, _, let a, let b) = k {
                for v in [a, b].compactMap({ $0 }) { try MotionError.check("cubic velocity", v, in: -1e12...1e12) }
            }
            starts.append(starts.last! + k.length)
        }
        self.initialValue = initialValue
        self.keyframes = keyframes
        self.starts = starts
    }

    /// Total length in seconds.
    public var duration: Double { starts.last! }

    /// (value, velocity) at the end of each segment, computed once per evaluation; segments are
    /// few, so this stays simple rather than cached.
    func state(at time: Double) -> (value: Double, velocity: Double) {
        var value = initialValue, velocity = 0.0
        let t = max(0, time)
        for (i, k) in keyframes.enumerated() {
            let start = starts[i], length = k.length
            let local = min(t - start, length)
            let ending = t >= start + length
            switch k {
            case .move(let v):
                value = v; velocity = 0
                continue
            case .linear(let v, _, let curve):
                if length == 0 { value = v; velocity = 0; continue }
                let s = curve.sample(at: local / length)
                let now = (value + (v - value) * s.value, (v - value) * s.velocity / length)
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
                let p = h00 * value + h10 * length * m0 + h01 * v + h11 * length * m1
                let dp = (d00 * value + d01 * v) / length + d10 * m0 + d11 * m1
                if !ending { return (p, dp) }
                value = v; velocity = m1
            case .spring(let v, _, let spring, let v0):
                let start = v0 ?? velocity
                let o = spring.offset(target: v - value, initialVelocity: start, time: local)
                let now = (v + o.value, o.velocity)
                if !ending { return now }
                (value, velocity) = now
            }
        }
        return (value, t > duration ? 0 : velocity)
    }

    /// Catmull–Rom velocity at keyframe boundary `b` (0 = the track's start): the slope between
    /// the neighbouring values, one-sided at the ends.
    func cubicVelocity(at b: Int, incoming: Double?) -> Double {
        let values = [initialValue] + keyframes.map(\.target)
        if b == 0 { return incoming ?? 0 }
        let lo = max(0, b - 1), hi = min(values.count - 1, b + 1)
        let dt = starts[hi] - starts[lo]
        return dt > 0 ? (values[hi] - values[lo]) / dt : 0
    }

    /// The value at `time` seconds from the track's start (the last value after its end).
    public func value(at time: Double) -> Double { state(at: time).value }

    /// The velocity at `time`, units per second.
    public func velocity(at time: Double) -> Double { state(at: time).velocity }
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
