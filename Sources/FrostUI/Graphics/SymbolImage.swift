import FrostGeometry
import FrostMotion
import FrostLayout
import FrostScene
import FrostRaster

// Reproduces how SwiftUI sizes and places an SF Symbol image: its size follows the font in
// effect (`.body` unless set) and `imageScale`; its frame is the symbol's own bounds, or SF's
// measured ink box and frame for the symbols Apple's renders show (SFSymbolMetrics); it centres
// on the middle of the font's cap height, so in a row aligned by text baselines it sits where a
// letter would; `resizable()` stretches it to the space offered. The look-alike's shapes are
// drawn in the foreground style (a colour, gradient or hierarchical level).

/// How large symbols draw relative to the font, as SwiftUI's `Image.Scale`.
extension Image {
    public enum Scale: Hashable, Sendable, CaseIterable {
        case small, medium, large
        /// The size relative to `.medium` (SF's small and large symbol scales).
        var factor: Double {
            switch self {
            case .small: return 0.783
            case .medium: return 1
            case .large: return 1.29
            }
        }
    }

    /// Points per look-alike unit for a font of `size` points: a full-box (16-unit) icon is 1 em
    /// at medium scale, as SF's circle symbols are (Apple's checkmark.circle.fill at 17 pt is
    /// 34 × 34 px of ink at 2×, and its frame is that ink: the text follows it 8 pt later).
    static func symbolUnit(fontSize: Double, scale: Scale) -> Double { fontSize * scale.factor / 16 }

    /// SF Pro's cap height in ems (1443/2048): symbols centre on half of it above the baseline.
    static let sfCapHeight = 1443.0 / 2048

    func resolveSymbol(_ systemName: String, _ context: ResolveContext) -> [Element] {
        let env = context.environment
        let name = env.symbolVariants.applied(to: systemName)
        let font = env.resolvedFont
        let unit = Image.symbolUnit(fontSize: font.size, scale: env.imageScale)
        let resolved = SymbolLibrary.shared.resolve(name)
        // The drawn shapes in look-alike units and their bounds; the placeholder is a dashed
        // rounded square as large as a full-box symbol.
        let shapes: [SVGIcon.Shape], bounds: Rect, placeholder: Bool
        switch resolved {
        case .icon(let icon):
            shapes = icon.shapes
            bounds = icon.bounds ?? Rect(x: 0, y: 0, width: 16, height: 16)
            placeholder = false
        case .placeholder:
            shapes = [SVGIcon.Shape(path: .roundedRect(x: 1, y: 1, width: 14, height: 14, radius: 3), rule: .nonZero)]
            bounds = Rect(x: 0, y: 0, width: 16, height: 16)
            placeholder = true
        }
        // The ink's box and the layout frame around it, in points: SF's where Apple's renders
        // measured them (the look-alike is stretched to SF's ink box), else the look-alike's own
        // bounds, which are then both.
        let measured = placeholder ? nil : SFSymbolMetrics.measured[name]
        let em = font.size * env.imageScale.factor
        let ink = measured.map { Size(width: $0.ink.width * em, height: $0.ink.height * em) } ?? Size(width: bounds.width * unit, height: bounds.height * unit)
        let ideal = measured.map { Size(width: $0.frame.width * em, height: $0.frame.height * em) } ?? ink
        let resizable = isResizable
        let node = LayoutNode(
            .leaf { p in
                resizable ? Size(width: p.width ?? ideal.width, height: p.height ?? ideal.height) : ideal
            }, name: "Image")
        // The box's middle (8 units; a measured symbol's frame's middle) sits half a cap height
        // above the baseline.
        let baseline = (measured == nil ? (8 - bounds.minY) * unit : ideal.height / 2) + font.size * Image.sfCapHeight / 2
        node.textBaselines = { size in
            let b = resizable && ideal.height > 0 ? baseline * size.height / ideal.height : baseline
            return (b, b)
        }
        let style = (env.foregroundStyle ?? AnyShapeStyle(HierarchicalShapeStyle.primary))._resolvedStyle(env)
        let identity = context.identity
        let element = Element(
            identity, node: node,
            spec: ContentSpec(data: AnimatableColor(style.color)) { data, size in
                // The ink, centred in the frame, both scaled with the frame to the size given.
                let kx = ideal.width > 0 ? size.width / ideal.width : 1, ky = ideal.height > 0 ? size.height / ideal.height : 1
                let inkW = ink.width * kx, inkH = ink.height * ky
                let sx = bounds.width > 0 ? inkW / bounds.width : unit, sy = bounds.height > 0 ? inkH / bounds.height : unit
                let t = AffineTransform2D(translationX: -bounds.minX, y: -bounds.minY).concatenating(AffineTransform2D(scaleX: sx, y: sy))
                    .concatenating(AffineTransform2D(translationX: (size.width - inkW) / 2, y: (size.height - inkH) / 2))
                let paint: Paint
                if case .gradient(let make) = style { paint = make(size) } else { paint = .solid((data as? AnimatableColor)?.color ?? style.color) }
                let items = shapes.enumerated().map { n, shape -> DisplayItem in
                    var content: ShapeContent
                    if placeholder {
                        content = ShapeContent("symbol placeholder", path: shape.path.applying(t), stroke: paint, lineWidth: max(1, 1.2 * min(sx, sy)))
                        content.strokeStyle = FrostRaster.Path.StrokeStyle(dash: [2 * min(sx, sy), 1.5 * min(sx, sy)])
                    } else {
                        content = ShapeContent("symbol \(name)", path: shape.path.applying(t), fill: paint, rule: shape.rule)
                    }
                    return DisplayItem(identity: identity.appending("shape\(n)"), frame: Rect(origin: .zero, size: size), content: .shape(content))
                }
                return items.count == 1 ? items[0].content : .group(DisplayList(items))
            })
        element.drawsImage = true
        element.symbolName = name
        return LayoutDirection.mirrorsSymbol(systemName) ? mirroredForRightToLeft([element], context) : [element]
    }
}

extension EnvironmentValues {
    /// How large symbols draw relative to the font (`.medium` by default).
    public var imageScale: Image.Scale {
        get { self[ImageScaleKey.self] }
        set { self[ImageScaleKey.self] = newValue }
    }
    /// The variant symbols draw in (`.none` by default).
    public var symbolVariants: SymbolVariants {
        get { self[SymbolVariantsKey.self] }
        set { self[SymbolVariantsKey.self] = newValue }
    }
    /// How symbols are coloured (accepted; FrostUI draws one colour).
    public var symbolRenderingMode: SymbolRenderingMode? {
        get { self[SymbolRenderingKey.self] }
        set { self[SymbolRenderingKey.self] = newValue }
    }
}

private enum ImageScaleKey: EnvironmentKey { static var defaultValue: Image.Scale { .medium } }
private enum SymbolVariantsKey: EnvironmentKey { static var defaultValue: SymbolVariants { .none } }
private enum SymbolRenderingKey: EnvironmentKey { static var defaultValue: SymbolRenderingMode? { nil } }

extension View {
    /// Draws the symbols inside at `scale` relative to their font.
    public func imageScale(_ scale: Image.Scale) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.imageScale = scale })
    }
    /// Draws the symbols inside in `variant` where they have it (`.fill`, `.circle`…).
    public func symbolVariant(_ variant: SymbolVariants) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.symbolVariants = variant })
    }
    /// Accepted for source compatibility: look-alikes draw in one colour.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.symbolRenderingMode = mode })
    }
}

/// SF Symbols' boxes where Apple's renders measure them, in ems of the font at medium scale: the
/// ink's width and height and the layout frame's (the frame is wider than the ink for some
/// symbols; for the others measured only in a row, where the frame cannot be seen, it is taken
/// as the ink). Apple publishes no per-symbol metrics; every other symbol keeps its look-alike's
/// bounds, which may differ from SF's by a few points.
enum SFSymbolMetrics {
    struct Box { let ink: Size, frame: Size }
    static let measured: [String: Box] = [
        // iOS 15 at 1×, 17 pt: 17 × 15 px of ink, and `.padding()` makes 53 × 50 px: a 21 × 18 pt frame.
        "heart.fill": Box(ink: Size(width: 17.0 / 17, height: 15.0 / 17), frame: Size(width: 21.0 / 17, height: 18.0 / 17)),
        // iOS 18 at 3×, 17 pt semibold in a list row: 42 × 41 px of ink.
        "checkmark": Box(ink: Size(width: 14.0 / 17, height: 41.0 / 3 / 17), frame: Size(width: 14.0 / 17, height: 41.0 / 3 / 17)),
        // iOS 18 at 3×, a menu picker's (17 pt at the small scale, 13.3 pt) and a footnote
        // medium one: 24 × 36 and 24 × 35 px of ink, ending 22 pt from the card's edge where the
        // row's content ends at 20: 2 pt of frame either side, as heart.fill has.
        "chevron.up.chevron.down": Box(ink: Size(width: 8.0 / 13.3, height: 11.9 / 13.3), frame: Size(width: 12.0 / 13.3, height: 11.9 / 13.3)),
    ]
}
