import FrostImage
import FrostRaster
import CFrostKernels

extension Canvas {
    /// Fills `path` (user space) with `paint`, anti-aliased, source-over. Gradients are laid out
    /// in user space. Only the path's bounds inside the clip are rasterised and written.
    public mutating func fill(_ path: Path, with paint: Paint, rule: FillRule = .nonZero) throws(ImageError) {
        try paint.validate()
        let device = path.applying(transform)
        guard device.isFinite else { throw .nonFinite(what: "a coordinate of the path (after the transform)") }
        guard alpha > 0, let window = Rasterizer.pixelBounds(of: device, within: clipBounds) else { return }
        // A pixel-aligned rectangle covers its pixels exactly: no rasterising (backgrounds, bars).
        let aligned = device.controlBounds.map { Canvas.isPixelAlignedRect(device, $0) } ?? false
        let toUser = transform.inverted ?? .identity
        let solid: SIMD4<Double>? = { if case .solid(let c) = paint { return c.premultipliedComponents } else { return nil } }()
        // A gradient's stops, prepared once for every pixel of the fill.
        let ramp = Paint.Ramp(paint.stops ?? [])
        let w = image.width
        if aligned, let solid, solid[3] == 1, clipMask == nil, alpha == 1 {
            // An opaque rectangle on whole pixels with nothing to mix: store rows of one pixel.
            let pixel = Canvas.word(solid)
            image.withUnsafeMutablePixels { px in
                let words = UnsafeMutableRawPointer(px.baseAddress!).assumingMemoryBound(to: UInt32.self)
                for y in window.y..<window.maxY {
                    (words + y * w + window.x).update(repeating: pixel, count: window.width)
                }
            }
            markDirty(window)
            return
        }
        let clip = self.coverage  // not `self`: a copy of the canvas would share (and so copy) the pixels
        // A solid colour is quantised to 8-bit premultiplied first, as Core Graphics does: 50 %
        // black over white is then 127 (alpha 128), as Apple renders it, not 127.5 rounded up.
        let colour255 = solid.map { SIMD4<Float>(($0 * 255).rounded(.toNearestOrAwayFromZero)) }
        let pixel = solid.map(Canvas.word) ?? 0
        let opaque: Int32 = (solid?[3] ?? 0) == 1 ? 1 : 0
        // Large fills run in bands of rows, each rasterised on its own (rows are independent,
        // so the bytes do not depend on the band count).
        let bands = window.width * window.height >= 262_144 ? min(threads, window.height) : 1
        let local = device.applying(AffineTransform2D(translationX: Double(-window.x), y: Double(-window.y)))
        clip.withMaskRows { maskRows in
            image.withUnsafeMutablePixels { px in
                let base = SharedPointer(px.baseAddress!)
                let alpha = clip.alpha
                parallelBands(lines: window.height, threads: bands) { first, end in
                    // One pixel row of coverage (window-relative x in lo..<hi; nil: full) blended in.
                    func blendRow(_ y: Int, _ cover: UnsafePointer<Float>?, _ lo: Int, _ hi: Int) {
                        let py = window.y + y
                        let clipRow = maskRows.row(py, from: window.x + lo)
                        let dst = base.base + 4 * (py * w + window.x + lo)
                        if let colour255 {
                            withUnsafeBytes(of: colour255) { c in
                                frost_blend_coverage(
                                    dst, cover.map { $0 + lo }, Int32(hi - lo), clipRow, alpha,
                                    c.baseAddress!.assumingMemoryBound(to: Float.self), pixel, opaque)
                            }
                            return
                        }
                        // Gradients: the colour per pixel, then each blended as a colour of its own.
                        for x in lo..<hi {
                            var k = cover.map { $0[x] } ?? 1
                            if let clipRow { k *= clipRow[x - lo] }
                            k *= alpha
                            if k == 0 { continue }
                            let u = toUser.apply(to: Point(x: Double(window.x + x) + 0.5, y: Double(py) + 0.5))
                            Canvas.blend(SIMD4<Float>(ramp.colour(at: paint.parameter(atX: u.x, y: u.y)) * 255) * k, into: dst + 4 * (x - lo))
                        }
                    }
                    if aligned {
                        for y in first..<end { blendRow(y, nil, 0, window.width) }
                    } else {
                        Rasterizer.forEachRow(of: local, width: window.width, height: window.height, rows: first..<end, rule: rule) { y, row, lo, hi in
                            blendRow(y, row.baseAddress!, lo, hi)
                        }
                    }
                }
            }
        }
        markDirty(window)
    }

    /// Strokes `path` with `lineWidth` user-space units of `paint` (round joins and caps).
    public mutating func stroke(_ path: Path, with paint: Paint, lineWidth: Double) throws(ImageError) {
        guard lineWidth.isFinite, lineWidth > 0, lineWidth < 1e5 else {
            throw .parameterOutOfRange(name: "stroke width", value: "\(lineWidth)", expected: "a positive number below 1e5")
        }
        try fill(path.stroked(width: lineWidth), with: paint, rule: .nonZero)
    }

    /// Strokes `path` as `style` says (width and dash lengths in user-space units) with `paint`.
    public mutating func stroke(_ path: Path, with paint: Paint, style: Path.StrokeStyle) throws(ImageError) {
        guard style.width.isFinite, style.width > 0, style.width < 1e5 else {
            throw .parameterOutOfRange(name: "stroke width", value: "\(style.width)", expected: "a positive number below 1e5")
        }
        try fill(path.stroked(style), with: paint, rule: .nonZero)
    }

    /// Fills the whole clip with a colour (source-over), as `GraphicsContext.fill` of the bounds.
    public mutating func fill(with color: Color) throws(ImageError) {
        try fill(
            .rect(x: Double(clipBounds.x), y: Double(clipBounds.y), width: Double(clipBounds.width), height: Double(clipBounds.height))
                .applying(transform.inverted ?? .identity), with: .solid(color))
    }

    /// Premultiplied `source` (0…255 per channel) source-over the pixel at `p`. Values are
    /// non-negative, so adding ½ and truncating rounds to nearest without a libm call, and the
    /// clamps are scalar `min`s (SIMD's generic clamp is not inlined: it was the hot spot).
    @inline(__always)
    static func blend(_ source: SIMD4<Float>, into p: UnsafeMutablePointer<UInt8>) {
        let inv = 1 - source[3] * (1 / 255)
        let a = UInt8(min(source[3] + Float(p[3]) * inv + 0.5, 255))
        p[0] = min(a, UInt8(min(source[0] + Float(p[0]) * inv + 0.5, 255)))
        p[1] = min(a, UInt8(min(source[1] + Float(p[1]) * inv + 0.5, 255)))
        p[2] = min(a, UInt8(min(source[2] + Float(p[2]) * inv + 0.5, 255)))
        p[3] = a
    }

    /// A premultiplied colour (components 0…1) as one little-endian RGBA pixel word.
    static func word(_ c: SIMD4<Double>) -> UInt32 {
        let b = (0..<4).map { UInt32(min(max(c[$0] * 255 + 0.5, 0), 255)) }
        return UInt32(littleEndian: b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24)
    }
}

extension Image {
    /// Runs `body` on a canvas that draws on this image, without copying the pixels.
    public mutating func withCanvas<R>(_ body: (inout Canvas) throws(ImageError) -> R) throws(ImageError) -> R {
        var canvas = Canvas(image: self)
        self = Image.placeholder  // hand the storage to the canvas (no copy)
        defer { self = canvas.image }
        return try body(&canvas)
    }

    /// Fills `path` (pixels) with `paint`: a ``Canvas`` fill on this image.
    public mutating func fill(_ path: Path, with paint: Paint, rule: FillRule = .nonZero) throws(ImageError) {
        try withCanvas { (c: inout Canvas) throws(ImageError) in try c.fill(path, with: paint, rule: rule) }
    }

    /// Strokes `path` with `width` pixels of `paint` (round joins and caps).
    public mutating func stroke(_ path: Path, width: Double, with paint: Paint) throws(ImageError) {
        try withCanvas { (c: inout Canvas) throws(ImageError) in try c.stroke(path, with: paint, lineWidth: width) }
    }

    static let placeholder = try! Image(width: 1, height: 1)
}
