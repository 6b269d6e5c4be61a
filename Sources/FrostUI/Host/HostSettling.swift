// What a person sees once they stop touching the screen: the host's clock moved on until every
// animation, transition and completion it started has finished — the state a static render
// after taps should show (SwiftUI has no such call; a UI test waits for the same quiet).
// Complete for animations that end; `repeatForever` and other never-ending motion stop the
// search at its limit.

extension HostCore {
    /// The longest ``settle(within:)`` searches by default, seconds.
    public static let defaultSettleLimit = 60.0

    /// Whether nothing changes after ``now``: every animated value is at rest, no completion is
    /// waiting and no event is scheduled later.
    public var isSettled: Bool {
        engine.pending.isEmpty && !transcript.contains { $0.time > now } && engine.slots.values.allSatisfy { $0.isComplete(at: now) }
            && !hasLiveAnimators && session.features[TouchState.self].held == nil && !scrollsMoving
    }

    /// Moves the clock forward to the first instant at which the view has settled (see
    /// ``isSettled``): each step jumps to when the motions in flight end, the next scheduled
    /// event or a completion, so completions that start new animations are followed too.
    /// - Parameter limit: seconds from ``now`` to search, (0, 86400]; an animation that never
    ///   ends (a `repeatForever`) stops the clock there.
    /// - Returns: the settled time (seconds on the host's clock), or `now + limit`.
    /// - Throws: ``ViewHostError/invalidTime(_:)`` for a bad limit, and what the host's
    ///   callbacks throw on the way.
    @discardableResult
    public func settle(within limit: Double = HostCore.defaultSettleLimit) throws -> Double {
        guard limit.isFinite, limit > 0, limit <= 86_400 else {
            throw ViewHostError.invalidTime("a settling limit must be in (0, 86400] s, got \(limit)")
        }
        try process(until: now)
        let end = min(now + limit, 86_400)
        // Each round lands on an instant where something ends or happens; a view that keeps
        // starting new animations from completions moves on by at least a frame per round.
        for _ in 0..<100_000 {
            if isSettled { return now }
            var next = end
            var never = false
            for slot in engine.slots.values where !slot.isComplete(at: now) {
                guard let t = slot.restTime else { never = true; break }
                next = min(next, max(t, now))
            }
            if hasLiveAnimators {
                // A looping keyframe animator never rests; a run that ends, ends then.
                if pass.animatorsLiveUntil.isFinite { next = min(next, pass.animatorsLiveUntil) } else { never = true }
            }
            if never { next = end }
            if let event = transcript.first(where: { $0.time > now }) { next = min(next, event.time) }
            if let due = engine.dueCompletion(now: now) { next = min(next, due.time) }
            if let held = session.features[TouchState.self].held { next = min(next, held.deadline) }
            if let rest = nextScrollRest { next = min(next, rest) }
            // Land just past the earliest end (rounding), and always move.
            next = min(end, max(next + 1e-9, now + 1e-6))
            try process(until: next)
            if now >= end { return now }
        }
        return now
    }
}
