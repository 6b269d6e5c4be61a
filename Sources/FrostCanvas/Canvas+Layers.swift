import FrostImage
import FrostBlur

extension Canvas {
    /// Draws `body` into a transparent offscreen layer, then composites the layer with `opacity`
    /// and `blendMode`: SwiftUI's `compositingGroup()` / `drawingGroup()` and
    /// `GraphicsContext.drawLayer`. A parent's opacity thus applies once to the flattened group
    /// instead of to each overlapping child. Transform and clip carry into the layer; the
    /// layer's opacity starts at 1.
    public mutating func withLayer(
        opacity layerOpacity: Double = 1, blendMode: BlendMode = .normal,
        _ body: (inout Canvas) throws -> Void
    ) throws {
        let region = clipBounds
        guard !region.isEmpty else { return }
        var layer = try sublayer(region)
        defer { Canvas.recycle(layer.image) }
        try body(&layer)
        guard let drawn = layer.dirty else { return }
        compositeImage(layer.image, origin: (region.x, region.y), window: drawn.offsetBy(region), opacity: alpha * Canvas.unit(layerOpacity), mode: blendMode)
    }

    /// Draws `body` into a layer, blurs it with a Gaussian of `sigma` **pixels**, and composites it,
    /// as SwiftUI's `blur(radius:opaque:)` (radius = σ, in points × scale).
    /// - `opaque: false`: outside the drawn content counts as transparent, so edges fade.
    /// - `opaque: true`: the content's edges are extended (clamped) and the result stays inside
    ///   the area drawn, with no fade.
    /// σ ≤ 0 (or below `GaussianBlur.negligibleSigma`) draws `body` unblurred.
    /// - Parameters:
    ///   - sigma: the Gaussian's σ in pixels, 0…4096.
    ///   - opaque: clamp the content's edges instead of fading them.
    ///   - quality: the blur engine's quality (`.default` ≥ 45 dB from exact; `.realtime`, what
    ///     view renderers use for effects redrawn every frame, ≥ 53 dB measured on photos).
    ///   - within: where `body` draws, in user space (nil: anywhere in the clip). The layer then
    ///     covers only that area plus the blur's reach, not the whole clip; drawing outside it is
    ///     cut off.
    ///   - body: draws the content to blur.
    public mutating func withBlur(
        sigma: Double, opaque: Bool = false, quality: BlurQuality = .default,
        within: Rect? = nil, _ body: (inout Canvas) throws -> Void
    ) throws {
        guard sigma.isFinite, sigma >= 0, sigma <= GaussianBlur.maxSigma else {
            throw ImageError.invalidArgument("blur σ must be 0…\(Int(GaussianBlur.maxSigma)) px, got \(sigma)")
        }
        // A blur too small to see (an animation's spring tail) is no blur: no layer at all.
        if sigma < GaussianBlur.negligibleSigma { try body(&self); return }
        // The default blur reads 3.5σ each side: content that far outside the clip still blurs into it.
        if quality == .realtime, !opaque, try reducedBlur(sigma: sigma, within: within, body) { return }
        let reach = Int((4 * sigma).rounded(.up))
        let region = effectRegion(reach: reach, within: within)
        guard !region.isEmpty else { return }
        var layer = try sublayer(region)
        defer { Canvas.recycle(layer.image) }
        try body(&layer)
        guard let drawn = layer.dirty else { return }
        let blur = GaussianBlur(sigma: sigma, edges: opaque ? .clamp : .transparent, quality: quality)
        let area = opaque ? drawn : drawn.expanded(by: reach).clipped(to: layer.bounds)
        let target = area.offsetBy(region).clipped(to: clipBounds)
        guard !target.isEmpty else { return }
        // The layer is not drawn from again: crop it within its own storage.
        let source = Canvas.croppedInPlace(layer.takeImage(), to: area)
        defer { Canvas.recycle(source) }
        let origin = (x: region.x + area.x, y: region.y + area.y)
        if let stream = blur.rowStream(width: source.width, height: source.height) {
            // A small σ's FIR: each blurred row is blended in as it is made — no layer-sized
            // buffer for the blur (fresh memory whenever the layer's size changes).
            compositeStream(stream, source, origin: origin, window: target, opacity: alpha)
            return
        }
        var blurred = ScratchImages.shared.take(width: area.width, height: area.height)
        defer { Canvas.recycle(blurred) }
        try blur.apply(to: source, into: &blurred, threads: threads)
        compositeImage(blurred, origin: origin, window: target, opacity: alpha, mode: .normal)
    }

    /// Draws `body` with a shadow: the silhouette of what it draws (its alpha) in `color`,
    /// blurred with σ `sigma` pixels and offset by `offset` pixels, under the content — SwiftUI's
    /// `shadow(color:radius:x:y:)` with radius = σ (points × scale).
    /// - Parameters:
    ///   - color: the shadow's colour (its opacity scales the silhouette's).
    ///   - sigma: the Gaussian's σ in pixels, 0…4096.
    ///   - offset: the shadow's offset in pixels.
    ///   - quality: `.realtime` draws the silhouette at reduced resolution when σ ≥ 6 px.
    ///   - within: where `body` draws, in user space (nil: anywhere in the clip). A rectangle
    ///     lets the shadow's layer cover only that area (plus the blur's reach) instead of the
    ///     whole clip: what a renderer casting one shadow per small view wants. Drawing outside
    ///     it is cut off.
    ///   - body: draws the content that casts the shadow (and is drawn over it).
    public mutating func withShadow(
        color: Color, sigma: Double, offset: (x: Double, y: Double) = (0, 0),
        quality: BlurQuality = .default, within: Rect? = nil,
        _ body: (inout Canvas) throws -> Void
    ) throws {
        try shadow(color: color, sigma: sigma, offset: offset, drawsContent: true, quality: quality, within: within, body)
    }

    /// The layer region of an effect reaching `reach` pixels: the clip grown by the reach, or
    /// only the device bounds of `within` (grown likewise) when given; within the canvas.
    func effectRegion(reach: Int, within: Rect?) -> PixelRect {
        var region = clipBounds.expanded(by: reach).clipped(to: bounds)
        if let within, within.isFinite {
            let d = within.applying(transform)
            if d.isFinite {
                let x0 = Int(max(-1e9, d.minX.rounded(.down))), y0 = Int(max(-1e9, d.minY.rounded(.down)))
                let x1 = Int(min(1e9, d.maxX.rounded(.up))), y1 = Int(min(1e9, d.maxY.rounded(.up)))
                region = region.clipped(to: PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)).expanded(by: reach))
            }
        }
        return region
    }

    /// Draws only the shadow of what `body` draws (the content itself is not drawn): for a
    /// shape whose fill comes from elsewhere, such as a material panel.
    public mutating func drawShadow(
        color: Color, sigma: Double, offset: (x: Double, y: Double) = (0, 0),
        of body: (inout Canvas) throws -> Void
    ) throws {
        try shadow(color: color, sigma: sigma, offset: offset, drawsContent: false, quality: .default, body)
    }

    private mutating func shadow(
        color: Color, sigma: Double, offset: (x: Double, y: Double), drawsContent: Bool,
        quality: BlurQuality, within: Rect? = nil, _ body: (inout Canvas) throws -> Void
    ) throws {
        guard sigma.isFinite, sigma >= 0, sigma <= GaussianBlur.maxSigma, offset.x.isFinite, offset.y.isFinite else {
            throw ImageError.invalidArgument("shadow σ must be 0…\(Int(GaussianBlur.maxSigma)) px and the offset finite")
        }
        if quality == .realtime,
            try reducedShadow(color: color, sigma: sigma, offset: offset, drawsContent: drawsContent, within: within, body)
        {
            return
        }
        let reach = Int((4 * sigma).rounded(.up)) + Int(max(abs(offset.x), abs(offset.y)).rounded(.up))
        let region = effectRegion(reach: reach, within: within)
        guard !region.isEmpty else { return }
        var layer = try sublayer(region)
        defer { Canvas.recycle(layer.image) }
        try body(&layer)
        guard let drawn = layer.dirty else { return }
        // The silhouette: the layer's alpha, blurred, then blended in the shadow colour at the
        // offset (tinting after the blur keeps the colour exact and skips a tinted copy).
        let spread = Int((4 * sigma).rounded(.up)) + 1
        let area = drawn.expanded(by: spread).clipped(to: layer.bounds)
        let source = Canvas.pooledCrop(layer.image, to: area)
        defer { if area != layer.image.bounds { Canvas.recycle(source) } }
        var soft = ScratchImages.shared.take(width: area.width, height: area.height)
        defer { Canvas.recycle(soft) }
        try GaussianBlur(sigma: sigma, edges: .transparent, quality: quality).apply(to: source, into: &soft, threads: threads)
        var shadowCanvas = Canvas(image: image)
        shadowCanvas.clipBounds = clipBounds; shadowCanvas.clipMask = clipMask; shadowCanvas.opacity = opacity
        image = Image.placeholder  // hand the storage over: no copy
        defer { image = shadowCanvas.image; if let d = shadowCanvas.dirty { markDirty(d) } }
        try shadowCanvas.drawMask(soft, at: Point(x: Double(region.x + area.x) + offset.x, y: Double(region.y + area.y) + offset.y), color: color)
        guard drawsContent else { return }
        shadowCanvas.compositeImage(
            layer.image, origin: (region.x, region.y), window: drawn.offsetBy(region).clipped(to: clipBounds),
            opacity: alpha, mode: .normal)
    }

    /// Draws `body` masked by the alpha of what `mask` draws (both in the current user space):
    /// SwiftUI's `mask(_:)`. Where the mask is transparent nothing of `body` shows.
    public mutating func withMask(_ mask: (inout Canvas) throws -> Void, _ body: (inout Canvas) throws -> Void) throws {
        let region = clipBounds
        guard !region.isEmpty else { return }
        var content = try sublayer(region)
        defer { Canvas.recycle(content.image) }
        try body(&content)
        guard let drawn = content.dirty else { return }
        var matte = try sublayer(region)
        defer { Canvas.recycle(matte.image) }
        try mask(&matte)
        matte.image.pixels.withUnsafeBufferPointer { m in
            content.image.withUnsafeMutablePixels { c in
                for i in stride(from: 0, to: c.count, by: 4) where m[i + 3] != 255 {
                    let k = Float(m[i + 3]) / 255
                    for ch in 0..<4 { c[i + ch] = UInt8((Float(c[i + ch]) * k).rounded()) }
                }
            }
        }
        compositeImage(content.image, origin: (region.x, region.y), window: drawn.offsetBy(region), opacity: alpha, mode: .normal)
    }

    /// Draws `body` into a layer, passes the drawn pixels through `filter` (same size in and out:
    /// a colour matrix, a grade), and composites the result: SwiftUI's colour effects
    /// (`saturation`, `brightness`, `contrast`, `grayscale`) on a flattened view.
    public mutating func withFilter(_ filter: (Image) throws -> Image, _ body: (inout Canvas) throws -> Void) throws {
        let region = clipBounds
        guard !region.isEmpty else { return }
        var layer = try sublayer(region)
        defer { Canvas.recycle(layer.image) }
        try body(&layer)
        guard let drawn = layer.dirty else { return }
        let filtered = try filter(try layer.image.cropped(to: drawn))
        guard filtered.width == drawn.width, filtered.height == drawn.height else {
            throw ImageError.sizeMismatch(
                what: "the filtered layer", actual: "\(filtered.width)x\(filtered.height)",
                expected: "\(drawn.width)x\(drawn.height) (the drawn area)")
        }
        compositeImage(filtered, origin: (region.x + drawn.x, region.y + drawn.y), window: drawn.offsetBy(region), opacity: alpha, mode: .normal)
    }

    /// A transparent canvas covering `region` of this one, drawing in the same user space. Its
    /// storage comes from the shared scratch pool (give it back with ``recycle(_:)``): a layer
    /// whose size changes every frame (a card growing under a blur) otherwise gets fresh memory
    /// from the system each time — on this VM about 2.4 µs a page, 2.6 ms for a 3× card's layer.
    func sublayer(_ region: PixelRect) throws(ImageError) -> Canvas {
        try Image.validate(width: region.width, height: region.height)
        var image = ScratchImages.shared.take(width: region.width, height: region.height)
        image.withUnsafeMutablePixels { $0.update(repeating: 0) }
        var layer = Canvas(image: image)
        layer.threads = threads
        layer.transform = transform.concatenating(AffineTransform2D(translationX: Double(-region.x), y: Double(-region.y)))
        return layer
    }

    /// Keeps a layer's (or a blur's) storage for the next layer. Called once the image is no
    /// longer drawn from; storage still referenced elsewhere is safe (a later writer copies).
    static func recycle(_ image: Image) { ScratchImages.shared.give(image) }

    /// Source-over of `stream`'s blur of `source` (its pixel (0, 0) at canvas pixel `origin`)
    /// inside `window` (within the clip bounds), row by row as the blur makes them: the bytes
    /// of blurring into an image and ``compositeImage(_:origin:window:opacity:mode:)``.
    mutating func compositeStream(
        _ stream: GaussianBlur.RowStream, _ source: Image, origin: (x: Int, y: Int), window: PixelRect,
        opacity: Float
    ) {
        let area = window.clipped(to: PixelRect(x: origin.x, y: origin.y, width: source.width, height: source.height))
        guard !area.isEmpty, opacity > 0 else { return }
        let clip = self.coverage, w = image.width, threads = self.threads
        clip.withMaskRows { maskRows in
            image.withUnsafeMutablePixels { px in
                let dst = SharedPointer(px.baseAddress!), rows = UncheckedSendable(maskRows)
                stream.run(source, threads: threads) { y, x, pixels, count in
                    let cy = origin.y + y, x0 = max(origin.x + x, area.x), x1 = min(origin.x + x + count, area.maxX)
                    guard cy >= area.y, cy < area.maxY, x0 < x1 else { return }
                    Canvas.compositeRow(
                        into: dst.base + 4 * cy * w, from: pixels - 4 * (origin.x + x), columns: x0..<x1,
                        clip: rows.value.row(cy, from: clip.bounds.x), clipX: clip.bounds.x, opacity: opacity, mode: .normal)
                }
            }
        }
        markDirty(area)
    }

    /// The image, leaving a 1 × 1 placeholder: its storage is then not shared.
    mutating func takeImage() -> Image {
        let taken = image
        image = Image.placeholder
        return taken
    }

    /// `area` of `image` in `image`'s own storage (its rows moved down to the start): no new
    /// memory. `area` must lie inside `image`.
    static func croppedInPlace(_ image: consuming Image, to area: PixelRect) -> Image {
        guard area != image.bounds else { return image }
        let w = image.width
        var bytes = image.pixels
        image = Image.placeholder
        bytes.withUnsafeMutableBufferPointer { p in
            // Row y moves from 4·((area.y + y)·w + area.x) to 4·y·area.width, never later: in
            // increasing order no row overwrites one still to move.
            for y in 0..<area.height {
                let from = p.baseAddress! + 4 * ((area.y + y) * w + area.x), to = p.baseAddress! + 4 * y * area.width
                if from != to { to.update(from: from, count: 4 * area.width) }
            }
        }
        bytes.removeLast(bytes.count - 4 * area.width * area.height)
        return Image(uncheckedWidth: area.width, height: area.height, pixels: bytes)
    }

    /// `area` of `image` in pooled storage, or `image` itself when `area` is all of it.
    static func pooledCrop(_ image: Image, to area: PixelRect) -> Image {
        guard area != image.bounds else { return image }
        var out = ScratchImages.shared.take(width: area.width, height: area.height)
        let w = image.width
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutablePixels { dst in
                for y in 0..<area.height {
                    (dst.baseAddress! + 4 * y * area.width).update(from: src.baseAddress! + 4 * ((area.y + y) * w + area.x), count: 4 * area.width)
                }
            }
        }
        return out
    }

    static func unit(_ v: Double) -> Float { v.isNaN ? 0 : Float(min(max(v, 0), 1)) }
}

extension PixelRect {
    /// Moved by `origin`'s position (a layer's rectangle in its parent's pixels).
    func offsetBy(_ origin: PixelRect) -> PixelRect { PixelRect(x: x + origin.x, y: y + origin.y, width: width, height: height) }
}
