import FrostImage
import FrostRaster
import FrostCanvas
import FrostEffects

/// The resolved, renderable form of a view tree: what to draw, where, and through which effects
/// — a plain value (`Sendable`, `Equatable`) that prints as an indented text tree, so layout and
/// animation tests read like specifications and need no pixels.
///
/// Geometry is in **points**, each item's `frame` in its parent's coordinate space (y down);
/// content is drawn in the item's local space, whose origin is the frame's top-left corner.
/// ``SceneRenderer`` turns a list into pixels at a display scale.
public struct DisplayList: Sendable, Equatable, CustomStringConvertible {
    public var items: [DisplayItem]
    public init(_ items: [DisplayItem] = []) { self.items = items }

    public var isEmpty: Bool { items.isEmpty }

    /// One item per line, children indented by two spaces:
    /// `#root/0 (16, 16, 100, 40) shape fill #007AFF`.
    public var description: String { lines(indent: 0).joined(separator: "\n") }

    func lines(indent: Int) -> [String] {
        items.flatMap { $0.lines(indent: indent) }
    }
}

/// One drawn thing: a frame, an identity, and its content or an effect over child items.
public struct DisplayItem: Sendable, Equatable {
    public var identity: SceneIdentity
    /// Points, in the parent's coordinate space.
    public var frame: Rect
    public var content: Content

    public init(identity: SceneIdentity, frame: Rect, content: Content) {
        self.identity = identity; self.frame = frame; self.content = content
    }

    public enum Content: Sendable, Equatable {
        /// A path in local points, filled and/or stroked.
        case shape(ShapeContent)
        /// Set text.
        case text(TextContent)
        /// An image stretched into the frame.
        case image(ImageContent)
        /// A `UIBlurEffect`-style material filling a (rounded) rectangle over what is below it.
        case material(MaterialContent)
        /// An effect applied to `children`, drawn in this item's local space.
        case effect(DisplayEffect, children: DisplayList)
        /// Children drawn in this item's local space with no effect (a stack or group).
        case group(DisplayList)
    }

    func lines(indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let head = "\(pad)\(identity) \(frame) "
        switch content {
        case .shape(let s): return [head + s.summary]
        case .text(let t): return [head + t.summary]
        case .image(let i): return [head + i.summary]
        case .material(let m): return [head + m.summary]
        case .group(let children): return [head + "group"] + children.lines(indent: indent + 2)
        case .effect(let e, let children): return [head + e.description] + children.lines(indent: indent + 2)
        }
    }
}

/// A filled and/or stroked path in local points.
public struct ShapeContent: Sendable, Equatable {
    public var path: Path
    public var fill: Paint?
    public var stroke: Paint?
    /// Stroke width in points.
    public var lineWidth: Double
    /// Caps, joins and dashes of the stroke (its `width` is ignored: ``lineWidth`` rules).
    /// Core Graphics' defaults: butt caps, miter joins (limit 10), solid.
    public var strokeStyle = Path.StrokeStyle()
    public var rule: FillRule
    /// A short name for printing ("rect", "circle", "roundedRect 8 continuous").
    public var name: String
    /// Drawn through this vibrancy style over what is beneath (a shape on a material), in
    /// `vibrancyAppearance`, instead of in its paints' colours (their coverage still counts).
    public var vibrancy: Vibrancy?
    public var vibrancyAppearance: Appearance = .light

    public init(_ name: String, path: Path, fill: Paint? = nil, stroke: Paint? = nil, lineWidth: Double = 1, rule: FillRule = .nonZero) {
        self.name = name; self.path = path; self.fill = fill; self.stroke = stroke; self.lineWidth = lineWidth; self.rule = rule
    }

    /// The stroke's style where it differs from the defaults.
    var styleSummary: String {
        let d = Path.StrokeStyle()
        var s = ""
        if strokeStyle.cap != d.cap { s += " cap \(strokeStyle.cap.rawValue)" }
        if strokeStyle.join != d.join { s += " join \(strokeStyle.join.rawValue)" }
        if strokeStyle.miterLimit != d.miterLimit { s += " miterLimit \(strokeStyle.miterLimit.shortText)" }
        if !strokeStyle.dash.isEmpty { s += " dash " + strokeStyle.dash.map(\.shortText).joined(separator: ",") }
        if strokeStyle.dashPhase != 0 { s += " phase \(strokeStyle.dashPhase.shortText)" }
        return s
    }

    /// The stroke as drawn: ``strokeStyle`` at ``lineWidth``.
    public var resolvedStrokeStyle: Path.StrokeStyle { var st = strokeStyle; st.width = lineWidth; return st }

    /// How far the stroke can reach beyond the path, in points (miters and square caps reach
    /// past half the width).
    public var strokeReach: Double {
        guard stroke != nil else { return 0 }
        let half = lineWidth / 2
        let miter = strokeStyle.join == .miter ? max(1, strokeStyle.miterLimit) : 1
        return half * max(miter, strokeStyle.cap == .square ? 2.squareRoot() : 1)
    }

    var summary: String {
        var s = "shape \(name)"
        if let vibrancy {
            s +=
                (fill != nil ? " fill" : "") + (stroke != nil ? " stroke \(lineWidth.shortText)pt" : "") + " vibrant \(vibrancy.rawValue) \(vibrancyAppearance)";
            return s
        }
        if let fill { s += " fill \(fill.summary)" }
        if let stroke { s += " stroke \(stroke.summary) \(lineWidth.shortText)pt" + styleSummary }
        return s
    }
}

/// Set text: the string and how it is set. The renderer lays it out at the display scale.
public struct TextContent: Sendable, Hashable {
    public var string: String
    /// Points.
    public var size: Double
    public var bold: Bool
    public var color: Color
    public var alignment: TextLayout.Alignment
    /// Wrap width in points (nil: one line).
    public var wrapWidth: Double?
    /// The most lines shown (nil: all); more are truncated with "…".
    public var lineLimit: Int?
    /// Where one-line text is cut (see `TextLayout.Truncation`).
    public var truncation: TextLayout.Truncation = .tail
    /// Baseline-to-baseline distance in points (nil: the font's own line height). FrostUI sets
    /// the Dynamic Type leading, so drawn lines sit where layout measured them.
    public var lineHeight: Double?
    /// Digits of equal width (`monospacedDigit()`).
    public var tabularDigits = false
    /// OpenType features in HarfBuzz's syntax ("smcp": SwiftUI's `smallCaps()`).
    public var features: [String] = []
    /// Glyphs scaled horizontally by this factor (SwiftUI's `fontWidth`), 0.25…4.
    public var widthScale = 1.0
    /// Points from the top of the text to its first baseline (nil: the face's own ascender).
    /// FrostUI sets San Francisco's, so text sits where iOS puts it whatever face draws it.
    public var firstBaseline: Double?
    /// The face to set the text in, by the renderer's key (nil: the regular or bold system face).
    public var face: String?
    /// Points added after every glyph (SwiftUI's tracking, plus the system font's own).
    public var tracking: Double = 0
    public var decorations: TextLayout.Decorations = []
    /// Points the glyphs are raised above the baseline.
    public var baselineOffset: Double = 0
    /// Runs set differently (`Text + Text`, Markdown), covering `string` in order; empty: the
    /// whole string is set as this content says. Each span carries its own size, face, colour,
    /// tracking, decorations and offset; the content's own are ignored then, except alignment,
    /// wrapping, line limit, line height, first baseline and vibrancy.
    public var spans: [Span] = []
    /// Drawn as vibrant content of this style over what lies beneath (a material), in
    /// `vibrancyAppearance`, instead of in `color`.
    public var vibrancy: Vibrancy?
    public var vibrancyAppearance: Appearance = .light

    /// A run of a text set one way.
    public struct Span: Sendable, Hashable {
        /// Unicode scalars covered, at least 1.
        public var length: Int
        /// Points.
        public var size: Double
        public var bold: Bool
        /// The face by the renderer's key (nil: the regular or bold system face).
        public var face: String?
        public var color: Color
        /// Points added after every glyph.
        public var tracking: Double
        public var decorations: TextLayout.Decorations
        /// Points the glyphs are raised.
        public var baselineOffset: Double
        public var tabularDigits: Bool
        /// OpenType features ("smcp"…) and the horizontal glyph scale, as the content's.
        public var features: [String] = []
        public var widthScale = 1.0
        public init(
            length: Int, size: Double = 17, bold: Bool = false, face: String? = nil, color: Color = Color(white: 0),
            tracking: Double = 0, decorations: TextLayout.Decorations = [], baselineOffset: Double = 0, tabularDigits: Bool = false,
            features: [String] = [], widthScale: Double = 1
        ) {
            self.length = length; self.size = size; self.bold = bold; self.face = face; self.color = color
            self.tracking = tracking; self.decorations = decorations; self.baselineOffset = baselineOffset; self.tabularDigits = tabularDigits
            self.features = features; self.widthScale = widthScale
        }
    }

    public init(
        _ string: String, size: Double = 17, bold: Bool = false, color: Color = Color(white: 0),
        alignment: TextLayout.Alignment = .leading, wrapWidth: Double? = nil, lineLimit: Int? = nil, lineHeight: Double? = nil
    ) {
        self.string = string; self.size = size; self.bold = bold; self.color = color
        self.alignment = alignment; self.wrapWidth = wrapWidth; self.lineLimit = lineLimit; self.lineHeight = lineHeight
    }

    /// The spans as set: the content's own as one span when it has none.
    public var resolvedSpans: [Span] {
        spans.isEmpty
            ? [
                Span(
                    length: max(1, string.unicodeScalars.count), size: size, bold: bold, face: face, color: color, tracking: tracking,
                    decorations: decorations, baselineOffset: baselineOffset, tabularDigits: tabularDigits, features: features,
                    widthScale: widthScale)
            ] : spans
    }

    /// The layout of this text at `scale` pixels per point, in `font`, with characters it lacks
    /// drawn from `fallback` (every span in the same face).
    public func layout(font: Font, scale: Double, fallback: Font? = nil) throws(ImageError) -> TextLayout {
        try layout(scale: scale, faces: Array(repeating: (font, fallback), count: resolvedSpans.count))
    }

    /// The layout of this text at `scale` pixels per point, each of ``resolvedSpans`` in the
    /// face at its index in `faces` (with the fallback for characters that face lacks).
    public func layout(scale: Double, faces: [(Font, Font?)]) throws(ImageError) -> TextLayout {
        try layout(scale: scale, faces: faces, wrapPixels: wrapPixels(scale: scale))
    }

    /// As ``layout(scale:faces:)``, wrapped at `wrapPixels` pixels (nil: not wrapped) instead of
    /// the content's wrap width: how a measure sets text under a proposal.
    public func layout(scale: Double, faces: [(Font, Font?)], wrapPixels: Int?) throws(ImageError) -> TextLayout {
        let spans = resolvedSpans
        guard faces.count == spans.count else {
            throw .invalidArgument("\(faces.count) faces for \(spans.count) text spans")
        }
        var set: [TextLayout.Span] = []
        for (span, (font, fallback)) in zip(spans, faces) {
            set.append(
                TextLayout.Span(
                    length: span.length, font: font, fallback: fallback, pointSize: span.size,
                    tracking: span.tracking * scale, decorations: span.decorations,
                    baselineOffset: span.baselineOffset * scale, tabularDigits: span.tabularDigits, features: span.features,
                    widthScale: span.widthScale))
        }
        return try TextLayout(
            string, spans: set, scale: scale, maxWidth: wrapPixels, alignment: alignment, lineLimit: lineLimit, truncation: truncation,
            linePitch: lineHeight.map { max(1, Int(($0 * scale).rounded())) },
            firstBaseline: firstBaseline.map { max(0, Int(($0 * scale).rounded())) })
    }

    /// The span indices of each colour, in first-appearance order: what a renderer draws one
    /// mask of per colour.
    public var colourGroups: [(color: Color, spans: Set<Int>?)] {
        guard spans.count > 1 else { return [(spans.first?.color ?? color, nil)] }
        var groups: [(color: Color, spans: Set<Int>?)] = []
        for (n, span) in spans.enumerated() {
            if let g = groups.firstIndex(where: { $0.color == span.color }) { groups[g].spans!.insert(n) } else { groups.append((span.color, [n])) }
        }
        return groups.count == 1 ? [(groups[0].color, nil)] : groups
    }

    /// The text without what only colours it (colour, vibrancy): what its layout and glyph
    /// masks depend on, as a cache key.
    var shape: TextContent {
        var s = self
        s.color = Color(white: 0); s.vibrancy = nil
        for n in s.spans.indices { s.spans[n].color = Color(white: 0) }
        return s
    }

    func wrapPixels(scale: Double) -> Int? { wrapWidth.map { max(1, Int(($0 * scale).rounded(.down))) } }

    var summary: String {
        var out =
            "text \(string.debugDescription) \(size.shortText)pt\(bold ? " bold" : "")\(face.map { " " + $0 } ?? "") "
            + (vibrancy.map { "vibrant \($0.rawValue) \(vibrancyAppearance)" } ?? "\(color)")
        if tracking != 0 { out += " tracking \(tracking.shortText)" }
        if truncation != .tail { out += " truncated at the \(truncation.rawValue)" }
        if decorations.contains(.underline) { out += " underline" }
        if decorations.contains(.strikethrough) { out += " strikethrough" }
        if baselineOffset != 0 { out += " raised \(baselineOffset.shortText)" }
        if !features.isEmpty { out += " features " + features.joined(separator: ",") }
        if widthScale != 1 { out += " width ×\(widthScale.shortText)" }
        if spans.count > 1 {
            out +=
                " spans ["
                + spans.map { s in
                    "\(s.length) \(s.size.shortText)pt\(s.bold ? " bold" : "")\(s.face.map { " " + $0 } ?? "") \(s.color)"
                        + (s.tracking != 0 ? " tracking \(s.tracking.shortText)" : "")
                        + (s.decorations.contains(.underline) ? " underline" : "") + (s.decorations.contains(.strikethrough) ? " strikethrough" : "")
                        + (s.baselineOffset != 0 ? " raised \(s.baselineOffset.shortText)" : "")
                }.joined(separator: ", ") + "]"
        }
        return out
    }
}

/// An image stretched into its item's frame.
public struct ImageContent: Sendable, Equatable {
    public var image: Image
    public init(_ image: Image) { self.image = image }
    var summary: String { "image \(image.width)x\(image.height)" }
}

/// A material over what is drawn below it, in the item's frame.
public struct MaterialContent: Sendable, Equatable {
    public var material: Material
    public var appearance: Appearance
    /// Points.
    public var cornerRadius: Double
    public var continuousCorners: Bool
    public init(_ material: Material, appearance: Appearance = .light, cornerRadius: Double = 0, continuousCorners: Bool = false) {
        self.material = material; self.appearance = appearance; self.cornerRadius = cornerRadius; self.continuousCorners = continuousCorners
    }
    var summary: String {
        "material \(material.rawValue) \(appearance)" + (cornerRadius > 0 ? " r=\(cornerRadius.shortText)\(continuousCorners ? " continuous" : "")" : "")
    }
}

/// What an effect item does to its children.
public enum DisplayEffect: Sendable, Equatable, CustomStringConvertible {
    /// No effect: the children drawn as they are. What an effect that is off right now (a
    /// bridge's blur at rest, a variable blur at zero) becomes — not `.opacity(1)`, which is an
    /// opacity a renderer may treat as one (it flattens an inner compositing group, say).
    case identity
    /// Multiplies the alpha of each child (SwiftUI's `opacity(_:)` without a compositing group).
    case opacity(Double)
    /// Maps the children's local space into the item's (SwiftUI's offset, scale and rotation
    /// effects: drawing only, never layout).
    case transform(AffineTransform2D)
    /// Clips the children to a path in local points.
    case clip(Path, rule: FillRule)
    /// Multiplies the children by the alpha of another list drawn in the same space.
    case mask(DisplayList)
    /// A Gaussian blur of the rendered children, σ = radius in points (SwiftUI's `blur(radius:opaque:)`).
    case blur(radius: Double, opaque: Bool)
    /// The children's silhouette in `color`, blurred with σ = radius points, offset by (x, y) points.
    case shadow(color: Color, radius: Double, x: Double, y: Double)
    /// Renders the children offscreen first, so an enclosing opacity or blend mode applies to
    /// the flattened result (SwiftUI's `compositingGroup()` and `drawingGroup()`).
    case compositingGroup
    /// Composites the flattened children with a blend mode.
    case blendMode(BlendMode)
    /// Passes the flattened children's straight colour through a 4×5 colour matrix (SwiftUI's
    /// `saturation`, `brightness`, `contrast`, `grayscale`).
    case colorMatrix(ColorMatrix, name: String)
    /// Draws the children into retained tiles that later frames reuse while the children are
    /// unchanged and only move by whole pixels (a scroll view's content, as Core Animation keeps
    /// a scrolled layer's backing store). The bytes do not depend on what was cached: the
    /// children are always drawn into tiles first, then composited.
    case retainedLayer
    /// Blurable (the UIKit `Blurable` protocol's look): a copy of the children rendered at
    /// `snapshotScale` pixels per point (1: the original's 1× snapshot; 0: the display scale),
    /// blurred with σ = `radius` points (edges fading, cut to the children's frame), drawn in
    /// their place with opacity `mix` over the children drawn with opacity 1 − `mix`
    /// (a cross-fade, 0…1).
    case snapshotBlur(radius: Double, snapshotScale: Double, mix: Double)
    /// Progressive blur of the rendered children (FrostEffects' `VariableBlur`): σ = `maxRadius` points ×
    /// the mask over the children's frame, `tint` over it by the mask, edges clamped.
    case variableBlur(maxRadius: Double, mask: VariableBlur.Mask, tint: Color?)
    /// A cross-fade from an earlier rendering: the children drawn with opacity 1 − `mix`, and
    /// `image` (device pixels) over them at device pixel `origin` with opacity `mix` (0…1) —
    /// what a blur bridge becomes under Reduce Motion.
    case crossFade(from: ImageContent, origin: Point, mix: Double)
    /// An image filter the renderer does not know (the open case): the flattened children are
    /// handed to `filter` as one layer, which it rewrites in place.
    case filter(AnyDisplayFilter)

    public var description: String {
        switch self {
        case .identity: return "identity"
        case .filter(let f): return "filter \(f.base)"
        case .opacity(let o): return "opacity \(o.shortText)"
        case .transform(let t): return "transform \(t)"
        case .clip(let p, let rule): return "clip \(p.controlBounds.map { "\($0)" } ?? "empty")\(rule == .evenOdd ? " evenOdd" : "")"
        case .mask: return "mask"
        case .blur(let r, let opaque): return "blur \(r.shortText)\(opaque ? " opaque" : "")"
        case let .shadow(c, r, x, y): return "shadow \(c) r=\(r.shortText) (\(x.shortText), \(y.shortText))"
        case .compositingGroup: return "compositingGroup"
        case .blendMode(let m): return "blendMode \(m.rawValue)"
        case .colorMatrix(_, let name): return name
        case .retainedLayer: return "retainedLayer"
        case let .crossFade(image, origin, m): return "crossFade from \(image.summary) at (\(origin.x.shortText), \(origin.y.shortText)) mix \(m.shortText)"
        case let .variableBlur(r, _, tint): return "variableBlur \(r.shortText)\(tint.map { " tint \($0)" } ?? "")"
        case let .snapshotBlur(r, s, m): return "snapshotBlur \(r.shortText) @\(s == 0 ? "display" : s.shortText + "x") mix \(m.shortText)"
        }
    }
}

extension Paint {
    static func stopsSummary(_ stops: [Stop]) -> String {
        let mix = stops.dropLast().contains { $0.mix == .oklab } ? " oklab" : ""
        return stops.map { "\($0.color)@\($0.location.shortText)" }.joined(separator: " ") + mix
    }

    var summary: String {
        switch self {
        case .solid(let c): return "\(c)"
        case .linearGradient(_, _, let stops): return "linearGradient[\(Paint.stopsSummary(stops))]"
        case .radialGradient(_, _, let stops): return "radialGradient[\(Paint.stopsSummary(stops))]"
        case .ellipticalGradient(_, _, _, let stops): return "ellipticalGradient[\(Paint.stopsSummary(stops))]"
        case .angularGradient(_, let a0, let a1, let stops):
            return "angularGradient[\(Paint.stopsSummary(stops)) \((a0 * 180 / .pi).shortText)°…\((a1 * 180 / .pi).shortText)°]"
        }
    }
}

/// A filter over a view's flattened pixels that the scene renderer runs without knowing it
/// (``DisplayEffect/filter(_:)``): what a module above FrostScene adds without editing the
/// renderer's closed list of effects.
public protocol DisplayFilter: Sendable, CustomStringConvertible {
    /// Rewrites `layer` (premultiplied RGBA8, device pixels, the children flattened at the
    /// renderer's scale) in place. `scale` is pixels per point; `threads` (≥ 1) is how many
    /// workers the frame is drawn with: the bytes must not depend on it.
    func apply(to layer: inout FrostImage.Image, scale: Double, threads: Int) throws
    /// How far (points, ≥ 0) the filter can move colour past the children's own pixels; 0 for
    /// a per-pixel filter.
    var reach: Double { get }
    /// Whether `other` is the same filter with the same parameters.
    func isEqual(to other: any DisplayFilter) -> Bool
}

extension DisplayFilter {
    public var reach: Double { 0 }
}

extension DisplayFilter where Self: Equatable {
    public func isEqual(to other: any DisplayFilter) -> Bool { (other as? Self) == self }
}

/// A ``DisplayFilter`` of any type, compared through ``DisplayFilter/isEqual(to:)``.
public struct AnyDisplayFilter: Sendable, Equatable {
    public let base: any DisplayFilter
    public init(_ base: any DisplayFilter) { self.base = base }
    public static func == (a: AnyDisplayFilter, b: AnyDisplayFilter) -> Bool { a.base.isEqual(to: b.base) }
}
