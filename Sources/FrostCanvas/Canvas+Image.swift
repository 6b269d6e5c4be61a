import FrostImage
import FrostRaster
import CFrostKernels

extension Canvas {
    /// Draws `image` stretched into `rect` (user space), resampled through the transform
    /// (bilinear, area-averaged first when shrinking more than 2×), source-over.
    public mutating func draw(_ image: Image, in rect: Rect) throws(ImageError) {
        guard rect.isFinite else { throw .nonFinite(what: "the image rectangle \(rect)") }
        guard !rect.isEmpty else { return }
        let place = AffineTransform2D(scaleX: rect.width / Double(image.width), y: rect.height / Double(image.height))
            .concatenating(AffineTransform2D(translationX: rect.minX, y: rect.minY))
        try draw(image, through: place.concatenating(transform))
    }

    /// Draws `image` at its pixel size with its top-left corner at `point` (user space).
    public mutating func draw(_ image: Image, at point: Point) throws(ImageError) {
        try draw(image, in: Rect(origin: point, size: Size(width: Double(image.width), height: Double(image.height))))
    }

    /// Draws `image` through `device` (image pixels → canvas pixels). A whole-pixel translation
    /// copies exactly; anything else is resampled.
    mutating func draw(_ image: Image, through device: AffineTransform2D) throws(ImageError) {
        guard device.isFinite, device.inverted != nil else {
            throw .invalidArgument("cannot draw an image through a singular or non-finite transform \(device)")
        }
        let bounds = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)).applying(device)
        guard alpha > 0, let window = Canvas.window(bounds, within: clipBounds) else { return }
        if device.isRectilinear, device.a == 1, device.d == 1, device.tx == device.tx.rounded(), device.ty == device.ty.rounded() {
            compositeImage(image, origin: (Int(device.tx), Int(device.ty)), window: window, opacity: alpha, mode: .normal)
            return
        }
        // Sampled with clamped edges, then cut by the exact coverage of the image's rectangle, so
        // its edges are as sharp as a filled rectangle's (no fade from sampling past the edge).
        var layer = try Image(width: window.width, height: window.height)
        let toWindow = AffineTransform2D(translationX: Double(-window.x), y: Double(-window.y))
        try Resample.warp(image, transform: device.concatenating(toWindow), into: &layer, edges: .clamp, threads: 1)
        let outline = Path.rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)).applying(device.concatenating(toWindow))
        let aligned = device.isRectilinear && [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY].allSatisfy { $0 == $0.rounded() }
        if !aligned {
            let coverage = try Rasterizer.coverage(of: outline, width: window.width, height: window.height)
            layer.withUnsafeMutablePixels { px in
                for i in 0..<coverage.count where coverage[i] < 1 {
                    for c in 0..<4 { px[4 * i + c] = UInt8((Float(px[4 * i + c]) * coverage[i]).rounded()) }
                }
            }
        }
        compositeImage(layer, origin: (window.x, window.y), window: window, opacity: alpha, mode: .normal)
    }

    /// Draws a coverage mask (its alpha) in `color` with its top-left corner at `point`.
    public mutating func drawMask(_ mask: Image, at point: Point, color: Color) throws(ImageError) {
        guard point.isFinite else { throw .nonFinite(what: "the mask position \(point)") }
        // At a whole-pixel translation the mask's alpha is blended straight in (no tinted copy).
        let device = transform.apply(to: point)
        if transform.isRectilinear, transform.a == 1, transform.d == 1, device.x == device.x.rounded(), device.y == device.y.rounded() {
            compositeMask(mask, origin: (Int(device.x), Int(device.y)), color: color)
            return
        }
        try draw(Canvas.tint(mask, color), at: point)
    }

    /// Draws set text in `color` with the layout's top-left corner at `point` (user space). When
    /// the transform only translates and scales by the layout's own `scale` (points → pixels),
    /// the glyphs land at the exact sub-pixel position (1/64 px); otherwise the mask is drawn
    /// through the transform (resampled).
    /// - Parameters:
    ///   - text: the set text.
    ///   - point: where its top-left corner goes, in user space.
    ///   - color: the colour of its coverage; colour glyphs (emoji) are drawn as they are, at
    ///     the canvas's opacity.
    ///   - spans: the layout's spans to draw, by index (nil: all); a text of several colours is
    ///     drawn one colour's spans at a time.
    public mutating func draw(_ text: TextLayout, at point: Point, color: Color, spans: Set<Int>? = nil) throws(ImageError) {
        let device = transform.apply(to: point)
        guard device.isFinite else { throw .nonFinite(what: "the text position \(point)") }
        // Text set at the transform's own scale is already in device pixels: place it exactly.
        if transform.isRectilinear, abs(transform.a - text.scale) < 1e-9, abs(transform.d - text.scale) < 1e-9 {
            let ix = device.x.rounded(.down), iy = device.y.rounded(.down)
            let mask = try text.mask(subpixelOffset: (min(device.x - ix, 63.0 / 64), min(device.y - iy, 63.0 / 64)), spans: spans)
            let colour = try text.colorGlyphs(subpixelOffset: (min(device.x - ix, 63.0 / 64), min(device.y - iy, 63.0 / 64)), spans: spans)
            let saved = transform
            transform = .identity
            defer { transform = saved }
            try drawMask(mask, at: Point(x: ix, y: iy), color: color)
            if let colour { try draw(colour, at: Point(x: ix, y: iy)) }
        } else {
            // The mask is in the layout's pixels: map it back to user units first.
            let saved = transform
            defer { transform = saved }
            translateBy(x: point.x, y: point.y)
            scaleBy(x: 1 / text.scale, y: 1 / text.scale)
            try drawMask(try text.mask(subpixelOffset: (0, 0), spans: spans), at: .zero, color: color)
            if let colour = try text.colorGlyphs(subpixelOffset: (0, 0), spans: spans) { try draw(colour, at: .zero) }
        }
    }

    /// `mask`'s alpha as coverage of `color`: premultiplied colour × coverage.
    static func tint(_ mask: Image, _ color: Color) -> Image {
        var tinted = mask
        let c = color.premultipliedComponents
        let f = SIMD4<Float>(c)
        tinted.withUnsafeMutablePixels { px in
            for i in stride(from: 0, to: px.count, by: 4) {
                let k = Float(px[i + 3])
                px[i] = UInt8(f[0] * k + 0.5); px[i + 1] = UInt8(f[1] * k + 0.5)
                px[i + 2] = UInt8(f[2] * k + 0.5); px[i + 3] = UInt8(f[3] * k + 0.5)
            }
        }
        return tinted
    }

    /// `rect` rounded out to whole pixels and clipped to `clip`; nil when nothing is left.
    static func window(_ rect: Rect, within clip: PixelRect) -> PixelRect? {
        guard rect.isFinite else { return nil }
        let x0 = max(Double(clip.x), rect.minX.rounded(.down)), y0 = max(Double(clip.y), rect.minY.rounded(.down))
        let x1 = min(Double(clip.maxX), rect.maxX.rounded(.up)), y1 = min(Double(clip.maxY), rect.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// Blends `color` with coverage = `mask`'s alpha (its pixel (0, 0) at canvas pixel `origin`),
    /// under the clip and opacity: text and shadows without a tinted copy of the mask.
    mutating func compositeMask(_ mask: Image, origin: (x: Int, y: Int), color: Color) {
        let area = clipBounds.clipped(to: PixelRect(x: origin.x, y: origin.y, width: mask.width, height: mask.height))
        guard !area.isEmpty, alpha > 0 else { return }
        let w = image.width, mw = mask.width
        let clip = self.coverage
        let c = SIMD4<Float>(color.premultipliedComponents) * 255
        let pixel = Canvas.word(color.premultipliedComponents)
        let opaque: Int32 = c[3] >= 255 ? 1 : 0
        clip.withMaskRows { maskRows in
            mask.pixels.withUnsafeBufferPointer { sp in
                image.withUnsafeMutablePixels { px in
                    withUnsafeBytes(of: c) { colour in
                        for y in area.y..<area.maxY {
                            let clipRow = maskRows.row(y, from: area.x)
                            let src = sp.baseAddress! + 4 * ((y - origin.y) * mw + area.x - origin.x)
                            frost_blend_mask(
                                px.baseAddress! + 4 * (y * w + area.x), src, Int32(area.width), clipRow, clip.alpha,
                                colour.baseAddress!.assumingMemoryBound(to: Float.self), pixel, opaque)
                        }
                    }
                }
            }
        }
        markDirty(area)
    }

    /// Composites `source` (its pixel (0, 0) at canvas pixel `origin`) inside `window` (already
    /// within the clip bounds) with `opacity`, the clip coverage and `mode`.
    mutating func compositeImage(_ source: Image, origin: (x: Int, y: Int), window: PixelRect, opacity: Float, mode: BlendMode) {
        let w = image.width, sw = source.width
        let area = window.clipped(to: PixelRect(x: origin.x, y: origin.y, width: source.width, height: source.height))
        guard !area.isEmpty, opacity > 0 else { return }
        let clip = self.coverage  // not `self`: a copy of the canvas would share (and so copy) the pixels
        // Rows are independent: bands of them on the canvas's threads give the same bytes (a 3×
        // card's blurred layer is a million pixels, 1.8 ms on one thread).
        let bands = area.width * area.height >= 65_536 ? threads : 1
        clip.withMaskRows { maskRows in
            source.pixels.withUnsafeBufferPointer { sp in
                image.withUnsafeMutablePixels { px in
                    let src = SharedPointer(UnsafeMutablePointer(mutating: sp.baseAddress!)), dst = SharedPointer(px.baseAddress!)
                    parallelBands(lines: area.height, threads: bands) { first, end in
                        for y in (area.y + first)..<(area.y + end) {
                            Canvas.compositeRow(
                                into: dst.base + 4 * y * w, from: UnsafePointer(src.base) + 4 * ((y - origin.y) * sw - origin.x),
                                columns: area.x..<area.maxX, clip: maskRows.row(y, from: clip.bounds.x),
                                clipX: clip.bounds.x, opacity: opacity, mode: mode)
                        }
                    }
                }
            }
        }
        markDirty(area)
    }

    /// One row of ``compositeImage(_:origin:window:opacity:mode:)``: `columns` of the canvas row
    /// at `dstRow`, from `srcRow` (the source pixel for canvas column x at `srcRow + 4x`), under
    /// the clip row (`clipRow[x − clipX]`; nil: no clip mask) and `opacity`.
    static func compositeRow(
        into dstRow: UnsafeMutablePointer<UInt8>, from srcRow: UnsafePointer<UInt8>, columns: Range<Int>,
        clip clipRow: UnsafePointer<Float>?, clipX: Int, opacity: Float, mode: BlendMode
    ) {
        if mode == .normal, clipRow == nil, opacity == 1 {
            // Integer source-over (exact rounding), in C: opaque pixels are copied, transparent
            // ones skipped, four at a time.
            frost_source_over_row(dstRow + 4 * columns.lowerBound, srcRow + 4 * columns.lowerBound, Int32(columns.count))
            return
        }
        if mode == .normal {
            // Scaled source-over: CFrostKernels, the same bytes as Canvas.blend.
            frost_composite_row(
                dstRow + 4 * columns.lowerBound, srcRow + 4 * columns.lowerBound, Int32(columns.count),
                clipRow.map { $0 + (columns.lowerBound - clipX) }, opacity)
            return
        }
        for x in columns {
            let s = srcRow + 4 * x, d = dstRow + 4 * x
            if s[3] == 0 && mode != .plusDarker { continue }
            var kf = opacity
            if let clipRow { kf *= clipRow[x - clipX] }
            if kf == 0 { continue }
            if mode == .normal {
                Canvas.blend(SIMD4<Float>(Float(s[0]), Float(s[1]), Float(s[2]), Float(s[3])) * kf, into: d)
            } else {
                let k = Double(kf)
                let sv = SIMD4<Double>(Double(s[0]), Double(s[1]), Double(s[2]), Double(s[3])) * k
                let dv = SIMD4<Double>(Double(d[0]), Double(d[1]), Double(d[2]), Double(d[3]))
                let o = (mode.composite(source: sv / 255, backdrop: dv / 255) * 255).rounded(.toNearestOrAwayFromZero)
                let a = min(255, max(0, o[3]))
                d[3] = UInt8(a)
                for c in 0..<3 { d[c] = UInt8(min(a, max(0, o[c]))) }
            }
        }
    }
}
