// Reproduces Combine's subjects: `PassthroughSubject` (values to whoever listens now) and
// `CurrentValueSubject` (a value, sent to each new subscriber first). Each subscriber gets values
// only while it has demand; a value sent with no demand is dropped for that subscriber, as in
// Combine. Sending is safe from any thread; subscribers are called outside the subject's lock.

import FrostGeometry

/// One subscriber of a subject and its outstanding demand.
final class Conduit<Output, Failure: Error>: Subscription, @unchecked Sendable {
    private struct State {
        var subscriber: AnySubscriber<Output, Failure>?
        var demand: Subscribers.Demand = .none
        var askedOnce = false
    }
    private let state: Locked<State>
    private let removed: (Conduit) -> Void
    /// Runs on the first request (CurrentValueSubject sends its value then).
    private let firstDemand: ((Conduit) -> Void)?

    init(_ subscriber: AnySubscriber<Output, Failure>, removed: @escaping (Conduit) -> Void, firstDemand: ((Conduit) -> Void)? = nil) {
        state = Locked(State(subscriber: subscriber))
        self.removed = removed
        self.firstDemand = firstDemand
    }

    func request(_ demand: Subscribers.Demand) {
        let first = state.withLock { s -> Bool in
            s.demand += demand
            defer { s.askedOnce = true }
            return !s.askedOnce
        }
        if first { firstDemand?(self) }
    }

    /// Delivers `value` if this subscriber wants one.
    func offer(_ value: Output) {
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
        let target = state.withLock { s -> AnySubscriber<Output, Failure>? in
            defer { s.subscriber = nil }
            return s.subscriber
        }
        target?.receive(completion: completion)
    }

    func cancel() {
        let was = state.withLock { s -> Bool in
            defer { s.subscriber = nil }
            return s.subscriber != nil
        }
        if was { removed(self) }
    }
}

/// The subscribers of a subject and whether it has ended.
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
    private struct State {
        var conduits: [Conduit<Output, Failure>] = []
        var completion: Subscribers.Completion<Failure>?
    }
    private let state = Locked(State())

    func attach<S: Subscriber>(_ subscriber: S, firstDemand: ((Conduit<Output, Failure>) -> Void)? = nil)
    where S.Input == Output, S.Failure == Failure {
        let conduit = Conduit(AnySubscriber(subscriber), removed: { [weak self] c in self?.remove(c) }, firstDemand: firstDemand)
        let ended = state.withLock { s -> Subscribers.Completion<Failure>? in
            if s.completion == nil { s.conduits.append(conduit) }
            return s.completion
        }
        subscriber.receive(subscription: conduit)
        if let ended { conduit.finish(ended) }
    }

    private func remove(_ conduit: Conduit<Output, Failure>) {
        state.withLock { $0.conduits.removeAll { $0 === conduit } }
    }

    func send(_ value: Output) {
        for c in state.withLock({ $0.completion == nil ? $0.conduits : [] }) { c.offer(value) }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        let conduits = state.withLock { s -> [Conduit<Output, Failure>] in
            guard s.completion == nil else { return [] }
            s.completion = completion
            defer { s.conduits = [] }
            return s.conduits
        }
        for c in conduits { c.finish(completion) }
    }

    var ended: Bool { state.withLock { $0.completion != nil } }
    var count: Int { state.withLock { $0.conduits.count } }
}

/// Broadcasts the values sent to it to its subscribers, as Combine's `PassthroughSubject`.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let core = SubjectCore<Output, Failure>()
    public init() {}
    public func send(_ input: Output) { core.send(input) }
    public func send(completion: Subscribers.Completion<Failure>) { core.send(completion: completion) }
    public func send(subscription: Subscription) { subscription.request(.unlimited) }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure { core.attach(subscriber) }
}

/// Holds a value and sends it, then every change, to each subscriber, as Combine's
/// `CurrentValueSubject`.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let core = SubjectCore<Output, Failure>()
    private let current: Locked<Output>

    public init(_ value: Output) { current = Locked(value) }

    /// The value; setting it sends it.
    public var value: Output {
        get { current.withLock { $0 } }
        set { send(newValue) }
    }

    public func send(_ input: Output) {
        current.withLock { $0 = input }
        core.send(input)
    }
    public func send(completion: Subscribers.Completion<Failure>) { core.send(completion: completion) }
    public func send(subscription: Subscription) { subscription.request(.unlimited) }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.attach(subscriber) { [current] conduit in conduit.offer(current.withLock { $0 }) }
    }
}
