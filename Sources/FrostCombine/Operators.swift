// Reproduces Combine's everyday operators (map, compactMap, filter, removeDuplicates, dropFirst,
// prefix, first, scan, collect, replaceNil, replaceError, mapError, setFailureType, tryMap,
// handleEvents, eraseToAnyPublisher) with Combine's semantics: values in order, demand passed
// upstream (a dropped value asks for one more), per-subscription state for the stateful ones.
// Unlike Combine each returns `Publishers.Operator`, not a type per operator; code that erases
// with `eraseToAnyPublisher()` (as app code does) cannot tell.

import FrostGeometry

/// Namespace for publishers, as Combine's `Publishers`.
public enum Publishers {}

/// What an operator does with one upstream value.
enum RelayStep<Output, Failure: Error> {
    case emit(Output)
    case skip
    case finish(last: Output?)
    case fail(Failure)
}

/// One subscription's operator state: what to do with a value and with the upstream's end.
struct RelayRules<Input, UpFailure: Error, Output, Failure: Error> {
    var value: (Input) -> RelayStep<Output, Failure>
    var completion: (Subscribers.Completion<UpFailure>) -> (last: Output?, Subscribers.Completion<Failure>)
}

/// Sits between an upstream publisher and a subscriber, applying `rules`.
final class Relay<Input, UpFailure: Error, Output, Failure: Error>: Subscriber, Subscription, @unchecked Sendable {
    private let downstream: AnySubscriber<Output, Failure>
    private let rules: RelayRules<Input, UpFailure, Output, Failure>
    private let upstream = Locked<Subscription?>(nil)
    private let done = Locked(false)

    init(_ downstream: AnySubscriber<Output, Failure>, rules: RelayRules<Input, UpFailure, Output, Failure>) {
        self.downstream = downstream
        self.rules = rules
    }

    func receive(subscription: Subscription) {
        upstream.set(subscription)
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard !done.current else { return .none }
        switch rules.value(input) {
        case .emit(let output): return downstream.receive(output)
        case .skip: return .max(1)
        case .finish(let last):
            end()
            upstream.withLock { $0 }?.cancel()
            if let last { _ = downstream.receive(last) }
            downstream.receive(completion: .finished)
            return .none
        case .fail(let error):
            end()
            upstream.withLock { $0 }?.cancel()
            downstream.receive(completion: .failure(error))
            return .none
        }
    }

    func receive(completion: Subscribers.Completion<UpFailure>) {
        guard end() else { return }
        let (last, mapped) = rules.completion(completion)
        if let last { _ = downstream.receive(last) }
        downstream.receive(completion: mapped)
    }

    /// Marks the relay ended; false if it already was.
    @discardableResult private func end() -> Bool {
        done.withLock { was in
            defer { was = true }; return !was
        }
    }

    func request(_ demand: Subscribers.Demand) { upstream.withLock { $0 }?.request(demand) }
    func cancel() {
        end()
        upstream.withLock { s -> Subscription? in
            defer { s = nil }; return s
        }?.cancel()
    }
}

extension Publishers {
    /// An operator applied to `upstream` (Combine has a type per operator; this one carries the
    /// operator's rules).
    public struct Operator<Upstream: Publisher, Output, Failure: Error>: Publisher {
        public let upstream: Upstream
        let makeRules: () -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>

        init(_ upstream: Upstream, _ makeRules: @escaping () -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>) {
            self.upstream = upstream
            self.makeRules = makeRules
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Relay(AnySubscriber(subscriber), rules: makeRules()))
        }
    }
}

/// Mutable per-subscription state captured by an operator's closures.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

extension Publisher {
    /// Applies `value` to each value; the upstream's completion passes through.
    func relay<T>(_ value: @escaping () -> (Output) -> RelayStep<T, Failure>) -> Publishers.Operator<Self, T, Failure> {
        Publishers.Operator(self) { RelayRules(value: value(), completion: { (nil, $0) }) }
    }

    /// Transforms each value.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Operator<Self, T, Failure> {
        relay { { .emit(transform($0)) } }
    }

    /// The value at `keyPath` of each value.
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.Operator<Self, T, Failure> {
        relay { { .emit($0[keyPath: keyPath]) } }
    }

    /// Transforms each value with a closure that may throw; a throw ends the stream with its error.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.Operator<Self, T, Error> {
        Publishers.Operator(self) {
            RelayRules(
                value: { v in
                    do { return .emit(try transform(v)) } catch { return .fail(error) }
                },
                completion: { c in
                    switch c {
                    case .finished: return (nil, .finished)
                    case .failure(let e): return (nil, .failure(e))
                    }
                })
        }
    }

    /// The non-nil results of `transform`.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.Operator<Self, T, Failure> {
        relay { { transform($0).map { .emit($0) } ?? .skip } }
    }

    /// The values for which `isIncluded` is true.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Operator<Self, Output, Failure> {
        relay { { isIncluded($0) ? .emit($0) : .skip } }
    }

    /// Drops a value equal (by `predicate`) to the one before it.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.Operator<Self, Output, Failure> {
        relay {
            let last = Box<Output?>(nil)
            return { v in
                defer { last.value = v }
                if let l = last.value, predicate(l, v) { return .skip }
                return .emit(v)
            }
        }
    }

    /// Drops the first `count` values.
    public func dropFirst(_ count: Int = 1) -> Publishers.Operator<Self, Output, Failure> {
        relay {
            let seen = Box(0)
            return { v in
                seen.value += 1
                return seen.value > count ? .emit(v) : .skip
            }
        }
    }

    /// Drops values while `predicate` holds.
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.Operator<Self, Output, Failure> {
        relay {
            let dropping = Box(true)
            return { v in
                if dropping.value, predicate(v) { return .skip }
                dropping.value = false
                return .emit(v)
            }
        }
    }

    /// The first `maxLength` values, then finishes.
    public func prefix(_ maxLength: Int) -> Publishers.Operator<Self, Output, Failure> {
        relay {
            let sent = Box(0)
            return { v in
                sent.value += 1
                if sent.value >= maxLength { return .finish(last: sent.value == maxLength ? v : nil) }
                return .emit(v)
            }
        }
    }

    /// The first value for which `predicate` is true, then finishes.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.Operator<Self, Output, Failure> {
        relay { { predicate($0) ? .finish(last: $0) : .skip } }
    }

    /// The first value, then finishes.
    public func first() -> Publishers.Operator<Self, Output, Failure> { first { _ in true } }

    /// Each value combined with the running result.
    public func scan<T>(_ initialResult: T, _ next: @escaping (T, Output) -> T) -> Publishers.Operator<Self, T, Failure> {
        relay {
            let acc = Box(initialResult)
            return { v in
                acc.value = next(acc.value, v)
                return .emit(acc.value)
            }
        }
    }

    /// All values as one array when the upstream finishes.
    public func collect() -> Publishers.Operator<Self, [Output], Failure> {
        Publishers.Operator(self) {
            let all = Box<[Output]>([])
            return RelayRules(
                value: { v in
                    all.value.append(v)
                    return .skip
                },
                completion: { c in
                    if case .finished = c { return (all.value, .finished) }
                    return (nil, c)
                })
        }
    }

    /// Runs the closures as events pass, without changing them.
    public func handleEvents(
        receiveSubscription: ((Subscription) -> Void)? = nil, receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.Operator<Self, Output, Failure> {
        Publishers.Operator(self) {
            RelayRules(
                value: { v in
                    receiveOutput?(v)
                    return .emit(v)
                },
                completion: { c in
                    receiveCompletion?(c)
                    return (nil, c)
                })
        }
    }

    /// Replaces a failure with `output`, then finishes.
    public func replaceError(with output: Output) -> Publishers.Operator<Self, Output, Never> {
        Publishers.Operator(self) {
            RelayRules(
                value: { .emit($0) },
                completion: { c in
                    if case .failure = c { return (output, .finished) }
                    return (nil, .finished)
                })
        }
    }

    /// Transforms the failure.
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.Operator<Self, Output, E> {
        Publishers.Operator(self) {
            RelayRules(
                value: { .emit($0) },
                completion: { c in
                    switch c {
                    case .finished: return (nil, .finished)
                    case .failure(let e): return (nil, .failure(transform(e)))
                    }
                })
        }
    }

    /// Erases the publisher's type.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

extension Publisher where Output: Equatable {
    /// Drops a value equal to the one before it.
    public func removeDuplicates() -> Publishers.Operator<Self, Output, Failure> { removeDuplicates(by: ==) }
}

extension Publisher {
    /// Replaces nil values with `output`.
    public func replaceNil<T>(with output: T) -> Publishers.Operator<Self, T, Failure> where Output == T? {
        map { $0 ?? output }
    }
}

extension Publisher where Failure == Never {
    /// The same values, typed as able to fail with `E`.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.Operator<Self, Output, E> {
        Publishers.Operator(self) { RelayRules(value: { .emit($0) }, completion: { _ in (nil, .finished) }) }
    }
}
