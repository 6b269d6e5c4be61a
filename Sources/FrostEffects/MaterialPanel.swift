import Foundation
import FrostBlur
import FrostImage

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
    /// Blur the backdrop at full resolution, or from a 4× area-downsampled copy as Apple's 0.25
    /// backdrop capture (about 16× less blur work; bilinear upsampling back).
    public var backdrop: BackdropResolution

    public enum BackdropResolution: String, CaseIterable, Hashable, Sendable { case full, reduced }

    public init(material: Material, appearance: Appearance = .light, rect: PixelRect? = nil, cornerRadius: Double = 0,
                continuousCorners: Bool = false, scale: Double = 1, reduceTransparency: Bool = false,
                backdrop: BackdropResolution = .full) {
        self.material = material; self.appearance = appearance; self.rect = rect; self.cornerRadius = cornerRadius
        self.continuousCorners = continuousCorners; self.scale = scale; self.reduceTransparency = reduceTransparency
        self.backdrop = backdrop
    }

    public func validate(for image: Image) throws(ImageError) {
        guard scale.isFinite, scale > 0, scale <= 16 else { throw .invalidArgument("scale must be within (0, 16], got \(scale)") }
        guard cornerRadius.isFinite, cornerRadius >= 0, cornerRadius <= 1e5 else {
            throw .invalidArgument("corner radius must be a non-negative number of points, got \(cornerRadius)")
        }
        try (rect ?? image.bounds).validate(inside: image.bounds)
    }

    /// The image with the panel composited; every pixel outside the panel's rectangle is
    /// byte-identical to the input. Only the rectangle plus the blur's reach is processed.
    public func render(over image: Image, threads: Int? = nil) throws(ImageError) -> Image {
        try validate(for: image)
        let rect = self.rect ?? image.bounds
        let material: Image
        switch recipe {
        case .system(let sigma, let saturation, let brightness, let luminance, _):
            material = try systemMaterial(image, rect: rect, sigma: sigma * scale, saturation: saturation,
                                          brightness: brightness, luminance: luminance, threads: threads)
        case .imageEffects(let effects, _):
            let reach = 3 * ImageEffectsBlur(radius: effects.radius, scale: scale).boxSize
            let window = rect.expanded(by: reach).clipped(to: image.bounds)
            var source = image.cropped(to: window)
            if reduceTransparency {
                source = try Image(width: window.width, height: window.height, fill: source.average())
            }
            let done = reduceTransparency
                ? try ImageEffects(radius: 0, tint: effects.tint, saturation: 1).apply(to: source, scale: scale, threads: threads)
                : try effects.apply(to: source, scale: scale, threads: threads)
            material = done.cropped(to: PixelRect(x: rect.x - window.x, y: rect.y - window.y, width: rect.width, height: rect.height))
        }
        var out = image
        let shape = PanelShape(width: rect.width, height: rect.height, radius: cornerRadius * scale, continuous: continuousCorners)
        out.pixels.withUnsafeMutableBufferPointer { o in
            material.pixels.withUnsafeBufferPointer { m in
                for y in 0..<rect.height {
                    for x in 0..<rect.width {
                        let k = shape.coverage(x: x, y: y)
                        if k == 0 { continue }
                        let i = 4 * ((rect.y + y) * image.width + rect.x + x), j = 4 * (y * rect.width + x)
                        for c in 0..<4 {
                            let v = Double(m[j + c]) * k + Double(o[i + c]) * (1 - k)
                            o[i + c] = UInt8(min(max(v.rounded(), 0), 255))
                        }
                    }
                }
            }
        }
        return out
    }

    var recipe: MaterialRecipe { material.recipe(for: appearance) }

    /// Luminance curve → saturation → brightness per pixel (straight colour), then a Gaussian of
    /// `sigma` px with normalised edges: premultiplied blur with transparent edges divided by
    /// the blurred coverage, so the image border neither darkens nor smears.
    func systemMaterial(_ image: Image, rect: PixelRect, sigma: Double, saturation: Double, brightness: Double,
                        luminance: LuminanceCurve, threads: Int?) throws(ImageError) -> Image {
        let reach = Int((3 * sigma).rounded(.up))
        let window = rect.expanded(by: reach).clipped(to: image.bounds)
        var adjusted = image.cropped(to: window)
        let matrix = ColorMatrix.saturation(saturation).then(.brightness(brightness))
        adjusted.pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Double(p[i + 3]) / 255
                if a > 0 {
                    let straight = (Double(p[i]) / 255 / a, Double(p[i + 1]) / 255 / a, Double(p[i + 2]) / 255 / a)
                    let l = luminance.apply((min(straight.0, 1), min(straight.1, 1), min(straight.2, 1)))
                    let c = matrix.apply((l.r, l.g, l.b, 1))
                    p[i] = UInt8((min(max(c.r, 0), 1) * a * 255).rounded())
                    p[i + 1] = UInt8((min(max(c.g, 0), 1) * a * 255).rounded())
                    p[i + 2] = UInt8((min(max(c.b, 0), 1) * a * 255).rounded())
                }
                i += 4
            }
        }
        let local = PixelRect(x: rect.x - window.x, y: rect.y - window.y, width: rect.width, height: rect.height)
        if reduceTransparency {
            return try Image(width: rect.width, height: rect.height, fill: adjusted.average())
        }
        // Normalised edges in float: premultiplied blur with transparent edges, then colour ÷
        // blurred coverage (8-bit premultiplied values would lose the colour where coverage is
        // small). The reduced backdrop blurs a 4× area-downsampled copy, as Apple's 0.25 capture.
        let factor = backdrop == .reduced ? 4 : 1
        let small = FloatImage(adjusted).downsampled(by: factor)
        let blurred = try GaussianBlur(sigma: sigma / Double(factor), edges: .transparent).apply(to: small, threads: threads)
        var out = try Image(width: rect.width, height: rect.height)
        out.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    let v = blurred.sample(x: Double(local.x + x), y: Double(local.y + y), factor: factor)
                    let i = 4 * (y * rect.width + x)
                    guard v[3] > 1e-6 else { continue }
                    for c in 0..<3 { p[i + c] = UInt8((min(max(v[c] / v[3], 0), 1) * 255).rounded()) }
                    p[i + 3] = 255  // the material is an opaque surface
                }
            }
        }
        return out
    }
}

/// Coverage of a (rounded) rectangle panel, anti-aliased with 4 × 4 samples at the corners.
struct PanelShape {
    let width: Int, height: Int
    let radius: Double
    let continuous: Bool

    init(width: Int, height: Int, radius: Double, continuous: Bool) {
        self.width = width; self.height = height
        // Continuous corners reach 1.528× further along each edge than circular ones (iOS);
        // both are limited by half the shorter side.
        let reach = continuous ? radius * 1.528 : radius
        self.radius = min(reach, Double(min(width, height)) / 2)
        self.continuous = continuous
    }

    /// Whether point (px, py) in panel pixels lies inside.
    func inside(_ px: Double, _ py: Double) -> Bool {
        guard radius > 0 else { return true }
        let w = Double(width), h = Double(height)
        let dx = px < radius ? radius - px : (px > w - radius ? px - (w - radius) : 0)
        let dy = py < radius ? radius - py : (py > h - radius ? py - (h - radius) : 0)
        if dx == 0 || dy == 0 { return true }
        let u = dx / radius, v = dy / radius
        // Continuous corners as a superellipse of exponent 5 (an approximation of iOS's curve).
        return continuous ? pow(u, 5) + pow(v, 5) <= 1 : u * u + v * v <= 1
    }

    func coverage(x: Int, y: Int) -> Double {
        let r = radius
        let fx = Double(x), fy = Double(y)
        let nearCorner = (fx < r || fx + 1 > Double(width) - r) && (fy < r || fy + 1 > Double(height) - r)
        if !nearCorner { return 1 }
        var hits = 0
        for sy in 0..<4 {
            for sx in 0..<4 where inside(fx + (Double(sx) + 0.5) / 4, fy + (Double(sy) + 0.5) / 4) { hits += 1 }
        }
        return Double(hits) / 16
    }
}

extension PixelRect {
    /// Grown by `d` pixels on every side.
    func expanded(by d: Int) -> PixelRect { PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }

    /// The part inside `bounds` (non-empty for rects that overlap it).
    func clipped(to bounds: PixelRect) -> PixelRect {
        let x0 = max(x, bounds.x), y0 = max(y, bounds.y)
        let x1 = min(x + width, bounds.x + bounds.width), y1 = min(y + height, bounds.y + bounds.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
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

extension FloatImage {
    /// Area average over `f` × `f` blocks (partial blocks at the far edges average what they
    /// have).
    func downsampled(by f: Int) -> FloatImage {
        guard f > 1 else { return self }
        let w = (width + f - 1) / f, h = (height + f - 1) / f
        var out = try! FloatImage(width: w, height: h, encoding: encoding)
        for y in 0..<height {
            for x in 0..<width {
                let i = 4 * (y * width + x), j = 4 * ((y / f) * w + x / f)
                for c in 0..<4 { out.values[j + c] += values[i + c] }
            }
        }
        for by in 0..<h {
            for bx in 0..<w {
                let n = Float((min(height, (by + 1) * f) - by * f) * (min(width, (bx + 1) * f) - bx * f))
                for c in 0..<4 { out.values[4 * (by * w + bx) + c] /= n }
            }
        }
        return out
    }

    /// Bilinear sample at full-resolution pixel (x, y) of an image downsampled by `factor`
    /// (block centres at (i + ½)·factor − ½), clamped at the edges.
    func sample(x: Double, y: Double, factor: Int) -> SIMD4<Float> {
        let f = Double(factor)
        let u = min(max((x + 0.5) / f - 0.5, 0), Double(width - 1)), v = min(max((y + 0.5) / f - 0.5, 0), Double(height - 1))
        let x0 = Int(u), y0 = Int(v), x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let tx = Float(u - Double(x0)), ty = Float(v - Double(y0))
        func at(_ px: Int, _ py: Int) -> SIMD4<Float> {
            let i = 4 * (py * width + px)
            return SIMD4(values[i], values[i + 1], values[i + 2], values[i + 3])
        }
        let top = at(x0, y0) + (at(x1, y0) - at(x0, y0)) * tx
        let bottom = at(x0, y1) + (at(x1, y1) - at(x0, y1)) * tx
        return top + (bottom - top) * ty
    }
}
