/// Steps through a sequence of phases, as SwiftUI's `PhaseAnimator`: it starts in the first
/// phase, animates to the next one with that phase's animation, and moves on as soon as the
/// animation is logically complete — looping back to the first phase, or stopping at the last.
///
/// Each phase is a set of property values; times are seconds from the start.
///
/// Cost: ``values(at:)`` replays only the transitions that can still be seen at the asked time
/// — those started within ``horizon`` before it, from the phase values reached by then — so it
/// costs the same after an hour as after a second. The replay starts where every earlier motion
/// has decayed below 1e-9 of its move (springs settle exponentially), so the result agrees with
/// a replay from t = 0 to that precision (tested to 1e-6).
public struct PhaseAnimator {
    public let phases: [[Animator.Key: Double]]
    let animations: [Animation?]
    public let repeats: Bool
    /// Seconds from one transition to the next, by the phase entered.
    let lengths: [Double]
    /// Start of transition k (k = 1…n) within one cycle: prefix sums of the lengths of the
    /// phases entered by transitions 1…k−1 (indices 1, 2, …, n−1, 0).
    let prefix: [Double]
    /// Seconds after which what a transition started has no visible effect left (≤ 1e-9 of its
    /// move): the longest settle of any phase's animation. Infinite when a phase animates forever.
    public let horizon: Double

    /// - Parameters:
    ///   - phases: at least two phases; every phase should set the same properties.
    ///   - animation: the animation that brings the values *into* each phase (by index); nil
    ///     jumps.
    ///   - repeats: loop forever (SwiftUI's continuous form) or stop in the last phase (one
    ///     trigger).
    /// - Throws: ``MotionError`` for fewer than two phases, or a loop that would take no time.
    public init(phases: [[Animator.Key: Double]], repeats: Bool = true, animation: (Int) -> Animation?) throws(MotionError) {
        guard phases.count >= 2 else { throw .invalidParameter("a phase animator needs at least two phases, got \(phases.count)") }
        for phase in phases {
            for (key, value) in phase { try MotionError.check("phase value of \(key.name)", value, in: -1e300...1e300) }
        }
        self.phases = phases
        self.animations = phases.indices.map(animation)
        self.repeats = repeats
        if repeats && animations.allSatisfy({ ($0?.phaseLength ?? 0) == 0 }) {
            throw .invalidParameter("every phase would end instantly: the loop needs at least one animation with a duration")
        }
        let n = phases.count
        lengths = animations.map { $0?.phaseLength ?? 0 }
        var sums = [0.0]
        for k in 1..<n { sums.append(sums[k - 1] + lengths[k % n]) }
        prefix = sums
        horizon = animations.map { $0?.settleHorizon ?? 0 }.max() ?? 0
    }

    /// Seconds of one full loop (infinite when a phase never completes logically).
    var period: Double { prefix[phases.count - 1] + lengths[0] }

    /// When transition k (k ≥ 1) starts, or nil when it never does.
    func start(_ k: Int) -> Double? {
        let n = phases.count
        guard k >= 1 else { return nil }
        if !repeats { return k <= n - 1 ? (prefix[k - 1].isFinite ? prefix[k - 1] : nil) : nil }
        let c = (k - 1) / n, m = (k - 1) % n
        if c == 0 { return prefix[m].isFinite ? prefix[m] : nil }
        guard period.isFinite else { return nil }
        return Double(c) * period + prefix[m]
    }

    /// The last transition starting at or before `time` (0 when none has).
    func lastTransition(atOrBefore time: Double) -> Int {
        guard time >= 0 else { return 0 }
        let n = phases.count
        var k: Int
        if repeats, period.isFinite, period > 0 {
            let c = min(Double(Int.max / (4 * n)), (time / period).rounded(.down))
            k = Int(c) * n + 1
        } else {
            k = 1
        }
        // At most one cycle forward, then back over rounding.
        while let s = start(k + 1), s <= time { k += 1 }
        while k > 1, let s = start(k), s > time { k -= 1 }
        return k
    }

    /// The phase being entered (or held) at `time` and when its transition began. Transition
    /// k (k = 1, 2, …) enters phase k mod n at the moment transition k − 1 became logically
    /// complete; the first starts at 0.
    public func phase(at time: Double) -> (index: Int, since: Double) {
        let k = lastTransition(atOrBefore: time)
        guard k >= 1, let s = start(k) else { return (0, 0) }
        return (k % phases.count, s)
    }

    /// Every property's value at `time`.
    public func values(at time: Double) -> [Animator.Key: Double] {
        let last = lastTransition(atOrBefore: time)
        // Replay from the last transition that started a horizon or more before `time`: every
        // motion before it has died away, so the phase it left from is where values stood.
        var first = 1
        if horizon.isFinite {
            first = max(1, lastTransition(atOrBefore: time - horizon))
        }
        return replay(from: first, through: last, at: time)
    }

    /// Values at `time` replaying transitions `first…last` from the phase entered just before
    /// `first` (phase 0 when `first` is 1).
    func replay(from first: Int, through last: Int, at time: Double) -> [Animator.Key: Double] {
        let n = phases.count
        var animator = Animator(phases[first == 1 ? 0 : (first - 1) % n])
        if last >= first {
            for k in first...last {
                // Cannot throw: start times only grow and phase values were checked finite.
                guard let s = start(k) else { break }
                try? animator.withAnimation(animations[k % n], at: s, changes: phases[k % n])
            }
        }
        var out: [Animator.Key: Double] = [:]
        for key in phases[0].keys { out[key] = animator.value(key, at: time) }
        return out
    }
}

extension Animation {
    /// Wall-clock seconds until what this animation starts is below 1e-9 of its move (springs
    /// settle exponentially; curves end); infinite when it repeats forever.
    var settleHorizon: Double {
        let own: Double
        switch base {
        case .curve(_, let d): own = d
        case .spring(let s, _): own = s.settlingDuration(target: 1, initialVelocity: 0, epsilon: 1e-9)
        case .interpolatingSpring(let s, let v0): own = s.settlingDuration(target: 1, initialVelocity: v0, epsilon: 1e-9)
        }
        guard let r = repetition else { return delay + own / speed }
        guard let count = r.count else { return .infinity }
        return delay + (Double(count - 1) * iterationLength + own) / speed
    }

    /// How long a phase animator waits on this animation: until it is logically complete.
    var phaseLength: Double {
        guard let r = repetition else { return delay + logicalLength / speed }
        guard let count = r.count else { return .infinity }
        return delay + (Double(count - 1) * iterationLength + logicalLength) / speed
    }
}
