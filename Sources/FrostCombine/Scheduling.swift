// Reproduces Combine's schedulers where SwiftUI apps name them: `receive(on:)`,
// `debounce(for:scheduler:)`, `throttle(for:scheduler:latest:)` and `delay(for:scheduler:)` on
// `DispatchQueue`, `RunLoop`, `OperationQueue` and `ImmediateScheduler`, with strides written
// `.seconds(0.3)`, `.milliseconds(300)` or a literal. One difference, on purpose: on the main
// thread `receive(on: DispatchQueue.main)` (or `RunLoop.main`) delivers at once instead of on a
// later turn of the main loop, so a headless render (which has no main loop turning) sees the
// value. Timed operators need the queue or run loop to run, as in Combine.

import Foundation
import FrostGeometry

/// A time interval in a scheduler's units, as Combine's `SchedulerTimeIntervalConvertible`.
public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

/// Runs actions now or later, as Combine's `Scheduler` (reduced to what the operators here need).
public protocol Scheduler<SchedulerTimeType> {
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    associatedtype SchedulerOptions
    var now: SchedulerTimeType { get }
    var minimumTolerance: SchedulerTimeType.Stride { get }
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void)
}

extension Scheduler {
    public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }
}

/// Seconds as a scheduler stride (the one stride type every scheduler here uses).
public struct SchedulerStride: Comparable, Hashable, Sendable, SignedNumeric, ExpressibleByFloatLiteral, SchedulerTimeIntervalConvertible {
    /// The interval in seconds.
    public var timeInterval: Double
    public init(_ seconds: Double) { timeInterval = seconds }
    public init(floatLiteral value: Double) { timeInterval = value }
    public init(integerLiteral value: Int) { timeInterval = Double(value) }
    public init?<T: BinaryInteger>(exactly source: T) { timeInterval = Double(source) }
    public var magnitude: SchedulerStride { SchedulerStride(Swift.abs(timeInterval)) }
    public static func seconds(_ s: Int) -> Self { Self(Double(s)) }
    public static func seconds(_ s: Double) -> Self { Self(s) }
    public static func milliseconds(_ ms: Int) -> Self { Self(Double(ms) / 1e3) }
    public static func microseconds(_ us: Int) -> Self { Self(Double(us) / 1e6) }
    public static func nanoseconds(_ ns: Int) -> Self { Self(Double(ns) / 1e9) }
    public static func < (a: Self, b: Self) -> Bool { a.timeInterval < b.timeInterval }
    public static func + (a: Self, b: Self) -> Self { Self(a.timeInterval + b.timeInterval) }
    public static func - (a: Self, b: Self) -> Self { Self(a.timeInterval - b.timeInterval) }
    public static func * (a: Self, b: Self) -> Self { Self(a.timeInterval * b.timeInterval) }
    public static func += (a: inout Self, b: Self) { a = a + b }
    public static func -= (a: inout Self, b: Self) { a = a - b }
    public static func *= (a: inout Self, b: Self) { a = a * b }
}

/// A point on a scheduler's clock, in seconds from an arbitrary origin.
public struct SchedulerInstant: Strideable, Hashable, Sendable {
    public typealias Stride = SchedulerStride
    /// Seconds since the reference date.
    public var seconds: Double
    public init(_ seconds: Double) { self.seconds = seconds }
    public init(_ date: Date) { seconds = date.timeIntervalSinceReferenceDate }
    public var date: Date { Date(timeIntervalSinceReferenceDate: seconds) }
    public func distance(to other: Self) -> Stride { Stride(other.seconds - seconds) }
    public func advanced(by n: Stride) -> Self { Self(seconds + n.timeInterval) }
}

extension DispatchQueue: Scheduler {
    public typealias SchedulerTimeType = SchedulerInstant
    public typealias SchedulerOptions = Never
    public var now: SchedulerInstant { SchedulerInstant(Date()) }
    public var minimumTolerance: SchedulerStride { .nanoseconds(0) }
    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        if self === DispatchQueue.main && Thread.isMainThread { action() } else { let a = SendableAction(action); async { a.run() } }
    }
    public func schedule(after date: SchedulerInstant, tolerance: SchedulerStride, options: Never?, _ action: @escaping () -> Void) {
        let a = SendableAction(action)
        asyncAfter(deadline: .now() + max(0, date.seconds - Date().timeIntervalSinceReferenceDate)) { a.run() }
    }
}

extension RunLoop: Scheduler {
    public typealias SchedulerTimeType = SchedulerInstant
    public typealias SchedulerOptions = Never
    public var now: SchedulerInstant { SchedulerInstant(Date()) }
    public var minimumTolerance: SchedulerStride { .nanoseconds(0) }
    /// The main run loop's work goes to the main queue (which it drains on Linux too).
    private var queue: DispatchQueue { self === RunLoop.main ? .main : .global() }
    public func schedule(options: Never?, _ action: @escaping () -> Void) { queue.schedule(options: nil, action) }
    public func schedule(after date: SchedulerInstant, tolerance: SchedulerStride, options: Never?, _ action: @escaping () -> Void) {
        queue.schedule(after: date, tolerance: tolerance, options: nil, action)
    }
}

extension OperationQueue: Scheduler {
    public typealias SchedulerTimeType = SchedulerInstant
    public typealias SchedulerOptions = Never
    public var now: SchedulerInstant { SchedulerInstant(Date()) }
    public var minimumTolerance: SchedulerStride { .nanoseconds(0) }
    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        if self === OperationQueue.main && Thread.isMainThread { action() } else { let a = SendableAction(action); addOperation { a.run() } }
    }
    public func schedule(after date: SchedulerInstant, tolerance: SchedulerStride, options: Never?, _ action: @escaping () -> Void) {
        DispatchQueue.global().schedule(after: date, tolerance: tolerance, options: nil) { [weak self] in
            let a = SendableAction(action)
            self?.addOperation { a.run() }
        }
    }
}

/// Runs every action at once, on the calling thread, as Combine's `ImmediateScheduler`.
public struct ImmediateScheduler: Scheduler, Sendable {
    public typealias SchedulerTimeType = SchedulerInstant
    public typealias SchedulerOptions = Never
    public static let shared = ImmediateScheduler()
    public var now: SchedulerInstant { SchedulerInstant(Date()) }
    public var minimumTolerance: SchedulerStride { .nanoseconds(0) }
    public func schedule(options: Never?, _ action: @escaping () -> Void) { action() }
    public func schedule(after date: SchedulerInstant, tolerance: SchedulerStride, options: Never?, _ action: @escaping () -> Void) { action() }
}

extension Publisher {
    /// Delivers values and the completion on `scheduler`.
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> AnyPublisher<Output, Failure> {
        let upstream = self
        return AnyPublisher(
            Deferred {
                Hop(upstream: upstream) { action in scheduler.schedule(options: options, action) }
            })
    }

    /// Delivers each value `interval` later on `scheduler`.
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    ) -> AnyPublisher<
        Output, Failure
    > {
        let upstream = self
        return AnyPublisher(
            Deferred {
                Hop(upstream: upstream) { action in
                    scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance, options: options, action)
                }
            })
    }

    /// Sends a value only once `dueTime` has passed without a newer one.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    )
        -> AnyPublisher<Output, Failure>
    {
        let upstream = self
        return AnyPublisher(
            FanPublisher<Output, Failure> { fan in
                let generation = Locked(0)
                return upstream.sink(
                    receiveCompletion: { c in scheduler.schedule(options: options) { fan.finish(c) } },
                    receiveValue: { v in
                        let mine = generation.withLock {
                            $0 += 1; return $0
                        }
                        scheduler.schedule(after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance, options: options) {
                            if generation.current == mine { fan.send(v) }
                        }
                    })
            })
    }

    /// At most one value per `interval`: the first or the latest of each window.
    public func throttle<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool) -> AnyPublisher<Output, Failure> {
        let upstream = self
        return AnyPublisher(
            FanPublisher<Output, Failure> { fan in
                let window = Locked<(open: Bool, pending: Output?)>((false, nil))
                return upstream.sink(
                    receiveCompletion: { fan.finish($0) },
                    receiveValue: { v in
                        let sendNow = window.withLock { w -> Bool in
                            if w.open {
                                if latest { w.pending = v }
                                return false
                            }
                            w.open = true
                            return true
                        }
                        guard sendNow else { return }
                        fan.send(v)
                        scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance, options: nil) {
                            let last = window.withLock { w -> Output? in
                                defer { w = (false, nil) }
                                return w.pending
                            }
                            if let last { fan.send(last) }
                        }
                    })
            })
    }
}

/// Re-sends an upstream's events through `hop` (a scheduler's queue).
private struct Hop<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure
    let upstream: Upstream
    let hop: (@escaping () -> Void) -> Void
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let downstream = AnySubscriber(subscriber)
        let hop = self.hop
        upstream.subscribe(
            AnySubscriber<Output, Failure>(
                receiveSubscription: { downstream.receive(subscription: $0) },
                receiveValue: { v in
                    hop { _ = downstream.receive(v) }
                    return .none
                },
                receiveCompletion: { c in hop { downstream.receive(completion: c) } }))
    }
}

/// A publisher whose subscription is a ``FanIn`` fed by the upstream subscription `start` makes.
struct FanPublisher<Output, Failure: Error>: Publisher {
    let start: (FanIn<Output, Failure>) -> AnyCancellable
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let fan = FanIn<Output, Failure>(AnySubscriber(subscriber))
        subscriber.receive(subscription: fan)
        fan.hold([start(fan)])
    }
}

/// A scheduler's action carried to another thread. Combine's `Scheduler` takes plain closures
/// (it predates `Sendable`): the caller chose the queue, so the closure is theirs to make safe.
struct SendableAction: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
