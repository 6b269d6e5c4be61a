import CHarfBuzz
import Foundation

// Shaping through HarfBuzz: the glyphs a run of text becomes in a face (GSUB ligatures and
// contextual forms, the joined and reordered forms of Arabic, Devanagari, Thai and every other
// complex script) and where they go (GPOS kerning and mark positioning), as Core Text shapes
// SwiftUI's Text. HarfBuzz reads the font file itself (not FreeType's face), so shaping needs
// none of the FreeType lock and threads shape one font at once; results are cached per
// (text, size, direction, features), since a view redrawn every frame sets the same strings.

/// One shaped glyph: HarfBuzz's output for a run, in 1/64 px (26.6) at the run's size.
struct ShapedGlyph: Hashable, Sendable {
    /// The glyph's index in the face.
    let index: UInt32
    /// The scalar (from the run's start) that begins the glyph's cluster.
    let cluster: Int
    /// How far the pen moves after the glyph, kerning included; 1/64 px.
    let advance: Int32
    /// The glyph's offset from the pen (right, up); 1/64 px.
    let dx: Int32, dy: Int32
}

extension Font {
    /// The most shaped runs each font keeps; the table empties when it is full.
    static let shapeCacheLimit = 4096

    struct ShapeKey: Hashable {
        let text: [UInt32]
        /// Up to 5 scalars of the paragraph before and after the run, which shaping reads but
        /// does not draw: an Arabic word coloured in two spans still joins across the change.
        var before: [UInt32] = [], after: [UInt32] = []
        let size: Int
        /// Horizontal scale, 1/1000 (1000: none): advances narrowed or widened with the glyphs.
        var xScale = 1000
        let rightToLeft: Bool
        let features: [String]
    }

    /// HarfBuzz's face and per-size fonts for one `Font`, and its shaping cache.
    final class Shaping: @unchecked Sendable {
        let lock = NSLock()
        private var face: OpaquePointer?
        private var fonts: [FontKey: OpaquePointer] = [:]
        private var gsubFeatures: Set<String>?
        struct FontKey: Hashable { let size: Int, xScale: Int }
        private var shaped: [ShapeKey: [ShapedGlyph]] = [:]
        private var features: [[String]: [hb_feature_t]] = [:]
        var hits = 0, misses = 0
        let path: String

        init(path: String) { self.path = path }

        deinit {
            for font in fonts.values { hb_font_destroy(font) }
            if let face { hb_face_destroy(face) }
        }

        /// HarfBuzz's font at char size `size` (26.6: positions come out in 1/64 px), its x
        /// scaled by `xScale`/1000. Call with `lock` held.
        func font(size: Int, xScale: Int = 1000) -> OpaquePointer {
            let key = FontKey(size: size, xScale: xScale)
            if let known = fonts[key] { return known }
            if face == nil {
                // A file HarfBuzz cannot read gives its empty face: every glyph .notdef, never a crash.
                let blob = hb_blob_create_from_file(path)
                face = hb_face_create(blob, 0)
                hb_blob_destroy(blob)
            }
            let font = hb_font_create(face)!
            hb_font_set_scale(font, Int32(clamping: size * xScale / 1000), Int32(clamping: size))
            if fonts.count >= 64 {
                for old in fonts.values { hb_font_destroy(old) }
                fonts.removeAll()
            }
            fonts[key] = font
            return font
        }

        /// The OpenType features the face's GSUB table has ("smcp", "liga"…).
        func gsubFeatureTags() -> Set<String> {
            lock.lock(); defer { lock.unlock() }
            if let gsubFeatures { return gsubFeatures }
            _ = font(size: 64)
            var tags = [hb_tag_t](repeating: 0, count: 512)
            var count = UInt32(tags.count)
            // 'GSUB' as a tag (HB_OT_TAG_GSUB is a macro Swift does not import).
            let gsub: hb_tag_t = 0x4753_5542
            hb_ot_layout_table_get_feature_tags(face, gsub, 0, &count, &tags)
            let found = Set(
                tags.prefix(Int(count)).map { tag in
                    String(decoding: [UInt8(tag >> 24), UInt8((tag >> 16) & 0xFF), UInt8((tag >> 8) & 0xFF), UInt8(tag & 0xFF)], as: UTF8.self)
                })
            gsubFeatures = found
            return found
        }

        func parsed(_ tags: [String]) -> [hb_feature_t] {
            if let known = features[tags] { return known }
            let list = tags.compactMap { tag -> hb_feature_t? in
                var feature = hb_feature_t()
                return hb_feature_from_string(tag, -1, &feature) != 0 ? feature : nil
            }
            features[tags] = list
            return list
        }

        func shape(_ key: ShapeKey) -> [ShapedGlyph] {
            lock.lock()
            if let hit = shaped[key] {
                hits += 1
                lock.unlock()
                return hit
            }
            misses += 1
            let font = font(size: key.size, xScale: key.xScale)
            let features = parsed(key.features)
            lock.unlock()
            // hb_shape reads the font immutably, so it runs outside the lock.
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            let whole = key.before + key.text + key.after
            whole.withUnsafeBufferPointer {
                hb_buffer_add_codepoints(buffer, $0.baseAddress, Int32($0.count), UInt32(key.before.count), Int32(key.text.count))
            }
            hb_buffer_set_direction(buffer, key.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_guess_segment_properties(buffer)
            features.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
            var out: [ShapedGlyph] = []
            out.reserveCapacity(Int(count))
            if let infos, let positions {
                for n in 0..<Int(count) {
                    out.append(
                        ShapedGlyph(
                            index: infos[n].codepoint, cluster: Int(infos[n].cluster) - key.before.count, advance: positions[n].x_advance,
                            dx: positions[n].x_offset, dy: positions[n].y_offset))
                }
            }
            lock.lock()
            if shaped.count >= Font.shapeCacheLimit { shaped.removeAll(keepingCapacity: true) }
            shaped[key] = out
            lock.unlock()
            return out
        }

        func glyph(for scalar: Unicode.Scalar) -> UInt32? {
            lock.lock(); defer { lock.unlock() }
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(font(size: 64), scalar.value, &glyph) != 0 ? glyph : nil
        }
    }

    /// Shapes `text` at char size `size` (26.6) in one direction with OpenType `features`
    /// ("tnum", "smcp", "liga=0": HarfBuzz's syntax) on top of the defaults (kerning, standard
    /// ligatures, contextual forms). Script and language are guessed from the text.
    /// `before` and `after` are the text around the run (at most 5 scalars each are read), for
    /// joining and contextual forms across a run boundary.
    func shape(
        _ text: [UInt32], size: Int, rightToLeft: Bool, features: [String], before: [UInt32] = [], after: [UInt32] = [], xScale: Int = 1000
    ) -> [ShapedGlyph] {
        shaping.shape(
            ShapeKey(
                text: text, before: Array(before.suffix(5)), after: Array(after.prefix(5)), size: size, xScale: xScale, rightToLeft: rightToLeft,
                features: features))
    }

    /// Whether the face's GSUB table has the OpenType feature `tag` ("smcp", "c2sc", "liga"…).
    public func hasFeature(_ tag: String) -> Bool { shaping.gsubFeatureTags().contains(tag) }

    /// Whether the face maps `scalar` to a glyph of its own (its cmap has it).
    public func covers(_ scalar: Unicode.Scalar) -> Bool { shaping.glyph(for: scalar) != nil }

    /// Shaped runs found in the cache and shaped afresh so far (for benchmarks and tests).
    public var shapeCacheStatistics: (hits: Int, misses: Int) {
        shaping.lock.lock(); defer { shaping.lock.unlock() }
        return (shaping.hits, shaping.misses)
    }
}
