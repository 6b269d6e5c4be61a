import FrostImage

// The set text's colour glyphs (emoji), which are images rather than coverage: drawn as they
// are, over the coverage mask drawn in the text's colour, as Core Text draws Apple Color Emoji
// untinted by the label's colour.

extension TextLayout {
    /// Whether any glyph comes from a colour face (an emoji), which
    /// ``colorGlyphs(subpixelOffset:spans:)`` draws; the coverage mask leaves those glyphs out.
    public var hasColorGlyphs: Bool { fonts.contains { $0.isColor } }

    /// The colour glyphs of the spans `only` (nil: all) as a premultiplied RGBA image the size
    /// of ``mask(subpixelOffset:spans:)``'s at the same offset, to draw at the same place; nil
    /// when those spans have none. Glyphs never cover each other's pixels in practice; where
    /// they do, the later in visual order is drawn over.
    /// - Parameters:
    ///   - offset: the shift right and down, each component in [0, 1) px (as for the mask).
    ///   - only: the spans drawn, by index (nil: all).
    public func colorGlyphs(subpixelOffset offset: (x: Double, y: Double), spans only: Set<Int>? = nil) throws(ImageError) -> Image? {
        guard hasColorGlyphs else { return nil }
        let (dx, dy, blank) = try canvas(subpixelOffset: offset)
        var out = blank
        let w = size.width
        var drew = false
        let faces = FaceSet(fonts.filter(\.isColor))
        faces.lock(); defer { faces.unlock() }
        for (n, line) in lines.enumerated() {
            let lineLeft = lineOffset(line, width: w)
            let baseline = n * lineHeight + ascender
            for glyph in line.glyphs where glyph.font.isColor {
                if let only, !only.contains(glyph.span) { continue }
                let ss = spans[glyph.span]
                faces.setSize(glyph.font, glyph.size)
                guard let image = glyph.font.renderedColorGlyph(Font.GlyphKey(size: glyph.size, index: glyph.index, dx: dx, dy: dy)) else {
                    continue
                }
                drew = true
                let left = lineLeft + glyph.x + image.left, top = baseline - ss.rise - glyph.y - image.top
                let (rows, columns) = TextLayout.visible(width: image.width, rows: image.rows, left: left, top: top, in: out)
                let w = out.width
                out.withUnsafeMutablePixels { px in
                    image.rgba.withUnsafeBufferPointer { src in
                        for by in rows {
                            for bx in columns {
                                let s = 4 * (by * image.width + bx), d = 4 * ((top + by) * w + left + bx), a = UInt32(src[s + 3])
                                if a == 0 { continue }
                                // Source over, premultiplied.
                                for c in 0..<4 { px[d + c] = UInt8(UInt32(src[s + c]) + (UInt32(px[d + c]) * (255 - a) + 127) / 255) }
                            }
                        }
                    }
                }
            }
        }
        return drew ? out : nil
    }
}
