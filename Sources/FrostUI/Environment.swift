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
    public init() {}
}

/// How lines of a multiline text align, as SwiftUI's `TextAlignment`.
public enum TextAlignment: Hashable, Sendable { case leading, center, trailing }
