// Reproduces SwiftUI's pre-Observation model objects, without Combine (absent on Linux):
// `ObservableObject` with `objectWillChange` and `@Published`, and the property wrappers that
// follow them — `@StateObject` (created once per identity), `@ObservedObject` (owned
// elsewhere) and `@EnvironmentObject` (from `.environmentObject(_:)` above). A change to a
// `@Published` property (or `objectWillChange.send()`) invalidates every host showing a view
// that holds the object. Combine's publisher operators are not provided: `objectWillChange`
// and `$property` are not `Publisher`s here.

/// The publisher an ``ObservableObject`` announces changes with (Combine's, reduced to what
/// SwiftUI uses: `send()`).
public final class ObservableObjectPublisher: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [ObjectIdentifier: Subscriber] = [:]
    private struct Subscriber { weak var host: HostCore? }

    public init() {}

    /// Announces that the object is about to change.
    public func send() {
        let hosts = lock.withLock { subscribers.values.compactMap(\.host) }
        for host in hosts { host.observedChange() }
        lock.withLock { subscribers = subscribers.filter { $0.value.host != nil } }
    }

    func subscribe(_ host: HostCore) {
        lock.withLock { subscribers[ObjectIdentifier(host)] = Subscriber(host: host) }
    }
}

/// An object whose changes views follow, as Combine's `ObservableObject`. Mark the properties
/// that change with `@Published`, or call `objectWillChange.send()` before a change.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// One publisher per object, shared by its `@Published` properties (made on first use).
    public var objectWillChange: ObservableObjectPublisher {
        var storages: [PublishedStorage] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let m = mirror {
            for child in m.children { if let p = child.value as? PublishedProperty { storages.append(p.storage) } }
            mirror = m.superclassMirror
        }
        if let existing = storages.lazy.compactMap(\.publisher).first { return existing }
        let publisher = ObservableObjectPublisher()
        for s in storages { s.publisher = publisher }
        return publisher
    }
}

/// Where a `@Published` value announces its changes.
final class PublishedStorage: @unchecked Sendable {
    var publisher: ObservableObjectPublisher?
}

protocol PublishedProperty { var storage: PublishedStorage { get } }

/// A property of an ``ObservableObject`` whose changes views follow, as Combine's `@Published`.
@propertyWrapper
public struct Published<Value>: PublishedProperty {
    private var value: Value
    let storage = PublishedStorage()
    public init(wrappedValue: Value) { value = wrappedValue }
    public init(initialValue: Value) { value = initialValue }
    public var wrappedValue: Value {
        get { value }
        set { storage.publisher?.send(); value = newValue }
    }
}

extension HostCore {
    /// Follows `object`'s changes.
    func follow<O: ObservableObject>(_ object: O) {
        (object.objectWillChange as? ObservableObjectPublisher)?.subscribe(self)
    }
}

/// An object a view creates once per identity and keeps, as SwiftUI's `@StateObject`.
@propertyWrapper
@dynamicMemberLookup
public struct StateObject<ObjectType: ObservableObject>: HostBoundProperty {
    let make: () -> ObjectType
    final class Location { var object: ObjectType? }
    let location = Location()

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { make = thunk }

    public var wrappedValue: ObjectType {
        if let o = location.object { return o }
        // Read before the view was bound (outside a body): a fresh object, as SwiftUI warns.
        let o = make()
        location.object = o
        return o
    }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
        projectedValue[dynamicMember: keyPath]
    }

    func bind(_ binder: inout PropertyBinder) {
        let box = binder.host.stateBox(StateKey(identity: binder.identity, field: binder.field), initial: ObjectType?.none)
        if box.value == nil { box.value = make() }
        location.object = box.value
        binder.host.follow(box.value!)
    }
}

/// An object owned elsewhere whose changes this view follows, as SwiftUI's `@ObservedObject`.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: HostBoundProperty {
    /// Bindings to the object's properties (`$model.name`).
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = self.object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }
    public var wrappedValue: ObjectType
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { wrappedValue = initialValue }
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    func bind(_ binder: inout PropertyBinder) { binder.host.follow(wrappedValue) }
}

/// An object an ancestor provided with `.environmentObject(_:)`, as SwiftUI's
/// `@EnvironmentObject`; a missing one makes the host throw
/// ``ViewHostError/missingEnvironmentObject(type:view:)``.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: HostBoundProperty {
    final class Location { var object: ObjectType? }
    let location = Location()
    public init() {}
    public var wrappedValue: ObjectType {
        guard let o = location.object else {
            preconditionFailure("@EnvironmentObject \(ObjectType.self) was read outside a view's body")
        }
        return o
    }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }

    func bind(_ binder: inout PropertyBinder) {
        location.object = binder.environment.object(ObjectType.self)
        if let o = location.object {
            binder.host.follow(o)
        } else {
            binder.failure = .missingEnvironmentObject(type: String(describing: ObjectType.self), view: binder.identity.description)
        }
    }
}

extension View {
    /// Puts an ``ObservableObject`` in the environment for `@EnvironmentObject` below.
    public func environmentObject<T: ObservableObject>(_ object: T) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.setObject(object) })
    }
}
