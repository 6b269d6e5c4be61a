import CFreeType
import FrostImage

/// Text set in fonts at sizes, broken into lines within a width, measured, and rendered as a
/// coverage mask (the alpha of an `Image`), which vibrancy and legibility use.
///
/// Sizes are in points; `scale` turns them into pixels (1 pt = `scale` px). Glyph advances are
/// whole pixels and hinting is FreeType's default, so the same text renders to the same bytes on
/// every run; the whole block can be placed at a sub-pixel position (``mask(subpixelOffset:spans:)``),
/// so text that moves in an animation glides instead of jumping a pixel at a time.
///
/// A layout is one or more ``Span``s — runs of the text with their own face, size, tracking,
/// decorations and baseline offset (SwiftUI's `Text + Text`, Markdown emphasis) — sharing
/// line breaks, baselines and alignment; a renderer colours them by drawing the mask of each
/// group of spans in its colour.
public struct TextLayout: Sendable {
    public enum Alignment: String, CaseIterable, Sendable { case leading, center, trailing }

    /// Lines drawn with the glyphs, in their coverage: SwiftUI's `underline()` and
    /// `strikethrough()`.
    public struct Decorations: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A line under the baseline, at the face's underline position and thickness.
        public static let underline = Decorations(rawValue: 1)
        /// A line through the lowercase letters, at the face's strikeout position (or about half
        /// the x-height when the face has none), as thick as the underline.
        public static let strikethrough = Decorations(rawValue: 2)
    }

    /// Where text past its line limit is cut, as SwiftUI's `Text.TruncationMode`. Head and
    /// middle apply to one-line text (`lineLimit` 1), whose first paragraph is cut at its start
    /// or centre; text of more lines is cut at the tail.
    public enum Truncation: String, Sendable, Hashable { case head, middle, tail }

    /// A run of the text set one way.
    public struct Span: Sendable {
        /// Unicode scalars of the text this span covers, at least 1.
        public var length: Int
        public var font: Font
        /// The face drawing characters `font` lacks (nil: `font`'s .notdef box).
        public var fallback: Font?
        /// 1…1000 pt.
        public var pointSize: Double
        /// **Pixels** added after every glyph, spaces included (SwiftUI's `tracking`; negative
        /// tightens), within ±`pointSize · scale`. Pens accumulate it exactly and each glyph
        /// lands on the nearest whole pixel, so a fraction of a pixel per glyph adds up over a
        /// line instead of vanishing.
        public var tracking: Double
        public var decorations: Decorations
        /// **Pixels** the glyphs are raised above the baseline (negative: lowered), as
        /// SwiftUI's `baselineOffset`; within ±`pointSize · scale`.
        public var baselineOffset: Double
        /// Digits take the face's tabular figures (OpenType `tnum`: SwiftUI's `monospacedDigit()`).
        public var tabularDigits: Bool
        /// OpenType features on top of the defaults (kerning, standard ligatures, contextual
        /// forms), in HarfBuzz's syntax: "smcp" (small capitals), "c2sc", "liga=0", "ss01".
        /// A feature the face lacks changes nothing, except small capitals ("smcp", and "c2sc"
        /// for capitals too), which are synthesised from the face's capitals at its x-height
        /// (``Font/smallCapsScale``) when it has none, as Core Text does for a font without them.
        public var features: [String]
        /// Glyphs and advances scaled horizontally by this factor, 0.25…4 (1: as drawn): SwiftUI's
        /// `fontWidth` synthesised for a face without a width axis (condensed 0.8, expanded 1.2).
        public var widthScale: Double

        public init(
            length: Int, font: Font, fallback: Font? = nil, pointSize: Double, tracking: Double = 0,
            decorations: Decorations = [], baselineOffset: Double = 0, tabularDigits: Bool = false, features: [String] = [],
            widthScale: Double = 1
        ) {
            self.length = length; self.font = font; self.fallback = fallback === font ? nil : fallback
            self.pointSize = pointSize; self.tracking = tracking; self.decorations = decorations
            self.baselineOffset = baselineOffset; self.tabularDigits = tabularDigits; self.features = features
            self.widthScale = widthScale
        }
    }

    /// A span as set: its FreeType char size and decoration metrics in pixels.
    /// `@unchecked Sendable`: all `let`s; `span`'s font is a `Font`, which locks its own face.
    struct SetSpan: @unchecked Sendable {
        let span: Span
        /// FreeType char size, 26.6.
        let charSize: Int
        /// The underline's top below the baseline, the strikethrough's top above it, their thickness.
        let underlineTop: Int, strikeTop: Int, thickness: Int
        /// Pixels the glyphs are raised.
        let rise: Int
        /// HarfBuzz features: the span's, with `tnum` for tabular digits.
        var features: [String] { (span.tabularDigits ? ["tnum"] : []) + span.features }
        /// The width scale in 1/1000.
        let xScale: Int
    }

    /// The glyphs of one or more scalars that cannot be split (a ligature, a letter and its
    /// marks, an emoji sequence) in one face at one bidi level.
    struct Cluster {
        /// The text's first scalar in the cluster (-1 for an inserted ellipsis).
        var start: Int
        /// In HarfBuzz's (visual) order.
        var glyphs: [ShapedGlyph]
        var font: Font
        var span: Int
        /// FreeType char size (26.6) its glyphs are drawn at: the span's, or smaller for a
        /// synthesised small capital.
        var size: Int
        var level: UInt8
        /// Pixels, tracking included.
        var advance: Double
        var isSpace: Bool
    }

    /// A paragraph's (or a line's) clusters in logical order and its bidi level (0 or 1).
    struct Paragraph { var clusters: [Cluster]; var base: UInt8 }

    /// One placed glyph: its index in `font`, its position (pixels: from the line's left, and
    /// raised above the baseline) and its span.
    /// `size`: the FreeType char size (26.6) it is drawn at.
    struct Glyph { var index: UInt32; var x: Int; var y: Int; var font: Font; var span: Int; var size: Int }
    /// A line's glyphs in visual order (left to right); `isRightToLeft`: its paragraph runs right
    /// to left (its trailing spaces hang at its left).
    struct Line { var glyphs: [Glyph]; var width: Int; var isRightToLeft: Bool }

    public let text: String
    /// The largest span's size, points.
    public let pointSize: Double
    public let scale: Double
    public let alignment: Alignment
    let lines: [Line]
    let spans: [SetSpan]
    /// Every face the glyphs come from (the spans', their fallbacks, the cascade's).
    let fonts: [Font]
    /// Pixels from the top of a line to its baseline (the font's ascender, rounded up).
    public let ascender: Int
    /// Pixels from one baseline to the next.
    public let lineHeight: Int
    /// Pixels from the top of the layout to the first line's baseline: where text aligns in
    /// `HStack(alignment: .firstTextBaseline)`.
    public var firstBaseline: Int { ascender }
    /// Pixels from the top of the layout to the last line's baseline.
    public var lastBaseline: Int { (lines.count - 1) * lineHeight + ascender }
    /// Number of spans.
    public var spanCount: Int { spans.count }

    /// Whether `lineLimit` cut the text (the last line shown ends in "…").
    public let isTruncated: Bool

    /// The most characters a layout accepts.
    public static let maxCharacters = 100_000

    /// Sets `text` (UTF-8; `\n` starts a new line) in one `font`.
    /// - Parameters:
    ///   - text: the string; not empty, at most ``maxCharacters`` characters.
    ///   - font: the face to set it in.
    ///   - pointSize: 1…1000 pt.
    ///   - scale: display scale, 0 < scale ≤ 16.
    ///   - maxWidth: wrap width in **pixels** (nil: no wrapping). Lines break where Unicode's
    ///     line breaking allows (after spaces and hyphens, between CJK characters but not before
    ///     closing punctuation; `LineBreaking`); a word wider than the width is broken between
    ///     characters.
    ///   - alignment: how lines narrower than the widest sit: leading, centred or trailing.
    ///   - lineLimit: the most lines to show (nil: all, as SwiftUI's `lineLimit(nil)`). Text that
    ///     needs more is truncated at the tail of the last line shown with "…" (U+2026), within
    ///     `maxWidth` (it overhangs only when even "…" alone is wider), as SwiftUI's default `.tail`
    ///     truncation does; ``isTruncated`` tells.
    ///   - tabularDigits: digits take the face's tabular figures (OpenType `tnum`, SwiftUI's
    ///     `monospacedDigit()`), so columns of numbers line up and counters do not jitter.
    ///   - linePitch: baseline-to-baseline distance in **pixels** (nil: the font's line height).
    ///     A pitch other than the font's keeps each line's glyphs centred in their line box (half
    ///     the difference above the ascender), as UIKit lays out a line height it is given.
    ///   - firstBaseline: pixels from the top to the first baseline (nil: the font's ascender,
    ///     adjusted for `linePitch` as above). FrostUI passes San Francisco's ascender, so text
    ///     sits where iOS puts it whatever face draws it.
    ///   - fallback: a face for characters `font` has no glyph for, before the system's cascade
    ///     (``FontCascade``); a script with a face of its own (Arabic, Hebrew, Devanagari, Thai,
    ///     CJK…) takes the cascade's first.
    ///   - tracking: **pixels** added after every glyph (see ``Span/tracking``).
    ///   - decorations: underline and strikethrough lines drawn under or through each line.
    /// - Throws: `ImageError` for empty or oversized text and bad sizes.
    public init(
        _ text: String, font: Font, pointSize: Double, scale: Double = 1, maxWidth: Int? = nil,
        alignment: Alignment = .leading, lineLimit: Int? = nil, tabularDigits: Bool = false,
        linePitch: Int? = nil, firstBaseline: Int? = nil, fallback: Font? = nil,
        tracking: Double = 0, decorations: Decorations = []
    ) throws(ImageError) {
        let span = Span(
            length: max(1, text.unicodeScalars.count), font: font, fallback: fallback, pointSize: pointSize,
            tracking: tracking, decorations: decorations, tabularDigits: tabularDigits)
        try self.init(
            text, spans: [span], scale: scale, maxWidth: maxWidth, alignment: alignment, lineLimit: lineLimit,
            linePitch: linePitch, firstBaseline: firstBaseline)
    }

    /// Sets `text` as `spans`, which cover it in order (their lengths add up to its unicode
    /// scalars). The line metrics (ascender, line height) are the largest span's unless given;
    /// `truncation` says where one-line text is cut (see ``Truncation``); `direction` is the
    /// paragraphs' base direction (``TextDirection/natural``: each from its first strong
    /// character; alignment does not follow it: leading is the left edge, as
    /// `NSTextAlignment.natural` follows the interface's direction, not the text's);
    /// `cascade` supplies faces for characters no span's face or fallback has (nil: their
    /// .notdef boxes).
    ///
    /// Text is shaped by HarfBuzz per run of one span, face and direction (kerning, ligatures,
    /// contextual forms and mark positioning; the span's ``Span/features``), ordered by the
    /// Unicode bidirectional algorithm, and broken between clusters (a ligature or a letter with
    /// its marks is never split). Other parameters as in
    /// ``init(_:font:pointSize:scale:maxWidth:alignment:lineLimit:tabularDigits:linePitch:firstBaseline:fallback:tracking:decorations:)``.
    /// - Throws: `ImageError` for empty or oversized text, spans that do not cover it, and bad sizes.
    public init(
        _ text: String, spans: [Span], scale: Double = 1, maxWidth: Int? = nil,
        alignment: Alignment = .leading, lineLimit: Int? = nil, truncation: Truncation = .tail,
        linePitch: Int? = nil, firstBaseline: Int? = nil, direction: TextDirection = .natural,
        cascade: FontCascade? = .system
    ) throws(ImageError) {
        guard !text.isEmpty else { throw .invalidArgument("the text is empty") }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= TextLayout.maxCharacters else {
            throw .invalidArgument("the text has \(scalars.count) characters; the limit is \(TextLayout.maxCharacters)")
        }
        guard !spans.isEmpty, spans.allSatisfy({ $0.length >= 1 }), spans.reduce(0, { $0 + $1.length }) == scalars.count else {
            throw .invalidArgument("the spans' lengths (\(spans.map(\.length))) must be at least 1 each and add up to the text's \(scalars.count) characters")
        }
        try DisplayScale.check(Double(scale))
        for span in spans {
            guard span.pointSize.isFinite, (1...1000).contains(span.pointSize) else {
                throw .parameterOutOfRange(name: "font size", value: "\(span.pointSize)", expected: "1...1000 pt")
            }
            let em = span.pointSize * scale
            guard span.tracking.isFinite, abs(span.tracking) <= em else {
                throw .parameterOutOfRange(name: "tracking", value: "\(span.tracking)", expected: "within ±\(em) px (one em)")
            }
            guard span.widthScale.isFinite, (0.25...4).contains(span.widthScale) else {
                throw .parameterOutOfRange(name: "width scale", value: "\(span.widthScale)", expected: "0.25...4")
            }
            guard span.baselineOffset.isFinite, abs(span.baselineOffset) <= em else {
                throw .parameterOutOfRange(name: "baseline offset", value: "\(span.baselineOffset)", expected: "within ±\(em) px (one em)")
            }
        }
        if let maxWidth, maxWidth < 1 { throw .invalidArgument("the wrap width must be at least 1 px, got \(maxWidth)") }
        if let linePitch, !(1...100_000).contains(linePitch) {
            throw .parameterOutOfRange(name: "line pitch", value: "\(linePitch)", expected: "1...100000 px")
        }
        if let lineLimit, lineLimit < 1 {
            throw .parameterOutOfRange(name: "lineLimit", value: "\(lineLimit)", expected: "at least 1 (or nil for no limit)")
        }
        if let firstBaseline, !(0...100_000).contains(firstBaseline) {
            throw .parameterOutOfRange(name: "first baseline", value: "\(firstBaseline)", expected: "0...100000 px")
        }
        self.text = text; self.scale = scale; self.alignment = alignment
        let largest = spans.max { $0.pointSize < $1.pointSize }!
        pointSize = largest.pointSize
        // FreeType's metrics, under the spans' faces' locks (shaping needs none).
        let faces = FaceSet(spans.map(\.font))
        faces.lock()
        // Each span set: char size, decoration metrics from its face (font units → pixels).
        var set: [SetSpan] = []
        for span in spans {
            let charSize = Int((span.pointSize * scale * 64).rounded())
            let face = span.font.face
            let toPixels = span.pointSize * scale / Double(max(1, face.pointee.units_per_EM))
            let thickness = max(1, Int((Double(face.pointee.underline_thickness) * toPixels).rounded()))
            let underlineCentre = -Double(face.pointee.underline_position) * toPixels
            let strike: Int
            if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee, os2.yStrikeoutPosition > 0 {
                strike = Int((Double(os2.yStrikeoutPosition) * toPixels).rounded())
            } else {
                strike = Int((span.pointSize * scale * 0.27).rounded())
            }
            set.append(
                SetSpan(
                    span: span, charSize: charSize, underlineTop: max(1, Int((underlineCentre - Double(thickness) / 2).rounded())),
                    strikeTop: strike + (thickness + 1) / 2, thickness: thickness, rise: Int(span.baselineOffset.rounded()),
                    xScale: Int((span.widthScale * 1000).rounded())))
        }
        self.spans = set

        let primary = set[spans.firstIndex { $0.pointSize == largest.pointSize }!]
        faces.setSize(primary.span.font, primary.charSize)
        let metrics = primary.span.font.face.pointee.size.pointee.metrics
        // A bitmap face's metrics are its strike's: scaled to the text's size, as its glyphs are.
        let primaryFont = primary.span.font
        let k = primaryFont.strikes.isEmpty ? 1 : Double(primary.charSize) / Double(primaryFont.strikes[primaryFont.strike(for: primary.charSize)])
        let naturalHeight = max(1, Int((Double(metrics.height) * k / 64).rounded()))
        lineHeight = linePitch ?? naturalHeight
        ascender = firstBaseline ?? (Int((Double(metrics.ascender) * k / 64).rounded(.up)) + (lineHeight - naturalHeight) / 2)
        faces.unlock()

        // Each paragraph is shaped once (runs of one span, face and bidi level, through
        // HarfBuzz), broken into lines greedily at Unicode's break opportunities, and each
        // line is then put in visual order (UAX #9's L1 and L2). Pens are fractional (HarfBuzz's
        // advances and tracking); each glyph sits at the nearest whole pixel and a line is as
        // wide as its last visible glyph's rounded pen.
        var spanOf: [Int] = []
        spanOf.reserveCapacity(scalars.count)
        for (n, span) in spans.enumerated() { spanOf.append(contentsOf: repeatElement(n, count: span.length)) }
        var boldBySpan: [Int: Bool] = [:]
        func isBold(_ n: Int) -> Bool {
            if let known = boldBySpan[n] { return known }
            let bold = set[n].span.font.isBold
            boldBySpan[n] = bold
            return bold
        }
        // Each distinct (span, scalar) is resolved once per layout: the cmap lookups are what a
        // re-set paragraph would otherwise repeat for every letter.
        var resolved: [Int: [UInt32: Font]] = [:]
        /// The face that draws scalar `k`: the span's, else (for a script with a face of its own)
        /// the cascade's, else the span's fallback, else any cascade face; marks, joiners and
        /// selectors stay with the character they follow.
        func face(_ k: Int, after previous: Font?) -> Font {
            let s = scalars[k], n = spanOf[k], ss = set[n].span
            if s.value <= 0x20 { return ss.font }
            if s.value >= 0x80, let previous, k > 0, spanOf[k - 1] == n, TextLayout.joinsPrevious(s),
                previous.covers(s) || FontCascade.isInvisible(s)
            {
                return previous
            }
            if wantsEmoji(k), let emoji = emojiFace(), emoji.covers(s) { return emoji }
            if let known = resolved[n]?[s.value] { return known }
            let font: Font
            if (s.value >= 0x80 && FontCascade.isInvisible(s)) || ss.font.covers(s) {
                font = ss.font
            } else if FontCascade.hasScriptFace(s), let f = cascade?.font(for: s, bold: isBold(n)) {
                font = f
            } else if let fallback = ss.fallback, fallback.covers(s) {
                font = fallback
            } else {
                font = cascade?.font(for: s, bold: isBold(n)) ?? ss.font
            }
            resolved[n, default: [:]][s.value] = font
            return font
        }
        // Emoji presentation (the colour face) depends on the characters that follow, so it is
        // decided per position, before the per-scalar memo.
        var emojiFont: Font??
        func emojiFace() -> Font? {
            if let known = emojiFont { return known }
            let found = cascade?.emojiFont()
            emojiFont = .some(found)
            return found
        }
        /// Whether scalar `k` starts an emoji drawn in colour: one whose default presentation is
        /// emoji, one asked for as emoji (U+FE0F, a skin tone after it), or an emoji character
        /// the span's face lacks, as iOS's cascade reaches Apple Color Emoji before any
        /// black-and-white symbol face. U+FE0E asks for text.
        func wantsEmoji(_ k: Int) -> Bool {
            let s = scalars[k]
            let next = k + 1 < scalars.count ? scalars[k + 1].value : 0
            guard next != 0xFE0E, s.value >= 0x203C || next == 0xFE0F else { return false }
            let p = s.properties
            guard p.isEmoji else { return false }
            return p.isEmojiPresentation || next == 0xFE0F || (0x1F3FB...0x1F3FF).contains(next) || !set[spanOf[k]].span.font.covers(s)
        }
        func shapeRun(_ a: Int, _ b: Int, within paragraph: Range<Int>, font: Font, level: UInt8, into clusters: inout [Cluster]) {
            let n = spanOf[a], ss = set[n]
            // The paragraph's text either side is context (joining across a change of span).
            let before = scalars[max(paragraph.lowerBound, a - 5)..<a].map(\.value)
            let after = scalars[b..<min(paragraph.upperBound, b + 5)].map(\.value)
            // Small capitals the face lacks are synthesised: the letters they apply to, as
            // capitals at the face's x-height, shaped as runs of their own.
            let features = ss.features
            let lowerToSmall = features.contains("smcp") && !font.hasFeature("smcp")
            let upperToSmall = features.contains("c2sc") && !font.hasFeature("c2sc")
            if lowerToSmall || upperToSmall {
                func small(_ k: Int) -> Bool {
                    let p = scalars[k].properties
                    guard (lowerToSmall && p.isLowercase) || (upperToSmall && p.isUppercase) else { return false }
                    return p.uppercaseMapping.unicodeScalars.count == 1
                }
                let plain = features.filter { $0 != "smcp" && $0 != "c2sc" }
                let smallSize = max(64, Int((Double(ss.charSize) * font.smallCapsScale).rounded()))
                var k = a
                while k < b {
                    var e = k + 1
                    while e < b, small(e) == small(k) { e += 1 }
                    let isSmall = small(k)
                    let text = scalars[k..<e].map { isSmall ? $0.properties.uppercaseMapping.unicodeScalars.first!.value : $0.value }
                    let glyphs = font.shape(
                        text, size: isSmall ? smallSize : ss.charSize, rightToLeft: level % 2 == 1, features: plain,
                        before: scalars[max(paragraph.lowerBound, k - 5)..<k].map(\.value), after: scalars[e..<min(paragraph.upperBound, e + 5)].map(\.value),
                        xScale: ss.xScale)
                    addClusters(glyphs, from: k, span: n, font: font, size: isSmall ? smallSize : ss.charSize, level: level, into: &clusters)
                    k = e
                }
                return
            }
            let glyphs = font.shape(
                scalars[a..<b].map(\.value), size: ss.charSize, rightToLeft: level % 2 == 1, features: features, before: before, after: after,
                xScale: ss.xScale)
            addClusters(glyphs, from: a, span: n, font: font, size: ss.charSize, level: level, into: &clusters)
        }
        /// A shaped run's glyphs grouped into clusters, appended in logical order.
        func addClusters(_ glyphs: [ShapedGlyph], from a: Int, span n: Int, font: Font, size: Int, level: UInt8, into clusters: inout [Cluster]) {
            let ss = set[n]
            var groups: [(cluster: Int, glyphs: [ShapedGlyph])] = []
            for g in glyphs {
                if let last = groups.indices.last, groups[last].cluster == g.cluster {
                    groups[last].glyphs.append(g)
                } else {
                    groups.append((g.cluster, [g]))
                }
            }
            // Logical order (HarfBuzz gives right-to-left runs in visual order); each cluster's
            // own glyphs stay in HarfBuzz's order.
            groups.sort { $0.cluster < $1.cluster }
            for group in groups {
                let start = a + group.cluster
                let advance = group.glyphs.reduce(0.0) { $0 + Double($1.advance) / 64 + ss.span.tracking }
                clusters.append(
                    Cluster(
                        start: start, glyphs: group.glyphs, font: font, span: n, size: size, level: level,
                        advance: advance, isSpace: LineBreaking.isSpace(scalars[start])))
            }
        }
        func shapeParagraph(_ start: Int, _ stop: Int) -> Paragraph {
            let (levels, base) = Bidi.levels(scalars[start..<stop], direction: direction)
            var faces: [Font] = []
            faces.reserveCapacity(stop - start)
            for k in start..<stop { faces.append(face(k, after: faces.last)) }
            var clusters: [Cluster] = []
            var a = start
            while a < stop {
                var b = a + 1
                while b < stop, spanOf[b] == spanOf[a], faces[b - start] === faces[a - start], levels[b - start] == levels[a - start] { b += 1 }
                shapeRun(a, b, within: start..<stop, font: faces[a - start], level: levels[a - start], into: &clusters)
                a = b
            }
            return Paragraph(clusters: clusters, base: base)
        }
        var paragraphs: [Paragraph] = []
        var start = 0
        while start <= scalars.count {
            var stop = start
            while stop < scalars.count && scalars[stop] != "\n" { stop += 1 }
            paragraphs.append(shapeParagraph(start, stop))
            start = stop + 1
        }

        func pixel(_ x: Double) -> Int { Int((x - 1e-9).rounded()) }
        let breaks = LineBreaking.opportunities(scalars)
        func breakLines(_ maxWidth: Int?) -> [Paragraph] {
            var lines: [Paragraph] = []
            for paragraph in paragraphs {
                let clusters = paragraph.clusters
                var line: [Cluster] = []
                var pen = 0.0
                var i = 0
                while i < clusters.count {
                    // The next word: up to the next break opportunity (LineBreaking.swift), its
                    // trailing spaces hanging past the line's width.
                    var end = i + 1
                    while end < clusters.count && !breaks[clusters[end].start] { end += 1 }
                    var j = end
                    while j > i && clusters[j - 1].isSpace { j -= 1 }
                    let visible = clusters[i..<j].reduce(0.0) { $0 + $1.advance }
                    if let maxWidth, !line.isEmpty, pixel(pen + visible) > maxWidth {
                        lines.append(Paragraph(clusters: line, base: paragraph.base))
                        line = []; pen = 0
                    }
                    for k in i..<end {
                        if let maxWidth, k < j, !line.isEmpty, pixel(pen + clusters[k].advance) > maxWidth {
                            // A word wider than the line: break between clusters.
                            lines.append(Paragraph(clusters: line, base: paragraph.base))
                            line = []; pen = 0
                        }
                        line.append(clusters[k])
                        pen += clusters[k].advance
                    }
                    i = end
                }
                lines.append(Paragraph(clusters: line, base: paragraph.base))
            }
            return lines
        }
        /// "…" (U+2026) in span `n`, at the paragraph's level.
        func ellipsis(_ n: Int, level: UInt8) -> Cluster {
            let ss = set[n]
            let font = ss.span.font.covers("\u{2026}") ? ss.span.font : ss.span.fallback.flatMap { $0.covers("\u{2026}") ? $0 : nil } ?? ss.span.font
            let glyphs = font.shape([0x2026], size: ss.charSize, rightToLeft: false, features: ss.features, xScale: ss.xScale)
            let advance = glyphs.reduce(0.0) { $0 + Double($1.advance) / 64 + ss.span.tracking }
            return Cluster(start: -1, glyphs: glyphs, font: font, span: n, size: ss.charSize, level: level, advance: advance, isSpace: false)
        }
        func visibleWidth(_ line: [Cluster]) -> Int {
            var t = line.count
            while t > 0 && line[t - 1].isSpace { t -= 1 }
            return max(0, pixel(line[..<t].reduce(0.0) { $0 + $1.advance }))
        }

        var lines = breakLines(maxWidth)
        var truncated = false
        // Head or middle: the first paragraph on one line, cut at its start or centre (when it
        // is what overflows; else the tail, as for more lines).
        let single = lineLimit == 1 && truncation != .tail && lines.count > 1 ? breakLines(nil)[0] : nil
        if let whole = single, let maxWidth, visibleWidth(whole.clusters) > maxWidth {
            let clusters = whole.clusters, wholeWidth = visibleWidth(clusters)
            let mark = ellipsis(clusters.first?.span ?? 0, level: whole.base)
            let budget = max(0, maxWidth - max(1, Int(mark.advance.rounded())))
            var pens = [0.0]
            for c in clusters { pens.append(pens[pens.count - 1] + c.advance) }
            func end(_ k: Int) -> Int { k < clusters.count ? pixel(pens[k]) : wholeWidth }
            // The prefix kept (middle: up to half the budget), then the longest suffix that fits.
            var prefix = 0
            if truncation == .middle {
                while prefix < clusters.count, end(prefix + 1) <= budget / 2 { prefix += 1 }
                while prefix > 0, clusters[prefix - 1].isSpace { prefix -= 1 }
            }
            let prefixWidth = end(prefix)
            var suffix = clusters.count
            while suffix > prefix, wholeWidth - end(suffix - 1) + prefixWidth <= budget { suffix -= 1 }
            while suffix < clusters.count, clusters[suffix].isSpace { suffix += 1 }
            lines = [Paragraph(clusters: Array(clusters[..<prefix]) + [mark] + Array(clusters[suffix...]), base: whole.base)]
            truncated = true
        } else if let lineLimit, lines.count > lineLimit {
            lines.removeLast(lines.count - lineLimit)
            truncated = true
            // The last line shown ends in an ellipsis (in the span it follows) that fits the wrap
            // width: drop clusters from its end (and the spaces before the cut) until it does.
            var last = lines[lines.count - 1]
            let mark = ellipsis(last.clusters.last?.span ?? 0, level: last.base)
            let markWidth = max(1, Int(mark.advance.rounded()))
            var pens = [0.0]
            for c in last.clusters { pens.append(pens[pens.count - 1] + c.advance) }
            var end = last.clusters.count
            while end > 0, (maxWidth.map { pixel(pens[end]) + markWidth > $0 } ?? false) || last.clusters[end - 1].isSpace {
                end -= 1
            }
            last.clusters = Array(last.clusters[..<end]) + [mark]
            lines[lines.count - 1] = last
        }
        // Visual order and pixel positions.
        var used: [ObjectIdentifier: Font] = [:]
        for s in set { used[ObjectIdentifier(s.span.font)] = s.span.font }
        self.lines = lines.map { line in
            let clusters = line.clusters
            var levels = clusters.map(\.level)
            var t = clusters.count
            // L1: trailing whitespace takes the paragraph's level (hanging at its end).
            while t > 0 && clusters[t - 1].isSpace {
                t -= 1
                levels[t] = line.base
            }
            let visible = clusters[..<t].reduce(0.0) { $0 + $1.advance }
            let trailing = clusters[t...].reduce(0.0) { $0 + $1.advance }
            var pen = line.base == 1 ? -trailing : 0
            var glyphs: [Glyph] = []
            for index in Bidi.visualOrder(levels) {
                let c = clusters[index]
                used[ObjectIdentifier(c.font)] = c.font
                let tracking = set[c.span].span.tracking
                for g in c.glyphs {
                    glyphs.append(
                        Glyph(
                            index: g.index, x: pixel(pen + Double(g.dx) / 64), y: Int((Double(g.dy) / 64).rounded()), font: c.font, span: c.span,
                            size: c.size))
                    pen += Double(g.advance) / 64 + tracking
                }
            }
            return Line(glyphs: glyphs, width: max(0, pixel(visible)), isRightToLeft: line.base == 1)
        }
        self.fonts = Array(used.values)
        self.isTruncated = truncated
    }

    /// Characters that belong to the cluster before them and so take its face: combining marks,
    /// joiners, variation selectors, emoji modifiers and tags.
    static func joinsPrevious(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return (0x1F3FB...0x1F3FF).contains(s.value) || (0xE0020...0xE007F).contains(s.value)
        }
    }

    /// Width and height of the set text in pixels (widest line × lines · line height).
    public var size: (width: Int, height: Int) {
        (lines.map(\.width).max() ?? 0, lines.count * lineHeight)
    }

    /// Number of lines after wrapping.
    public var lineCount: Int { lines.count }
}

/// The distinct faces of a layout's spans, locked together in one order (by object address,
/// so two layouts sharing faces never deadlock), with the char size each was last set to.
final class FaceSet {
    let fonts: [Font]
    var sizes: [ObjectIdentifier: Int] = [:]
    init(_ list: [Font]) {
        var seen: [ObjectIdentifier: Font] = [:]
        for font in list { seen[ObjectIdentifier(font)] = font }
        fonts = seen.sorted { UInt(bitPattern: $0.key) < UInt(bitPattern: $1.key) }.map(\.value)
    }
    func lock() { for f in fonts { f.lock.lock() } }
    func unlock() { for f in fonts.reversed() { f.lock.unlock() } }
    /// Sets `font`'s char size (26.6) unless it is set already; a bitmap face selects its
    /// strike for that size (``Font/strike(for:)``).
    func setSize(_ font: Font, _ size: Int) {
        let id = ObjectIdentifier(font)
        guard sizes[id] != size else { return }
        if font.strikes.isEmpty {
            FT_Set_Char_Size(font.face, 0, FT_F26Dot6(size), 72, 72)
        } else {
            FT_Select_Size(font.face, FT_Int(font.strike(for: size)))
        }
        sizes[id] = size
    }
    /// The sub-pixel shift every glyph is rendered with, and each face's horizontal scale (1/1000).
    var delta = FT_Vector(x: 0, y: 0)
    var xScales: [ObjectIdentifier: Int] = [:]
    /// Whether any face has been given a horizontal scale (until then none needs checking).
    var scaled = false
    func setTransform(dx: FT_Pos, dy: FT_Pos) {
        delta = FT_Vector(x: dx, y: dy)
        for f in fonts { var d = delta; FT_Set_Transform(f.face, nil, &d); xScales[ObjectIdentifier(f)] = 1000 }
    }
    /// Scales `font`'s glyphs horizontally by `xScale`/1000 from now on (a no-op when it is so).
    func setXScale(_ font: Font, _ xScale: Int) {
        let id = ObjectIdentifier(font)
        guard (xScales[id] ?? 1000) != xScale else { return }
        var matrix = FT_Matrix(xx: FT_Fixed(xScale * 65536 / 1000), xy: 0, yx: 0, yy: 0x10000)
        var d = delta
        FT_Set_Transform(font.face, &matrix, &d)
        xScales[id] = xScale
        scaled = true
    }
    func resetTransform() { for f in fonts { FT_Set_Transform(f.face, nil, nil) } }
}
