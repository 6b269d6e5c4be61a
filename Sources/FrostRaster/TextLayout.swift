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
        /// Every digit 0–9 takes the widest digit's advance (SwiftUI's `monospacedDigit()`).
        public var tabularDigits: Bool

        public init(
            length: Int, font: Font, fallback: Font? = nil, pointSize: Double, tracking: Double = 0,
            decorations: Decorations = [], baselineOffset: Double = 0, tabularDigits: Bool = false
        ) {
            self.length = length; self.font = font; self.fallback = fallback === font ? nil : fallback
            self.pointSize = pointSize; self.tracking = tracking; self.decorations = decorations
            self.baselineOffset = baselineOffset; self.tabularDigits = tabularDigits
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
    }

    /// One placed glyph: its FreeType index, pen position (pixels, baseline) and span.
    struct Glyph { var index: FT_UInt; var x: Int; var isSpace: Bool; var fromFallback = false; var span = 0 }
    struct Line { var glyphs: [Glyph]; var width: Int }

    public let text: String
    /// The largest span's size, points.
    public let pointSize: Double
    public let scale: Double
    public let alignment: Alignment
    let lines: [Line]
    let spans: [SetSpan]
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
    ///   - tabularDigits: every digit 0–9 takes the widest digit's advance (SwiftUI's
    ///     `monospacedDigit()`), so columns of numbers line up and counters do not jitter.
    ///   - linePitch: baseline-to-baseline distance in **pixels** (nil: the font's line height).
    ///     A pitch other than the font's keeps each line's glyphs centred in their line box (half
    ///     the difference above the ascender), as UIKit lays out a line height it is given.
    ///   - firstBaseline: pixels from the top to the first baseline (nil: the font's ascender,
    ///     adjusted for `linePitch` as above). FrostUI passes San Francisco's ascender, so text
    ///     sits where iOS puts it whatever face draws it.
    ///   - fallback: a face for characters `font` has no glyph for (nil: `font`'s .notdef box).
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
    /// `truncation` says where one-line text is cut (see ``Truncation``).
    /// Kerning applies within a span; other parameters as in
    /// ``init(_:font:pointSize:scale:maxWidth:alignment:lineLimit:tabularDigits:linePitch:firstBaseline:fallback:tracking:decorations:)``.
    /// - Throws: `ImageError` for empty or oversized text, spans that do not cover it, and bad sizes.
    public init(
        _ text: String, spans: [Span], scale: Double = 1, maxWidth: Int? = nil,
        alignment: Alignment = .leading, lineLimit: Int? = nil, truncation: Truncation = .tail,
        linePitch: Int? = nil, firstBaseline: Int? = nil
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
        let faces = FaceSet(spans)
        faces.lock(); defer { faces.unlock() }

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
                    strikeTop: strike + (thickness + 1) / 2, thickness: thickness, rise: Int(span.baselineOffset.rounded())))
        }
        self.spans = set

        let primary = set[spans.firstIndex { $0.pointSize == largest.pointSize }!]
        faces.setSize(primary.span.font, primary.charSize)
        let metrics = primary.span.font.face.pointee.size.pointee.metrics
        let naturalHeight = max(1, Int((Double(metrics.height) / 64).rounded()))
        lineHeight = linePitch ?? naturalHeight
        ascender = firstBaseline ?? (Int((Double(metrics.ascender) / 64).rounded(.up)) + (lineHeight - naturalHeight) / 2)

        func advance(_ font: Font, _ index: FT_UInt, _ s: SetSpan) -> Int {
            faces.setSize(font, s.charSize)
            return font.advance(index, size: s.charSize)
        }
        func kern(_ s: SetSpan, _ a: FT_UInt, _ b: FT_UInt) -> Int {
            let face = s.span.font.face
            guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0, a != 0, b != 0 else { return 0 }
            faces.setSize(s.span.font, s.charSize)
            var delta = FT_Vector()
            FT_Get_Kerning(face, a, b, FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta)
            return Int((Double(delta.x) / 64).rounded())
        }
        var digitAdvances: [Int: Int] = [:]
        func digitAdvance(_ n: Int) -> Int {
            if let known = digitAdvances[n] { return known }
            let s = set[n]
            let widest = (0x30...0x39).map { advance(s.span.font, FT_Get_Char_Index(s.span.font.face, FT_ULong($0)), s) }.max() ?? 0
            digitAdvances[n] = widest
            return widest
        }
        var spanOf: [Int] = []
        spanOf.reserveCapacity(scalars.count)
        for (n, span) in spans.enumerated() { spanOf.append(contentsOf: repeatElement(n, count: span.length)) }

        // Words (with their trailing space) are laid out, then packed into lines greedily. Pens
        // are fractional (tracking may be a fraction of a pixel); each glyph sits at the nearest
        // whole pixel and a line is as wide as its last visible glyph's rounded pen.
        func pixel(_ x: Double) -> Int { Int((x - 1e-9).rounded()) }
        let breaks = LineBreaking.opportunities(scalars)
        func breakLines(_ maxWidth: Int?) -> [Line] {
            var lines: [Line] = []
            var start = 0
            while start <= scalars.count {
                var stop = start
                while stop < scalars.count && scalars[stop] != "\n" { stop += 1 }
                var line = Line(glyphs: [], width: 0)
                var previous: (FT_UInt, Int) = (0, -1)  // glyph and span, for kerning
                var pen = 0.0
                var i = start
                while i < stop {
                    // The next word: up to the next break opportunity (LineBreaking.swift), its
                    // trailing spaces hanging past the line's width.
                    var end = i + 1
                    while end < stop && !breaks[end] { end += 1 }
                    var j = end
                    while j > i && LineBreaking.isSpace(scalars[j - 1]) { j -= 1 }
                    var word: [(glyph: Glyph, kern: Int, advance: Double)] = []
                    var prev = previous
                    for k in i..<end {
                        let s = scalars[k], n = spanOf[k], ss = set[n]
                        let index = FT_Get_Char_Index(ss.span.font.face, FT_ULong(s.value))  // 0: .notdef
                        if index == 0, let fallback = ss.span.fallback, s.value > 0x20 {
                            let other = FT_Get_Char_Index(fallback.face, FT_ULong(s.value))
                            if other != 0 {
                                // Another face's glyph: its own advance, no kerning across faces.
                                word.append(
                                    (
                                        Glyph(index: other, x: 0, isSpace: false, fromFallback: true, span: n), 0,
                                        Double(advance(fallback, other, ss)) + ss.span.tracking
                                    ))
                                prev = (0, -1)
                                continue
                            }
                        }
                        let digit = ss.span.tabularDigits && (0x30...0x39).contains(s.value)
                        // Tabular digits: the widest advance, and no kerning around them.
                        let k = digit || prev.1 != n ? 0 : kern(ss, prev.0, index)
                        word.append(
                            (
                                Glyph(index: index, x: 0, isSpace: false, span: n), k,
                                Double(digit ? digitAdvance(n) : advance(ss.span.font, index, ss)) + ss.span.tracking
                            ))
                        prev = (index, n)
                    }
                    let visible = word.prefix(j - i).reduce(0.0) { $0 + Double($1.kern) + $1.advance }
                    if let maxWidth, !line.glyphs.isEmpty, pixel(pen + visible) > maxWidth {
                        lines.append(line)
                        line = Line(glyphs: [], width: 0); pen = 0
                        word[0].kern = 0
                    }
                    for (k, g) in word.enumerated() {
                        if let maxWidth, pixel(pen + Double(g.kern) + g.advance) > maxWidth, !line.glyphs.isEmpty, k < j - i {
                            // A word wider than the line: break between characters.
                            lines.append(line)
                            line = Line(glyphs: [], width: 0); pen = 0
                        }
                        pen += line.glyphs.isEmpty ? 0 : Double(g.kern)
                        var glyph = g.glyph
                        glyph.x = pixel(pen); glyph.isSpace = k >= j - i
                        line.glyphs.append(glyph)
                        pen += g.advance
                        if k < j - i { line.width = max(0, pixel(pen)) }  // trailing spaces do not count
                    }
                    previous = prev
                    i = end
                }
                lines.append(line)
                start = stop + 1
            }
            return lines
        }
        var lines = breakLines(maxWidth)
        var truncated = false
        // Head or middle: the first paragraph on one line, cut at its start or centre (when it
        // is what overflows; else the tail, as for more lines).
        let single = lineLimit == 1 && truncation != .tail && lines.count > 1 ? breakLines(nil)[0] : nil
        if let whole = single, let maxWidth, whole.width > maxWidth {
            let n = whole.glyphs.first?.span ?? 0, ss = set[n]
            let ellipsis = FT_Get_Char_Index(ss.span.font.face, 0x2026)
            let ellipsisWidth = max(1, Int((Double(advance(ss.span.font, ellipsis, ss)) + ss.span.tracking).rounded()))
            let budget = max(0, maxWidth - ellipsisWidth)
            func end(_ k: Int) -> Int { k < whole.glyphs.count ? whole.glyphs[k].x : whole.width }
            // The prefix kept (middle: up to half the budget), then the longest suffix that fits.
            var prefix = 0
            if truncation == .middle {
                while prefix < whole.glyphs.count, end(prefix + 1) <= budget / 2 { prefix += 1 }
                while prefix > 0, whole.glyphs[prefix - 1].isSpace { prefix -= 1 }
            }
            let prefixWidth = end(prefix)
            var suffix = whole.glyphs.count
            while suffix > prefix, whole.width - end(suffix - 1) + prefixWidth <= budget { suffix -= 1 }
            while suffix < whole.glyphs.count, whole.glyphs[suffix].isSpace { suffix += 1 }
            var line = Line(glyphs: Array(whole.glyphs[..<prefix]), width: 0)
            line.glyphs.append(Glyph(index: ellipsis, x: prefixWidth, isSpace: false, span: n))
            let shift = prefixWidth + ellipsisWidth - end(suffix)
            for var g in whole.glyphs[suffix...] { g.x += shift; line.glyphs.append(g) }
            line.width = prefixWidth + ellipsisWidth + whole.width - end(suffix)
            lines = [line]
            truncated = true
        } else if let lineLimit, lines.count > lineLimit {
            lines.removeLast(lines.count - lineLimit)
            truncated = true
            // The last line shown ends in an ellipsis (in the span it follows) that fits the wrap
            // width: drop glyphs from its end (and the spaces before the cut) until it does.
            var last = lines[lines.count - 1]
            let n = last.glyphs.last?.span ?? 0, ss = set[n]
            let ellipsis = FT_Get_Char_Index(ss.span.font.face, 0x2026)
            let ellipsisWidth = max(1, Int((Double(advance(ss.span.font, ellipsis, ss)) + ss.span.tracking).rounded()))
            var end = last.glyphs.count
            func widthBefore(_ k: Int) -> Int { k < last.glyphs.count ? last.glyphs[k].x : last.width }
            while end > 0, (maxWidth.map { widthBefore(end) + ellipsisWidth > $0 } ?? false) || last.glyphs[end - 1].isSpace {
                end -= 1
            }
            let x = widthBefore(end)
            last.glyphs.removeLast(last.glyphs.count - end)
            last.glyphs.append(Glyph(index: ellipsis, x: x, isSpace: false, span: n))
            last.width = x + ellipsisWidth
            lines[lines.count - 1] = last
        }
        self.lines = lines
        self.isTruncated = truncated
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
    init(_ spans: [TextLayout.Span]) {
        var seen: [ObjectIdentifier: Font] = [:]
        for span in spans {
            seen[ObjectIdentifier(span.font)] = span.font
            if let f = span.fallback { seen[ObjectIdentifier(f)] = f }
        }
        fonts = seen.sorted { UInt(bitPattern: $0.key) < UInt(bitPattern: $1.key) }.map(\.value)
    }
    func lock() { for f in fonts { f.lock.lock() } }
    func unlock() { for f in fonts.reversed() { f.lock.unlock() } }
    /// Sets `font`'s char size (26.6) unless it is set already.
    func setSize(_ font: Font, _ size: Int) {
        let id = ObjectIdentifier(font)
        guard sizes[id] != size else { return }
        FT_Set_Char_Size(font.face, 0, FT_F26Dot6(size), 72, 72)
        sizes[id] = size
    }
    func setTransform(dx: FT_Pos, dy: FT_Pos) {
        for f in fonts { var delta = FT_Vector(x: dx, y: dy); FT_Set_Transform(f.face, nil, &delta) }
    }
    func resetTransform() { for f in fonts { FT_Set_Transform(f.face, nil, nil) } }
}
