import CFreeType

/// Rendered glyphs and advances kept across layouts and frames, per (pixel size, glyph,
/// sub-pixel offset): a view redrawn every frame sets the same text again, and FreeType's
/// hinting and rasterising cost far more than copying a cached bitmap. Bounded (the table is
/// emptied when it reaches ``Font/glyphCacheLimit`` entries) and guarded by the font's lock;
/// the bytes are exactly what FreeType renders, so output does not depend on the cache.
extension Font {
    /// Most cached glyph bitmaps per font.
    public static let glyphCacheLimit = 8192

    struct GlyphKey: Hashable {
        /// FreeType char size, 26.6.
        let size: Int
        let index: UInt32
        /// Sub-pixel offset, 1/64 px.
        let dx: Int, dy: Int
        /// Horizontal scale, 1/1000 (a synthesised font width).
        var xScale = 1000
    }

    struct GlyphBitmap {
        let left: Int, top: Int, width: Int, rows: Int
        let coverage: [UInt8]
    }

    struct AdvanceKey: Hashable { let size: Int, index: UInt32 }

    final class GlyphCache {
        var bitmaps: [GlyphKey: GlyphBitmap] = [:]
        var colorGlyphs: [GlyphKey: ColorGlyph] = [:]
        var advances: [AdvanceKey: Int] = [:]
        var hits = 0, misses = 0
    }

    /// The glyph's coverage bitmap at the face's current size and transform. Call with `lock`
    /// held and the char size and sub-pixel transform already set to what `key` says.
    func renderedGlyph(_ key: GlyphKey) -> GlyphBitmap? {
        if let hit = cache.bitmaps[key] { cache.hits += 1; return hit }
        cache.misses += 1
        guard FT_Load_Glyph(face, key.index, FT_Int32(FT_LOAD_DEFAULT)) == 0,
            FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0
        else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer {
            for y in 0..<rows { for x in 0..<width { coverage[y * width + x] = buffer[y * pitch + x] } }
        }
        let glyph = GlyphBitmap(left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), width: width, rows: rows, coverage: coverage)
        if cache.bitmaps.count >= Font.glyphCacheLimit { cache.bitmaps.removeAll(keepingCapacity: true) }
        cache.bitmaps[key] = glyph
        return glyph
    }

    /// The glyph's advance in whole pixels at char size `size` (26.6), set on the face already.
    func advance(_ index: UInt32, size: Int) -> Int {
        let key = AdvanceKey(size: size, index: index)
        if let hit = cache.advances[key] { return hit }
        guard FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_DEFAULT)) == 0 else { return 0 }
        let a = Int((Double(face.pointee.glyph.pointee.advance.x) / 64).rounded())
        if cache.advances.count >= Font.glyphCacheLimit { cache.advances.removeAll(keepingCapacity: true) }
        cache.advances[key] = a
        return a
    }

    /// Cache hits and misses so far (for benchmarks and tests).
    public var glyphCacheStatistics: (hits: Int, misses: Int) {
        lock.lock(); defer { lock.unlock() }
        return (cache.hits, cache.misses)
    }
}
