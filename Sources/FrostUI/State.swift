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

/// Lets the host find and bind `@State` fields by reflection.
protocol StateProperty {
    func bind(to host: HostCore, key: String)
}

/// A value owned by the view's identity, as SwiftUI's `@State`: created once per identity, kept
/// across body evaluations, dropped when the identity goes away; the host's next frame shows it.
@propertyWrapper
public struct State<Value>: StateProperty {
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

    func bind(to host: HostCore, key: String) {
        location.box = host.stateBox(key, initial: location.initial)
    }
}

/// A two-way connection to a value owned elsewhere, as SwiftUI's `@Binding` / `Binding`.
@propertyWrapper
public struct Binding<Value> {
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
}
