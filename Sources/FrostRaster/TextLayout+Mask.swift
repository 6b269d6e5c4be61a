import CFreeType
import FrostImage

// The set text's coverage masks: every glyph rendered through FreeType at its pen position
// (optionally shifted by a fraction of a pixel), the spans drawn chosen by index.

extension TextLayout {
    /// The coverage mask: an image of ``size`` (at least 1 × 1) whose alpha is the text's
    /// coverage (colour 0, i.e. premultiplied transparent-to-black). Lines are aligned within
    /// the widest line.
    public func mask() throws(ImageError) -> Image { try mask(subpixelOffset: (0, 0)) }

    /// The coverage mask with every glyph shifted right and down by a fraction of a pixel
    /// (each component in [0, 1), in 1/64 px steps — FreeType's 26.6 units). With a non-zero
    /// offset the mask is one pixel wider and taller, so the shifted glyphs still fit; drawing
    /// it at the whole-pixel part of a position places the text exactly.
    /// - Parameters:
    ///   - offset: the shift right and down, each component in [0, 1) px.
    ///   - only: the spans drawn, by index (nil: all) — a renderer draws each colour's spans
    ///     with their own mask; the masks of a partition of the spans add up to the whole.
    public func mask(subpixelOffset offset: (x: Double, y: Double), spans only: Set<Int>? = nil) throws(ImageError) -> Image {
        let (dx, dy, blank) = try canvas(subpixelOffset: offset)
        var out = blank
        let w = size.width
        let faces = FaceSet(fonts)
        faces.lock(); defer { faces.unlock() }
        // FreeType's y axis points up: a shift down is a negative delta.
        faces.setTransform(dx: FT_Pos(dx), dy: -FT_Pos(dy))
        defer { faces.resetTransform() }
        func fill(_ top: Int, _ rows: Int, from x0: Int, to x1: Int) {
            let (w, h) = (out.width, out.height)
            guard x1 > x0 else { return }
            out.withUnsafeMutablePixels { px in
                for y in max(0, top)..<max(max(0, top), min(h, top + rows)) {
                    for x in max(0, x0)..<max(max(0, x0), min(w, x1)) { px[4 * (y * w + x) + 3] = 255 }
                }
            }
        }
        for (n, line) in lines.enumerated() {
            let offset = lineOffset(line, width: w)
            let baseline = n * lineHeight + ascender
            // Decorations: one segment per run of glyphs in a decorated span, to the next glyph
            // (spaces between words included, trailing spaces not).
            var k = 0
            while k < line.glyphs.count {
                let s = line.glyphs[k].span
                var e = k
                while e + 1 < line.glyphs.count && line.glyphs[e + 1].span == s { e += 1 }
                let ss = spans[s]
                if !ss.span.decorations.isEmpty, only?.contains(s) ?? true {
                    let x0 = offset + line.glyphs[k].x
                    let x1 = offset + min(line.width, e + 1 < line.glyphs.count ? line.glyphs[e + 1].x : line.width)
                    if ss.span.decorations.contains(.underline) { fill(baseline + ss.underlineTop, ss.thickness, from: x0, to: x1) }
                    if ss.span.decorations.contains(.strikethrough) { fill(baseline - ss.rise - ss.strikeTop, ss.thickness, from: x0, to: x1) }
                }
                k = e + 1
            }
            // Colour glyphs are not coverage: colorGlyphs(subpixelOffset:spans:) draws them.
            for glyph in line.glyphs where !glyph.font.isColor {
                if let only, !only.contains(glyph.span) { continue }
                let ss = spans[glyph.span]
                let source = glyph.font
                // (A no-op unless the span changes size: FaceSet remembers each face's size.)
                faces.setSize(source, glyph.size)
                if ss.xScale != 1000 || faces.scaled { faces.setXScale(source, ss.xScale) }
                guard
                    let bitmap = source.renderedGlyph(
                        Font.GlyphKey(size: glyph.size, index: glyph.index, dx: dx, dy: dy, xScale: ss.xScale))
                else { continue }
                let left = offset + glyph.x + bitmap.left, top = baseline - ss.rise - glyph.y - bitmap.top
                let (rows, columns) = TextLayout.visible(width: bitmap.width, rows: bitmap.rows, left: left, top: top, in: out)
                let w = out.width
                out.withUnsafeMutablePixels { px in
                    bitmap.coverage.withUnsafeBufferPointer { cov in
                        for by in rows {
                            let s = by * bitmap.width, d = 4 * ((top + by) * w + left) + 3
                            // Overlapping glyphs: union.
                            for bx in columns { px[d + 4 * bx] = max(px[d + 4 * bx], cov[s + bx]) }
                        }
                    }
                }
            }
        }
        return out
    }

    /// The offset in 1/64 px and a transparent image for the text drawn at it: the layout's
    /// size (at least 1 × 1), one pixel wider and taller when shifted.
    /// - Throws: `ImageError` when a component is outside [0, 1).
    func canvas(subpixelOffset offset: (x: Double, y: Double)) throws(ImageError) -> (dx: Int, dy: Int, image: Image) {
        guard offset.x.isFinite, offset.y.isFinite, (0..<1).contains(offset.x), (0..<1).contains(offset.y) else {
            throw .invalidArgument("a sub-pixel offset must be in [0, 1) on each axis, got (\(offset.x), \(offset.y))")
        }
        let dx = Int((offset.x * 64).rounded()), dy = Int((offset.y * 64).rounded())
        let pad = dx != 0 || dy != 0 ? 1 : 0
        return (dx, dy, try Image(width: max(1, size.width) + pad, height: max(1, size.height) + pad))
    }

    /// The rows and columns of a `width` × `rows` bitmap placed with its top-left at (`left`,
    /// `top`) in `image` that land inside it (empty when none do).
    static func visible(width: Int, rows: Int, left: Int, top: Int, in image: Image) -> (rows: Range<Int>, columns: Range<Int>) {
        let r0 = max(0, -top), c0 = max(0, -left)
        return (r0..<max(r0, min(rows, image.height - top)), c0..<max(c0, min(width, image.width - left)))
    }

    /// Pixels from the layout's left to `line`'s, within the widest line `width`.
    func lineOffset(_ line: Line, width: Int) -> Int {
        switch alignment {
        case .leading: 0
        case .center: (width - line.width) / 2
        case .trailing: width - line.width
        }
    }
}
