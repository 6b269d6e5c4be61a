/// How a value moves to a new target over time, as SwiftUI's `Animation`: a timing curve or a
/// spring, optionally delayed, sped up or repeated. An `Animation` is a plain value; evaluate it
/// with ``value(at:)`` (progress of a unit move, 0 → 1) and ``velocity(at:)``.
///
/// Times are in seconds from the moment the animation starts (before its delay).
public struct Animation: Hashable, Sendable {
    @usableFromInline
    enum Base: Hashable, Sendable {
        /// A unit curve stretched over `duration` seconds.
        case curve(UnitCurve, duration: Double)
        /// A spring that merges with the one it interrupts (SwiftUI's `.spring` family).
        case spring(Spring, blendDuration: Double)
        /// A spring that runs independently and adds to the one it interrupts, with an initial
        /// velocity in progress units per second (SwiftUI's `.interpolatingSpring`).
        case interpolatingSpring(Spring, initialVelocity: Double)
    }

    struct Repeat: Hashable, Sendable {
        /// Iterations; nil repeats forever.
        var count: Int?
        var autoreverses: Bool
    }

    @usableFromInline let base: Base
    /// Seconds before the animation starts moving (≥ 0).
    public private(set) var delay: Double = 0
    /// Playback rate (> 0): 2 plays twice as fast.
    public private(set) var speed: Double = 1
    var repetition: Repeat?

    init(_ base: Base) { self.base = base }

    // MARK: Modifiers

    /// Starts the animation `delay` seconds later (≥ 0, added to any existing delay).
    /// Edge cases: NaN adds nothing; a negative delay is 0; +∞ clamps to 1e9 s.
    public func delay(_ delay: Double) -> Animation { self.delay(delay, check: Lenient()) }

    func delay<C: ParameterCheck>(_ delay: Double, check: C) throws(C.Failure) -> Animation {
        var a = self
        a.delay += try check.value("delay", delay, in: 0...1e9, default: 0)
        return a
    }

    /// Plays the animation at `speed` times its rate (> 0; multiplies any existing speed).
    /// A delay added before `speed` is scaled with it, as in SwiftUI.
    /// Edge cases: NaN leaves the speed alone; ≤ 0 becomes 1e-6 (all but frozen); +∞ is 1e9.
    public func speed(_ speed: Double) -> Animation { self.speed(speed, check: Lenient()) }

    func speed<C: ParameterCheck>(_ speed: Double, check: C) throws(C.Failure) -> Animation {
        let s = try check.value("speed", speed, in: 0...1e9, open: true, default: 1)
        var a = self
        a.speed *= s
        a.delay /= s
        return a
    }

    /// Plays the animation `count` times (≥ 1); with `autoreverses` every other iteration runs
    /// backwards. When it ends the value is the target, so an even count with `autoreverses`
    /// ends with a jump from the start back to the target, exactly as in SwiftUI.
    /// Edge cases: a count below 1 plays once.
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
        repeatCount(count, autoreverses: autoreverses, check: Lenient())
    }

    func repeatCount<C: ParameterCheck>(_ count: Int, autoreverses: Bool, check: C) throws(C.Failure) -> Animation {
        var a = self
        a.repetition = Repeat(count: try check.count("repeatCount", count, atLeast: 1), autoreverses: autoreverses)
        return a
    }

    /// Repeats the animation forever.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var a = self
        a.repetition = Repeat(count: nil, autoreverses: autoreverses)
        return a
    }

    // MARK: Evaluation (a unit move: progress from 0 to 1)

    /// Length of one iteration in the animation's own time: a curve's duration, a spring's
    /// settling duration.
    var iterationLength: Double {
        switch base {
        case .curve(_, let duration): return duration
        case .spring(let s, _): return s.settlingDuration
        case .interpolatingSpring(let s, let v0): return s.settlingDuration(target: 1, initialVelocity: v0, epsilon: 0.001)
        }
    }

    /// When the motion reads as finished: a curve's end; a spring's perceptual ``Spring/duration``
    /// (its long tail still runs), as SwiftUI's `.logicallyComplete`.
    var logicalLength: Double {
        switch base {
        case .curve(_, let duration): return duration
        case .spring(let s, _), .interpolatingSpring(let s, _): return s.duration
        }
    }

    /// Progress and its rate (per second of animation time) of one forward iteration at `t`.
    func baseState(_ t: Double) -> (value: Double, velocity: Double) {
        switch base {
        case .curve(let curve, let duration):
            if t >= duration { return (1, 0) }
            let s = curve.sample(at: t / duration)
            return (s.value, s.velocity / duration)
        case .spring(let s, _):
            return (s.value(target: 1, time: t), s.velocity(target: 1, time: t))
        case .interpolatingSpring(let s, let v0):
            return (s.value(target: 1, initialVelocity: v0, time: t), s.velocity(target: 1, initialVelocity: v0, time: t))
        }
    }

    /// Animation time (after delay and speed) at wall time `time`.
    func localTime(_ time: Double) -> Double { (time - delay) * speed }

    /// Progress and velocity at `time`: the heart of ``value(at:)`` and ``velocity(at:)``.
    @usableFromInline
    func state(at time: Double) -> (value: Double, velocity: Double) {
        let t = localTime(time)
        guard t > 0 else { return (0, 0) }  // not started: still at the start, at rest
        guard let r = repetition else {
            let s = baseState(t)
            return (s.value, s.velocity * speed)
        }
        let length = iterationLength
        guard length.isFinite, length > 0 else { return (1, 0) }
        let k = (t / length).rounded(.down)
        if let count = r.count, k >= Double(count) { return (1, 0) }
        let local = t - k * length
        if r.autoreverses && Int(k.truncatingRemainder(dividingBy: 2)) == 1 {
            let s = baseState(length - local)
            return (s.value, -s.velocity * speed)
        }
        let s = baseState(local)
        return (s.value, s.velocity * speed)
    }

    /// ``value(at:)`` and ``velocity(at:)`` in one evaluation.
    public func sample(at time: Double) -> (value: Double, velocity: Double) { state(at: time) }

    /// Progress of a unit move at `time` seconds: 0 before the delay, 1 at the end (springs
    /// overshoot past 1 on their way).
    public func value(at time: Double) -> Double { state(at: time).value }

    /// Rate of progress at `time`, per second.
    public func velocity(at time: Double) -> Double { state(at: time).velocity }

    /// The value `from` → `to` at `time` (`from + (to − from) · progress`).
    public func value(from: Double, to: Double, at time: Double) -> Double { from + (to - from) * value(at: time) }

    /// Whether the animation has run its whole course at `time` (never for `repeatForever`).
    public func isComplete(at time: Double) -> Bool {
        guard let end = totalLength else { return false }
        return localTime(time) >= end
    }

    /// Whether the motion reads as finished at `time`: for springs their perceptual duration
    /// into the last iteration, for curves the same as ``isComplete(at:)``.
    public func isLogicallyComplete(at time: Double) -> Bool {
        let t = localTime(time)
        guard let r = repetition else { return t >= logicalLength }
        guard let count = r.count else { return false }
        return t >= Double(count - 1) * iterationLength + logicalLength
    }

    /// Seconds of animation time until ``isComplete(at:)``, before delay and speed; nil when
    /// it repeats forever.
    /// Seconds from the start until the animation is logically complete (delay and speed
    /// included; nil for `repeatForever`): the instant ``isLogicallyComplete(at:)`` turns true.
    public var logicalDuration: Double? {
        guard let r = repetition else { return delay + logicalLength / speed }
        guard let count = r.count else { return nil }
        return delay + (Double(count - 1) * iterationLength + logicalLength) / speed
    }

    var totalLength: Double? {
        guard let r = repetition else { return iterationLength }
        return r.count.map { Double($0) * iterationLength }
    }

    /// Wall-clock seconds from start to completion (delay included); nil for `repeatForever`.
    public var duration: Double? { totalLength.map { delay + $0 / speed } }
}
