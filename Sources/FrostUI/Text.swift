import FrostGeometry
import FrostMotion
import FrostLayout
import FrostScene
import FrostRaster
import FrostEffects

// Reproduces SwiftUI's Text: wrapping, line limits, multiline alignment, fonts, colours and
// hierarchical styles. Line boxes are San Francisco's: one line is ascender + descender tall
// (20.29 pt for .body), further lines one leading (22 pt) apart, the height rounded up to whole
// pixels as Apple's renders show (21 px at 1×, 41 at 2×, 61 at 3×). Custom fonts use their own.

/// Text, as SwiftUI's `Text`: one line at its ideal width; under a narrower proposal it wraps at
/// word boundaries (measured with FreeType at the display scale), then truncates with "…" past
/// `lineLimit`.
public struct Text: View, PrimitiveView, Equatable {
    let string: String
    public init(_ content: some StringProtocol) { string = String(content) }
    public init(verbatim content: String) { string = content }
    public typealias Body = Never

    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let font = env.resolvedFont
        let style = (env.foregroundStyle ?? AnyShapeStyle(HierarchicalShapeStyle.primary))._resolvedStyle(env)
        let color = style.color
        let scale = Double(env.displayScale)
        let (faceKey, face) = context.host.face(for: font)
        let string = self.string.isEmpty ? " " : self.string
        let length = string.unicodeScalars.count
        if length > HostCore.maxTextLength { context.host.textTooLong = max(context.host.textTooLong ?? 0, length) }
        let lineLimit = env.lineLimit
        let alignment: TextLayout.Alignment
        switch env.multilineTextAlignment {
        case .leading: alignment = .leading
        case .center: alignment = .center
        case .trailing: alignment = .trailing
        }
        let cache = context.host.renderCache
        var key = TextContent(string, size: font.size, bold: font.isBold, alignment: alignment, lineLimit: lineLimit, lineHeight: font.leading)
        key.tabularDigits = font.hasMonospacedDigits
        key.face = faceKey
        let measureKey = key
        // San Francisco's metrics for the system font (whatever face draws it); a custom font's own.
        let isCustom = faceKey?.hasPrefix("custom:") ?? false
        let fallback = faceKey != nil && !isCustom ? (font.isBold ? context.host.boldFont : context.host.regularFont) : nil
        let lineBox = isCustom ? font.leading : font.lineBox
        let measure: @Sendable (ProposedSize) -> Size = { p in
            let wrap = p.width.flatMap { $0.isFinite ? max(1, Int(($0 * scale).rounded(.down))) : nil }
            guard let face, let m = try? cache.measure(measureKey, scale: scale, wrap: wrap, {
                let layout = try TextLayout(string, font: face, pointSize: font.size, scale: scale, maxWidth: wrap,
                                            alignment: alignment, lineLimit: lineLimit,
                                            tabularDigits: font.hasMonospacedDigits, linePitch: max(1, Int((font.leading * scale).rounded())),
                                            fallback: fallback)
                return TextMeasure(width: layout.size.width, lines: layout.lineCount)
            }) else { return .zero }
            // Lines are the font's leading apart (REFERENCE.md §4), not FreeType's line gap; the
            // first is one line box tall; the whole rounds up to pixels.
            let height = lineBox + Double(max(0, m.lines - 1)) * font.leading
            return Size(width: Double(m.width) / scale, height: (height * scale - 1e-6).rounded(.up) / scale)
        }
        // Secondary, tertiary and quaternary text on a material background is vibrant (iOS's
        // vibrancy label styles); primary text keeps the label colour. Reduce Transparency
        // turns materials opaque, and vibrancy with them.
        let level = (env.foregroundStyle ?? AnyShapeStyle(HierarchicalShapeStyle.primary)).hierarchicalLevel
        let vibrancy = env.vibrancy(level: level, for: .text)
        let appearance = env.vibrancyAppearance
        // Baselines (for `.firstTextBaseline` rows): the first line's, then one leading per line.
        let pitch = max(1, Int((font.leading * scale).rounded()))
        let ascentKey = "\(faceKey ?? (font.isBold ? "bold" : "regular"))/\(font.size)/\(scale)/\(pitch)"
        let ascent: Double
        if !isCustom {
            // On the pixel grid, as the renderer draws it: a baseline that aligns in layout is
            // the baseline drawn, and texts aligned by it snap to pixels alike.
            ascent = (font.ascent * scale).rounded() / scale
        } else if let known = context.host.ascenders[ascentKey] {
            ascent = known
        } else {
            let probe = face.flatMap { try? TextLayout("X", font: $0, pointSize: font.size, scale: scale, linePitch: pitch) }
            ascent = probe.map { Double($0.ascender) / scale } ?? font.size * 0.8
            context.host.ascenders[ascentKey] = ascent
        }
        let leading = font.leading
        let node = LayoutNode(.leaf(measure), name: "Text")
        if !isCustom {
            node.textSpacing = LayoutNode.defaultSpacing + (font.size * (Font.sfLineBox - Font.sfAscender)).rounded()
            node.textPairSpacing = max(0, (font.leading - lineBox - 1e-9).rounded(.up))
        }
        node.textBaselines = { size in
            let lines = max(1, Int(((size.height - lineBox) / leading).rounded()) + 1)
            return (ascent, ascent + Double(lines - 1) * leading)
        }
        // The colour animates (premultiplied linear light).
        let element = Element(context.identity, node: node, spec: ContentSpec(data: AnimatableColor(color)) { data, size in
            let color = (data as? AnimatableColor)?.color ?? color
            var content = TextContent(string, size: font.size, bold: font.isBold, color: color, alignment: alignment, wrapWidth: size.width + 0.5,
                                      lineLimit: lineLimit, lineHeight: font.leading)
            content.tabularDigits = font.hasMonospacedDigits
            content.face = faceKey
            if !isCustom { content.firstBaseline = ascent }
            content.vibrancy = vibrancy
            content.vibrancyAppearance = appearance
            return .text(content)
        })
        element.text = self.string
        return [element]
    }
}
