import FrostGeometry
import FrostScene

// Reproduces SwiftUI's lifecycle modifiers on the host's clock: `onAppear` and `onDisappear`
// run after the commit that inserts or removes their view (disappearances first, in the old
// tree's order, then appearances, in the new tree's), `onChange(of:initial:)`
// after the commit in which the value changed (both closure forms), and `task`/`task(id:)`
// start when the view appears, are cancelled when it goes (or restarted when the id changes).
// Actions run in the host's interaction, so the state they set commits in the same instant.
//
// Tasks run on the host's own executor, drained on the host's thread at every host call:
// work that awaits only other work finishes before the next frame. `Task.sleep` sleeps in wall
// time (Swift 6.3 on Linux has no scheduling executor through which the host's manual clock
// could answer it): code after a sleep runs at the first host call after it wakes, which makes
// such frames depend on timing: drive time-dependent state with `perform(at:)` instead.
//
// An action that keeps triggering itself (an `onChange` that changes its own value, an
// `onAppear` that inserts a view that appears…) stops after ``HostCore/maxActionRounds``
// rounds in one instant with ``ViewHostError/updateLoop(_:)``.

/// A view's lifecycle hooks, attached to its element.
struct LifecycleHooks {
    var appear: [() -> Void] = []
    var disappear: [() -> Void] = []
    var tasks: [TaskHook] = []
}

/// A `task` modifier: its work, and the id it restarts on.
struct TaskHook {
    let id: AnyHashable
    let priority: TaskPriority
    let action: () async -> Void
}

/// Runs the jobs of a host's tasks on the host's thread, when the host drains it.
/// Tasks enqueue from any thread; a job runs on the draining thread after it has left the queue.
final class HostExecutor: TaskExecutor, Sendable {
    private let jobs = Locked<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        jobs.withLock { $0.append(unowned) }
    }

    /// The most jobs one drain runs: a task that never finishes (a loop of `Task.yield()`)
    /// gets this many steps per host call, then waits for the next one instead of hanging it.
    static let maxJobsPerDrain = 10_000

    /// Runs the jobs queued and the jobs they queue, at most ``maxJobsPerDrain``; false when
    /// there were none.
    @discardableResult
    func drain() -> Bool {
        var ran = 0
        while ran < HostExecutor.maxJobsPerDrain {
            let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            guard let job else { break }
            ran += 1
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
        return ran > 0
    }
}

/// The lifecycle state of a host: hooks of the last commit, running tasks, `onChange` values.
final class LifecycleState: HostFeature {
    init() {}
    /// Live elements with hooks in the last commit, and their tree order.
    var hooks: [ElementKey: LifecycleHooks] = [:]
    var order: [ElementKey] = []
    var tasks: [TaskKey: (id: AnyHashable, task: Task<Void, Never>)] = [:]
    /// The last value each `onChange` saw, by identity; and which were seen this resolution.
    var changeValues: [SceneIdentity: Any] = [:]
    var changeSeen: Set<SceneIdentity> = []
    /// Actions waiting to run after the current commit.
    var queue: [() -> Void] = []
}

struct TaskKey: Hashable { let element: ElementKey; let index: Int }

extension HostCore {
    /// The most rounds of lifecycle actions and completions one instant may take.
    public static let maxActionRounds = 100

    /// After a commit: queues the appearances and disappearances it made, and starts, cancels
    /// or restarts tasks.
    func commitLifecycle(_ roots: [Element]) {
        var now: [ElementKey: LifecycleHooks] = [:]
        var order: [ElementKey] = []
        func walk(_ e: Element) {
            guard !e.isGhost else { return }
            if let h = e.lifecycle { now[e.key] = h; order.append(e.key) }
            e.children.forEach(walk)
        }
        roots.forEach(walk)
        let old = lifecycle.hooks
        // Disappearances first (the old tree's order), then appearances (the new tree's).
        for key in lifecycle.order where now[key] == nil {
            let hooks = old[key]!
            lifecycle.queue.append(contentsOf: hooks.disappear)
            for i in hooks.tasks.indices { lifecycle.tasks.removeValue(forKey: TaskKey(element: key, index: i))?.task.cancel() }
        }
        for key in order {
            let hooks = now[key]!
            if old[key] == nil { lifecycle.queue.append(contentsOf: hooks.appear) }
            for (i, hook) in hooks.tasks.enumerated() {
                let k = TaskKey(element: key, index: i)
                if let running = lifecycle.tasks[k], running.id == hook.id { continue }
                lifecycle.tasks[k]?.task.cancel()
                nonisolated(unsafe) let action = hook.action
                lifecycle.tasks[k] = (hook.id, Task(executorPreference: executor, priority: hook.priority) { await action() })
            }
        }
        lifecycle.hooks = now
        lifecycle.order = order
    }

    /// Runs queued lifecycle actions and task work; true when an action ran (task work alone
    /// does not count: a task that never finishes must not look like an update loop).
    func runLifecycle() -> Bool {
        var ran = false
        if executor.drain() { ran = hasPendingChange }
        while !lifecycle.queue.isEmpty {
            let action = lifecycle.queue.removeFirst()
            action()
            ran = true
        }
        return ran
    }

    /// `onChange(of:)` at `identity` sees `value`: queues `action(old, new)` when it differs from
    /// the last value seen (or on first sight with `initial`).
    func noteChange<V: Equatable>(_ identity: SceneIdentity, _ value: V, initial: Bool, _ action: @escaping (V, V) -> Void) {
        // Only a commit's resolution counts: views resolved again while a frame is drawn (an
        // Animatable modifier's body at each interpolated value) or measured for ImageRenderer
        // must not see "changes" the commits never made.
        guard resolving else { return }
        lifecycle.changeSeen.insert(identity)
        // Unwrap the entry before casting: a missing entry cast `as? V` with an optional V
        // succeeds as `.none`, which made every onChange of an optional value fire on its
        // view's first commit.
        let stored = lifecycle.changeValues[identity]
        lifecycle.changeValues[identity] = value
        if let stored {
            if let old = stored as? V, old != value { lifecycle.queue.append { action(old, value) } }
        } else if initial {
            lifecycle.queue.append { action(value, value) }
        }
    }

    /// Drops `onChange` values of views gone in this resolution.
    func finishChangeTracking() {
        let seen = lifecycle.changeSeen
        lifecycle.changeValues = lifecycle.changeValues.filter { seen.contains($0.key) }
        lifecycle.changeSeen = []
    }

    /// Cancels every task (the host is rewinding or going away).
    func cancelTasks() {
        for (_, t) in lifecycle.tasks { t.task.cancel() }
        lifecycle.tasks = [:]
        executor.drain()
    }
}

public struct _LifecycleModifier: PrimitiveViewModifier {
    let hooks: LifecycleHooks
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        for e in content {
            var h = e.lifecycle ?? LifecycleHooks()
            h.appear += hooks.appear
            h.disappear += hooks.disappear
            h.tasks += hooks.tasks
            e.lifecycle = h
        }
        return content
    }
}

public struct _OnChangeModifier<V: Equatable>: PrimitiveViewModifier {
    let value: V
    let initial: Bool
    let action: (V, V) -> Void
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        context.host.noteChange(context.identity, value, initial: initial, action)
        return content
    }
}

extension View {
    /// Runs `action` after the commit that makes this view appear.
    public func onAppear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self, _LifecycleModifier> {
        modifier(_LifecycleModifier(hooks: LifecycleHooks(appear: action.map { [$0] } ?? [])))
    }

    /// Runs `action` after the commit that removes this view.
    public func onDisappear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self, _LifecycleModifier> {
        modifier(_LifecycleModifier(hooks: LifecycleHooks(disappear: action.map { [$0] } ?? [])))
    }

    /// Runs `action(oldValue, newValue)` after a commit in which `value` changed (and once when
    /// the view first appears, with `initial`), as SwiftUI's iOS 17 `onChange`.
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false,
        _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> ModifiedContent<Self, _OnChangeModifier<V>> {
        modifier(_OnChangeModifier(value: value, initial: initial, action: action))
    }

    /// Runs `action` after a commit in which `value` changed (and first, with `initial`).
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false,
        _ action: @escaping () -> Void
    ) -> ModifiedContent<Self, _OnChangeModifier<V>> {
        modifier(_OnChangeModifier(value: value, initial: initial, action: { _, _ in action() }))
    }

    /// Starts `action` when this view appears, on the host's executor; cancels it when the view goes.
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void) -> ModifiedContent<Self, _LifecycleModifier> {
        modifier(_LifecycleModifier(hooks: LifecycleHooks(tasks: [TaskHook(id: AnyHashable(0), priority: priority, action: action)])))
    }

    /// As ``task(priority:_:)``, and restarts (cancelling the running one) when `id` changes.
    public func task<T: Equatable & Hashable>(
        id value: T, priority: TaskPriority = .userInitiated,
        _ action: @escaping () async -> Void
    ) -> ModifiedContent<Self, _LifecycleModifier> {
        modifier(_LifecycleModifier(hooks: LifecycleHooks(tasks: [TaskHook(id: AnyHashable(value), priority: priority, action: action)])))
    }
}

extension HostCore {
    /// The lifecycle feature's state in this run.
    var lifecycle: LifecycleState { session.features[LifecycleState.self] }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum LifecycleTrait: ElementTraitKey {
    static var defaultValue: LifecycleHooks? { nil }
}

extension Element {
    /// `onAppear`, `onDisappear` and `task` hooks.
    var lifecycle: LifecycleHooks? {
        get { traits[LifecycleTrait.self] }
        set { traits[LifecycleTrait.self] = newValue }
    }
}
