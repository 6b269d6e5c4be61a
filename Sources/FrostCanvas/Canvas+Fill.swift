import FrostImage
import FrostRaster

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
        let coverage = aligned ? [] : try Rasterizer.coverage(of: device, in: window, rule: rule)
        let toUser = transform.inverted ?? .identity
        let solid: SIMD4<Double>? = { if case .solid(let c) = paint { return c.premultipliedComponents } else { return nil } }()
        let w = image.width
        let opaque: [UInt8] = solid.map { c in (0..<3).map { UInt8(c[$0] * 255 + 0.5) } } ?? [0, 0, 0]
        if aligned, let solid, solid[3] == 1, clipMask == nil, alpha == 1 {
            // An opaque rectangle on whole pixels with nothing to mix: store rows of one pixel.
            let pixel = UInt32(opaque[0]) | UInt32(opaque[1]) << 8 | UInt32(opaque[2]) << 16 | UInt32(255) << 24
            image.withUnsafeMutablePixels { px in
                let words = UnsafeMutableRawPointer(px.baseAddress!).assumingMemoryBound(to: UInt32.self)
                for y in window.y..<window.maxY {
                    (words + y * w + window.x).update(repeating: UInt32(littleEndian: pixel), count: window.width)
                }
            }
            markDirty(window)
            return
        }
        let clip = self.coverage  // not `self`: a copy of the canvas would share (and so copy) the pixels
        image.withUnsafeMutablePixels { px in
            for y in 0..<window.height {
                let py = window.y + y
                for x in 0..<window.width {
                    let k0 = aligned ? 1 : Double(coverage[y * window.width + x])
                    if k0 == 0 { continue }
                    let px0 = window.x + x
                    let k = k0 * Double(clip.at(px0, py))
                    if k == 0 { continue }
                    let colour: SIMD4<Double>
                    if let solid {
                        // Full coverage of an opaque colour replaces the pixel outright.
                        if k == 1 && solid[3] == 1 {
                            let i = 4 * (py * w + px0)
                            px[i] = opaque[0]; px[i + 1] = opaque[1]; px[i + 2] = opaque[2]; px[i + 3] = 255
                            continue
                        }
                        colour = solid
                    } else {
                        let u = toUser.apply(to: Point(x: Double(px0) + 0.5, y: Double(py) + 0.5))
                        colour = paint.colour(atX: u.x, y: u.y)
                    }
                    Canvas.sourceOver(colour * (k * 255), into: px, at: 4 * (py * w + px0))
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

    /// Fills the whole clip with a colour (source-over), as `GraphicsContext.fill` of the bounds.
    public mutating func fill(with color: Color) throws(ImageError) {
        try fill(.rect(x: Double(clipBounds.x), y: Double(clipBounds.y), width: Double(clipBounds.width), height: Double(clipBounds.height))
                 .applying(transform.inverted ?? .identity), with: .solid(color))
    }

    /// Premultiplied `source` (0…255) over the 4 bytes at `i`, rounded to nearest (halves up).
    @inline(__always)
    static func sourceOver(_ source: SIMD4<Double>, into px: UnsafeMutableBufferPointer<UInt8>, at i: Int) {
        sourceOver(SIMD4<Float>(source), into: px, at: i)
    }

    /// Float form: values are non-negative, so adding ½ and truncating rounds to nearest without
    /// a libm call per lane (the compositing loops' former hot spot).
    @inline(__always)
    static func sourceOver(_ source: SIMD4<Float>, into px: UnsafeMutableBufferPointer<UInt8>, at i: Int) {
        let inv = 1 - source[3] / 255
        let d = SIMD4<Float>(Float(px[i]), Float(px[i + 1]), Float(px[i + 2]), Float(px[i + 3]))
        let o = (source + d * inv).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)) + 0.5
        let a = UInt8(o[3])
        px[i + 3] = a
        px[i] = min(a, UInt8(o[0])); px[i + 1] = min(a, UInt8(o[1])); px[i + 2] = min(a, UInt8(o[2]))
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
