@_spi(Reflection) import Swift

// Reproduces Combine's `ObservableObject` and its `ObservableObjectPublisher`: one publisher per
// object, fired before any `@Published` property changes. Views (FrostUI's hosts) follow an
// object as weak observers of its publisher; Combine subscribers (`objectWillChange.sink`) are
// ordinary subscribers of the same publisher.

import Foundation
import FrostGeometry

/// Something told, weakly, before an object changes (a FrostUI host showing a view that holds
/// the object).
public protocol ObjectWillChangeObserver: AnyObject {
    /// The object is about to change; called on the thread that changes it.
    func objectWillChange()
}

/// The publisher an ``ObservableObject`` announces changes with, as Combine's: a `Publisher` of
/// `Void` that never fails. `@unchecked Sendable`: `observers` is touched under `lock` only, and
/// observers are told outside it (a host takes its own lock).
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never
    private let lock = NSLock()
    private var observers: [ObjectIdentifier: WeakObserver] = [:]
    private struct WeakObserver { weak var observer: ObjectWillChangeObserver? }
    private let subject = SubjectCore<Void, Never>()

    public init() {}

    /// Announces that the object is about to change.
    public func send() {
        let told = lock.withLock { observers.values.compactMap(\.observer) }
        for o in told { o.objectWillChange() }
        lock.withLock { observers = observers.filter { $0.value.observer != nil } }
        subject.send(())
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never { subject.attach(subscriber) }

    /// Tells `observer` (held weakly) of every change until ``removeObserver(_:)``.
    public func addObserver(_ observer: ObjectWillChangeObserver) {
        lock.withLock { observers[ObjectIdentifier(observer)] = WeakObserver(observer: observer) }
    }

    /// Stops telling `observer`.
    public func removeObserver(_ observer: ObjectWillChangeObserver) {
        lock.withLock { _ = observers.removeValue(forKey: ObjectIdentifier(observer)) }
    }

    /// The observers still alive plus the Combine subscribers.
    public var observerCount: Int { lock.withLock { observers.values.filter { $0.observer != nil }.count } + subject.count }
}

/// An object whose changes views follow, as Combine's `ObservableObject`. Mark the properties
/// that change with `@Published`, or call `objectWillChange.send()` before a change.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where ObjectWillChangePublisher.Failure == Never
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// One publisher per object, shared by its `@Published` properties (made on first use; an
    /// object without any keeps its own, so `objectWillChange.send()` in a `willSet` reaches
    /// the views that follow it).
    public var objectWillChange: ObservableObjectPublisher { PublishedFields.publisher(of: self) }
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
