import FrostImage
import FrostRaster

/// The `UIVibrancyEffect` styles: content drawn into a material takes its colour from the
/// blurred backdrop through a colour matrix, so labels and fills stay legible and feel part of
/// the glass. out = (1 − α)·B + α·clamp(M·B + bias), with B the material under the content and
/// α the content's coverage (its own colour is ignored).
public enum Vibrancy: String, CaseIterable, Hashable, Sendable {
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel
    case fill, secondaryFill, tertiaryFill, separator

    /// The style's 4×5 matrix on straight sRGB 0…1. The label matrices are the known iOS ones
    /// (REFERENCE.md §2); fills use the same matrix with the fill offsets (light 0.0625, dark
    /// 0.298) — derived.
    public func matrix(for appearance: Appearance) -> ColorMatrix {
        let light = appearance == .light
        var rows: [[Double]] =
            light
            ? [[1.514, -0.955, -0.184, 0, 0.0625], [-0.486, 1.046, -0.186, 0, 0.0625], [-0.487, -0.953, 1.815, 0, 0.0625]]
            : [[1.376, -0.735, -0.142, 0, 0.5], [-0.374, 1.016, -0.143, 0, 0.5], [-0.375, -0.733, 1.607, 0, 0.5]]
        if isFill { for i in 0..<3 { rows[i][4] = light ? 0.0625 : 0.298 } }
        return ColorMatrix(rows: rows + [[0, 0, 0, 1, 0]])
    }

    var isFill: Bool { [.fill, .secondaryFill, .tertiaryFill, .separator].contains(self) }

    /// How strongly the effect replaces the backdrop, multiplying the content's coverage.
    /// Derived (no first-party matrices are known for these): label 1 and the lower levels at
    /// the opacities of UIKit's semantic label colours (0.6, 0.3, 0.18); fill and separator 1,
    /// secondary and tertiary fills at systemFill's ratios (0.16 / 0.2, 0.12 / 0.2).
    public var strength: Double {
        switch self {
        case .label, .fill: return 1
        case .secondaryLabel: return 0.6
        case .tertiaryLabel: return 0.3
        case .quaternaryLabel: return 0.18
        case .secondaryFill: return 0.8
        case .tertiaryFill: return 0.6
        case .separator: return 1
        }
    }

    /// Reads a style name (case-insensitive); unknown names list the valid ones and suggest
    /// the nearest.
    public init(named text: String) throws(ImageError) {
        let lower = text.lowercased()
        if let v = Vibrancy.allCases.first(where: { $0.rawValue.lowercased() == lower }) { self = v; return }
        let nearest = Vibrancy.allCases.min { editDistance($0.rawValue.lowercased(), lower) < editDistance($1.rawValue.lowercased(), lower) }!
        throw .unknownName(kind: "vibrancy", name: text, suggestion: nearest.rawValue, valid: Vibrancy.allCases.map(\.rawValue))
    }

    /// The vibrant colour of one backdrop colour (straight sRGB 0…1).
    public func colour(over b: (r: Double, g: Double, b: Double), appearance: Appearance) -> (r: Double, g: Double, b: Double) {
        let o = matrix(for: appearance).apply((b.r, b.g, b.b, 1))
        return (min(max(o.r, 0), 1), min(max(o.g, 0), 1), min(max(o.b, 0), 1))
    }

    /// The vibrant colour over one opaque backdrop colour (its opacity is ignored), clamped to 0…1.
    public func color(over backdrop: Color, appearance: Appearance) -> Color {
        let o = colour(over: (backdrop.red, backdrop.green, backdrop.blue), appearance: appearance)
        return Color(red: o.r, green: o.g, blue: o.b)
    }

    /// Composites content of coverage `mask` (its alpha; placed with its top-left at `origin`)
    /// onto `backdrop` (usually a material panel). Pixels outside the mask are unchanged.
    public func composite(
        mask: Image, at origin: (x: Int, y: Int), over backdrop: Image,
        appearance: Appearance
    ) throws(ImageError) -> Image {
        let area = PixelRect(x: origin.x, y: origin.y, width: mask.width, height: mask.height)
        try area.validate(inside: backdrop.bounds)
        var out = backdrop
        composite(mask: mask, at: origin, into: &out, appearance: appearance, coverage: nil)
        return out
    }

    /// Draws vibrant content of coverage `mask` (its alpha) with its top-left at `point` (canvas
    /// pixels; whole pixels — the fractional part is dropped) onto the canvas, in place: each
    /// covered pixel takes this style's colour over the canvas's own pixel there. The canvas's
    /// clip and opacity scale the coverage; parts outside the canvas are skipped.
    public func draw(mask: Image, at point: Point, on canvas: inout Canvas, appearance: Appearance) throws(ImageError) {
        guard point.isFinite, abs(point.x) < 1e9, abs(point.y) < 1e9 else { throw .nonFinite(what: "the mask position \(point)") }
        let origin = (x: Int(point.x.rounded(.down)), y: Int(point.y.rounded(.down)))
        let area = PixelRect(x: origin.x, y: origin.y, width: mask.width, height: mask.height).clipped(to: canvas.clipRect)
        guard !area.isEmpty else { return }
        let coverage = canvas.coverage
        try canvas.withTargetImage(changed: area) { (image: inout Image) throws(ImageError) in
            composite(mask: mask, at: origin, into: &image, appearance: appearance, coverage: coverage)
        }
    }

    /// Draws set text in this vibrancy style at `point` (the layout's top-left, canvas pixels).
    /// Colour glyphs (emoji) are not vibrant: they are drawn as they are over the vibrant ones,
    /// as UIKit draws them in a vibrancy view.
    public func draw(_ text: TextLayout, at point: Point, on canvas: inout Canvas, appearance: Appearance) throws(ImageError) {
        try draw(mask: try text.mask(), at: point, on: &canvas, appearance: appearance)
        guard let colour = try text.colorGlyphs(subpixelOffset: (0, 0)) else { return }
        let saved = canvas.transform
        canvas.transform = .identity
        defer { canvas.transform = saved }
        try canvas.draw(colour, at: Point(x: point.x.rounded(.down), y: point.y.rounded(.down)))
    }

    /// out = (1 − α)·B + α·clamp(M·B + bias) in place, α = mask alpha × strength × coverage.
    func composite(
        mask: Image, at origin: (x: Int, y: Int), into out: inout Image, appearance: Appearance,
        coverage: Canvas.Coverage?
    ) {
        let k = strength
        let area = PixelRect(x: origin.x, y: origin.y, width: mask.width, height: mask.height).clipped(to: out.bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                var alpha = Double(mask[x - origin.x, y - origin.y].a) / 255 * k
                if let coverage { alpha *= Double(coverage.at(x, y)) }
                if alpha == 0 { continue }
                let p = out[x, y]
                let a = Double(p.a) / 255
                guard a > 0 else { continue }
                let straight = (Double(p.r) / 255 / a, Double(p.g) / 255 / a, Double(p.b) / 255 / a)
                let v = colour(over: straight, appearance: appearance)
                func mix(_ b: Double, _ c: Double) -> UInt8 { UInt8(((b + (c - b) * alpha) * a * 255).rounded()) }
                out[x, y] = RGBA8(mix(straight.0, v.r), mix(straight.1, v.g), mix(straight.2, v.b), p.a)
            }
        }
    }
}
