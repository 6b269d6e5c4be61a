import CFreeType
import FrostImage

/// Text set in a font at a size, broken into lines within a width, measured, and rendered as a
/// coverage mask (the alpha of an `Image`), which vibrancy and legibility use.
///
/// Sizes are in points; `scale` turns them into pixels (1 pt = `scale` px). Glyph advances are
/// whole pixels and hinting is FreeType's default, so the same text renders to the same bytes on
/// every run; the whole block can be placed at a sub-pixel position (``mask(subpixelOffset:)``),
/// so text that moves in an animation glides instead of jumping a pixel at a time.
public struct TextLayout: Sendable {
    public enum Alignment: String, CaseIterable, Sendable { case leading, center, trailing }

    /// One placed glyph: its FreeType index and pen position (pixels, baseline).
    struct Glyph { var index: FT_UInt; var x: Int; var isSpace: Bool; var fromFallback = false }
    struct Line { var glyphs: [Glyph]; var width: Int }

    public let text: String
    public let pointSize: Double
    public let scale: Double
    public let alignment: Alignment
    let lines: [Line]
    /// Pixels from the top of a line to its baseline (the font's ascender, rounded up).
    public let ascender: Int
    /// Pixels from one baseline to the next.
    public let lineHeight: Int
    /// Pixels from the top of the layout to the first line's baseline: where text aligns in
    /// `HStack(alignment: .firstTextBaseline)`.
    public var firstBaseline: Int { ascender }
    /// Pixels from the top of the layout to the last line's baseline.
    public var lastBaseline: Int { (lines.count - 1) * lineHeight + ascender }
    let font: Font
    /// The face drawing characters `font` lacks.
    let fallback: Font?

    /// Whether `lineLimit` cut the text (the last line shown ends in "…").
    public let isTruncated: Bool

    /// The most characters a layout accepts.
    public static let maxCharacters = 100_000

    /// Sets `text` (UTF-8; `\n` starts a new line) in `font`.
    /// - Parameters:
    ///   - text: the string; not empty, at most ``maxCharacters`` characters.
    ///   - font: the face to set it in.
    ///   - pointSize: 1…1000 pt.
    ///   - scale: display scale, 0 < scale ≤ 16.
    ///   - maxWidth: wrap width in **pixels** (nil: no wrapping). Lines break at spaces; a word
    ///     wider than the width is broken between characters.
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
    /// - Throws: `ImageError` for empty or oversized text and bad sizes.
    public init(_ text: String, font: Font, pointSize: Double, scale: Double = 1, maxWidth: Int? = nil,
                alignment: Alignment = .leading, lineLimit: Int? = nil, tabularDigits: Bool = false,
                linePitch: Int? = nil, firstBaseline: Int? = nil, fallback: Font? = nil) throws(ImageError) {
        guard !text.isEmpty else { throw .invalidArgument("the text is empty") }
        guard text.unicodeScalars.count <= TextLayout.maxCharacters else {
            throw .invalidArgument("the text has \(text.unicodeScalars.count) characters; the limit is \(TextLayout.maxCharacters)")
        }
        guard pointSize.isFinite, (1...1000).contains(pointSize) else { throw .parameterOutOfRange(name: "font size", value: "\(pointSize)", expected: "1...1000 pt") }
        guard scale.isFinite, scale > 0, scale <= 16 else { throw .parameterOutOfRange(name: "scale", value: "\(scale)", expected: "within (0, 16]") }
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
        let fallback = fallback === font ? nil : fallback
        self.text = text; self.pointSize = pointSize; self.scale = scale; self.alignment = alignment; self.font = font; self.fallback = fallback
        // Always the primary face's lock first, then the fallback's (a fallback never has one).
        font.lock.lock(); defer { font.lock.unlock() }
        fallback?.lock.lock(); defer { fallback?.lock.unlock() }
        let face = font.face
        let charSize = Int((pointSize * scale * 64).rounded())
        FT_Set_Char_Size(face, 0, FT_F26Dot6(charSize), 72, 72)
        if let fallback { FT_Set_Char_Size(fallback.face, 0, FT_F26Dot6(charSize), 72, 72) }
        let metrics = face.pointee.size.pointee.metrics
        let naturalHeight = max(1, Int((Double(metrics.height) / 64).rounded()))
        lineHeight = linePitch ?? naturalHeight
        ascender = firstBaseline ?? (Int((Double(metrics.ascender) / 64).rounded(.up)) + (lineHeight - naturalHeight) / 2)
        let kerning = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0

        func advance(_ index: FT_UInt) -> Int { font.advance(index, size: charSize) }
        func kern(_ a: FT_UInt, _ b: FT_UInt) -> Int {
            guard kerning, a != 0, b != 0 else { return 0 }
            var delta = FT_Vector()
            FT_Get_Kerning(face, a, b, FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta)
            return Int((Double(delta.x) / 64).rounded())
        }
        let digitAdvance = tabularDigits ? (0x30...0x39).map { advance(FT_Get_Char_Index(face, FT_ULong($0))) }.max() ?? 0 : 0
        // Words (with their trailing space) are laid out, then packed into lines greedily.
        var lines: [Line] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = Line(glyphs: [], width: 0)
            var previous: FT_UInt = 0
            var pen = 0
            let scalars = Array(paragraph.unicodeScalars)
            var i = 0
            while i < scalars.count {
                // The next word: up to and including the following space.
                var j = i
                while j < scalars.count && scalars[j] != " " { j += 1 }
                let end = min(j + 1, scalars.count)
                var word: [(FT_UInt, Int, Int)] = []  // index, kerning before, advance
                var fromFallback: [Bool] = []
                var prev = previous
                for s in scalars[i..<end] {
                    let index = FT_Get_Char_Index(face, FT_ULong(s.value))  // 0: .notdef
                    if index == 0, let fallback, s.value > 0x20 {
                        let other = FT_Get_Char_Index(fallback.face, FT_ULong(s.value))
                        if other != 0 {
                            // Another face's glyph: its own advance, no kerning across faces.
                            word.append((other, 0, fallback.advance(other, size: charSize)))
                            fromFallback.append(true)
                            prev = 0
                            continue
                        }
                    }
                    let digit = tabularDigits && (0x30...0x39).contains(s.value)
                    // Tabular digits: the widest advance, and no kerning around them.
                    word.append((index, digit ? 0 : kern(prev, index), digit ? digitAdvance : advance(index)))
                    fromFallback.append(false)
                    prev = index
                }
                let visible = word.prefix(j - i).reduce(0) { $0 + $1.1 + $1.2 }
                if let maxWidth, !line.glyphs.isEmpty, pen + visible > maxWidth {
                    lines.append(line)
                    line = Line(glyphs: [], width: 0); pen = 0; previous = 0
                    word[0].1 = 0
                }
                for (k, g) in word.enumerated() {
                    if let maxWidth, pen + g.1 + g.2 > maxWidth, !line.glyphs.isEmpty, k < j - i {
                        // A word wider than the line: break between characters.
                        lines.append(line)
                        line = Line(glyphs: [], width: 0); pen = 0
                    }
                    pen += line.glyphs.isEmpty ? 0 : g.1
                    line.glyphs.append(Glyph(index: g.0, x: pen, isSpace: k >= j - i, fromFallback: fromFallback[k]))
                    pen += g.2
                    if k < j - i { line.width = pen }  // trailing spaces do not count
                }
                previous = word.last?.0 ?? previous
                i = end
            }
            lines.append(line)
        }
        var truncated = false
        if let lineLimit, lines.count > lineLimit {
            lines.removeLast(lines.count - lineLimit)
            truncated = true
            // The last line shown ends in an ellipsis that fits the wrap width: drop glyphs from
            // its end (and the spaces before the cut) until it does.
            let ellipsis = FT_Get_Char_Index(face, 0x2026)
            let ellipsisWidth = advance(ellipsis)
            var last = lines[lines.count - 1]
            var end = last.glyphs.count
            func widthBefore(_ k: Int) -> Int { k < last.glyphs.count ? last.glyphs[k].x : last.width }
            while end > 0, (maxWidth.map { widthBefore(end) + ellipsisWidth > $0 } ?? false) || last.glyphs[end - 1].isSpace {
                end -= 1
            }
            let x = widthBefore(end)
            last.glyphs.removeLast(last.glyphs.count - end)
            last.glyphs.append(Glyph(index: ellipsis, x: x, isSpace: false))
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

    /// The coverage mask: an image of ``size`` (at least 1 × 1) whose alpha is the text's
    /// coverage (colour 0, i.e. premultiplied transparent-to-black). Lines are aligned within
    /// the widest line.
    public func mask() throws(ImageError) -> Image { try mask(subpixelOffset: (0, 0)) }

    /// The coverage mask with every glyph shifted right and down by a fraction of a pixel
    /// (each component in [0, 1), in 1/64 px steps — FreeType's 26.6 units). With a non-zero
    /// offset the mask is one pixel wider and taller, so the shifted glyphs still fit; drawing
    /// it at the whole-pixel part of a position places the text exactly.
    public func mask(subpixelOffset offset: (x: Double, y: Double)) throws(ImageError) -> Image {
        guard offset.x.isFinite, offset.y.isFinite, (0..<1).contains(offset.x), (0..<1).contains(offset.y) else {
            throw .invalidArgument("a sub-pixel offset must be in [0, 1) on each axis, got (\(offset.x), \(offset.y))")
        }
        let dx = FT_Pos((offset.x * 64).rounded()), dy = FT_Pos((offset.y * 64).rounded())
        let pad = dx != 0 || dy != 0 ? 1 : 0
        let (w, h) = size
        var out = try Image(width: max(1, w) + pad, height: max(1, h) + pad)
        font.lock.lock(); defer { font.lock.unlock() }
        fallback?.lock.lock(); defer { fallback?.lock.unlock() }
        let face = font.face
        let charSize = Int((pointSize * scale * 64).rounded())
        FT_Set_Char_Size(face, 0, FT_F26Dot6(charSize), 72, 72)
        // FreeType's y axis points up: a shift down is a negative delta.
        var delta = FT_Vector(x: dx, y: -dy)
        FT_Set_Transform(face, nil, &delta)
        defer { FT_Set_Transform(face, nil, nil) }
        if let fallback {
            FT_Set_Char_Size(fallback.face, 0, FT_F26Dot6(charSize), 72, 72)
            FT_Set_Transform(fallback.face, nil, &delta)
        }
        defer { if let fallback { FT_Set_Transform(fallback.face, nil, nil) } }
        for (n, line) in lines.enumerated() {
            let offset: Int
            switch alignment {
            case .leading: offset = 0
            case .center: offset = (w - line.width) / 2
            case .trailing: offset = w - line.width
            }
            let baseline = n * lineHeight + ascender
            for glyph in line.glyphs {
                let source = glyph.fromFallback ? (fallback ?? font) : font
                guard let bitmap = source.renderedGlyph(Font.GlyphKey(size: charSize, index: glyph.index, dx: Int(dx), dy: Int(dy))) else { continue }
                let left = offset + glyph.x + bitmap.left, top = baseline - bitmap.top
                let (w, h) = (out.width, out.height)
                out.withUnsafeMutablePixels { px in
                    bitmap.coverage.withUnsafeBufferPointer { cov in
                        for by in 0..<bitmap.rows {
                            let y = top + by
                            if y < 0 || y >= h { continue }
                            for bx in 0..<bitmap.width {
                                let x = left + bx
                                if x < 0 || x >= w { continue }
                                let i = 4 * (y * w + x) + 3
                                px[i] = max(px[i], cov[by * bitmap.width + bx])  // overlapping glyphs: union
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
