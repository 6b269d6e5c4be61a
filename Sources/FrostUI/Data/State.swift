import FrostScene

// Reproduces SwiftUI's `@State` and `@Binding`: state owned by a view's identity, kept across
// body evaluations and dropped when the identity goes away; bindings that read and write it.
// Complete for value state; a class instance in `@State` (an `@Observable` model) is kept per
// identity, and the views that read it update when it changes (see Observation.swift). A host
// rewinding its transcript restarts value state from its initial value; objects are not rewound.

/// Where a `@State` value lives: created with the view value, then pointed at the host's
/// persistent box for the view's identity before its body runs.
final class StateLocation<Value> {
    var box: StateBox<Value>
    /// The value this view value was created with: a new identity (or a replay from the start
    /// of the transcript) starts from it.
    let initial: Value
    init(_ initial: Value) { box = StateBox(initial); self.initial = initial }
}

/// The persistent storage of one `@State` field, owned by the host's table. Setting it tells
/// the host, which commits the change in the current transaction.
final class StateBox<Value> {
    var value: Value { didSet { host?.stateDidChange() } }
    weak var host: HostCore?
    init(_ value: Value) { self.value = value }
}

/// Where a view's state is stored: its identity and the field (declaration order, counting the
/// dynamic properties nested in custom ones).
struct StateKey: Hashable {
    let identity: SceneIdentity
    let field: Int
}

/// A value owned by the view's identity, as SwiftUI's `@State`: created once per identity, kept
/// across body evaluations, dropped when the identity goes away; the host's next frame shows it.
@propertyWrapper
public struct State<Value>: HostBoundProperty {
    let location: StateLocation<Value>
    public init(wrappedValue: Value) { location = StateLocation(wrappedValue) }
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    public var wrappedValue: Value {
        get { location.box.value }
        nonmutating set { location.box.value = newValue }
    }
    public var projectedValue: Binding<Value> {
        let location = self.location
        return Binding(get: { location.box.value }, set: { v in location.box.value = v })
    }

    func bind(_ binder: inout PropertyBinder) {
        location.box = binder.host.stateBox(StateKey(identity: binder.identity, field: binder.field), initial: location.initial)
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Optional state starting at nil.
    public init() { self.init(wrappedValue: nil) }
}

/// A two-way connection to a value owned elsewhere, as SwiftUI's `@Binding` / `Binding`.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value>: DynamicProperty {
    let get: () -> Value
    let set: (Value) -> Void
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { self.get = get; self.set = set }
    public init(projectedValue: Binding<Value>) { self = projectedValue }
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value (`$model.name`).
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let get = self.get, set = self.set
        return Binding<Subject>(
            get: { get()[keyPath: keyPath] },
            set: { v in
                var whole = get(); whole[keyPath: keyPath] = v; set(whole)
            })
    }
}

extension Binding {
    /// A binding to an optional value, nil when `base` is nil (SwiftUI's failable initialiser).
    public init?(_ base: Binding<Value?>) {
        guard let value = base.wrappedValue else { return nil }
        var last = value
        self.init(
            get: { base.wrappedValue ?? last },
            set: {
                last = $0; base.wrappedValue = $0
            })
    }
    /// A binding that reads and writes `base` as an optional.
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(get: { base.wrappedValue }, set: { if let v = $0 { base.wrappedValue = v } })
    }
}
