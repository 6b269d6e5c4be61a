// Reproduces SwiftUI's pre-Observation model wrappers: `@StateObject` (created once per
// identity), `@ObservedObject` (owned elsewhere) and `@EnvironmentObject` (from
// `.environmentObject(_:)` above), over Combine's `ObservableObject` (FrostCombine). A change to a
// `@Published` property (or `objectWillChange.send()`) invalidates every host showing a view
// that holds the object.

import FrostCombine

extension HostCore {
    /// Follows `object`'s changes for this resolution (``endFollowingPass()`` drops the objects
    /// no view bound in it).
    func follow<O: ObservableObject>(_ object: O) {
        guard let publisher = object.objectWillChange as? ObservableObjectPublisher else { return }
        publisher.addObserver(observationSink)
        pass.followedNow[ObjectIdentifier(publisher)] = publisher
    }

    /// After a resolution: stops following the objects that no view of this host holds now, as
    /// SwiftUI drops a subscription with the view that made it.
    func endFollowingPass() {
        for (id, publisher) in followedBefore where pass.followedNow[id] == nil { publisher.removeObserver(observationSink) }
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
    /// Puts an `ObservableObject` in the environment for `@EnvironmentObject` below.
    public func environmentObject<T: ObservableObject>(_ object: T) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.setObject(object) })
    }
}
