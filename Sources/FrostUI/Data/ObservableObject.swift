@_spi(Reflection) import Swift

// Reproduces SwiftUI's pre-Observation model objects, without Combine (absent on Linux):
// `ObservableObject` with `objectWillChange` and `@Published`, and the property wrappers that
// follow them — `@StateObject` (created once per identity), `@ObservedObject` (owned
// elsewhere) and `@EnvironmentObject` (from `.environmentObject(_:)` above). A change to a
// `@Published` property (or `objectWillChange.send()`) invalidates every host showing a view
// that holds the object. Combine's publisher operators are not provided: `objectWillChange`
// and `$property` are not `Publisher`s here.

/// The publisher an ``ObservableObject`` announces changes with (Combine's, reduced to what
/// SwiftUI uses: `send()`). `@unchecked Sendable`: `subscribers` is touched under `lock` only,
/// and hosts are told outside it (a host takes its own lock).
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

    func unsubscribe(_ host: HostCore) {
        lock.withLock { _ = subscribers.removeValue(forKey: ObjectIdentifier(host)) }
    }

    var subscriberCount: Int { lock.withLock { subscribers.values.filter { $0.host != nil }.count } }
}

/// An object whose changes views follow, as Combine's `ObservableObject`. Mark the properties
/// that change with `@Published`, or call `objectWillChange.send()` before a change.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// One publisher per object, shared by its `@Published` properties (made on first use; an
    /// object without any keeps its own, so `objectWillChange.send()` in a `willSet` reaches
    /// the views that follow it).
    public var objectWillChange: ObservableObjectPublisher { PublishedFields.publisher(of: self) }
}

/// Where a `@Published` value announces its changes. `@unchecked Sendable`: `_publisher` is
/// read and written under ``PublishedFields/lock`` only.
final class PublishedStorage: @unchecked Sendable {
    private var _publisher: ObservableObjectPublisher?
    /// The publisher (nil until the object's `objectWillChange` is first asked for); set only
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

protocol PublishedProperty { var storage: PublishedStorage { get } }

extension PublishedProperty {
    static func storage(at pointer: UnsafeRawPointer) -> PublishedStorage {
        pointer.assumingMemoryBound(to: Self.self).pointee.storage
    }
}

/// Finds an object's `@Published` properties: their byte offsets are read once per class from
/// the runtime's field metadata (superclasses' fields included) and cached, so following an
/// object costs no `Mirror` walk per bind. Classes the runtime cannot describe fall back to
/// `Mirror`.
enum PublishedFields {
    static let lock = NSLock()
    private enum Layout { case fields([(offset: Int, type: any PublishedProperty.Type)]), reflect }
    nonisolated(unsafe) private static var layouts: [ObjectIdentifier: Layout] = [:]
    /// Publishers of objects with no `@Published` property, by object (weakly).
    nonisolated(unsafe) private static var ownPublishers: [ObjectIdentifier: (object: Weak, publisher: ObservableObjectPublisher)] = [:]
    private struct Weak { weak var object: AnyObject? }

    static func publisher(of object: AnyObject) -> ObservableObjectPublisher {
        let storages = self.storages(of: object)
        return lock.withLock {
            guard !storages.isEmpty else { return ownPublisher(of: object) }
            let publisher = storages.lazy.compactMap(\.peek).first ?? ObservableObjectPublisher()
            for s in storages { _ = s.adopt(publisher) }
            return publisher
        }
    }

    /// Called under `lock`.
    private static func ownPublisher(of object: AnyObject) -> ObservableObjectPublisher {
        let id = ObjectIdentifier(object)
        if let kept = ownPublishers[id], kept.object.object === object { return kept.publisher }
        if ownPublishers.count > 64 { ownPublishers = ownPublishers.filter { $0.value.object.object != nil } }
        let publisher = ObservableObjectPublisher()
        ownPublishers[id] = (Weak(object: object), publisher)
        return publisher
    }

    static func storages(of object: AnyObject) -> [PublishedStorage] {
        let type: AnyClass = Swift.type(of: object)
        let id = ObjectIdentifier(type)
        let layout =
            lock.withLock { layouts[id] }
            ?? {
                var fields: [(offset: Int, type: any PublishedProperty.Type)] = []
                // rawValue 1 is `.classType` (a `static var`, which Swift 6 will not read unguarded).
                let described = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1)) { _, offset, fieldType, _ in
                    if let published = fieldType as? any PublishedProperty.Type { fields.append((offset, published)) }
                    return true
                }
                let computed: Layout = described ? .fields(fields) : .reflect
                lock.withLock { layouts[id] = computed }
                return computed
            }()
        switch layout {
        case .fields(let fields):
            let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
            return withExtendedLifetime(object) { fields.map { $0.type.storage(at: base + $0.offset) } }
        case .reflect:
            var storages: [PublishedStorage] = []
            var mirror: Mirror? = Mirror(reflecting: object)
            while let m = mirror {
                for child in m.children { if let p = child.value as? PublishedProperty { storages.append(p.storage) } }
                mirror = m.superclassMirror
            }
            return storages
        }
    }
}

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
    /// Follows `object`'s changes for this resolution (``endFollowingPass()`` drops the objects
    /// no view bound in it).
    func follow<O: ObservableObject>(_ object: O) {
        guard let publisher = object.objectWillChange as? ObservableObjectPublisher else { return }
        publisher.subscribe(self)
        pass.followedNow[ObjectIdentifier(publisher)] = publisher
    }

    /// After a resolution: stops following the objects that no view of this host holds now, as
    /// SwiftUI drops a subscription with the view that made it.
    func endFollowingPass() {
        for (id, publisher) in followedBefore where pass.followedNow[id] == nil { publisher.unsubscribe(self) }
        followedBefore = pass.followedNow
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
