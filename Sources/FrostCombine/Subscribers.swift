// Reproduces Combine's two built-in subscribers: `Sink` (closures, unlimited demand) and
// `Assign` (a key path of an object), with `sink` and `assign(to:on:)`.

import FrostGeometry

extension Subscribers {
    /// Calls closures with each value and the completion; asks for unlimited values.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
        public let receiveValue: (Input) -> Void
        public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        private let subscription = Locked<Subscription?>(nil)
        private let ended = Locked(false)

        public init(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void, receiveValue: @escaping (Input) -> Void) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public func receive(subscription s: Subscription) {
            let accept = subscription.withLock { current -> Bool in
                guard current == nil, !ended.current else { return false }
                current = s
                return true
            }
            if accept { s.request(.unlimited) } else { s.cancel() }
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            if !ended.current { receiveValue(value) }
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            guard
                ended.withLock({ e in
                    defer { e = true }; return !e
                })
            else { return }
            subscription.set(nil)
            receiveCompletion(completion)
        }

        public func cancel() {
            ended.set(true)
            subscription.withLock { s -> Subscription? in
                defer { s = nil }; return s
            }?.cancel()
        }
    }

    /// Writes each value to a key path of an object (kept strongly, as Combine does).
    public final class Assign<Root, Input>: Subscriber, Cancellable, @unchecked Sendable {
        public typealias Failure = Never
        public private(set) var object: Root?
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private let subscription = Locked<Subscription?>(nil)

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }
        public func receive(subscription s: Subscription) {
            subscription.set(s)
            s.request(.unlimited)
        }
        public func receive(_ value: Input) -> Subscribers.Demand {
            object?[keyPath: keyPath] = value
            return .none
        }
        public func receive(completion: Subscribers.Completion<Never>) {
            object = nil
            subscription.set(nil)
        }
        public func cancel() {
            object = nil
            subscription.withLock { s -> Subscription? in
                defer { s = nil }; return s
            }?.cancel()
        }
    }
}

extension Publisher {
    /// Subscribes with closures for the completion and each value; the subscription lives as
    /// long as the returned cancellable.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void, receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes with a closure for each value.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }

    /// Writes each value to `keyPath` of `object`.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable(assign)
    }
}
