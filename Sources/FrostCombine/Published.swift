// Reproduces Combine's `@Published`: a property of an `ObservableObject` that fires the object's
// `objectWillChange` before it changes, and whose projected value (`$name`) is a publisher of its
// values — the current one on subscription, then each new one as it is set (before the property
// holds it, as in Combine). `assign(to: &$name)` feeds it from another publisher for the
// object's lifetime.

import FrostGeometry

/// Where a `@Published` value lives and announces its changes. `@unchecked Sendable`:
/// `_publisher` is read and written under `PublishedFields.lock` only; the value itself is as
/// thread-safe as the object that holds it (Combine's is not either).
class PublishedStorage: @unchecked Sendable {
    private var _publisher: ObservableObjectPublisher?
    /// The object's publisher (nil until its `objectWillChange` is first asked for); set only
    /// through ``adopt(_:)``.
    var publisher: ObservableObjectPublisher? { PublishedFields.lock.withLock { _publisher } }
    /// The publisher, read under the lock the caller holds.
    var peek: ObservableObjectPublisher? { _publisher }
    /// Sets the publisher unless one is set; returns the one in place. Called under the lock.
    func adopt(_ candidate: ObservableObjectPublisher) -> ObservableObjectPublisher {
        if let existing = _publisher { return existing }
        _publisher = candidate
        return candidate
    }
}

/// A `@Published` value and the subscribers of its projected publisher.
final class PublishedBox<Value>: PublishedStorage, @unchecked Sendable {
    var value: Value
    let subject = SubjectCore<Value, Never>()
    /// Upstream subscriptions made by `assign(to: &$name)`; they live as long as the property.
    let feeds = Locked<[AnyCancellable]>([])
    init(_ value: Value) { self.value = value }

    func set(_ newValue: Value) {
        publisher?.send()
        subject.send(newValue)
        value = newValue
    }
}

protocol PublishedProperty { var storage: PublishedStorage { get } }

extension PublishedProperty {
    static func storage(at pointer: UnsafeRawPointer) -> PublishedStorage {
        pointer.assumingMemoryBound(to: Self.self).pointee.storage
    }
}

/// A property of an ``ObservableObject`` whose changes are announced, as Combine's `@Published`.
@propertyWrapper
public struct Published<Value>: PublishedProperty {
    let box: PublishedBox<Value>
    var storage: PublishedStorage { box }

    public init(wrappedValue: Value) { box = PublishedBox(wrappedValue) }
    public init(initialValue: Value) { box = PublishedBox(initialValue) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.set(newValue) }
    }

    /// The publisher of this property's values (`$name`).
    public var projectedValue: Publisher {
        get { Publisher(box: box) }
        // `assign(to: &$name)` writes through the box; the setter has nothing to replace.
        set {}
    }

    /// Sends the property's current value to each new subscriber, then every value it is set to.
    public struct Publisher: FrostCombine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        let box: PublishedBox<Value>
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            box.subject.attach(subscriber) { [box] conduit in conduit.offer(box.value) }
        }
    }
}

extension FrostCombine.Publisher where Failure == Never {
    /// Sets the `@Published` property behind `published` to each value, for as long as the
    /// property lives (Combine's `assign(to: &$name)`).
    public func assign(to published: inout Published<Output>.Publisher) {
        let box = published.box
        let feed = sink { [weak box] value in box?.set(value) }
        box.feeds.withLock { $0.append(feed) }
    }
}
