import CFreeType

// Colour glyphs (emoji): FreeType renders them as premultiplied BGRA images — a CBDT or sbix
// strike's bitmap at the strike's own size, or a COLR glyph at the text's size — and they are
// resampled here to the text's pixel size at its sub-pixel position (area-averaged when
// shrinking, as Noto Color Emoji's single 109 px strike is for every UI size; bilinear when
// enlarging). Cached with the font's other glyphs, so a frame redrawn sets the same bytes.

extension Font {
    /// A colour glyph as drawn at one size and sub-pixel offset: premultiplied sRGB RGBA rows,
    /// `left` pixels right of the pen and `top` pixels above the baseline.
    struct ColorGlyph {
        let left: Int, top: Int, width: Int, rows: Int
        let rgba: [UInt8]
    }

    /// The strike (an index into ``strikes``) that renders char size `size` (26.6) best: the
    /// smallest at least as large (shrinking keeps detail), else the largest.
    func strike(for size: Int) -> Int {
        var best: Int?
        for (n, s) in strikes.enumerated() where s >= size {
            if best.map({ s < strikes[$0] }) ?? true { best = n }
        }
        return best ?? strikes.indices.max { strikes[$0] < strikes[$1] } ?? 0
    }

    /// The glyph's colour image at `key`'s size and offset; nil when the glyph has none (or
    /// FreeType cannot render it). Call with `lock` held and the size already set on the face
    /// (`FaceSet.setSize`); the sub-pixel transform is not used (the offset is `key`'s).
    func renderedColorGlyph(_ key: GlyphKey) -> ColorGlyph? {
        if let hit = cache.colorGlyphs[key] { cache.hits += 1; return hit }
        cache.misses += 1
        FT_Set_Transform(face, nil, nil)
        guard FT_Load_Glyph(face, key.index, FT_Int32(FT_LOAD_COLOR)) == 0 else { return nil }
        let slot = face.pointee.glyph!
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer, bitmap.width > 0, bitmap.rows > 0 else {
            return nil
        }
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var source = [UInt8](repeating: 0, count: 4 * width * rows)
        for y in 0..<rows {
            for x in 0..<width {
                let s = y * pitch + 4 * x, d = 4 * (y * width + x)
                source[d] = buffer[s + 2]; source[d + 1] = buffer[s + 1]; source[d + 2] = buffer[s]; source[d + 3] = buffer[s + 3]
            }
        }
        // A strike is drawn at its own size: scale it to the text's.
        let scale = strikes.isEmpty ? 1 : Double(key.size) / Double(strikes[strike(for: key.size)])
        let glyph = Font.resampled(
            source, width: width, rows: rows, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), scale: scale,
            dx: Double(key.dx) / 64, dy: Double(key.dy) / 64)
        if cache.colorGlyphs.count >= Font.glyphCacheLimit { cache.colorGlyphs.removeAll(keepingCapacity: true) }
        cache.colorGlyphs[key] = glyph
        return glyph
    }

    /// `source` (premultiplied RGBA, its top-left `left` right of and `top` above the origin)
    /// scaled by `scale` about the origin and shifted `dx` right and `dy` down, onto whole
    /// pixels.
    static func resampled(
        _ source: [UInt8], width: Int, rows: Int, left: Int, top: Int, scale: Double, dx: Double, dy: Double
    )
        -> ColorGlyph
    {
        if scale == 1, dx == 0, dy == 0 { return ColorGlyph(left: left, top: top, width: width, rows: rows, rgba: source) }
        let xs = weights(start: Double(left), count: width, scale: scale, shift: dx)
        let ys = weights(start: Double(-top), count: rows, scale: scale, shift: dy)
        // Rows first into a float buffer (height × new width), then columns.
        var across = [Float](repeating: 0, count: 4 * rows * xs.taps.count)
        for y in 0..<rows {
            for (X, taps) in xs.taps.enumerated() {
                var acc = SIMD4<Float>()
                for (u, w) in taps {
                    let s = 4 * (y * width + u)
                    acc += SIMD4<Float>(Float(source[s]), Float(source[s + 1]), Float(source[s + 2]), Float(source[s + 3])) * w
                }
                let d = 4 * (y * xs.taps.count + X)
                across[d] = acc[0]; across[d + 1] = acc[1]; across[d + 2] = acc[2]; across[d + 3] = acc[3]
            }
        }
        let w = xs.taps.count, h = ys.taps.count
        var out = [UInt8](repeating: 0, count: 4 * w * h)
        for (Y, taps) in ys.taps.enumerated() {
            for x in 0..<w {
                var acc = SIMD4<Float>()
                for (v, weight) in taps {
                    let s = 4 * (v * w + x)
                    acc += SIMD4<Float>(across[s], across[s + 1], across[s + 2], across[s + 3]) * weight
                }
                let alpha = min(255, max(0, acc[3].rounded()))
                let d = 4 * (Y * w + x)
                // Premultiplied: no colour above its alpha.
                for c in 0..<3 { out[d + c] = UInt8(min(alpha, max(0, acc[c].rounded()))) }
                out[d + 3] = UInt8(alpha)
            }
        }
        return ColorGlyph(left: xs.first, top: -ys.first, width: w, rows: h, rgba: out)
    }

    /// For one axis: the first destination pixel and, per destination pixel, the source pixels
    /// and weights that make it. Source pixel u covers [start + u, start + u + 1] before scaling;
    /// after, [scale · (start + u) + shift, …]. Shrinking averages the area each destination
    /// pixel covers; enlarging interpolates linearly between source pixel centres.
    static func weights(start: Double, count: Int, scale: Double, shift: Double) -> (first: Int, taps: [[(Int, Float)]]) {
        let lo = scale * start + shift, hi = scale * (start + Double(count)) + shift
        let first = Int(lo.rounded(.down)), last = Int(hi.rounded(.up))
        var taps: [[(Int, Float)]] = []
        for X in first..<max(first + 1, last) {
            var row: [(Int, Float)] = []
            if scale <= 1 {
                // Destination pixel [X, X + 1] in source units.
                let a = (Double(X) - shift) / scale - start, b = (Double(X + 1) - shift) / scale - start
                for u in max(0, Int(a.rounded(.down)))..<min(count, Int(b.rounded(.up))) {
                    let overlap = min(b, Double(u + 1)) - max(a, Double(u))
                    if overlap > 0 { row.append((u, Float(overlap * scale))) }
                }
            } else {
                // The destination pixel's centre in source pixel-centre units; transparent past
                // the edges.
                let c = (Double(X) + 0.5 - shift) / scale - start - 0.5
                let u0 = Int(c.rounded(.down)), f = c - Double(u0)
                if u0 >= 0, u0 < count { row.append((u0, Float(1 - f))) }
                if u0 + 1 >= 0, u0 + 1 < count, f > 0 { row.append((u0 + 1, Float(f))) }
            }
            taps.append(row)
        }
        return (first, taps)
    }
}
