import FrostGeometry
import FrostMotion
import FrostLayout
import FrostScene
import FrostRaster
import FrostEffects

// Reproduces SwiftUI's Text: wrapping, line limits, multiline alignment, fonts, colours and
// hierarchical styles; runs joined with `+`, each with its own font, weight, colour, tracking,
// kerning, underline, strikethrough and baseline offset; Markdown in literals (see
// LocalizedStringKey.swift); textCase, lineSpacing and minimumScaleFactor from the environment.
// Line boxes are San Francisco's: one line is ascender + descender tall (20.29 pt for .body),
// further lines one leading (22 pt) apart, the height rounded up to whole pixels as Apple's
// renders show (21 px at 1×, 41 at 2×, 61 at 3×); the system font takes SF's tracking for its
// size; `redacted(reason: .placeholder)` draws rounded bars per line instead of glyphs. Custom
// fonts use their own metrics. Not reproduced: underline and strikethrough
// patterns and colours (drawn solid in the run's colour); `.head`/`.middle` truncation of text
// of more than one line (cut at the tail).

/// Text, as SwiftUI's `Text`: one line at its ideal width; under a narrower proposal it wraps at
/// word boundaries (measured with FreeType at the display scale), then truncates with "…" past
/// `lineLimit`.
public struct Text: View, PrimitiveView, Equatable {
    /// How a run of the text is set, where it says (nil: the environment's).
    struct Style: Equatable {
        var font: Font?
        var weight: Font.Weight?
        var design: Font.Design?
        var width: Font.Width?
        var bold = false, italic = false, monospacedDigit = false, monospaced = false
        var foreground: AnyShapeStyle?
        var tracking: Double?
        var kerning: Double?
        var underline: Bool?
        var strikethrough: Bool?
        var baselineOffset: Double?

        static func == (a: Style, b: Style) -> Bool {
            a.font == b.font && a.weight == b.weight && a.design == b.design && a.width == b.width && a.bold == b.bold && a.italic == b.italic
                && a.monospacedDigit == b.monospacedDigit && a.monospaced == b.monospaced && a.foreground?.describe() == b.foreground?.describe()
                && a.tracking == b.tracking && a.kerning == b.kerning && a.underline == b.underline
                && a.strikethrough == b.strikethrough && a.baselineOffset == b.baselineOffset
        }
    }
    struct Run: Equatable {
        var string: String
        var style = Style()
    }
    var runs: [Run]

    /// The text without styling.
    var string: String { runs.map(\.string).joined() }

    /// A string shown as it is (no Markdown), as SwiftUI's `Text(_:)` for a string value.
    @_disfavoredOverload
    public init(_ content: some StringProtocol) { runs = [Run(string: String(content))] }
    public init(verbatim content: String) { runs = [Run(string: content)] }
    init(runs: [Run]) { self.runs = runs.isEmpty ? [Run(string: "")] : runs }
    public typealias Body = Never

    /// The two texts as one: their runs, each set as it was (SwiftUI's `Text + Text`).
    public static func + (lhs: Text, rhs: Text) -> Text { Text(runs: lhs.runs + rhs.runs) }

    public static func == (a: Text, b: Text) -> Bool { a.runs == b.runs }

    func styled(_ change: (inout Style) -> Void) -> Text {
        var copy = self
        for n in copy.runs.indices { change(&copy.runs[n].style) }
        return copy
    }

    /// One run as drawn: its string and everything the environment and its style resolve to.
    struct ResolvedRun {
        var string: String
        var font: Font
        var faceKey: String?
        var face: FrostRaster.Font?
        var isCustom: Bool
        var color: FrostGeometry.Color
        var level: Int?
        /// Points per glyph: the system font's own tracking plus tracking and kerning asked for.
        var tracking: Double
        var decorations: TextLayout.Decorations
        var baselineOffset: Double
    }

    func resolvedRuns(_ context: ResolveContext) -> [ResolvedRun] {
        let env = context.environment
        let textCase = env.textCase
        var out: [ResolvedRun] = []
        for run in runs {
            let style = run.style
            // A Text-level font takes the view-level weight, design, bold and italic too.
            var fontEnv = env
            if let own = style.font { fontEnv.font = own }
            var font = fontEnv.resolvedFont
            if let weight = style.weight { font.weight = weight }
            if style.bold { font.weight = max(font.weight, .bold) }
            if let design = style.design { font.design = design }
            if let width = style.width { font.width = width }
            if style.monospaced { font.design = .monospaced }
            if style.italic { font = font.italic() }
            if style.monospacedDigit { font = font.monospacedDigit() }
            let foreground = style.foreground ?? env.foregroundStyle ?? AnyShapeStyle(HierarchicalShapeStyle.primary)
            let (faceKey, face) = context.host.fonts.face(for: font)
            let isCustom = faceKey?.hasPrefix("custom:") ?? false
            var string = run.string
            switch textCase {
            case .uppercase?: string = string.uppercased()
            case .lowercase?: string = string.lowercased()
            case nil: break
            }
            let asked = (style.tracking ?? env.textTracking) + (style.kerning ?? env.textKerning)
            var decorations: TextLayout.Decorations = []
            if style.underline ?? env.textUnderline { decorations.insert(.underline) }
            if style.strikethrough ?? env.textStrikethrough { decorations.insert(.strikethrough) }
            out.append(
                ResolvedRun(
                    string: string, font: font, faceKey: faceKey, face: face, isCustom: isCustom,
                    color: foreground._resolvedStyle(env).color, level: foreground.hierarchicalLevel,
                    tracking: (isCustom ? 0 : font.sfTracking) + asked, decorations: decorations,
                    baselineOffset: style.baselineOffset ?? env.textBaselineOffset))
        }
        // Empty runs take no characters; an all-empty text is one space tall, as SwiftUI's.
        let kept = out.filter { !$0.string.isEmpty }
        if kept.isEmpty, var first = out.first { first.string = " "; return [first] }
        return kept
    }

    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let runs = resolvedRuns(context)
        let scale = Double(env.displayScale)
        let string = runs.map(\.string).joined()
        let length = string.unicodeScalars.count
        if length > HostCore.maxTextLength { context.host.pass.textTooLong = max(context.host.pass.textTooLong ?? 0, length) }
        let lineLimit = env.lineLimit
        let alignment: TextLayout.Alignment
        // Leading is the layout direction's start, as NSTextAlignment.natural: the right edge
        // in a right-to-left layout, whatever the text's own direction.
        let rightToLeft = env.layoutDirection == .rightToLeft
        switch env.multilineTextAlignment {
        case .leading: alignment = rightToLeft ? .trailing : .leading
        case .center: alignment = .center
        case .trailing: alignment = rightToLeft ? .leading : .trailing
        }
        // The line metrics are the largest run's: San Francisco's for the system font, a custom
        // font's own.
        let main = runs.max { $0.font.size < $1.font.size }!
        let font = main.font, isCustom = main.isCustom
        let lineSpacing = max(0, env.lineSpacing)
        let leading = font.leading + lineSpacing
        let lineBox = isCustom ? font.leading : font.lineBox
        let minimumScale = min(1, max(0.01, env.minimumScaleFactor))

        // The text at a font scale `k` (1: as asked; below 1: shrunk by minimumScaleFactor).
        let base: TextContent = {
            var c = TextContent(string, size: font.size, bold: font.isBold, alignment: alignment, lineLimit: lineLimit, lineHeight: leading)
            c.face = main.faceKey
            switch env.truncationMode {
            case .head: c.truncation = .head
            case .middle: c.truncation = .middle
            case .tail: c.truncation = .tail
            }
            c.tabularDigits = font.hasMonospacedDigits
            c.features = font.features; c.widthScale = font.widthScale
            c.spans = runs.map { r in
                TextContent.Span(
                    length: r.string.unicodeScalars.count, size: r.font.size, bold: r.font.isBold, face: r.faceKey,
                    color: r.color, tracking: r.tracking, decorations: r.decorations, baselineOffset: r.baselineOffset,
                    tabularDigits: r.font.hasMonospacedDigits, features: r.font.features, widthScale: r.font.widthScale)
            }
            if runs.count == 1 {
                // One run: the content's own fields, as before spans existed (and as goldens read).
                let r = runs[0]
                c.color = r.color; c.tracking = r.tracking; c.decorations = r.decorations; c.baselineOffset = r.baselineOffset
                c.spans = []
            }
            return c
        }()
        @Sendable func content(_ k: Double) -> TextContent {
            guard k < 1 else { return base }
            var c = base
            c.size *= k; c.tracking *= k; c.baselineOffset *= k; c.lineHeight = leading * k
            for n in c.spans.indices { c.spans[n].size *= k; c.spans[n].tracking *= k; c.spans[n].baselineOffset *= k }
            return c
        }
        let faces: [(FrostRaster.Font, FrostRaster.Font?)]? = {
            var list: [(FrostRaster.Font, FrostRaster.Font?)] = []
            for r in runs {
                guard let face = r.face else { return nil }
                let fallback = r.faceKey != nil && !r.isCustom ? (r.font.isBold ? context.host.fonts.boldFont : context.host.fonts.regularFont) : nil
                list.append((face, fallback))
            }
            return list
        }()
        let cache = context.host.renderCache
        let measureOne: @Sendable (Double, Int?) -> TextMeasure? = { k, wrap in
            guard let faces else { return nil }
            let c = content(k)
            return try? cache.measure(c, scale: scale, wrap: wrap) {
                var unwrapped = c; unwrapped.wrapWidth = nil
                let layout = try unwrapped.layout(scale: scale, faces: faces, wrapPixels: wrap)
                return TextMeasure(width: layout.size.width, lines: layout.lineCount, truncated: layout.isTruncated)
            }
        }
        // minimumScaleFactor: the largest font scale (in 1/64 steps down to the factor) at which
        // the text fits the width without truncating, as SwiftUI shrinks text before it cuts it.
        let fit: @Sendable (Int?) -> Double = { wrap in
            guard minimumScale < 1, let wrap, let full = measureOne(1, wrap) else { return 1 }
            guard full.truncated || (lineLimit == nil && full.lines > 1 && measureOne(1, nil)?.lines == 1) else { return 1 }
            var k = 1.0
            while k - 1.0 / 64 >= minimumScale - 1e-9 {
                k -= 1.0 / 64
                if let m = measureOne(k, wrap), !m.truncated, lineLimit != nil || m.lines == 1 { return k }
            }
            return max(minimumScale, k)
        }
        let measure: @Sendable (ProposedSize) -> Size = { p in
            // A width a hair under whole pixels (a stack subtracting padding from its ideal:
            // 127 − 8 − 52.333… − 20 is 1e-14 short of 46.666…) still holds them.
            let wrap = p.width.flatMap { $0.isFinite ? max(1, Int(($0 * scale + 1e-6).rounded(.down))) : nil }
            let k = fit(wrap)
            guard let m = measureOne(k, wrap) else { return .zero }
            // Lines are the font's leading apart (REFERENCE.md §4), not FreeType's line gap; the
            // first is one line box tall; the whole rounds up to pixels.
            let height = lineBox * k + Double(max(0, m.lines - 1)) * leading * k
            return Size(width: Double(m.width) / scale, height: (height * scale - 1e-6).rounded(.up) / scale)
        }
        // Secondary, tertiary and quaternary text on a material background is vibrant (iOS's
        // vibrancy label styles); primary text keeps the label colour. Reduce Transparency
        // turns materials opaque, and vibrancy with them.
        let vibrancy = env.vibrancy(level: runs.count == 1 ? runs[0].level : nil, for: .text)
        let appearance = env.vibrancyAppearance
        // Baselines (for `.firstTextBaseline` rows): the first line's, then one leading per line.
        let pitch = max(1, Int((leading * scale).rounded()))
        let ascentKey = "\(main.faceKey ?? (font.isBold ? "bold" : "regular"))/\(font.size)/\(scale)/\(pitch)"
        let ascent: Double
        if !isCustom {
            // On the pixel grid, as the renderer draws it: a baseline that aligns in layout is
            // the baseline drawn, and texts aligned by it snap to pixels alike.
            ascent = (font.ascent * scale).rounded() / scale
        } else if let known = context.host.fonts.ascenders[ascentKey] {
            ascent = known
        } else {
            let probe = main.face.flatMap { try? TextLayout("X", font: $0, pointSize: font.size, scale: scale, linePitch: pitch) }
            ascent = probe.map { Double($0.ascender) / scale } ?? font.size * 0.8
            context.host.fonts.ascenders[ascentKey] = ascent
        }
        let node = LayoutNode(.leaf(measure), name: "Text")
        if !isCustom {
            node.textSpacing = LayoutNode.defaultSpacing + (font.size * (Font.sfLineBox - Font.sfAscender)).rounded()
            node.textPairSpacing = max(0, (leading - lineBox - 1e-9).rounded(.up))
        }
        node.textBaselines = { size in
            let lines = max(1, Int(((size.height - lineBox) / leading).rounded()) + 1)
            return (ascent, ascent + Double(lines - 1) * leading)
        }
        // The colour animates (premultiplied linear light) when the text is one run.
        let redacted = env.redactionReasons.contains(.placeholder)
        let identity = context.identity
        let element = Element(
            context.identity, node: node,
            spec: ContentSpec(data: AnimatableColor(base.color)) { data, size in
                if redacted {
                    // `redacted(reason: .placeholder)`: one rounded bar per line in the text's
                    // colour at 16 %, as tall as the x-height band, the last line 60 % as wide.
                    let lines = max(1, Int(((size.height - lineBox) / leading).rounded()) + 1)
                    let bar = font.size * 0.6, colour = base.color.opacity(0.16)
                    let items = (0..<lines).map { n -> DisplayItem in
                        let top = ascent + Double(n) * leading - font.size * 0.55
                        let width = n == lines - 1 && lines > 1 ? size.width * 0.6 : size.width
                        let shape = ShapeContent("redacted", path: .roundedRect(x: 0, y: 0, width: width, height: bar, radius: bar / 4), fill: .solid(colour))
                        return DisplayItem(
                            identity: identity.appending("bar\(n)"), frame: Rect(x: 0, y: top, width: width, height: bar), content: .shape(shape))
                    }
                    return .group(DisplayList(items))
                }
                let k = fit(max(1, Int(((size.width + 0.5) * scale).rounded(.down))))
                var c = content(k)
                if c.spans.isEmpty { c.color = (data as? AnimatableColor)?.color ?? c.color }
                c.wrapWidth = size.width + 0.5
                if !isCustom { c.firstBaseline = (font.ascent * k * scale).rounded() / scale }
                c.vibrancy = vibrancy
                c.vibrancyAppearance = appearance
                return .text(c)
            })
        element.text = string
        element.contentTransitionStyle = env.contentTransition
        if runs.count == 1, let faces {
            // Widths of parts of the string, for a numeric content transition's rolling digits.
            element.textWidth = { part in
                var c = content(1)
                c.string = part
                c.wrapWidth = nil
                return ((try? c.layout(scale: scale, faces: faces, wrapPixels: nil)).map { Double($0.size.width) } ?? 0) / scale
            }
        }
        return [element]
    }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum TextTrait: ElementTraitKey {
    static var defaultValue: String? { nil }
}

extension Element {
    /// The text shown, for finding tap targets by their label.
    var text: String? {
        get { traits[TextTrait.self] }
        set { traits[TextTrait.self] = newValue }
    }
}
