/// A value that animates toward targets set over time, with SwiftUI's interruption rules:
///
/// - A spring from the `.spring` family (no delay, no repeat) set while the latest motion is
///   such a spring **merges** with it: one spring continues from the current position and
///   velocity toward the new target, so both stay continuous.
/// - Every other animation (curves, `interpolatingSpring`, delayed or repeating ones) is
///   **additive**: it animates only the change of target, from its own start, and the motions
///   in flight are summed — also continuous in position and velocity.
/// - `nil` (or a transaction that disables animations) jumps: everything in flight is dropped.
///
/// The presentation value is `target − Σ remaining`, where each motion in flight owns the part
/// of the distance it has not covered yet. Times are in seconds on any clock, non-decreasing
/// from one `set` to the next. `Value` is any ``VectorArithmetic`` type (`Double`, `Point`,
/// `Rect`, ``AnimatableColor``, …): springs and curves are linear, so every component moves
/// with the same motion a `Double` would.
public struct AnimatedValue<Value: VectorArithmetic>: Sendable, Hashable {
    // The evaluation path is inlinable so that callers in other modules get it specialised for
    // their Value (unspecialised generic code is ~5× slower per frame, `frost bench motion`).
    @usableFromInline
    struct Motion: Sendable, Hashable {
        @usableFromInline var start: Double
        @usableFromInline var animation: Animation
        /// Distance still to cover at `start` and its rate of change (value units per second,
        /// as the presentation sees it) for merged springs; the change of target for additive
        /// motions.
        @usableFromInline var distance: Value
        @usableFromInline var velocity: Value
        @usableFromInline var merges: Bool
        /// Transactions this motion carries (a merged spring carries those it absorbed).
        @usableFromInline var owners: [Int] = []
        /// For a merged spring with a blendDuration: the spring it blends from, and the unit
        /// responses when the blend ends.
        @usableFromInline var blendFrom: Spring? = nil
        @usableFromInline var blendEnd: BlendEnd? = nil

        /// (remaining distance, presentation velocity contributed) at `time`.
        @inlinable
        func state(at time: Double) -> (remaining: Value, velocity: Value) {
            if merges, case .spring(let spring, let blend) = animation.base {
                // A spring carrying the presentation from `target − distance` to `target`. The
                // motion is linear in (distance, velocity): combine the two unit responses.
                let (d, v) =
                    blendFrom.map { from in
                        spring.blendedResponses(from: from, blend: blend, end: blendEnd!, time: time - start)
                    } ?? spring.unitResponses(time: time - start)
                let offset = distance.scaled(by: d.value) + velocity.scaled(by: v.value)
                return (Value.zero - offset, distance.scaled(by: d.velocity) + velocity.scaled(by: v.velocity))
            }
            let p = animation.state(at: time - start)
            return (distance.scaled(by: 1 - p.value), distance.scaled(by: p.velocity))
        }
    }

    /// The model value: where the motion ends.
    public private(set) var target: Value
    @usableFromInline var motions: [Motion] = []
    var lastSet = -Double.infinity

    /// A value at rest at `value`.
    public init(_ value: Value) { target = value }

    /// Moves the target to `newTarget` at `time`.
    /// - Parameters:
    ///   - newTarget: the value to move to.
    ///   - animation: how to get there; nil jumps.
    ///   - time: when the change happens, seconds (never earlier than the previous `set`).
    ///   - initialVelocity: a gesture's release velocity in value units per second (points/s
    ///     for positions). A merging spring starts with exactly this presentation velocity;
    ///     an additive animation adds it to the velocity already in flight.
    /// - Throws: ``MotionError`` for a non-finite target or velocity, or a time earlier than
    ///   the previous `set`.
    public mutating func set(
        _ newTarget: Value, animation: Animation?, at time: Double,
        initialVelocity: Value? = nil
    ) throws(MotionError) {
        try set(newTarget, animation: animation, at: time, initialVelocity: initialVelocity, owner: nil)
    }

    /// `set` on behalf of transaction `owner` (tracked for completion).
    package mutating func set(
        _ newTarget: Value, animation: Animation?, at time: Double,
        initialVelocity: Value?, owner: Int?
    ) throws(MotionError) {
        let mine = owner.map { [$0] } ?? []
        guard newTarget.isFinite else { throw .invalidParameter("target must be finite, got \(newTarget)") }
        try MotionError.check("time", time, in: -1e300...1e300)
        if let v = initialVelocity, !v.isFinite { throw .invalidParameter("initialVelocity must be finite, got \(v)") }
        guard time >= lastSet else {
            throw .invalidParameter("time \(time) is before the previous change at \(lastSet)")
        }
        lastSet = time
        prune(at: time)
        guard let animation else {
            target = newTarget
            motions.removeAll()
            return
        }
        let change = newTarget - target
        let current = velocity(at: time)
        target = newTarget
        let merging =
            animation.delay == 0 && animation.repetition == nil
            && { if case .spring = animation.base { return true } else { return false } }()
        if merging, let last = motions.last, last.merges {
            // Take over the latest spring's remaining distance and velocity, plus the change.
            let s = last.state(at: time)
            let own = initialVelocity.map { $0 - (current - s.velocity) } ?? s.velocity
            var merged = Motion(
                start: time, animation: animation, distance: s.remaining + change,
                velocity: own, merges: true, owners: last.owners + mine)
            // blendDuration: the previous spring's response and damping blend into the new one's.
            if case .spring(let next, let blend) = animation.base, blend > 0,
                case .spring(let previous, _) = last.animation.base, previous != next
            {
                merged.blendFrom = previous
                merged.blendEnd = Spring.blendEnd(from: previous, to: next, blend: blend)
            }
            motions[motions.count - 1] = merged
            return
        }
        if merging {
            let own = initialVelocity.map { $0 - current } ?? .zero
            motions.append(Motion(start: time, animation: animation, distance: change, velocity: own, merges: true, owners: mine))
            return
        }
        motions.append(Motion(start: time, animation: animation, distance: change, velocity: .zero, merges: false, owners: mine))
        if let v = initialVelocity, v != current {
            // The extra velocity rides on a merging spring of zero distance with the same pace.
            let spring: Spring
            switch animation.base {
            case .curve(_, let duration): spring = Spring(response: duration, dampingRatio: 1)
            case .spring(let s, _), .interpolatingSpring(let s, _): spring = s
            }
            motions.append(
                Motion(
                    start: time, animation: Animation(.spring(spring, blendDuration: 0)),
                    distance: .zero, velocity: v - current, merges: true, owners: mine))
        }
    }

    /// The presentation value and velocity at `time` in one pass over the motions.
    @inlinable
    public func sample(at time: Double) -> (value: Value, velocity: Value) { evaluate(at: time) }

    @inlinable
    func evaluate(at time: Double) -> (value: Value, velocity: Value) {
        var value = target, velocity = Value.zero
        for m in motions {
            let s = m.state(at: time)
            value = value - s.remaining
            velocity = velocity + s.velocity
        }
        return (value, velocity)
    }

    /// The presentation value at `time` (≥ the last `set` for a meaningful answer).
    @inlinable
    public func value(at time: Double) -> Value {
        motions.reduce(target) { $0 - $1.state(at: time).remaining }
    }

    /// The presentation velocity at `time`, in value units per second.
    @inlinable
    public func velocity(at time: Double) -> Value {
        motions.reduce(Value.zero) { $0 + $1.state(at: time).velocity }
    }

    /// Whether every motion has finished at `time` (the value then equals ``target``).
    public func isComplete(at time: Double) -> Bool {
        motions.allSatisfy { $0.isComplete(at: time) }
    }

    /// When the last motion in flight finishes (−∞ when none is; nil when one never does, as
    /// a `repeatForever`): from then on the value is ``target``.
    public var restTime: Double? {
        var end = -Double.infinity
        for m in motions {
            guard let t = m.completeTime else { return nil }
            end = max(end, t)
        }
        return end
    }

    /// Drops motions that have finished by `time`.
    public mutating func prune(at time: Double) {
        motions.removeAll { $0.isComplete(at: time) }
    }
}

extension AnimatedValue {
    /// Whether every motion carrying transaction `owner` is logically complete (or gone) at `time`.
    func isLogicallyComplete(owner: Int, at time: Double) -> Bool {
        motions.allSatisfy { !$0.owners.contains(owner) || $0.isLogicallyComplete(at: time) }
    }

    /// Whether no unfinished motion carries transaction `owner` at `time`.
    func isRemoved(owner: Int, at time: Double) -> Bool {
        motions.allSatisfy { !$0.owners.contains(owner) || $0.isComplete(at: time) }
    }
}

extension AnimatedValue {
    /// The first time at which every motion carrying transaction `owner` meets `criteria`
    /// (logically complete, or finished and removed): `-infinity` when none carries it, `nil`
    /// when one never ends (a `repeatForever`). Analytic, so completions fire at the same
    /// instant whatever the frame rate.
    package func completionTime(owner: Int, criteria: AnimationCompletionCriteria) -> Double? {
        var end = -Double.infinity
        for m in motions where m.owners.contains(owner) {
            guard let t = criteria == .removed ? m.completeTime : m.logicalEndTime else { return nil }
            end = max(end, t)
        }
        return end
    }

    /// Whether any motion in flight carries transaction `owner`.
    package func carries(owner: Int) -> Bool { motions.contains { $0.owners.contains(owner) } }
}

extension AnimatedValue.Motion {
    /// When the motion reads as finished (nil: never).
    var logicalEndTime: Double? {
        if merges, case .spring(let spring, _) = animation.base { return start + spring.duration }
        return animation.logicalDuration.map { start + $0 }
    }

    /// When the motion has fully finished (nil: never).
    var completeTime: Double? {
        if merges, case .spring(let spring, _) = animation.base {
            // ε is 0.1 % of the motion's size: its distance, or for a pure velocity kick the
            // distance that velocity would cover in one response.
            // Vectors settle by magnitude; the velocity's sign that settles slowest is assumed.
            let d = distance.magnitudeSquared.squareRoot(), v = velocity.magnitudeSquared.squareRoot()
            if d == 0 && v == 0 { return start }
            let size = max(d, v * spring.duration / (2 * Double.pi), 1e-9)
            var settle = max(
                spring.settlingDuration(target: d, initialVelocity: v, epsilon: 0.001 * size),
                spring.settlingDuration(target: d, initialVelocity: -v, epsilon: 0.001 * size))
            if blendFrom != nil, case .spring(_, let blend) = animation.base { settle += blend }
            return start + settle
        }
        return animation.duration.map { start + $0 }
    }

    func isLogicallyComplete(at time: Double) -> Bool {
        if merges, case .spring(let spring, _) = animation.base { return time - start >= spring.duration }
        return animation.isLogicallyComplete(at: time - start)
    }

    func isComplete(at time: Double) -> Bool {
        guard let end = completeTime else { return false }
        return time >= end
    }
}
