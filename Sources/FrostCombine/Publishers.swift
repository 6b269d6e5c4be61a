// Reproduces Combine's small publishers (`Just`, `Empty`, `Fail`, `Future`, `Deferred`,
// `AnyPublisher`) and the two combining operators apps use most (`combineLatest`, `merge`).

import Foundation
import FrostGeometry

/// A subscription that delivers a fixed list of values on demand, then completes.
final class ListSubscription<Output, Failure: Error>: Subscription, @unchecked Sendable {
    private struct State {
        var subscriber: AnySubscriber<Output, Failure>?
        var pending: [Output]
        var demand: Subscribers.Demand = .none
        var delivering = false
    }
    private let state: Locked<State>
    private let completion: Subscribers.Completion<Failure>

    init(_ subscriber: AnySubscriber<Output, Failure>, values: [Output], completion: Subscribers.Completion<Failure>) {
        state = Locked(State(subscriber: subscriber, pending: values))
        self.completion = completion
    }

    /// Sends the completion at once when there are no values to wait for demand.
    func start() {
        if state.withLock({ $0.pending.isEmpty }) { drain() }
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.demand += demand }
        drain()
    }

    private func drain() {
        guard
            state.withLock({ s -> Bool in
                defer { s.delivering = true }; return !s.delivering
            })
        else { return }
        while true {
            let step = state.withLock { s -> (AnySubscriber<Output, Failure>, Output?)? in
                guard let sub = s.subscriber else { return nil }
                if s.pending.isEmpty {
                    s.subscriber = nil
                    return (sub, nil)
                }
                guard s.demand > 0 else { return nil }
                s.demand -= 1
                return (sub, s.pending.removeFirst())
            }
            guard let (sub, value) = step else { break }
            if let value {
                let more = sub.receive(value)
                state.withLock { $0.demand += more }
            } else {
                sub.receive(completion: completion)
                break
            }
        }
        state.withLock { $0.delivering = false }
    }

    func cancel() { state.withLock { $0.subscriber = nil } }
}

/// Sends one value, then finishes, as Combine's `Just`.
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output
    public init(_ output: Output) { self.output = output }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        let s = ListSubscription(AnySubscriber(subscriber), values: [output], completion: .finished)
        subscriber.receive(subscription: s)
    }
}

/// Sends nothing; finishes at once unless `completeImmediately` is false, as Combine's `Empty`.
public struct Empty<Output, Failure: Error>: Publisher {
    public let completeImmediately: Bool
    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.completeImmediately = completeImmediately
    }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let s = ListSubscription(AnySubscriber(subscriber), values: [], completion: .finished)
        subscriber.receive(subscription: s)
        if completeImmediately { s.start() }
    }
}

/// Fails at once with `error`, as Combine's `Fail`.
public struct Fail<Output, Failure: Error>: Publisher {
    public let error: Failure
    public init(error: Failure) { self.error = error }
    public init(outputType: Output.Type, failure: Failure) { error = failure }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let s = ListSubscription(AnySubscriber(subscriber), values: [], completion: .failure(error))
        subscriber.receive(subscription: s)
        s.start()
    }
}

/// Makes its publisher anew for each subscriber, as Combine's `Deferred`.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    public typealias Output = DeferredPublisher.Output
    public typealias Failure = DeferredPublisher.Failure
    public let createPublisher: () -> DeferredPublisher
    public init(createPublisher: @escaping () -> DeferredPublisher) { self.createPublisher = createPublisher }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        createPublisher().subscribe(subscriber)
    }
}

/// Produces one value (or a failure) later, once, for every subscriber, as Combine's `Future`:
/// the closure runs at once, when the future is made.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
    public typealias Promise = (Result<Output, Failure>) -> Void
    private let subject = SubjectCore<Output, Failure>()
    private let result = Locked<Result<Output, Failure>?>(nil)

    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [self] r in
            let first = result.withLock { stored -> Bool in
                guard stored == nil else { return false }
                stored = r
                return true
            }
            guard first else { return }
            switch r {
            case .success(let v):
                subject.send(v)
                subject.send(completion: .finished)
            case .failure(let e): subject.send(completion: .failure(e))
            }
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        switch result.current {
        case .success(let v)?:
            let s = ListSubscription(AnySubscriber(subscriber), values: [v], completion: .finished)
            subscriber.receive(subscription: s)
        case .failure(let e)?:
            let s = ListSubscription(AnySubscriber(subscriber), values: [], completion: .failure(e))
            subscriber.receive(subscription: s)
            s.start()
        case nil:
            subject.attach(subscriber)
        }
    }
}

/// A publisher with its type erased, as Combine's `AnyPublisher`.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
    private let subscribeBody: (AnySubscriber<Output, Failure>) -> Void
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            subscribeBody = erased.subscribeBody
        } else {
            subscribeBody = { publisher.subscribe($0) }
        }
    }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribeBody(AnySubscriber(subscriber))
    }
    public var description: String { "AnyPublisher" }
}

/// The subscription of a publisher made from several upstream ones: holds their sinks until it is
/// cancelled or ends, and passes on values while its subscriber has demand.
final class FanIn<Output, Failure: Error>: Subscription, @unchecked Sendable {
    private struct State {
        var subscriber: AnySubscriber<Output, Failure>?
        var demand: Subscribers.Demand = .none
        var upstreams: [AnyCancellable] = []
    }
    private let state: Locked<State>
    init(_ subscriber: AnySubscriber<Output, Failure>) { state = Locked(State(subscriber: subscriber)) }

    func hold(_ upstreams: [AnyCancellable]) {
        let ended = state.withLock { s -> Bool in
            if s.subscriber != nil { s.upstreams += upstreams }
            return s.subscriber == nil
        }
        if ended { upstreams.forEach { $0.cancel() } }
    }

    func send(_ value: Output) {
        let target = state.withLock { s -> AnySubscriber<Output, Failure>? in
            guard let sub = s.subscriber, s.demand > 0 else { return nil }
            s.demand -= 1
            return sub
        }
        guard let target else { return }
        let more = target.receive(value)
        if more > 0 { state.withLock { $0.demand += more } }
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        let (target, upstreams) = take()
        upstreams.forEach { $0.cancel() }
        target?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) { state.withLock { $0.demand += demand } }
    func cancel() { take().1.forEach { $0.cancel() } }

    private func take() -> (AnySubscriber<Output, Failure>?, [AnyCancellable]) {
        state.withLock { s in
            defer {
                s.subscriber = nil
                s.upstreams = []
            }
            return (s.subscriber, s.upstreams)
        }
    }
}

extension Publishers {
    /// Values of two publishers as pairs of the latest of each, once both have sent one.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fan = FanIn<Output, Failure>(AnySubscriber(subscriber))
            subscriber.receive(subscription: fan)
            let latest = Locked<(a: A.Output?, b: B.Output?, finished: Int)>((nil, nil, 0))
            let deliver: (A.Output?, B.Output?) -> Void = { x, y in
                let pair = latest.withLock { l -> Output? in
                    if let x { l.a = x }
                    if let y { l.b = y }
                    guard let p = l.a, let q = l.b else { return nil }
                    return (p, q)
                }
                if let pair { fan.send(pair) }
            }
            let end: (Subscribers.Completion<Failure>) -> Void = { c in
                if case .failure = c { return fan.finish(c) }
                if latest.withLock({
                    $0.finished += 1; return $0.finished
                }) == 2 {
                    fan.finish(.finished)
                }
            }
            fan.hold([a.sink(receiveCompletion: end) { deliver($0, nil) }, b.sink(receiveCompletion: end) { deliver(nil, $0) }])
        }
    }

    /// The values of two publishers as they come; finishes when both have.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let fan = FanIn<Output, Failure>(AnySubscriber(subscriber))
            subscriber.receive(subscription: fan)
            let finished = Locked(0)
            let end: (Subscribers.Completion<Failure>) -> Void = { c in
                if case .failure = c { return fan.finish(c) }
                if finished.withLock({
                    $0 += 1; return $0
                }) == 2 {
                    fan.finish(.finished)
                }
            }
            fan.hold([a.sink(receiveCompletion: end, receiveValue: fan.send), b.sink(receiveCompletion: end, receiveValue: fan.send)])
        }
    }
}

extension Publisher {
    /// Pairs of the latest values of this publisher and `other`.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }
    /// Pairs of the latest values, transformed.
    public func combineLatest<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    )
        -> Publishers.Operator<Publishers.CombineLatest<Self, P>, T, Failure> where P.Failure == Failure
    {
        Publishers.CombineLatest(self, other).map(transform)
    }
    /// The values of this publisher and `other` as they come.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P> where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }
}

extension Publishers {
    /// The elements of a sequence, then finished, as Combine's `Publishers.Sequence`.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element
        public let sequence: Elements
        public init(sequence: Elements) { self.sequence = sequence }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let s = ListSubscription(AnySubscriber(subscriber), values: Array(sequence), completion: .finished)
            subscriber.receive(subscription: s)
            s.start()
        }
    }
}

extension Sequence {
    /// The elements as a publisher.
    public var publisher: Publishers.Sequence<Self, Never> { Publishers.Sequence(sequence: self) }
}

extension NotificationCenter {
    /// Posts of `name` (from `object`, if given) as a publisher, as Foundation's Combine overlay.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }

    /// A publisher of a notification's posts.
    public struct Publisher: FrostCombine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never
        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let fan = FanIn<Notification, Never>(AnySubscriber(subscriber))
            subscriber.receive(subscription: fan)
            nonisolated(unsafe) let token = center.addObserver(forName: name, object: object, queue: nil) { fan.send($0) }
            let center = self.center
            fan.hold([AnyCancellable { center.removeObserver(token) }])
        }
    }
}
