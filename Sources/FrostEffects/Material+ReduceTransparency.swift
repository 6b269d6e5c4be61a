import FrostGeometry
import FrostImage

// A material's opaque stand-in under Reduce Transparency (REFERENCE.md §4: "a fixed fill"):
// the panel's own recipe over the system background, so it follows the recipe when it changes.

extension Material {
    /// The opaque colour this material shows under Reduce Transparency: the panel drawn over
    /// the system background (white in light, black in dark), read at its centre. Falls back
    /// to the background itself if the panel cannot be drawn (it can: an 8 × 8 image).
    public func reduceTransparencyColor(_ appearance: Appearance) -> Color {
        let base: UInt8 = appearance == .dark ? 0 : 255
        guard let backdrop = try? Image(width: 8, height: 8, fill: RGBA8(base, base, base, 255)),
            let panel = try? MaterialPanel(material: self, appearance: appearance, rect: backdrop.bounds).render(over: backdrop, threads: 1)
        else { return Color(white: Double(base) / 255) }
        let p = panel[4, 4]
        return Color(red: Double(p.r) / 255, green: Double(p.g) / 255, blue: Double(p.b) / 255)
    }
}
