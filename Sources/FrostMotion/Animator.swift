/// A set of named animatable properties changed by transactions, with SwiftUI's completion
/// semantics: each transaction's completion runs exactly once — at once when nothing it
/// changed animates, otherwise during the ``advance(to:)`` that reaches its criteria.
///
/// Time is explicit (seconds on any clock, non-decreasing), so the same calls always give the
/// same frames: drive it from a ``ManualClock`` in tests and offline rendering, or a display
/// link's timestamps live.
public struct Animator {
    /// A property's name and what it does on screen.
    public struct Key: Hashable, Sendable {
        public var name: String
        public var kind: PropertyKind
        public init(_ name: String, kind: PropertyKind = .other) { self.name = name; self.kind = kind }
    }

    struct Pending {
        var id: Int
        var criteria: AnimationCompletionCriteria
        var completion: () -> Void
    }

    public private(set) var values: [Key: AnimatedValue<Double>] = [:]
    /// Reduce Motion for transactions that do not choose one.
    public var reduceMotion: ReduceMotionPolicy
    var pending: [Pending] = []
    var nextID = 0
    /// The latest time seen (by a transaction or ``advance(to:)``).
    public private(set) var now = -Double.infinity

    public init(_ initial: [Key: Double] = [:], reduceMotion: ReduceMotionPolicy = .off) {
        for (k, v) in initial { values[k] = AnimatedValue(v) }
        self.reduceMotion = reduceMotion
    }

    /// Applies `changes` at `time` in `transaction`; `completion` runs once by its `criteria`.
    /// - Throws: ``MotionError`` for a non-finite value or a time before ``now``.
    public mutating func perform(_ transaction: Transaction, at time: Double, changes: [Key: Double],
                                 completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
                                 completion: (() -> Void)? = nil) throws(MotionError) {
        try MotionError.check("time", time, in: -1e300...1e300)
        guard time >= now else { throw .invalidParameter("time \(time) is before the animator's current time \(now)") }
        now = time
        let id = nextID
        nextID += 1
        let policy = transaction.reduceMotion ?? reduceMotion
        var animates = false
        for (key, target) in changes.sorted(by: { $0.key.name < $1.key.name }) {
            var value = values[key] ?? AnimatedValue(target)
            let animation = transaction.disablesAnimations || !policy.animates(key.kind) ? nil : transaction.animation
            let moves = animation != nil && target != value.target
            try value.set(target, animation: moves ? animation : nil, at: time, initialVelocity: nil, owner: id)
            values[key] = value
            animates = animates || moves
        }
        if let completion {
            if animates { pending.append(Pending(id: id, criteria: completionCriteria, completion: completion)) } else { completion() }
        }
        fireDue(at: time)
    }

    /// SwiftUI's `withAnimation(_:completionCriteria:_:completion:)`.
    public mutating func withAnimation(_ animation: Animation? = .default, at time: Double, changes: [Key: Double],
                                       completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
                                       completion: (() -> Void)? = nil) throws(MotionError) {
        try perform(Transaction(animation: animation), at: time, changes: changes,
                    completionCriteria: completionCriteria, completion: completion)
    }

    /// Moves time forward to `time`: runs every completion now due (each exactly once, in the
    /// order their transactions happened) and drops finished motions.
    public mutating func advance(to time: Double) {
        guard time >= now else { return }
        now = time
        fireDue(at: time)
        for key in values.keys { values[key]?.prune(at: time) }
    }

    mutating func fireDue(at time: Double) {
        var due: [Pending] = []
        pending.removeAll { p in
            let done = values.values.allSatisfy { v in
                p.criteria == .removed ? v.isRemoved(owner: p.id, at: time) : v.isLogicallyComplete(owner: p.id, at: time)
            }
            if done { due.append(p) }
            return done
        }
        for p in due { p.completion() }
    }

    /// The presentation value of `key` at `time` (nil for an unknown key).
    public func value(_ key: Key, at time: Double) -> Double? { values[key]?.value(at: time) }

    /// The presentation velocity of `key` at `time`, units per second.
    public func velocity(_ key: Key, at time: Double) -> Double? { values[key]?.velocity(at: time) }

    /// Whether anything is still moving at `time`.
    public func isAnimating(at time: Double) -> Bool { values.values.contains { !$0.isComplete(at: time) } }
}
