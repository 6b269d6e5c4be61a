// Reproduces Combine's core protocols (`Publisher`, `Subscriber`, `Subscription`, demand and
// completion, `Cancellable`/`AnyCancellable`, `Subject`, `ConnectablePublisher`) with Apple's
// names and contracts, for the part of Combine SwiftUI apps use. Back-pressure is honoured:
// a publisher sends no more values than its subscriber has asked for.

import FrostGeometry

/// A value that can be cancelled, as Combine's `Cancellable`.
public protocol Cancellable {
    /// Stops the work; calling it again does nothing.
    func cancel()
}

/// A type-erased cancellable that cancels when it is deallocated, as Combine's `AnyCancellable`:
/// keep it (in a property, or `store(in:)` a set) for as long as the subscription should live.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    private let cancelOnce: Locked<(() -> Void)?>

    /// Wraps a closure that runs once, on `cancel()` or on deallocation.
    public init(_ cancel: @escaping () -> Void) { cancelOnce = Locked(cancel) }
    /// Wraps another cancellable.
    public init<C: Cancellable>(_ canceller: C) { cancelOnce = Locked({ canceller.cancel() }) }

    public func cancel() {
        let body = cancelOnce.withLock { taken -> (() -> Void)? in
            defer { taken = nil }
            return taken
        }
        body?()
    }

    deinit { cancel() }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Keeps this cancellable in `set` (it lives as long as the set holds it).
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    /// Keeps this cancellable in `collection`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable { collection.append(self) }
}

extension Cancellable {
    /// This cancellable wrapped so that it cancels on deallocation.
    public func eraseToAnyCancellable() -> AnyCancellable { AnyCancellable(self) }
    /// Keeps this cancellable in `set`.
    public func store(in set: inout Set<AnyCancellable>) { AnyCancellable(self).store(in: &set) }
    /// Keeps this cancellable in `collection`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }
}

/// Namespace for subscribers and their vocabulary, as Combine's `Subscribers`.
public enum Subscribers {
    /// How a publisher ended.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }

    /// How many more values a subscriber wants: a count, or unlimited.
    public struct Demand: Equatable, Comparable, Hashable, Sendable, CustomStringConvertible {
        /// The count; nil is unlimited.
        public let max: Int?
        init(_ max: Int?) { self.max = max }

        public static let unlimited = Demand(nil)
        public static let none = Demand(0)
        /// A bounded demand of `value` (≥ 0) values.
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "a demand cannot be negative")
            return Demand(value)
        }

        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.max, let r = rhs.max else { return .unlimited }
            let (sum, overflow) = l.addingReportingOverflow(r)
            return overflow ? .unlimited : Demand(sum)
        }
        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
        public static func + (lhs: Demand, rhs: Int) -> Demand { lhs + .max(Swift.max(rhs, 0)) }
        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
        /// Subtraction never goes below none; unlimited stays unlimited.
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.max else { return .unlimited }
            guard let r = rhs.max else { return .none }
            return Demand(Swift.max(l - r, 0))
        }
        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
        public static func - (lhs: Demand, rhs: Int) -> Demand { lhs - .max(Swift.max(rhs, 0)) }
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

        public static func < (lhs: Demand, rhs: Demand) -> Bool {
            switch (lhs.max, rhs.max) {
            case (nil, _): return false
            case (_, nil): return true
            case let (l?, r?): return l < r
            }
        }
        public static func > (lhs: Demand, rhs: Int) -> Bool { lhs > .max(Swift.max(rhs, 0)) }
        public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }

        public var description: String { max.map { "max(\($0))" } ?? "unlimited" }
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

/// A link between a publisher and a subscriber, as Combine's `Subscription`.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Asks for `demand` more values.
    func request(_ demand: Subscribers.Demand)
}

/// A type with an identity for Combine's debugging (every class has one).
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

/// An identity for subscriptions and subscribers.
public struct CombineIdentifier: Hashable, Sendable, CustomStringConvertible {
    private let value: UInt64
    private static let counter = Locked<UInt64>(0)
    public init() {
        value = Self.counter.withLock {
            $0 += 1; return $0
        }
    }
    public init(_ object: AnyObject) { value = UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue)) }
    public var description: String { "0x\(String(value, radix: 16))" }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

/// Receives values from a publisher, as Combine's `Subscriber`.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error
    /// The publisher accepted the subscription; ask it for values with `request(_:)`.
    func receive(subscription: Subscription)
    /// A value; returns how many more values are wanted in addition to the outstanding demand.
    func receive(_ input: Input) -> Subscribers.Demand
    /// The publisher ended.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Receives a `Void` value.
    public func receive() -> Subscribers.Demand { receive(()) }
}

/// Sends values over time, as Combine's `Publisher`.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    /// Attaches `subscriber`; called by `subscribe(_:)`.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` to this publisher.
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

/// A publisher you can send values through, as Combine's `Subject`.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    func send(_ value: Output)
    func send(completion: Subscribers.Completion<Failure>)
    func send(subscription: Subscription)
}

extension Subject where Output == Void {
    /// Sends `()`.
    public func send() { send(()) }
}

/// A publisher that starts on `connect()`, as Combine's `ConnectablePublisher`.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts publishing; cancel the result to stop.
    func connect() -> Cancellable
}

/// A subscriber with its type erased, as Combine's `AnySubscriber`.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
    public let combineIdentifier: CombineIdentifier
    private let subscription: (Subscription) -> Void
    private let value: (Input) -> Subscribers.Demand
    private let completion: (Subscribers.Completion<Failure>) -> Void

    public init<S: Subscriber>(_ s: S) where S.Input == Input, S.Failure == Failure {
        combineIdentifier = s.combineIdentifier
        subscription = s.receive(subscription:)
        value = s.receive(_:)
        completion = s.receive(completion:)
    }

    public init(
        receiveSubscription: ((Subscription) -> Void)? = nil, receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        combineIdentifier = CombineIdentifier()
        subscription = receiveSubscription ?? { _ in }
        value = receiveValue ?? { _ in .none }
        completion = receiveCompletion ?? { _ in }
    }

    public func receive(subscription s: Subscription) { subscription(s) }
    public func receive(_ input: Input) -> Subscribers.Demand { value(input) }
    public func receive(completion c: Subscribers.Completion<Failure>) { completion(c) }
    public var description: String { "AnySubscriber" }
}
