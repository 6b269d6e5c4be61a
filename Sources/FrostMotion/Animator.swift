/// A set of typed animatable properties (any ``VectorArithmetic`` value: numbers, points,
/// rectangles, transforms, colours) changed by transactions, with SwiftUI's completion
/// semantics: each transaction's completion runs exactly once — at once when nothing it
/// changed animates, otherwise during the ``advance(to:)`` that reaches its criteria.
///
/// Time is explicit (seconds on any clock, non-decreasing), so the same calls always give the
/// same frames: drive it from a ``ManualClock`` in tests and offline rendering, or a display
/// link's timestamps live.
public struct Animator {
    /// A `Double` property's key (the common case; any value type works through
    /// ``AnimatableKey``).
    public typealias Key = AnimatableKey<Double>

    /// The typed changes of one transaction: set a key's new target with its subscript.
    public struct Changes {
        var entries: [(slot: SlotID, apply: (inout Animator, Animation?, Double, Int) throws(MotionError) -> Bool)] = []
        /// The new target of `key`.
        public subscript<V: VectorArithmetic>(key: AnimatableKey<V>) -> V? {
            get { nil }
            set {
                guard let target = newValue else { return }
                entries.removeAll { $0.slot == key.slot }
                entries.append(
                    (
                        key.slot,
                        { (animator: inout Animator, animation: Animation?, time: Double, id: Int) throws(MotionError) -> Bool in
                            try animator.apply(key, target, animation: animation, at: time, owner: id)
                        }
                    ))
            }
        }
    }

    struct Pending {
        var id: Int
        var criteria: AnimationCompletionCriteria
        var completion: () -> Void
    }

    var slots: [SlotID: any AnimatedSlot] = [:]
    /// Reduce Motion for transactions that do not choose one.
    public var reduceMotion: ReduceMotionPolicy
    var pending: [Pending] = []
    var nextID = 0
    /// The latest time seen (by a transaction or ``advance(to:)``).
    public private(set) var now = -Double.infinity

    public init(_ initial: [Key: Double] = [:], reduceMotion: ReduceMotionPolicy = .off) {
        for (k, v) in initial { slots[k.slot] = AnimatedValue(v) }
        self.reduceMotion = reduceMotion
    }

    /// The animated value of `key` (nil until it is first set).
    public func animatedValue<V: VectorArithmetic>(_ key: AnimatableKey<V>) -> AnimatedValue<V>? {
        slots[key.slot] as? AnimatedValue<V>
    }

    /// Every `Double` property and its animated value (typed properties of other value types
    /// are read with ``animatedValue(_:)``).
    public var values: [Key: AnimatedValue<Double>] {
        var out: [Key: AnimatedValue<Double>] = [:]
        for (slot, value) in slots {
            if let v = value as? AnimatedValue<Double> { out[Key(slot.name, kind: slot.kind)] = v }
        }
        return out
    }

    /// Sets one typed property inside a transaction; returns whether it animates.
    mutating func apply<V: VectorArithmetic>(
        _ key: AnimatableKey<V>, _ target: V, animation: Animation?, at time: Double,
        owner id: Int
    ) throws(MotionError) -> Bool {
        guard target.isFinite else { throw .invalidParameter("the new value of \(key.name) is not finite") }
        var value = animatedValue(key) ?? AnimatedValue(target)
        let policy = animation.map { _ in currentPolicy } ?? .off
        let chosen = !policy.animates(key.kind) ? nil : animation
        let moves = chosen != nil && target != value.target
        try value.set(target, animation: moves ? chosen : nil, at: time, initialVelocity: nil, owner: id)
        slots[key.slot] = value
        return moves
    }

    /// The Reduce Motion policy of the transaction being applied.
    var currentPolicy: ReduceMotionPolicy = .off

    /// Applies `changes` at `time` in `transaction`; `completion` runs once by its `criteria`.
    /// - Throws: ``MotionError`` for a non-finite value or a time before ``now``.
    public mutating func perform(
        _ transaction: Transaction, at time: Double, changes: [Key: Double],
        completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
        completion: (() -> Void)? = nil
    ) throws(MotionError) {
        try perform(transaction, at: time, completionCriteria: completionCriteria, completion: completion) { c in
            for (key, target) in changes { c[key] = target }
        }
    }

    /// Applies the typed changes `body` makes at `time` in `transaction` (keys of any value
    /// type; in name order, so runs are deterministic); `completion` runs once by `criteria`.
    public mutating func perform(
        _ transaction: Transaction, at time: Double,
        completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
        completion: (() -> Void)? = nil, _ body: (inout Changes) -> Void
    ) throws(MotionError) {
        try MotionError.check("time", time, in: -1e300...1e300)
        guard time >= now else { throw .invalidParameter("time \(time) is before the animator's current time \(now)") }
        var changes = Changes()
        body(&changes)
        now = time
        let id = nextID
        nextID += 1
        currentPolicy = transaction.reduceMotion ?? reduceMotion
        let animation = transaction.disablesAnimations ? nil : transaction.animation
        var animates = false
        for entry in changes.entries.sorted(by: { $0.slot < $1.slot }) {
            let moves = try entry.apply(&self, animation, time, id)
            animates = animates || moves
        }
        if let completion {
            if animates { pending.append(Pending(id: id, criteria: completionCriteria, completion: completion)) } else { completion() }
        }
        fireDue(at: time)
    }

    /// SwiftUI's `withAnimation(_:completionCriteria:_:completion:)`.
    public mutating func withAnimation(
        _ animation: Animation? = .default, at time: Double, changes: [Key: Double],
        completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
        completion: (() -> Void)? = nil
    ) throws(MotionError) {
        try perform(
            Transaction(animation: animation), at: time, changes: changes,
            completionCriteria: completionCriteria, completion: completion)
    }

    /// `withAnimation` with typed changes: `try animator.withAnimation(.smooth, at: 0) { $0[frame] = rect }`.
    public mutating func withAnimation(
        _ animation: Animation? = .default, at time: Double,
        completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
        completion: (() -> Void)? = nil, _ body: (inout Changes) -> Void
    ) throws(MotionError) {
        try perform(
            Transaction(animation: animation), at: time, completionCriteria: completionCriteria,
            completion: completion, body)
    }

    /// Moves time forward to `time`: runs every completion now due (each exactly once, in the
    /// order their transactions happened) and drops finished motions.
    public mutating func advance(to time: Double) {
        guard time >= now else { return }
        now = time
        fireDue(at: time)
        for slot in slots.keys { slots[slot]?.prune(at: time) }
    }

    mutating func fireDue(at time: Double) {
        var due: [Pending] = []
        pending.removeAll { p in
            let done = slots.values.allSatisfy { v in
                p.criteria == .removed ? v.isRemoved(owner: p.id, at: time) : v.isLogicallyComplete(owner: p.id, at: time)
            }
            if done { due.append(p) }
            return done
        }
        for p in due { p.completion() }
    }

    /// The presentation value of `key` at `time` (nil for an unknown key).
    public func value<V: VectorArithmetic>(_ key: AnimatableKey<V>, at time: Double) -> V? { animatedValue(key)?.value(at: time) }

    /// The presentation velocity of `key` at `time`, value units per second.
    public func velocity<V: VectorArithmetic>(_ key: AnimatableKey<V>, at time: Double) -> V? { animatedValue(key)?.velocity(at: time) }

    /// Whether anything is still moving at `time`.
    public func isAnimating(at time: Double) -> Bool { slots.values.contains { !$0.isComplete(at: time) } }
}
