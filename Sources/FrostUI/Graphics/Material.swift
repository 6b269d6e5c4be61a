import FrostEffects
import FrostImage
import FrostGeometry

// Reproduces SwiftUI's materials (ultraThin…ultraThick, bar) as shape styles drawn by
// FrostEffects' measured UIBlurEffect recipes, with vibrant hierarchical text on them.

/// `.ultraThinMaterial` … `.ultraThickMaterial`, `.bar`: a material as a shape style (the
/// backdrop is what is drawn beneath, through FrostEffects at the 0.25 backdrop).
public struct MaterialStyle: ShapeStyle, Sendable {
    let material: FrostEffects.Material
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle { .material(self) }
}

extension ShapeStyle where Self == MaterialStyle {
    public static var ultraThinMaterial: MaterialStyle { MaterialStyle(material: .systemUltraThinMaterial) }
    public static var thinMaterial: MaterialStyle { MaterialStyle(material: .systemThinMaterial) }
    public static var regularMaterial: MaterialStyle { MaterialStyle(material: .systemMaterial) }
    public static var thickMaterial: MaterialStyle { MaterialStyle(material: .systemThickMaterial) }
    public static var ultraThickMaterial: MaterialStyle { MaterialStyle(material: .systemThickMaterial) }
    public static var bar: MaterialStyle { MaterialStyle(material: .systemChromeMaterial) }
}
