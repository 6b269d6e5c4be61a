/// Steps through a sequence of phases, as SwiftUI's `PhaseAnimator`: it starts in the first
/// phase, animates to the next one with that phase's animation, and moves on as soon as the
/// animation is logically complete — looping back to the first phase, or stopping at the last.
///
/// Each phase is a set of property values; times are seconds from the start.
public struct PhaseAnimator {
    public let phases: [[Animator.Key: Double]]
    let animations: [Animation?]
    public let repeats: Bool

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
    }

    /// The phase being entered (or held) at `time` and when its transition began. Transition
    /// k (k = 1, 2, …) enters phase k mod n at the moment transition k − 1 became logically
    /// complete; the first starts at 0.
    public func phase(at time: Double) -> (index: Int, since: Double) {
        var result = (index: 0, since: 0.0)
        forEachTransition(until: time) { index, start in result = (index, start) }
        return result
    }

    /// Every property's value at `time`.
    public func values(at time: Double) -> [Animator.Key: Double] {
        var animator = Animator(phases[0])
        forEachTransition(until: time) { index, start in
            // Cannot throw: start times only grow and phase values were checked finite.
            try? animator.withAnimation(animations[index], at: start, changes: phases[index])
        }
        var out: [Animator.Key: Double] = [:]
        for key in phases[0].keys { out[key] = animator.value(key, at: time) }
        return out
    }

    /// Calls `body(phase, start)` for every transition starting at or before `time`.
    func forEachTransition(until time: Double, _ body: (Int, Double) -> Void) {
        var start = 0.0, k = 1
        while start <= time {
            let index = k % phases.count
            body(index, start)
            if !repeats && index == phases.count - 1 { return }
            start += animations[index]?.phaseLength ?? 0
            k += 1
        }
    }
}

extension Animation {
    /// How long a phase animator waits on this animation: until it is logically complete.
    var phaseLength: Double {
        guard let r = repetition else { return delay + logicalLength / speed }
        guard let count = r.count else { return .infinity }
        return delay + (Double(count - 1) * iterationLength + logicalLength) / speed
    }
}
