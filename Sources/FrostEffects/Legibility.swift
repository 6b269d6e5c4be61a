import FrostImage

/// Legibility of text over an image or a material: WCAG 2 contrast of the text colour against
/// every pixel under the glyphs, and the thinnest material that keeps body text readable.
public enum Legibility {
    /// Contrast figures over the pixels under the text.
    public struct Report: Hashable, Sendable {
        /// The lowest ratio over any covered pixel, and the median.
        public var minimum: Double
        public var median: Double
        /// Whether the minimum reaches 4.5:1 (WCAG AA for body text).
        public var passesBodyText: Bool { minimum >= 4.5 }
    }

    /// WCAG contrast of opaque `text` against the pixels of `image` inside `rect` where `mask`
    /// (same size as `rect`, its alpha; nil: the whole rect) covers at least half.
    public static func contrast(of text: Color, over image: Image, in rect: PixelRect, mask: Image? = nil) throws(ImageError) -> Report {
        try rect.validate(inside: image.bounds)
        if let mask, mask.width != rect.width || mask.height != rect.height {
            throw .invalidArgument("the text mask is \(mask.width)x\(mask.height) but the region is \(rect.width)x\(rect.height)")
        }
        var ratios: [Double] = []
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                if let mask, mask[x, y].a < 128 { continue }
                let p = image[rect.x + x, rect.y + y]
                let a = Double(p.a) / 255
                // Composite over white where the image is translucent (what a screen shows).
                let c = Color(red: Double(p.r) / 255 + (1 - a), green: Double(p.g) / 255 + (1 - a), blue: Double(p.b) / 255 + (1 - a))
                ratios.append(Color.contrastRatio(text, c))
            }
        }
        guard !ratios.isEmpty else { throw .invalidArgument("the text mask covers no pixel of the region") }
        ratios.sort()
        return Report(minimum: ratios[0], median: ratios[ratios.count / 2])
    }

    /// The thinnest system material (ultra-thin → thin → regular → thick) under which `text`
    /// reaches `target` (default 4.5:1) over every pixel of `rect`, with its report; nil when
    /// even the thickest does not.
    public static func recommend(text: Color, over image: Image, in rect: PixelRect, appearance: Appearance,
                                 scale: Double = 1, target: Double = 4.5) throws(ImageError) -> (Material, Report)? {
        for material in [Material.systemUltraThinMaterial, .systemThinMaterial, .systemMaterial, .systemThickMaterial] {
            let rendered = try MaterialPanel(material: material, appearance: appearance, rect: rect, scale: scale,
                                             backdrop: .reduced).render(over: image)
            let report = try contrast(of: text, over: rendered, in: rect)
            if report.minimum >= target { return (material, report) }
        }
        return nil
    }
}
