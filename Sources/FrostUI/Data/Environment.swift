import FrostGeometry
import Observation

// Reproduces SwiftUI's environment: `EnvironmentKey`s with default values, stored in
// `EnvironmentValues` as a property list keyed by key type (not a closed struct, so apps add
// their own keys), `@Environment(\.key)` and `@Environment(Model.self)` for `@Observable`
// objects, `.environment(_:_:)` and `.environment(_ object:)`. Complete for values and
// objects; SwiftUI's `Entry` macro (`@Entry var x = 1`) is not provided: declare a key.

/// Light or dark, as SwiftUI's `ColorScheme`.
public enum ColorScheme: Hashable, Sendable, CaseIterable { case light, dark }

/// A key for a value in the environment, as SwiftUI's `EnvironmentKey`: declare a type with a
/// `defaultValue`, then a computed property on ``EnvironmentValues`` that reads and writes
/// `self[MyKey.self]`.
public protocol EnvironmentKey {
    associatedtype Value
    /// The value where no ancestor set one.
    static var defaultValue: Value { get }
}

/// The environment a view resolves in, as SwiftUI's `EnvironmentValues`: a property list of
/// values keyed by their ``EnvironmentKey`` type (copy-on-write; setting one copies the list).
public struct EnvironmentValues: CustomStringConvertible {
    private var values: [ObjectIdentifier: Any] = [:]
    public init() {}

    /// The value of `key`, or its default.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)].map { $0 as! K.Value } ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// An object put in the environment by type (`.environment(model)`), if any.
    func object<T: AnyObject>(_ type: T.Type) -> T? { values[ObjectIdentifier(ObjectKey<T>.self)] as? T }
    mutating func setObject<T: AnyObject>(_ object: T?) { values[ObjectIdentifier(ObjectKey<T>.self)] = object }

    public var description: String { "EnvironmentValues(\(values.count) values set)" }

    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }
    public var font: Font? {
        get { self[FontKey.self] }
        set { self[FontKey.self] = newValue }
    }
    public var foregroundStyle: AnyShapeStyle? {
        get { self[ForegroundStyleKey.self] }
        set { self[ForegroundStyleKey.self] = newValue }
    }
    public var tint: AnyShapeStyle? {
        get { self[TintKey.self] }
        set { self[TintKey.self] = newValue }
    }
    /// Pixels per point.
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] }
        set { self[DisplayScaleKey.self] = newValue }
    }
    public var accessibilityReduceMotion: Bool {
        get { self[ReduceMotionKey.self] }
        set { self[ReduceMotionKey.self] = newValue }
    }
    public var accessibilityReduceTransparency: Bool {
        get { self[ReduceTransparencyKey.self] }
        set { self[ReduceTransparencyKey.self] = newValue }
    }
    public var multilineTextAlignment: TextAlignment {
        get { self[TextAlignmentKey.self] }
        set { self[TextAlignmentKey.self] = newValue }
    }
    public var lineLimit: Int? {
        get { self[LineLimitKey.self] }
        set { self[LineLimitKey.self] = newValue }
    }
    /// Which generation of the system colours `Color.red`, `.blue`… resolve to (Frost's choice;
    /// SwiftUI follows the OS it runs on): iOS 13–18 by default, or the iOS 26 palette.
    public var systemColorPalette: SystemColorPalette {
        get { self[PaletteKey.self] }
        set { self[PaletteKey.self] = newValue }
    }
    /// The material behind this content (set by `background(_:)` with a material): hierarchical
    /// text styles on it draw with the matching vibrancy, as on iOS.
    var backgroundMaterial: MaterialStyle? {
        get { self[BackgroundMaterialKey.self] }
        set { self[BackgroundMaterialKey.self] = newValue }
    }
}

private enum ObjectKey<T> {}
private enum ColorSchemeKey: EnvironmentKey { static var defaultValue: ColorScheme { .light } }
private enum FontKey: EnvironmentKey { static var defaultValue: Font? { nil } }
private enum ForegroundStyleKey: EnvironmentKey { static var defaultValue: AnyShapeStyle? { nil } }
private enum TintKey: EnvironmentKey { static var defaultValue: AnyShapeStyle? { nil } }
private enum DisplayScaleKey: EnvironmentKey { static var defaultValue: CGFloat { 1 } }
private enum ReduceMotionKey: EnvironmentKey { static var defaultValue: Bool { false } }
private enum ReduceTransparencyKey: EnvironmentKey { static var defaultValue: Bool { false } }
private enum TextAlignmentKey: EnvironmentKey { static var defaultValue: TextAlignment { .leading } }
private enum LineLimitKey: EnvironmentKey { static var defaultValue: Int? { nil } }
private enum PaletteKey: EnvironmentKey { static var defaultValue: SystemColorPalette { .iOS18 } }
private enum BackgroundMaterialKey: EnvironmentKey { static var defaultValue: MaterialStyle? { nil } }

/// The system colour values of an iOS generation (REFERENCE.md §4).
public enum SystemColorPalette: String, Hashable, Sendable, CaseIterable {
    /// iOS 13–18 (the values the material tables were measured with).
    case iOS18
    /// iOS 26's palette (HIG 2025-06-09): blue #0088FF, red #FF383C, orange #FF8D28…
    case iOS26
}

/// How lines of a multiline text align, as SwiftUI's `TextAlignment`.
public enum TextAlignment: Hashable, Sendable { case leading, center, trailing }

/// Where an `@Environment` field reads from: set to the environment the view resolves in, before
/// its body runs.
final class EnvironmentLocation {
    var values: EnvironmentValues?
}

/// A value from the environment the view resolves in, as SwiftUI's `@Environment`: a key path
/// (`@Environment(\.colorScheme)`) or an `@Observable` object's type (`@Environment(Model.self)`,
/// provided by `.environment(model)` above; a missing one makes the host throw
/// ``ViewHostError/missingEnvironmentObject(type:view:)``, or reads nil when declared optional).
@propertyWrapper
public struct Environment<Value>: HostBoundProperty {
    enum Source {
        case keyPath(KeyPath<EnvironmentValues, Value>)
        case object(read: (EnvironmentValues) -> Value?, type: String)
    }
    let source: Source
    let location = EnvironmentLocation()
    final class Cached { var value: Value? }
    let cached = Cached()

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { source = .keyPath(keyPath) }

    /// The `@Observable` object of type `objectType` that an ancestor put in the environment.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        source = .object(read: { $0.object(Value.self) }, type: String(describing: Value.self))
    }

    /// The `@Observable` object of type `objectType`, or nil when no ancestor provides one.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        source = .object(read: { .some($0.object(T.self)) }, type: String(describing: T.self))
    }

    public var wrappedValue: Value {
        switch source {
        case .keyPath(let keyPath): return (location.values ?? EnvironmentValues())[keyPath: keyPath]
        case .object(let read, let type):
            if let v = cached.value ?? location.values.flatMap(read) { return v }
            // Read outside a body (never bound): as SwiftUI, a programming error.
            preconditionFailure("@Environment(\(type).self) was read outside a view's body, or no ancestor provides it")
        }
    }

    func bind(_ binder: inout PropertyBinder) {
        location.values = binder.environment
        guard case let .object(read, type) = source else { return }
        cached.value = read(binder.environment)
        if cached.value == nil {
            binder.failure = .missingEnvironmentObject(type: type, view: binder.identity.description)
        }
    }
}

extension View {
    /// Sets an environment value for this view and everything in it.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0[keyPath: keyPath] = value })
    }

    /// Puts an `@Observable` object in the environment, for `@Environment(T.self)` below
    /// (nil removes it).
    public func environment<T: AnyObject & Observable>(_ object: T?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.setObject(object) })
    }

    /// Edits the environment for this view and everything in it.
    public func transformEnvironment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>,
        transform: @escaping (inout V) -> Void
    ) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { transform(&$0[keyPath: keyPath]) })
    }
}
