import FrostImage

/// Legibility of text over an image or a material: WCAG 2 contrast of the text against every
/// pixel under the glyphs, and the thinnest material (and vibrancy style) that keeps body text
/// readable.
public enum Legibility {
    /// Contrast figures over the pixels under the text.
    public struct Report: Hashable, Sendable {
        /// The lowest ratio over any covered pixel, and the median (1…21).
        public var minimum: Double
        public var median: Double
        /// Whether the minimum reaches 4.5:1 (WCAG AA for body text).
        public var passesBodyText: Bool { minimum >= 4.5 }
    }

    /// A material with the way to draw text on it, and the contrast that gives.
    public struct Recommendation: Hashable, Sendable {
        public var material: Material
        /// nil: the text in its own colour; otherwise draw it with this vibrancy style (its
        /// colour then comes from the backdrop).
        public var vibrancy: Vibrancy?
        public var report: Report
    }

    /// WCAG contrast of opaque `text` against the pixels of `image` inside `rect` where `mask`
    /// (same size as `rect`, its alpha; nil: the whole rect) covers at least half. Translucent
    /// pixels are seen over white.
    public static func contrast(of text: Color, over image: Image, in rect: PixelRect, mask: Image? = nil) throws(ImageError) -> Report {
        try report(over: image, in: rect, mask: mask) { _ in text }
    }

    /// WCAG contrast of text drawn with a vibrancy `style` (in `appearance`) against the pixels
    /// of `image` under it: each glyph pixel takes the colour the vibrancy formula gives over
    /// that backdrop pixel, at the style's strength.
    public static func contrast(
        of style: Vibrancy, appearance: Appearance, over image: Image, in rect: PixelRect,
        mask: Image? = nil
    ) throws(ImageError) -> Report {
        let k = style.strength
        return try report(over: image, in: rect, mask: mask) { b in
            let v = style.colour(over: (b.red, b.green, b.blue), appearance: appearance)
            return Color(red: b.red + (v.r - b.red) * k, green: b.green + (v.g - b.green) * k, blue: b.blue + (v.b - b.blue) * k)
        }
    }

    /// The thinnest system material (ultra-thin → thin → regular → thick, at the 0.25 backdrop)
    /// on which body text reaches `target` (default 4.5:1) over every pixel under `mask` (nil:
    /// all of `rect`). On each material the text's own colour is tried first, then — when
    /// `vibrancy` is true — the `.label` vibrancy style, whose colour follows the backdrop.
    /// Nil when even the thickest material does not reach the target.
    public static func recommend(
        text: Color, over image: Image, in rect: PixelRect, mask: Image? = nil,
        appearance: Appearance, scale: Double = 1, target: Double = 4.5,
        vibrancy: Bool = true
    ) throws(ImageError) -> Recommendation? {
        guard target.isFinite, target >= 1, target <= 21 else {
            throw .parameterOutOfRange(name: "the contrast target", value: "\(target)", expected: "within 1...21")
        }
        for material in [Material.systemUltraThinMaterial, .systemThinMaterial, .systemMaterial, .systemThickMaterial] {
            let rendered = try MaterialPanel(
                material: material, appearance: appearance, rect: rect, scale: scale,
                backdrop: .reduced
            ).render(over: image)
            let plain = try contrast(of: text, over: rendered, in: rect, mask: mask)
            if plain.minimum >= target { return Recommendation(material: material, vibrancy: nil, report: plain) }
            guard vibrancy else { continue }
            let vibrant = try contrast(
                of: .label, appearance: material.effectiveAppearance(for: appearance),
                over: rendered, in: rect, mask: mask)
            if vibrant.minimum >= target { return Recommendation(material: material, vibrancy: .label, report: vibrant) }
        }
        return nil
    }

    /// Contrast between `glyph(backdrop)` and each backdrop pixel under the mask.
    private static func report(
        over image: Image, in rect: PixelRect, mask: Image?,
        glyph: (Color) -> Color
    ) throws(ImageError) -> Report {
        try rect.validate(inside: image.bounds)
        if let mask, mask.width != rect.width || mask.height != rect.height {
            throw .sizeMismatch(what: "the text mask", actual: "\(mask.width)x\(mask.height)", expected: "\(rect.width)x\(rect.height) (the region's size)")
        }
        var ratios: [Double] = []
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                if let mask, mask[x, y].a < 128 { continue }
                let p = image[rect.x + x, rect.y + y]
                let a = Double(p.a) / 255
                // Composite over white where the image is translucent (what a screen shows).
                let c = Color(red: Double(p.r) / 255 + (1 - a), green: Double(p.g) / 255 + (1 - a), blue: Double(p.b) / 255 + (1 - a))
                ratios.append(Color.contrastRatio(glyph(c), c))
            }
        }
        guard !ratios.isEmpty else { throw .invalidArgument("the text mask covers no pixel of the region") }
        ratios.sort()
        return Report(minimum: ratios[0], median: ratios[ratios.count / 2])
    }
}
