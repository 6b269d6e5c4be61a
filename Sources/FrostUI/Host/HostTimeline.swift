import FrostScene
import FrostGeometry
import FrostMotion

// The host's manual clock and transcript: rendering is a pure function of (view, transcript,
// time). Taps, scrolls and actions are events at times; completions of animations fire at the
// analytic instant their criteria are met; asking for an earlier time replays the transcript
// from the start, so frames come out the same whatever order they are asked in.

/// A scheduled interaction.
enum HostEvent {
    case tap(String)
    /// A control (slider, stepper, picker, text field) set through the host, by its label.
    case adjust(String, ControlSetting)
    case scroll(Point, index: Int)
    case perform(Transaction, () -> Void)
    /// One event of a scripted touch sequence (HostTouches.swift).
    case touch(TouchEvent)
}

struct TimedEvent {
    var time: Double
    var event: HostEvent
}

/// One rendered instant of a recording.
public struct RecordedFrame {
    /// Seconds on the host's clock.
    public var time: Double
    public var image: FrostImage.Image
    public init(time: Double, image: FrostImage.Image) { self.time = time; self.image = image }
}

import FrostImage

extension HostCore {
    /// The most frames one ``ViewHost/record(from:to:fps:)`` renders (two minutes at 60 fps).
    public static let maxRecordedFrames = 7200
    /// The most completions that may fire at one instant before the host reports a loop.
    static let maxCompletionsPerInstant = 10_000
    /// Completions due within this many seconds of the first are one burst (see `processAlone`).
    static let completionBurst = 0.001

    /// A `@State` value or a model changed: commit it with the transaction it changed in. On
    /// any thread: the change is noted under the host's lock, and queued on this thread's
    /// transaction, which commits it when this thread's `withAnimation` (or the host's call)
    /// ends. A change on a thread that never flushes is committed by the host's next call
    /// (``interact(_:)``), so it shows then and later changes are not lost behind it.
    func stateDidChange() {
        guard notePendingChange() else { return }
        TransactionContext.local.dirtyHosts.append(WeakHost(self))
    }

    /// Commits every host with uncommitted state changes in `transaction`; the completion goes
    /// with the first (it runs at once when nothing was changed or nothing animates).
    static func flush(
        _ transaction: Transaction, completion: (AnimationCompletionCriteria, () -> Void)? = nil,
        bridge: BlurBridgePreset? = nil
    ) {
        let context = TransactionContext.local
        let hosts = context.dirtyHosts.compactMap(\.host)
        context.dirtyHosts = []
        var completion = completion
        for host in hosts where host.takePendingChange() {
            do {
                // Exclusive: a thread other than the host's may flush (withAnimation there).
                try host.exclusive {
                    if let bridge {
                        host.commitBridged(transaction, preset: bridge, completion: completion)
                    } else {
                        host.commit(transaction, completion: completion)
                    }
                }
                completion = nil
            } catch {
                // Another thread is inside the host: its next call commits the change.
                host.restorePendingChange()
            }
        }
        completion?.1()
    }

    /// Resolves the view now (unless `resolved` already is) and commits it at ``now`` in `transaction`.
    func commit(
        _ transaction: Transaction, completion: (AnimationCompletionCriteria, () -> Void)? = nil,
        resolved: [Element]? = nil
    ) {
        do {
            resolving = true
            defer { resolving = false }
            let roots = try resolved ?? resolveRoot()
            decorateBlurables(roots)
            let result = engine.commit(roots, transaction: transaction, reduceMotion: reduceMotionSetting, at: now)
            lastCommitTime = now
            commitLifecycle(engine.roots)
            pruneKeyframeAnimators()
            if let (criteria, body) = completion {
                if result.animates { engine.addCompletion(owner: result.owner, criteria: criteria, body) } else { session.completionsNow.append(body) }
            }
        } catch {
            // Commits run inside user actions, which cannot throw: the next host call does.
            deferredError = deferredError ?? error
        }
    }

    func throwDeferred() throws {
        if let e = deferredError { deferredError = nil; throw e }
    }

    /// Runs `body` as an interaction at ``now`` and commits what it left uncommitted.
    func interact(_ body: () throws -> Void) throws {
        try body()
        HostCore.flush(Transaction())
        // A change queued on another thread's transaction (a model changed off this thread).
        if takePendingChange() { commit(Transaction()) }
        var rounds = 0
        while true {
            var ran = runLifecycle()
            HostCore.flush(Transaction())
            if !session.completionsNow.isEmpty {
                let c = session.completionsNow.removeFirst()
                c()
                HostCore.flush(Transaction())
                ran = true
            }
            guard ran else { break }
            rounds += 1
            if rounds > HostCore.maxActionRounds {
                lifecycle.queue = []
                session.completionsNow = []
                throw ViewHostError.updateLoop(
                    "lifecycle actions and completions kept triggering each other for \(HostCore.maxActionRounds) rounds at \(now) s (an onChange that changes its own value?)"
                )
            }
        }
        scanBlurSlots()
        try throwDeferred()
    }

    /// The first commit, at time 0.
    func start() throws {
        guard !engine.hasCommitted else { return }
        now = 0
        configurationChanged = false
        commit(Transaction())
        scanBlurSlots()
        try throwDeferred()
    }

    /// Back to the start: state, scroll offsets, animations and the clock; the transcript stays.
    func rewind() throws {
        cancelTasks()
        session = HostSession()
        TransactionContext.local.dirtyHosts.removeAll { $0.host === self || $0.host == nil }
        _ = takePendingChange()
        try start()
    }

    /// Adds `event` at `time` to the transcript (after events already at that time).
    func schedule(_ event: HostEvent, at time: Double) throws {
        try exclusive { try scheduleAlone(event, at: time) }
    }

    private func scheduleAlone(_ event: HostEvent, at time: Double) throws {
        guard time.isFinite, time >= 0, time <= 86_400 else {
            throw ViewHostError.invalidTime("an event time must be in 0…86400 s, got \(time)")
        }
        let position = transcript.firstIndex { $0.time > time } ?? transcript.count
        transcript.insert(TimedEvent(time: time, event: event), at: position)
        if position < session.applied { needsReplay = true }
    }

    /// Processes events and completions up to `time` (replaying from the start when `time` is
    /// earlier than the host's clock) and moves the clock there.
    func process(until time: Double) throws {
        try exclusive { try processAlone(until: time) }
    }

    private func processAlone(until time: Double) throws {
        guard time.isFinite, time >= 0, time <= 86_400 else {
            throw ViewHostError.invalidTime("a time must be in 0…86400 s, got \(time)")
        }
        try start()
        if time < now || needsReplay {
            needsReplay = false
            try rewind()
        }
        if configurationChanged {
            // New fonts, scheme or size: resolve again, without animation.
            configurationChanged = false
            commit(Transaction())
        }
        try interact {}
        // Completions due within one millisecond (less than a frame) form one burst: those
        // already pending when it starts fire however many they are (a list of rows ending
        // together); a chain of completions that each start an animation ending at once (a
        // zero-duration loop, which steps the clock by a microsecond) may add at most
        // `maxActionRounds` more before it is reported, instead of running a million commits
        // per simulated second.
        var firedInBurst = 0, allowedInBurst = 0, burstStart = -Double.infinity
        while true {
            let event = session.applied < transcript.count && transcript[session.applied].time <= time ? transcript[session.applied] : nil
            let due = engine.dueCompletion(now: now).flatMap { $0.time <= time ? $0 : nil }
            // A held tap whose wait for a second tap ran out (HostTouches.swift), before both.
            if let held = session.features[TouchState.self].held, held.deadline <= time, held.deadline < (due?.time ?? .infinity),
                held.deadline < (event?.time ?? .infinity)
            {
                moveClock(to: held.deadline)
                try interact { deliverHeldTap() }
                continue
            }
            // A timer tick (Timer.publish on the host's clock) due before both.
            if let tick = timers.nextDue(before: time), tick.time < (due?.time ?? .infinity), tick.time < (event?.time ?? .infinity) {
                moveClock(to: tick.time)
                let date = HostCore.timerEpoch.addingTimeInterval(tick.time)
                try interact { withHostClock { timers.fire(tick.id, date: date) } }
                continue
            }
            if let due, event.map({ due.time <= $0.time }) ?? true {
                if due.time - burstStart <= HostCore.completionBurst {
                    firedInBurst += 1
                    guard firedInBurst < min(allowedInBurst, HostCore.maxCompletionsPerInstant) else {
                        throw ViewHostError.updateLoop(
                            "animation completions at \(due.time) s keep starting new animations that end at once (a loop)")
                    }
                } else {
                    burstStart = due.time; firedInBurst = 0
                    allowedInBurst = engine.pending.count + HostCore.maxActionRounds
                }
                now = due.time
                advanceScrolls()
                let completion = engine.takeCompletion(due.index)
                try interact { completion() }
            } else if let event {
                moveClock(to: event.time)
                session.applied += 1
                try interact { try self.run(event.event) }
            } else {
                break
            }
        }
        now = max(now, time)
        // Released scroll views move on the clock (ScrollDrag.swift).
        if !scrollState.motions.isEmpty { try interact { advanceScrolls() } }
        // A keyframe animator draws content(value(t)) at every instant asked for, as SwiftUI
        // evaluates its content each frame: the view is resolved again here, without animation.
        if lastCommitTime < now, pass.animatorsLiveUntil > lastCommitTime {
            var frame = Transaction()
            frame.disablesAnimations = true
            try interact { commit(frame) }
        }
    }

    /// Moves the clock on to `time` (never back) and released scroll views with it
    /// (ScrollDrag.swift), before what happens then runs.
    private func moveClock(to time: Double) {
        now = max(now, time)
        advanceScrolls()
    }

    func run(_ event: HostEvent) throws {
        switch event {
        case .tap(let label): try tapTarget(label).action()
        case let .adjust(label, setting): try controlTarget(label).apply(setting)
        case let .scroll(offset, index):
            guard pass.scrollViews.indices.contains(index) else {
                throw ViewHostError.noScrollView(index: index, count: pass.scrollViews.count)
            }
            scrollState.motions[pass.scrollViews[index]] = nil
            scrollState.offsets[pass.scrollViews[index]] = offset
            scrollState.history[pass.scrollViews[index], default: []].append((now, offset))
            // Views that follow the scroll position resolve again.
            if pass.scrollObserved { stateDidChange() }
        case let .perform(transaction, body): withTransaction(transaction, body)
        case .touch(let touch): runTouch(touch)
        }
    }

    /// The live (not removed) tap target showing `label`.
    func tapTarget(_ label: String) throws -> (label: String, action: () -> Void) {
        let targets = liveTargets(\.tap)
        let matches = targets.filter { $0.label == label }
        guard !matches.isEmpty else { throw ViewHostError.noTapTarget(label: label, candidates: targets.map(\.label)) }
        guard matches.count == 1 else { throw ViewHostError.ambiguousTapTarget(label: label, count: matches.count) }
        return matches[0]
    }

    /// What `pick` finds on the live (not removed) elements, in tree order.
    func liveTargets<T>(_ pick: (Element) -> T?) -> [T] {
        var targets: [T] = []
        func collect(_ e: Element) {
            guard !e.isGhost, !e.isInert else { return }
            if let t = pick(e) { targets.append(t) }
            e.children.forEach(collect)
        }
        engine.roots.forEach(collect)
        return targets
    }

    /// The live control labelled `label`.
    func controlTarget(_ label: String) throws -> ControlTarget {
        let targets = liveTargets(\.control)
        let matches = targets.filter { $0.label == label }
        guard !matches.isEmpty else { throw ViewHostError.noControl(label: label, candidates: targets.map { "\($0.kind) '\($0.label)'" }) }
        guard matches.count == 1 else { throw ViewHostError.ambiguousTapTarget(label: label, count: matches.count) }
        return matches[0]
    }
}
