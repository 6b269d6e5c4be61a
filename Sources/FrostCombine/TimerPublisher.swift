// Reproduces `Timer.publish(every:tolerance:on:in:options:)` and `autoconnect()`: a connectable
// publisher of the current `Date` every interval. Where it ticks is a `TimerClock`: a FrostUI
// host subscribes (`.onReceive`) with its own clock installed, so a timer in a rendered view
// ticks on the host's manual clock (frames at t = 2 s show two ticks, the same on every run);
// anywhere else it ticks in real time on the run loop's queue.

import Foundation
import FrostGeometry

/// A clock timer publishers tick on.
public protocol TimerClock: AnyObject, Sendable {
    /// Calls `tick` with the clock's date every `interval` seconds, the first `interval` from
    /// now, until the result is cancelled.
    func repeating(every interval: TimeInterval, _ tick: @escaping @Sendable (Date) -> Void) -> AnyCancellable
}

/// The clock timers connect to: the task's installed one (a FrostUI host installs its own while
/// views subscribe), else real time.
public enum TimerClocks {
    /// The clock installed for this task, if any.
    @TaskLocal public static var current: (any TimerClock)?

    /// Real time on the main queue (`RunLoop.main`) or a global one.
    static func realTime(main: Bool) -> any TimerClock { main ? mainRealTime : backgroundRealTime }
    private static let mainRealTime = RealTimeClock(queue: .main)
    private static let backgroundRealTime = RealTimeClock(queue: .global())
}

/// Ticks with a dispatch timer.
final class RealTimeClock: TimerClock, @unchecked Sendable {
    let queue: DispatchQueue
    init(queue: DispatchQueue) { self.queue = queue }
    func repeating(every interval: TimeInterval, _ tick: @escaping @Sendable (Date) -> Void) -> AnyCancellable {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let step = max(interval, 0.001)
        timer.schedule(deadline: .now() + step, repeating: step)
        timer.setEventHandler { tick(Date()) }
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}

extension Timer {
    /// A publisher of the date every `interval` seconds (> 0), once connected.
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
        options: Never? = nil
    ) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode)
    }

    /// Combine's timer publisher: ticks after `connect()` (or the first subscriber, with
    /// `autoconnect()`), on the clock installed when it connected.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never
        public let interval: TimeInterval
        public let tolerance: TimeInterval?
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        private let subject = SubjectCore<Date, Never>()

        public init(interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode, options: Never? = nil) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never { subject.attach(subscriber) }

        public func connect() -> Cancellable {
            let clock = TimerClocks.current ?? TimerClocks.realTime(main: runLoop === RunLoop.main)
            let subject = self.subject
            return clock.repeating(every: interval) { date in subject.send(date) }
        }
    }
}

extension Publishers {
    /// Connects its upstream when the first subscriber arrives and disconnects when the last
    /// one cancels, as Combine's `Publishers.Autoconnect`.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public final let upstream: Upstream
        private let state = Locked<(count: Int, connection: Cancellable?)>((0, nil))

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let downstream = AnySubscriber(subscriber)
            upstream.subscribe(
                AnySubscriber<Output, Failure>(
                    receiveSubscription: { [self] inner in
                        downstream.receive(subscription: Counted(inner) { [weak self] in self?.release() })
                    },
                    receiveValue: { downstream.receive($0) },
                    receiveCompletion: { downstream.receive(completion: $0) }))
            let first = state.withLock { s -> Bool in
                s.count += 1
                return s.count == 1 && s.connection == nil
            }
            if first {
                let connection = upstream.connect()
                state.withLock { $0.connection = connection }
            }
        }

        private func release() {
            let stop = state.withLock { s -> Cancellable? in
                s.count -= 1
                guard s.count == 0 else { return nil }
                defer { s.connection = nil }
                return s.connection
            }
            stop?.cancel()
        }

        /// A subscription that tells its publisher when it is cancelled.
        private final class Counted: Subscription, @unchecked Sendable {
            let inner: Subscription
            let released: Locked<(() -> Void)?>
            init(_ inner: Subscription, released: @escaping () -> Void) {
                self.inner = inner
                self.released = Locked(released)
            }
            func request(_ demand: Subscribers.Demand) { inner.request(demand) }
            func cancel() {
                inner.cancel()
                released.withLock { r -> (() -> Void)? in
                    defer { r = nil }; return r
                }?()
            }
        }
    }
}

extension ConnectablePublisher {
    /// Connects on the first subscriber and disconnects after the last.
    public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}

extension Publisher where Output: Sendable {
    /// The values as an async sequence (`for await value in publisher.values`).
    public var values: AsyncStream<Output> {
        AsyncStream { continuation in
            let cancellable = sink(receiveCompletion: { _ in continuation.finish() }, receiveValue: { continuation.yield($0) })
            let box = Locked<AnyCancellable?>(cancellable)
            continuation.onTermination = { _ in box.set(nil) }
        }
    }
}
