import Foundation
import FrostGeometry

// Reproduces SwiftUI's `@AppStorage` and `@SceneStorage`: a value kept under a key, read back by
// every view that names the key, and written when set (which updates the view). Where it is kept:
// `AppStorageStore`, an in-memory store per process, not `UserDefaults` — a render must not
// depend on what an earlier run left on disk (the same view gives the same pixels on every
// run). Seed it with `AppStorageStore.shared.set(_:forKey:)` to draw a saved state; a
// `UserDefaults` passed as `store:` is accepted and not read. Supported values: Bool, Int,
// Double, String, URL, Data, Date, and `RawRepresentable` with Int or String raw values, as
// SwiftUI supports.

/// Where `@AppStorage` values live in a FrostUI process.
public final class AppStorageStore: @unchecked Sendable {
    /// The store every `@AppStorage` uses.
    public static let shared = AppStorageStore()
    private let values = Locked<[String: Any]>([:])

    /// The value under `key`, if one was set.
    public func value(forKey key: String) -> Any? { values.withLock { $0[key] } }
    /// Sets (or, with nil, removes) the value under `key`.
    public func set(_ value: Any?, forKey key: String) { values.withLock { $0[key] = value } }
    /// Removes every value.
    public func removeAll() { values.set([:]) }
}

/// A value kept under `key` in ``AppStorageStore``, as SwiftUI's `@AppStorage`.
@propertyWrapper
public struct AppStorage<Value>: HostBoundProperty {
    let key: String
    let location: StateLocation<Value>
    let decode: (Any) -> Value?
    let encode: (Value) -> Any

    init(key: String, defaultValue: Value, decode: @escaping (Any) -> Value?, encode: @escaping (Value) -> Any) {
        self.key = key; self.decode = decode; self.encode = encode
        let stored = AppStorageStore.shared.value(forKey: key).flatMap(decode)
        location = StateLocation(stored ?? defaultValue)
    }

    public var wrappedValue: Value {
        get { location.box.value }
        nonmutating set {
            AppStorageStore.shared.set(encode(newValue), forKey: key)
            location.box.value = newValue
        }
    }

    public var projectedValue: Binding<Value> {
        let location = self.location, key = self.key, encode = self.encode
        return Binding(
            get: { location.box.value },
            set: { v in
                AppStorageStore.shared.set(encode(v), forKey: key)
                location.box.value = v
            })
    }

    func bind(_ binder: inout PropertyBinder) {
        let box = binder.host.stateBox(StateKey(identity: binder.identity, field: binder.field), initial: location.initial)
        // Another view (or a seed) may have written the key since this view last drew.
        if let stored = AppStorageStore.shared.value(forKey: key).flatMap(decode) { box.value = stored }
        location.box = box
    }
}

extension AppStorage {
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        self.init(key: key, defaultValue: wrappedValue, decode: { $0 as? Bool }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
        self.init(key: key, defaultValue: wrappedValue, decode: { $0 as? Int }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
        self.init(key: key, defaultValue: wrappedValue, decode: { $0 as? Double }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
        self.init(key: key, defaultValue: wrappedValue, decode: { $0 as? String }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
        self.init(key: key, defaultValue: wrappedValue, decode: { $0 as? URL }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
        self.init(key: key, defaultValue: wrappedValue, decode: { $0 as? Data }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Date {
        self.init(key: key, defaultValue: wrappedValue, decode: { $0 as? Date }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == Int {
        self.init(key: key, defaultValue: wrappedValue, decode: { ($0 as? Int).flatMap(Value.init(rawValue:)) }, encode: { $0.rawValue })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == String {
        self.init(key: key, defaultValue: wrappedValue, decode: { ($0 as? String).flatMap(Value.init(rawValue:)) }, encode: { $0.rawValue })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
        self.init(key: key, defaultValue: nil, decode: { $0 as? String }, encode: { $0 as Any })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
        self.init(key: key, defaultValue: nil, decode: { $0 as? Int }, encode: { $0 as Any })
    }
}

/// A value kept per scene under `key`, as SwiftUI's `@SceneStorage` (in FrostUI, the same store
/// as `@AppStorage`, under the key prefixed "scene.").
@propertyWrapper
public struct SceneStorage<Value>: HostBoundProperty {
    let storage: AppStorage<Value>
    func bind(_ binder: inout PropertyBinder) { storage.bind(&binder) }
    public var wrappedValue: Value {
        get { storage.wrappedValue }
        nonmutating set { storage.wrappedValue = newValue }
    }
    public var projectedValue: Binding<Value> { storage.projectedValue }
}

extension SceneStorage {
    public init(wrappedValue: Value, _ key: String) where Value == Bool { storage = AppStorage(wrappedValue: wrappedValue, "scene." + key) }
    public init(wrappedValue: Value, _ key: String) where Value == Int { storage = AppStorage(wrappedValue: wrappedValue, "scene." + key) }
    public init(wrappedValue: Value, _ key: String) where Value == Double { storage = AppStorage(wrappedValue: wrappedValue, "scene." + key) }
    public init(wrappedValue: Value, _ key: String) where Value == String { storage = AppStorage(wrappedValue: wrappedValue, "scene." + key) }
}
