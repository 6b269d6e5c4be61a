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

extension MaterialStyle {
    /// A material's Reduce Transparency fill: its colour over the system background (white in
    /// light, black in dark), opaque (REFERENCE.md §4: "a fixed fill").
    static func opaqueColor(_ material: FrostEffects.Material, _ appearance: Appearance) -> FrostGeometry.Color {
        let base: UInt8 = appearance == .dark ? 0 : 255
        guard let backdrop = try? FrostImage.Image(width: 8, height: 8, fill: RGBA8(base, base, base, 255)),
              let panel = try? MaterialPanel(material: material, appearance: appearance, rect: backdrop.bounds).render(over: backdrop, threads: 1)
        else { return FrostGeometry.Color(white: Double(base) / 255) }
        let p = panel[4, 4]
        return FrostGeometry.Color(red: Double(p.r) / 255, green: Double(p.g) / 255, blue: Double(p.b) / 255)
    }
}

extension ShapeStyle where Self == MaterialStyle {
    public static var ultraThinMaterial: MaterialStyle { MaterialStyle(material: .systemUltraThinMaterial) }
    public static var thinMaterial: MaterialStyle { MaterialStyle(material: .systemThinMaterial) }
    public static var regularMaterial: MaterialStyle { MaterialStyle(material: .systemMaterial) }
    public static var thickMaterial: MaterialStyle { MaterialStyle(material: .systemThickMaterial) }
    public static var ultraThickMaterial: MaterialStyle { MaterialStyle(material: .systemThickMaterial) }
    public static var bar: MaterialStyle { MaterialStyle(material: .systemChromeMaterial) }
}
