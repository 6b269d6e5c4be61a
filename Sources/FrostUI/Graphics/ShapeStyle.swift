import FrostGeometry
import FrostScene
import FrostLayout
import FrostRaster

// Reproduces SwiftUI's ShapeStyle: AnyShapeStyle, hierarchical .primary…quaternary (and their
// opacity), .tint, .background and what a style resolves to. Complete for colours, gradients and
// materials; image paints are not modelled.

/// What a shape style resolves to where it is used.
public enum ResolvedStyle {
    case color(FrostGeometry.Color)
    case material(MaterialStyle)
    /// A gradient laid out in a shape's frame (local points).
    case gradient(@Sendable (Size) -> Paint)
}

/// A way to fill or colour something, as SwiftUI's `ShapeStyle`.
public protocol ShapeStyle {
    func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle
}

/// A type-erased shape style.
public struct AnyShapeStyle: ShapeStyle {
    /// The erased style (never itself an AnyShapeStyle: erasing twice unwraps).
    let base: any ShapeStyle
    /// A hierarchical style resolves against the foreground around it, never against itself.
    var isHierarchical: Bool { hierarchicalLevel != nil }
    /// 0 primary … 3 quaternary for hierarchical styles.
    var hierarchicalLevel: Int? { (base as? HierarchicalShapeStyle)?.level }
    /// The material it is, when it is one (known without an environment).
    var material: MaterialStyle? { base as? MaterialStyle }
    /// The erased style as printed (its type and stored values): what tells two styles apart.
    func describe() -> String { String(reflecting: base) }
    public init<S: ShapeStyle>(_ style: S) { base = (style as? AnyShapeStyle)?.base ?? style }
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle { base._resolvedStyle(environment) }
}

/// `.primary`, `.secondary`, `.tertiary`, `.quaternary` (SwiftUI's hierarchical style): the
/// foreground colour at full, 60 %… of its strength (REFERENCE.md §4: on the label colour they
/// are the label colours; on other colours they multiply the opacity by 1, 0.5, 0.25, 0.18).
public struct HierarchicalShapeStyle: ShapeStyle, Sendable {
    let level: Int
    public static let primary = HierarchicalShapeStyle(level: 0)
    public static let secondary = HierarchicalShapeStyle(level: 1)
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    public static let quaternary = HierarchicalShapeStyle(level: 3)
    /// label, secondaryLabel, tertiaryLabel, quaternaryLabel (REFERENCE.md §4), parsed once.
    static let labels: [Color] = [.primary, .secondary, .tertiaryLabel, .quaternaryLabel]
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle {
        if let base = environment.foregroundStyle, !base.isHierarchical, level > 0, case .color(let c) = base._resolvedStyle(environment) {
            return .color(c.opacity([1, 0.5, 0.25, 0.18][level]))
        }
        return .color(HierarchicalShapeStyle.labels[level].resolved(environment.colorScheme))
    }
}

/// A shape style at a fraction of its opacity, as SwiftUI's `ShapeStyle.opacity(_:)`.
public struct _OpacityShapeStyle: ShapeStyle {
    let base: AnyShapeStyle, opacity: Double
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle {
        switch base._resolvedStyle(environment) {
        case .color(let c): return .color(c.opacity(opacity))
        case .gradient(let make):
            let k = opacity
            return .gradient { size in
                let paint = make(size)
                return paint.withStops(
                    (paint.stops ?? []).map {
                        var s = $0; s.color = s.color.opacity(k); return s
                    })
            }
        case .material(let m): return .material(m)
        }
    }
}

extension ShapeStyle {
    /// This style at `opacity` (0…1) of its own.
    public func opacity(_ opacity: Double) -> _OpacityShapeStyle {
        _OpacityShapeStyle(base: AnyShapeStyle(self), opacity: min(max(opacity.isFinite ? opacity : 1, 0), 1))
    }
}

/// `.background`: the system background colour (white / black).
public struct BackgroundStyle: ShapeStyle, Sendable {
    public init() {}
    static let systemBackground = Color.system("#FFFFFF", "#000000")
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle {
        .color(BackgroundStyle.systemBackground.resolved(environment.colorScheme))
    }
}

/// `.tint`: the environment's tint (the accent colour by default).
public struct TintShapeStyle: ShapeStyle, Sendable {
    public init() {}
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle {
        environment.tint?._resolvedStyle(environment) ?? Color.accentColor._resolvedStyle(environment)
    }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { BackgroundStyle() }
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension ResolvedStyle {
    /// The colour to fill with (materials fall back to their tint colour where a colour is needed).
    var color: FrostGeometry.Color {
        switch self {
        case .color(let c): return c
        case .material: return FrostGeometry.Color(white: 1, opacity: 0.7)
        case .gradient(let paint):
            return paint(Size(width: 1, height: 1)).stops?.first?.color ?? FrostGeometry.Color(white: 0)
        }
    }

    /// The paint for a shape of `size` points.
    func paint(_ size: Size) -> Paint {
        switch self {
        case .color(let c): return .solid(c)
        case .material: return .solid(color)
        case .gradient(let p): return p(size)
        }
    }
}
