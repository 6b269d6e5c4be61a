import Foundation
import FrostCombine
import FrostGeometry
import FrostScene

// Reproduces SwiftUI's `onReceive(_:perform:)`: the view subscribes to the publisher when it
// appears and cancels when it goes; each value runs the latest `perform` closure (the one from
// the view's last body), and what it changes commits as any state change does. Timers made with
// `Timer.publish(…)` that the view subscribes to tick on the host's manual clock, so a view
// driven by a timer renders the same frames at the same times on every run — the host's
// timeline fires their ticks in time order with its events and animation completions. The
// dates they send count from the host's epoch (``HostCore/timerEpoch``), not the wall clock.

/// The subscriptions of a host's `onReceive` views, by view identity.
final class ReceiverState: HostFeature {
    init() {}
    var receivers: [SceneIdentity: Receiver] = [:]

    /// One view's subscription and its latest action.
    final class Receiver {
        var action: ((Any) -> Void)?
        var subscription: AnyCancellable?
    }
}

/// Timers connected on the host's clock: each ticks at its start plus whole intervals.
final class HostTimers: HostFeature, TimerClock, @unchecked Sendable {
    init() {}
    private struct Entry {
        var interval: Double
        var next: Double
        var tick: @Sendable (Date) -> Void
    }
    // Touched on the host's thread only; `Sendable` because TimerClock requires it and a
    // connection cancelled elsewhere goes through the lock.
    private let entries = Locked<[Int: Entry]>([:])
    private var serial = 0
    /// The host's time when a timer connects (set by the host around subscriptions).
    var now: Double = 0

    func repeating(every interval: TimeInterval, _ tick: @escaping @Sendable (Date) -> Void) -> AnyCancellable {
        // A timer faster than 1 ms would starve the timeline; SwiftUI's run loop would coalesce it too.
        let step = max(interval, 0.001)
        serial += 1
        let id = serial
        entries.withLock { $0[id] = Entry(interval: step, next: now + step, tick: tick) }
        return AnyCancellable { [entries] in _ = entries.withLock { $0.removeValue(forKey: id) } }
    }

    /// The earliest tick due at or before `time` (ties by connection order).
    func nextDue(before time: Double) -> (time: Double, id: Int)? {
        entries.withLock { e in
            e.filter { $0.value.next <= time }.min { ($0.value.next, $0.key) < ($1.value.next, $1.key) }.map { ($0.value.next, $0.key) }
        }
    }

    /// Fires tick `id` (sending `date`) and schedules its next one.
    func fire(_ id: Int, date: Date) {
        let tick = entries.withLock { e -> (@Sendable (Date) -> Void)? in
            guard var entry = e[id] else { return nil }
            entry.next += entry.interval
            e[id] = entry
            return entry.tick
        }
        tick?(date)
    }
}

extension HostCore {
    /// The date a host-clock timer sends at host time 0 (2001-01-01 00:00:00 UTC, Foundation's
    /// reference date): the same on every run.
    public static let timerEpoch = Date(timeIntervalSinceReferenceDate: 0)

    var receivers: ReceiverState { session.features[ReceiverState.self] }
    var timers: HostTimers { session.features[HostTimers.self] }

    /// Runs `body` with this host's clock installed for timers that connect in it.
    func withHostClock<T>(_ body: () throws -> T) rethrows -> T {
        let clock = timers
        clock.now = now
        return try TimerClocks.$current.withValue(clock, operation: body)
    }
}

public struct _OnReceiveModifier<P: Publisher>: PrimitiveViewModifier where P.Failure == Never {
    let publisher: P
    let action: (P.Output) -> Void

    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let host = context.host
        let identity = context.identity
        let receiver = host.receivers.receivers[identity] ?? ReceiverState.Receiver()
        host.receivers.receivers[identity] = receiver
        let action = self.action
        receiver.action = { action($0 as! P.Output) }
        let publisher = self.publisher
        let hooks = LifecycleHooks(
            appear: [
                { [weak host, weak receiver] in
                    guard let host, let receiver, receiver.subscription == nil else { return }
                    receiver.subscription = host.withHostClock {
                        publisher.sink { [weak receiver] value in receiver?.action?(value) }
                    }
                }
            ],
            disappear: [
                { [weak host] in
                    host?.receivers.receivers.removeValue(forKey: identity)?.subscription?.cancel()
                }
            ])
        for e in content {
            var h = e.lifecycle ?? LifecycleHooks()
            h.appear += hooks.appear
            h.disappear += hooks.disappear
            e.lifecycle = h
        }
        return content
    }
}

extension View {
    /// Runs `action` with each value `publisher` sends while this view is shown.
    public func onReceive<P: Publisher>(
        _ publisher: P, perform action: @escaping (P.Output) -> Void
    ) -> ModifiedContent<
        Self, _OnReceiveModifier<P>
    > where P.Failure == Never {
        modifier(_OnReceiveModifier(publisher: publisher, action: action))
    }
}
