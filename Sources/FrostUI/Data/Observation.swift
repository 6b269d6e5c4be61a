import Observation
import FrostCombine

// Reproduces how SwiftUI follows `@Observable` models (Swift's Observation module, shipped with
// the toolchain on Linux): a body's reads of observable properties are tracked while it runs,
// and a change to any of them invalidates the host, which evaluates bodies again and commits
// in the transaction the change was made in. `@Bindable` gives bindings to an object's
// properties. Make changes on the host's thread (SwiftUI requires the main actor): one made on
// another thread while a body reads the model is a data race on the model itself, as it would
// be in SwiftUI. The host's side is safe from any thread: the change is noted under the host's
// lock and committed at its next call (see `HostCore.stateDidChange`).

extension HostCore {
    /// Evaluates `body`, tracking the observable properties it reads.
    func observing<T>(_ body: () -> T) -> T {
        let sink = observationSink
        return withObservationTracking(body, onChange: { sink.changed() })
    }

    /// A tracked property is about to change.
    func observedChange() {
        stateDidChange()
    }
}

extension HostCore {
    /// The host's sink, made once (bodies run often).
    var observationSink: ObservationSinkHandle {
        if let s = observationSinkStorage { return s }
        let s = ObservationSinkHandle(self)
        observationSinkStorage = s
        return s
    }
}

/// The object a host's tracking closures capture: Observation's callback is `@Sendable`, so
/// the host is held weakly and told on the thread that made the change (see above).
/// `@unchecked Sendable`: `host` is set once, at init, and a weak reference is safe to load from
/// any thread; what the host does with the news is guarded by the host's own lock.
/// It is also how the host observes `ObservableObject`s (their publishers hold it weakly).
final class ObservationSinkHandle: ObjectWillChangeObserver, @unchecked Sendable {
    weak var host: HostCore?
    init(_ host: HostCore) { self.host = host }
    func changed() { host?.observedChange() }
    func objectWillChange() { host?.observedChange() }
}

/// Bindings to the mutable properties of an `@Observable` object, as SwiftUI's `@Bindable`:
/// `$model.name` is a `Binding<String>`.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value: AnyObject & Observable>: DynamicProperty {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(projectedValue: Bindable<Value>) { self = projectedValue }
    public var projectedValue: Bindable<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}
