import FrostImage
import FrostRaster
import FrostCanvas
import FrostEffects
import FrostBlur

// How the renderer draws text: culled against the clip, laid out and masked once per key in the
// render cache, and into a layer at 1/f of the display scale (a realtime blur or shadow) as the
// full-resolution mask area-averaged by f.

extension SceneRenderer {
    /// Text, culled when it cannot reach the clip, with its layout and (at an exact device
    /// position) its glyph mask from the cache.
    func drawText(_ t: TextContent, frame: Rect, on canvas: inout Canvas) throws {
        // Lines may overhang the frame (a fixed frame shorter than the text): a generous margin.
        let margin = frame.height + 2 * t.size
        let reach = Rect(x: -frame.width - margin, y: -margin, width: 3 * frame.width + 2 * margin, height: frame.height + 2 * margin)
            .applying(canvas.transform)
        let clip = canvas.clipRect
        guard reach.maxX > Double(clip.x), reach.minX < Double(clip.maxX), reach.maxY > Double(clip.y), reach.minY < Double(clip.maxY) else { return }
        let devicePx = deviceScale(canvas.transform)
        // Below the display scale (a blur or shadow drawn at reduced resolution) the text keeps
        // the line breaks it was measured with: it is set at the display scale and its mask
        // drawn smaller, never re-wrapped at the lower scale (hinted advances differ there).
        let px = devicePx < scale ? scale : devicePx
        let key = RenderCache.LayoutKey(
            text: t.shape,
            scale: px, wrap: t.wrapPixels(scale: px))
        // Each span's face; characters it lacks come from the system fallback face (DejaVu).
        let spans = t.resolvedSpans
        var chosen: [(Font, Font?)] = []
        for span in spans {
            let font = try span.face.flatMap { faces[$0] } ?? (span.bold ? (boldFont ?? Font.dejaVuSans(bold: true)) : (self.font ?? Font.dejaVuSans()))
            chosen.append((font, span.face == nil ? nil : (span.bold ? boldFont : self.font)))
        }
        let make = { () throws(ImageError) -> TextLayout in try t.layout(scale: px, faces: chosen) }
        let layout = try cache.map { try $0.layout(key) { try make() } } ?? make()
        if px != devicePx {
            for group in t.colourGroups {
                try drawReducedText(layout, key: key, color: group.color, spans: group.spans, factor: px / devicePx, on: &canvas)
            }
            return
        }
        let tr = canvas.transform
        guard let cache, tr.isRectilinear, abs(tr.a - px) < 1e-9, abs(tr.d - px) < 1e-9 else {
            for group in t.colourGroups { try canvas.draw(layout, at: .zero, color: group.color, spans: group.spans) }
            return
        }
        // The same placement Canvas.draw(_:at:color:) makes, with the mask from the cache.
        let device = tr.apply(to: .zero)
        let ix = device.x.rounded(.down), iy = device.y.rounded(.down)
        let dx = Int((min(device.x - ix, 63.0 / 64) * 64).rounded()), dy = Int((min(device.y - iy, 63.0 / 64) * 64).rounded())
        let groups = t.vibrancy == nil ? t.colourGroups : [(t.color, nil)]
        for group in groups {
            let mask = try cache.mask(RenderCache.MaskKey(layout: key, dx: dx, dy: dy, spans: group.spans)) {
                try layout.mask(subpixelOffset: (Double(dx) / 64, Double(dy) / 64), spans: group.spans)
            }
            let colour = try cache.colourGlyphs(RenderCache.MaskKey(layout: key, dx: dx, dy: dy, spans: group.spans)) {
                try layout.colorGlyphs(subpixelOffset: (Double(dx) / 64, Double(dy) / 64), spans: group.spans)
            }
            try canvas.withState { c in
                c.transform = .identity
                if let vibrancy = t.vibrancy {
                    try vibrancy.draw(mask: mask, at: Point(x: ix, y: iy), on: &c, appearance: t.vibrancyAppearance)
                } else {
                    try c.drawMask(mask, at: Point(x: ix, y: iy), color: group.color)
                }
                // Emoji keep their own colours (and are not vibrant), as on iOS.
                if let colour { try c.draw(colour, at: Point(x: ix, y: iy)) }
            }
        }
    }

    /// Text drawn into a layer at 1/f of the display scale (a realtime blur or shadow): the
    /// full-resolution glyph mask, placed where it would land at full resolution, is area-averaged
    /// by f — exactly what drawing it at full resolution and shrinking would give — and cached.
    /// Other scales (not a whole factor, rotated) resample the mask through the transform.
    func drawReducedText(_ layout: TextLayout, key: RenderCache.LayoutKey, color: Color, spans: Set<Int>?, factor: Double, on canvas: inout Canvas) throws {
        let f = Int(factor.rounded()), tr = canvas.transform
        let px = layout.scale
        guard let cache, f >= 2, f <= 64, abs(factor - Double(f)) < 1e-9, tr.isRectilinear, abs(tr.a * factor - px) < 1e-9, abs(tr.d * factor - px) < 1e-9
        else {
            let mask = try layout.mask(subpixelOffset: (0, 0), spans: spans)
            let colour = try layout.colorGlyphs(subpixelOffset: (0, 0), spans: spans)
            try canvas.withState { c in
                c.scaleBy(x: 1 / px, y: 1 / px)
                try c.drawMask(mask, at: .zero, color: color)
                if let colour { try c.draw(colour, at: .zero) }
            }
            return
        }
        // Where the text lands in full-resolution pixels of the reduced layer's space.
        let low = tr.apply(to: .zero)
        let fx = low.x * Double(f), fy = low.y * Double(f)
        let ix = Int(fx.rounded(.down)), iy = Int(fy.rounded(.down))
        let dx = Int((min(fx - Double(ix), 63.0 / 64) * 64).rounded()), dy = Int((min(fy - Double(iy), 63.0 / 64) * 64).rounded())
        let phaseX = ((ix % f) + f) % f, phaseY = ((iy % f) + f) % f
        func reduce(_ full: Image) throws -> Image {
            let w = (full.width + phaseX + f - 1) / f * f, h = (full.height + phaseY + f - 1) / f * f
            var padded = try Image(width: w, height: h)
            padded.paste(full, atX: phaseX, y: phaseY)
            return try Resample.area(padded, factorX: f, factorY: f, threads: 1)
        }
        let fullKey = RenderCache.MaskKey(layout: key, dx: dx, dy: dy, spans: spans)
        let reducedKey = RenderCache.MaskKey(layout: key, dx: dx, dy: dy, spans: spans, factor: f, phaseX: phaseX, phaseY: phaseY)
        let reduced = try cache.mask(reducedKey) {
            try reduce(try cache.mask(fullKey) { try layout.mask(subpixelOffset: (Double(dx) / 64, Double(dy) / 64), spans: spans) })
        }
        let colour = try cache.colourGlyphs(reducedKey) {
            try cache.colourGlyphs(fullKey) { try layout.colorGlyphs(subpixelOffset: (Double(dx) / 64, Double(dy) / 64), spans: spans) }
                .map { full throws in try reduce(full) }
        }
        try canvas.withState { c in
            c.transform = .identity
            let at = Point(x: Double((ix - phaseX) / f), y: Double((iy - phaseY) / f))
            try c.drawMask(reduced, at: at, color: color)
            if let colour { try c.draw(colour, at: at) }
        }
    }
}
