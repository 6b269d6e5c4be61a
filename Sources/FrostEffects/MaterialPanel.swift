import Foundation
import FrostBlur
import FrostImage
import FrostRaster

/// A material panel over a background image: which style, where, and how it is rendered.
/// Lengths are in points unless named otherwise; `scale` converts them to pixels.
public struct MaterialPanel: Hashable, Sendable {
    public var material: Material
    public var appearance: Appearance
    /// The panel in **pixels**; nil covers the whole image.
    public var rect: PixelRect?
    /// Corner radius in points (≥ 0).
    public var cornerRadius: Double
    /// iOS's continuous (squircle-like) corners instead of circular arcs.
    public var continuousCorners: Bool
    /// Display scale: points → pixels (1…4 typical, 0 < scale ≤ 16).
    public var scale: Double
    /// Reduce Transparency: an opaque fill (the backdrop's average after the material's colour
    /// steps) instead of the blur.
    public var reduceTransparency: Bool
    /// Capture the backdrop at full resolution, or as Apple's 0.25 backdrop (4 × 4 block means,
    /// blurred with the engine's `.realtime` reduction; ~50 dB from exact, several times faster).
    public var backdrop: BackdropResolution

    public enum BackdropResolution: String, CaseIterable, Hashable, Sendable { case full, reduced }

    /// A soft shadow cast by the panel onto the backdrop (drawn outside the panel; pixels within
    /// its reach around the rectangle change too).
    public struct Shadow: Hashable, Sendable {
        /// Gaussian σ in points (≥ 0).
        public var radius: Double
        /// Offset in points (y down).
        public var offsetX: Double, offsetY: Double
        /// 0…1.
        public var opacity: Double
        public init(radius: Double = 12, offsetX: Double = 0, offsetY: Double = 4, opacity: Double = 0.25) {
            self.radius = radius; self.offsetX = offsetX; self.offsetY = offsetY; self.opacity = opacity
        }
    }
    public var shadow: Shadow?

    public init(
        material: Material, appearance: Appearance = .light, rect: PixelRect? = nil, cornerRadius: Double = 0,
        continuousCorners: Bool = false, scale: Double = 1, reduceTransparency: Bool = false,
        backdrop: BackdropResolution = .full, shadow: Shadow? = nil
    ) {
        self.material = material; self.appearance = appearance; self.rect = rect; self.cornerRadius = cornerRadius
        self.continuousCorners = continuousCorners; self.scale = scale; self.reduceTransparency = reduceTransparency
        self.backdrop = backdrop; self.shadow = shadow
    }

    public func validate(for image: Image) throws(ImageError) {
        try DisplayScale.check(scale)
        guard cornerRadius.isFinite, cornerRadius >= 0, cornerRadius <= 1e5 else {
            throw .parameterOutOfRange(name: "corner radius", value: "\(cornerRadius)", expected: "a non-negative number of points")
        }
        try (rect ?? image.bounds).validate(inside: image.bounds)
        if let shadow {
            guard [shadow.radius, shadow.offsetX, shadow.offsetY].allSatisfy({ $0.isFinite && abs($0) <= 1e4 }), shadow.radius >= 0,
                shadow.opacity.isFinite, (0...1).contains(shadow.opacity)
            else {
                throw .invalidArgument("shadow radius must be ≥ 0 points, offsets finite and opacity within 0...1")
            }
        }
    }

    /// Draws the panel's shadow onto `out` (before the panel itself): the panel's shape, filled
    /// at the shadow's opacity, blurred with σ = radius × scale, offset — a canvas shadow.
    func drawShadow(_ shadow: Shadow, rect: PixelRect, into out: inout Image) throws(ImageError) {
        let outline = Path.roundedRect(
            x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height),
            radius: cornerRadius * scale, continuous: continuousCorners)
        let colour = Color(red: 0, green: 0, blue: 0, opacity: shadow.opacity)
        try out.withCanvas { (canvas: inout Canvas) throws(ImageError) in
            do {
                try canvas.drawShadow(
                    color: colour, sigma: shadow.radius * scale,
                    offset: (shadow.offsetX * scale, shadow.offsetY * scale)
                ) { try $0.fill(outline, with: .solid(.init(white: 0))) }
            } catch let error as ImageError { throw error } catch { throw .invalidArgument("\(error)") }
        }
    }

    /// The image with the panel composited; every pixel outside the panel's rectangle is
    /// byte-identical to the input. Only the rectangle plus the blur's reach is processed.
    public func render(over image: Image, threads: Int? = nil) throws(ImageError) -> Image {
        var out = image
        try render(over: image, into: &out, outputHoldsImage: true, threads: threads)
        return out
    }

    /// ``render(over:threads:)`` into a caller's buffer of the image's size (reused frame after
    /// frame: no image-sized allocation).
    public func render(over image: Image, into output: inout Image, threads: Int? = nil) throws(ImageError) {
        guard output.width == image.width && output.height == image.height else {
            throw .sizeMismatch(what: "the output", actual: "\(output.width)x\(output.height)", expected: "\(image.width)x\(image.height) (the image's size)")
        }
        try render(over: image, into: &output, outputHoldsImage: false, threads: threads)
    }

    func render(over image: Image, into out: inout Image, outputHoldsImage: Bool, threads: Int?) throws(ImageError) {
        let prepared = try prepare(image, threads: threads)
        // With backdrop everywhere under it, the panel overwrites every pixel of its rectangle
        // outside the corner boxes: only the rest of the input needs copying.
        if !outputHoldsImage {
            if prepared.complete {
                out.copyPixels(from: image, outside: prepared.rect)
                for box in prepared.shape.cornerBoxes {
                    let r = prepared.rect
                    out.copyPixels(from: image, in: PixelRect(x: r.x + box.x, y: r.y + box.y, width: box.width, height: box.height))
                }
            } else {
                out.copyPixels(from: image)
            }
        }
        try finish(prepared, into: &out, threads: threads)
    }

    /// What reading the backdrop yields: everything the panel needs before it writes a pixel.
    struct Prepared {
        let rect: PixelRect, shape: PanelShape, field: BackdropField, complete: Bool
    }

    /// Reads the backdrop under the panel (and its blur's reach) from `image`.
    func prepare(_ image: Image, threads: Int?) throws(ImageError) -> Prepared {
        try validate(for: image)
        _ = try ImageError.resolveThreads(threads)  // one rule for every engine: nil or 1...256
        let rect = self.rect ?? image.bounds
        let shape = try PanelShape(width: rect.width, height: rect.height, radius: cornerRadius * scale, continuous: continuousCorners)
        let field: BackdropField
        switch recipe {
        case .system(let sigma, let saturation, let brightness, let luminance, _):
            field = try systemField(
                image, rect: rect, sigma: sigma * scale, saturation: saturation,
                brightness: brightness, luminance: luminance, threads: threads)
        case .imageEffects(let effects, _):
            field = try legacyField(image, rect: rect, effects: effects, threads: threads)
        }
        return Prepared(rect: rect, shape: shape, field: field, complete: field.isComplete(over: rect))
    }

    /// Draws the shadow (if any) and the panel into `out`, which holds the backdrop.
    func finish(_ p: Prepared, into out: inout Image, threads: Int?) throws(ImageError) {
        if let shadow { try drawShadow(shadow, rect: p.rect, into: &out) }
        p.field.composite(into: &out, rect: p.rect, shape: p.shape, complete: p.complete, threads: threads)
    }

    /// The pixels the panel can change: its rectangle, plus its shadow's reach.
    func footprint(_ rect: PixelRect) -> PixelRect {
        guard let shadow else { return rect }
        let reach = Int((4 * shadow.radius * scale).rounded(.up)) + 2
        let dx = Int((shadow.offsetX * scale).rounded()), dy = Int((shadow.offsetY * scale).rounded())
        let cast = PixelRect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height).expanded(by: reach)
        let x0 = min(rect.x, cast.x), y0 = min(rect.y, cast.y)
        return PixelRect(x: x0, y: y0, width: max(rect.maxX, cast.maxX) - x0, height: max(rect.maxY, cast.maxY) - y0)
    }

    /// Draws the panel on `canvas`, reading its backdrop from the canvas's own pixels — no copy
    /// of the target: the backdrop field is captured first, then the panel is composited in
    /// place. `rect` is in canvas pixels (nil: the clip's bounds); the canvas's clip and opacity
    /// apply (only the panel's footprint is saved and mixed back when they do).
    public func draw(on canvas: inout Canvas, threads: Int? = nil) throws(ImageError) {
        var panel = self
        if panel.rect == nil { panel.rect = canvas.clipRect.clipped(to: canvas.bounds) }
        guard let rect = panel.rect, !rect.isEmpty else { return }
        let prepared = try panel.prepare(canvas.image, threads: threads)
        let footprint = panel.footprint(rect).clipped(to: canvas.bounds)
        let verbatim = canvas.writesVerbatim(in: footprint)
        let original = verbatim ? nil : try canvas.image.cropped(to: footprint)
        let view = canvas.coverage  // read while the target is written
        try canvas.withTargetImage(changed: footprint) { (image: inout Image) throws(ImageError) in
            try panel.finish(prepared, into: &image, threads: threads)
            if let original { MaterialPanel.mix(original, into: &image, at: footprint, through: view) }
        }
    }

    /// out = original + (out − original) · k, k the canvas's clip coverage × opacity (0 outside
    /// the clip): the panel seen through the clip and the canvas's opacity.
    static func mix(_ original: Image, into image: inout Image, at area: PixelRect, through coverage: Canvas.Coverage) {
        let w = image.width
        original.pixels.withUnsafeBufferPointer { o in
            image.withUnsafeMutablePixels { px in
                for y in 0..<area.height {
                    for x in 0..<area.width {
                        let cx = area.x + x, cy = area.y + y
                        let k = coverage.at(cx, cy)
                        let oi = 4 * (y * area.width + x), di = 4 * (cy * w + cx)
                        if k >= 1 { continue }
                        for c in 0..<4 {
                            let a = Float(o[oi + c]), b = Float(px[di + c])
                            px[di + c] = UInt8((a + (b - a) * k).rounded())
                        }
                    }
                }
            }
        }
    }

    /// The legacy styles' backdrop: Apple's `UIImage+ImageEffects` steps (box blurs, saturation,
    /// tint) on the region plus three box widths, captured at full resolution or as 4 × 4 block
    /// means with the box widths scaled to match (the 0.25 backdrop). Like the system materials
    /// the result is opaque wherever there is backdrop (colour ÷ alpha).
    func legacyField(_ image: Image, rect: PixelRect, effects: ImageEffects, threads: Int?) throws(ImageError) -> BackdropField {
        let factor = captureFactor
        let reach = 3 * ImageEffectsBlur(radius: effects.radius, scale: scale).boxSize
        let window = rect.expanded(by: reach).clipped(to: image.bounds)
        var source =
            factor == 1
            ? try image.cropped(to: window)
            : try image.blockMeans(window, factor: factor, threads: threads)
        if reduceTransparency {
            source = try Image(width: source.width, height: source.height, fill: source.average())
        }
        let steps = reduceTransparency ? ImageEffects(radius: 0, tint: effects.tint, saturation: 1) : effects
        let done = try steps.apply(to: source, scale: scale / Double(factor), threads: threads)
        return BackdropField(
            values: BackdropField.normalised(done), factorX: factor, factorY: factor,
            origin: (window.x, window.y))
    }

    var recipe: MaterialRecipe { material.recipe(for: appearance) }

    /// Backdrop pixels per captured pixel along each axis: 4 for Apple's 0.25 backdrop.
    var captureFactor: Int { backdrop == .reduced ? 4 : 1 }

    /// The blurred, colour-adjusted backdrop under the panel, as a float field to sample.
    ///
    /// Order as iOS: capture the backdrop (at full or 0.25 resolution: a 4 × 4 area average),
    /// luminance curve → saturation → brightness per pixel on straight colour, then a Gaussian
    /// of `sigma` px with normalised edges — premultiplied float blur with transparent edges,
    /// divided by the blurred coverage when sampled, so borders neither darken nor smear.
    func systemField(
        _ image: Image, rect: PixelRect, sigma: Double, saturation: Double, brightness: Double,
        luminance: LuminanceCurve, threads: Int?
    ) throws(ImageError) -> BackdropField {
        let factor = captureFactor
        let reach = Int((3 * sigma).rounded(.up))
        let window = rect.expanded(by: reach).clipped(to: image.bounds)
        let steps = ColourSteps(luminance: luminance, matrix: ColorMatrix.saturation(saturation).then(.brightness(brightness)))
        var small = try image.capture(window, factor: factor, steps: steps, threads: threads)
        if reduceTransparency {
            let mean = small.mean()
            small.withUnsafeMutableValues { v in
                for i in stride(from: 0, to: v.count, by: 4) { for c in 0..<4 { v[i + c] = mean[c] } }
            }
            return BackdropField(values: BackdropField.normalised(small), factorX: factor, factorY: factor, origin: (window.x, window.y))
        }
        // The blur's own schedule may downsample further; its small image is the field, sampled
        // straight from the panel's pixels (one bilinear lookup for both reductions).
        // The 0.25 backdrop trades accuracy for speed twice over, as iOS does: `.realtime` keeps
        // σ ≥ 3 px in the blur's small image (~1 dB below `.default` here, ~53 dB from exact).
        let quality: BlurQuality = backdrop == .reduced ? .realtime : .default
        let blurred = try GaussianBlur(sigma: sigma / Double(factor), edges: .transparent, quality: quality)
            .applyReduced(to: small, threads: threads)
        return BackdropField(
            values: BackdropField.normalised(blurred.image), factorX: factor * blurred.factorX,
            factorY: factor * blurred.factorY,
            origin: (window.x + factor * blurred.originX, window.y + factor * blurred.originY))
    }
}

extension Image {
    /// The mean straight colour of the opaque-weighted pixels (premultiplied average), as an
    /// opaque fill.
    func average() -> RGBA8 {
        var sum = [Double](repeating: 0, count: 4)
        var i = 0
        while i < pixels.count {
            for c in 0..<4 { sum[c] += Double(pixels[i + c]) }
            i += 4
        }
        guard sum[3] > 0 else { return RGBA8(0, 0, 0, 255) }
        func channel(_ c: Int) -> UInt8 { UInt8(min(255, (sum[c] * 255 / sum[3]).rounded())) }
        return RGBA8(channel(0), channel(1), channel(2), 255)
    }
}
