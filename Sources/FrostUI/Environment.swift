import FrostGeometry

/// Light or dark, as SwiftUI's `ColorScheme`.
public enum ColorScheme: Hashable, Sendable, CaseIterable { case light, dark }

/// The environment a view resolves in, as SwiftUI's `EnvironmentValues`.
public struct EnvironmentValues {
    public var colorScheme: ColorScheme = .light
    public var font: Font?
    public var foregroundStyle: AnyShapeStyle?
    public var tint: AnyShapeStyle?
    /// Pixels per point.
    public var displayScale: CGFloat = 1
    public var accessibilityReduceMotion = false
    public var accessibilityReduceTransparency = false
    public var multilineTextAlignment: TextAlignment = .leading
    public var lineLimit: Int?
    /// Which generation of the system colours `Color.red`, `.blue`… resolve to (Frost's choice;
    /// SwiftUI follows the OS it runs on): iOS 13–18 by default, or the iOS 26 palette.
    public var systemColorPalette: SystemColorPalette = .iOS18
    /// The material behind this content (set by `background(_:)` with a material): hierarchical
    /// text styles on it draw with the matching vibrancy, as on iOS.
    var backgroundMaterial: MaterialStyle?
    public init() {}
}

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

/// Lets the resolver find `@Environment` fields by reflection.
protocol EnvironmentProperty {
    func bind(to values: EnvironmentValues)
}

/// A value from the environment the view resolves in, as SwiftUI's `@Environment(\.keyPath)`.
@propertyWrapper
public struct Environment<Value>: EnvironmentProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>
    let location = EnvironmentLocation()
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { (location.values ?? EnvironmentValues())[keyPath: keyPath] }
    func bind(to values: EnvironmentValues) { location.values = values }
}

extension View {
    /// Sets an environment value for this view and everything in it.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0[keyPath: keyPath] = value })
    }
}
