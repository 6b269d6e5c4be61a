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
    /// Blur the backdrop at full resolution, or from a 4× area-downsampled copy as Apple's 0.25
    /// backdrop capture (about 16× less blur work; bilinear upsampling back).
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

    public init(material: Material, appearance: Appearance = .light, rect: PixelRect? = nil, cornerRadius: Double = 0,
                continuousCorners: Bool = false, scale: Double = 1, reduceTransparency: Bool = false,
                backdrop: BackdropResolution = .full, shadow: Shadow? = nil) {
        self.material = material; self.appearance = appearance; self.rect = rect; self.cornerRadius = cornerRadius
        self.continuousCorners = continuousCorners; self.scale = scale; self.reduceTransparency = reduceTransparency
        self.backdrop = backdrop; self.shadow = shadow
    }

    public func validate(for image: Image) throws(ImageError) {
        guard scale.isFinite, scale > 0, scale <= 16 else { throw .invalidArgument("scale must be within (0, 16], got \(scale)") }
        guard cornerRadius.isFinite, cornerRadius >= 0, cornerRadius <= 1e5 else {
            throw .invalidArgument("corner radius must be a non-negative number of points, got \(cornerRadius)")
        }
        try (rect ?? image.bounds).validate(inside: image.bounds)
        if let shadow {
            guard [shadow.radius, shadow.offsetX, shadow.offsetY].allSatisfy({ $0.isFinite && abs($0) <= 1e4 }), shadow.radius >= 0,
                  shadow.opacity.isFinite, (0...1).contains(shadow.opacity) else {
                throw .invalidArgument("shadow radius must be ≥ 0 points, offsets finite and opacity within 0...1")
            }
        }
    }

    /// Draws the panel's shadow onto `out` (before the panel itself).
    func drawShadow(_ shadow: Shadow, rect: PixelRect, shape: PanelShape, into out: inout Image, threads: Int?) throws(ImageError) {
        let sigma = shadow.radius * scale
        let reach = Int((3 * sigma).rounded(.up)) + 1
        let dx = Int((shadow.offsetX * scale).rounded()), dy = Int((shadow.offsetY * scale).rounded())
        let cast = PixelRect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height)
        let area = cast.expanded(by: reach).clipped(to: out.bounds)
        guard area.width > 0, area.height > 0 else { return }
        var mask = try Image(width: area.width, height: area.height)
        let alpha = shadow.opacity * 255
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let px = cast.x + x - area.x, py = cast.y + y - area.y
                guard px >= 0, py >= 0, px < area.width, py < area.height else { continue }
                mask.pixels[4 * (py * area.width + px) + 3] = UInt8((shape.coverage(x: x, y: y) * alpha).rounded())
            }
        }
        let soft = try GaussianBlur(sigma: sigma, edges: .transparent).apply(to: mask, threads: threads)
        out.composite(soft, atX: area.x, y: area.y)
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
            throw .invalidArgument("the output is \(output.width)x\(output.height) but the image is \(image.width)x\(image.height)")
        }
        try render(over: image, into: &output, outputHoldsImage: false, threads: threads)
    }

    func render(over image: Image, into out: inout Image, outputHoldsImage: Bool, threads: Int?) throws(ImageError) {
        try validate(for: image)
        let rect = self.rect ?? image.bounds
        let shape = PanelShape(width: rect.width, height: rect.height, radius: cornerRadius * scale, continuous: continuousCorners)
        switch recipe {
        case .system(let sigma, let saturation, let brightness, let luminance, _):
            let field = try systemField(image, rect: rect, sigma: sigma * scale, saturation: saturation,
                                        brightness: brightness, luminance: luminance, threads: threads)
            // A square panel over the whole image, with backdrop everywhere, overwrites every
            // pixel: no copy of the input is needed.
            let overwritesAll = rect == image.bounds && shape.radius == 0 && field.isComplete
            if !outputHoldsImage && !overwritesAll { out.copyPixels(from: image) }
            if let shadow, !overwritesAll { try drawShadow(shadow, rect: rect, shape: shape, into: &out, threads: threads) }
            field.composite(into: &out, rect: rect, shape: shape, threads: threads)
        case .imageEffects(let effects, _):
            if !outputHoldsImage { out.copyPixels(from: image) }
            if let shadow { try drawShadow(shadow, rect: rect, shape: shape, into: &out, threads: threads) }
            let reach = 3 * ImageEffectsBlur(radius: effects.radius, scale: scale).boxSize
            let window = rect.expanded(by: reach).clipped(to: image.bounds)
            var source = image.cropped(to: window)
            if reduceTransparency {
                source = try Image(width: window.width, height: window.height, fill: source.average())
            }
            let done = reduceTransparency
                ? try ImageEffects(radius: 0, tint: effects.tint, saturation: 1).apply(to: source, scale: scale, threads: threads)
                : try effects.apply(to: source, scale: scale, threads: threads)
            let material = done.cropped(to: PixelRect(x: rect.x - window.x, y: rect.y - window.y, width: rect.width, height: rect.height))
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
        }
    }

    var recipe: MaterialRecipe { material.recipe(for: appearance) }

    /// The blurred, colour-adjusted backdrop under the panel, as a float field to sample.
    ///
    /// Order as iOS: capture the backdrop (at full or 0.25 resolution: a 4 × 4 area average),
    /// luminance curve → saturation → brightness per pixel on straight colour, then a Gaussian
    /// of `sigma` px with normalised edges — premultiplied float blur with transparent edges,
    /// divided by the blurred coverage when sampled, so borders neither darken nor smear.
    func systemField(_ image: Image, rect: PixelRect, sigma: Double, saturation: Double, brightness: Double,
                     luminance: LuminanceCurve, threads: Int?) throws(ImageError) -> BackdropField {
        let factor = backdrop == .reduced ? 4 : 1
        let reach = Int((3 * sigma).rounded(.up))
        let window = rect.expanded(by: reach).clipped(to: image.bounds)
        var small = try image.areaAverage(window, factor: factor, threads: threads)
        small.adjustColours(luminance: luminance, matrix: ColorMatrix.saturation(saturation).then(.brightness(brightness)),
                            threads: threads)
        if reduceTransparency {
            let mean = small.mean()
            for i in stride(from: 0, to: small.values.count, by: 4) { for c in 0..<4 { small.values[i + c] = mean[c] } }
            return BackdropField(values: BackdropField.normalised(small), factor: factor, origin: (window.x, window.y))
        }
        let blurred = try GaussianBlur(sigma: sigma / Double(factor), edges: .transparent).apply(to: small, threads: threads)
        return BackdropField(values: BackdropField.normalised(blurred), factor: factor, origin: (window.x, window.y))
    }
}

/// A blurred backdrop stored at 1/`factor` resolution, its pixel (0, 0) covering image pixels
/// from `origin`.
struct BackdropField {
    let values: FloatImage
    let factor: Int
    let origin: (x: Int, y: Int)

    /// Whether there is backdrop under every field pixel (after ``normalised(_:)``: no −1).
    var isComplete: Bool {
        stride(from: 3, to: values.values.count, by: 4).allSatisfy { values.values[$0] >= 0 }
    }

    /// Colour ÷ coverage, as 0…255 opaque values; −1 marks pixels with no backdrop under them.
    static func normalised(_ blurred: consuming FloatImage) -> FloatImage {
        var field = blurred
        field.values.withUnsafeMutableBufferPointer { v in
            for i in stride(from: 0, to: v.count, by: 4) {
                let a = v[i + 3]
                if a > 1e-6 {
                    for c in 0..<3 { v[i + c] = min(max(v[i + c] / a, 0), 1) * 255 }
                    v[i + 3] = 255
                } else {
                    for c in 0..<4 { v[i + c] = -1 }
                }
            }
        }
        return field
    }

    /// Composites the (normalised) field into `rect` of `out` through `shape`'s coverage. Each worker
    /// widens field rows to the panel's width as it reaches them (bilinear in x), so every
    /// output pixel costs one vertical lerp and a pack.
    func composite(into out: inout Image, rect: PixelRect, shape: PanelShape, threads: Int?) {
        let field = values
        let fast = isComplete
        let f = Float(factor), w = field.width, h = field.height
        @Sendable func axis(_ p: Int, _ o: Int, _ n: Int) -> (Int, Int, Float) {
            let u = min(max((Float(p - o) + 0.5) / f - 0.5, 0), Float(n - 1))
            let i = Int(u)
            return (i, min(i + 1, n - 1), u - Float(i))
        }
        let columns = (rect.x..<rect.maxX).map { axis($0, origin.x, w) }
        let width = out.width, n = rect.width * 4
        let threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
        field.values.withUnsafeBufferPointer { fv in
            out.pixels.withUnsafeMutableBufferPointer { o in
                columns.withUnsafeBufferPointer { cols in
                    let src = SharedPointer(fv.baseAddress!), dst = SharedPointer(o.baseAddress!)
                    let cp = SharedPointer(cols.baseAddress!)
                    parallelBands(lines: rect.height, threads: threads) { y0, y1 in
                        let wide = UnsafeMutablePointer<Float>.allocate(capacity: 2 * n)
                        let line = UnsafeMutablePointer<Float>.allocate(capacity: n)
                        defer { wide.deallocate(); line.deallocate() }
                        var held = (-1, -1)
                        func widen(_ r: Int, _ into: UnsafeMutablePointer<Float>) {
                            let row = src.base + 4 * r * w
                            for x in 0..<rect.width {
                                let (c0, c1, t) = cp.base[x]
                                let a = UnsafeRawPointer(row + 4 * c0).loadUnaligned(as: SIMD4<Float>.self)
                                let b = UnsafeRawPointer(row + 4 * c1).loadUnaligned(as: SIMD4<Float>.self)
                                // A missing neighbour (−1) must not bleed into a real one.
                                let v = a[3] < 0 ? b : (b[3] < 0 ? a : a + (b - a) * t)
                                UnsafeMutableRawPointer(into + 4 * x).storeBytes(of: v, as: SIMD4<Float>.self)
                            }
                        }
                        for y in y0..<y1 {
                            let (r0, r1, t) = axis(rect.y + y, origin.y, h)
                            if held != (r0, r1) {
                                if held.1 == r0 && r0 != r1 { wide.update(from: wide + n, count: n) } else if held.0 != r0 { widen(r0, wide) }
                                if r1 != r0 { widen(r1, wide + n) }
                                held = (r0, r1)
                            }
                            let a = wide, b = r1 == r0 ? wide : wide + n
                            for k in 0..<n { line[k] = a[k] + (b[k] - a[k]) * t }
                            let row = dst.base + 4 * ((rect.y + y) * width + rect.x)
                            let cornerRow = Double(y) < shape.radius || Double(y + 1) > Double(shape.height) - shape.radius
                            if fast && !cornerRow {
                                // Values lie in 0…255: adding 1.5·2²³ leaves the rounded byte in
                                // the low mantissa bits (a loop the compiler vectorises).
                                for k in 0..<n { row[k] = UInt8(truncatingIfNeeded: (line[k] + 12_582_912).bitPattern) }
                                continue
                            }
                            for x in 0..<rect.width {
                                let v = UnsafeRawPointer(line + 4 * x).loadUnaligned(as: SIMD4<Float>.self)
                                if v[3] < 0 { continue }
                                let px = row + 4 * x
                                let k = cornerRow ? Float(shape.coverage(x: x, y: y)) : 1
                                if k == 1 {
                                    // In 0…255, so adding ½ and truncating rounds.
                                    px[0] = UInt8(v[0] + 0.5); px[1] = UInt8(v[1] + 0.5); px[2] = UInt8(v[2] + 0.5); px[3] = 255
                                } else if k > 0 {
                                    let old = SIMD4<Float>(Float(px[0]), Float(px[1]), Float(px[2]), Float(px[3]))
                                    let m = v * k + old * (1 - k)
                                    for c in 0..<4 { px[c] = UInt8(min(m[c], 255) + 0.5) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension Image {
    /// `window`'s premultiplied pixels averaged over `factor` × `factor` blocks, as 0…1 floats
    /// (partial blocks at the far edges average what they have). Rows in parallel.
    func areaAverage(_ window: PixelRect, factor f: Int, threads: Int?) throws(ImageError) -> FloatImage {
        let w = (window.width + f - 1) / f, h = (window.height + f - 1) / f
        var out = try FloatImage(width: w, height: h)
        let width = self.width
        pixels.withUnsafeBufferPointer { px in
            out.values.withUnsafeMutableBufferPointer { o in
                let src = SharedPointer(px.baseAddress!), dst = SharedPointer(o.baseAddress!)
                parallelBands(lines: h, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount) { b0, b1 in
                    for by in b0..<b1 {
                        let yEnd = min(window.height, (by + 1) * f)
                        // Whole 4 × 4 blocks: 16 bytes per row split into even (R, B) and odd
                        // (G, A) bytes as 16-bit lanes, summed without per-pixel conversion.
                        var first = 0
                        if f == 4 && yEnd - by * f == 4 {
                            let full = window.width / 4
                            for bx in 0..<full {
                                var even = SIMD8<UInt16>(repeating: 0), odd = SIMD8<UInt16>(repeating: 0)
                                for y in (by * 4)..<(by * 4 + 4) {
                                    let p = src.base + 4 * ((window.y + y) * width + window.x + bx * 4)
                                    let v = UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt16>.self)
                                    even &+= v & 0x00FF
                                    odd &+= v &>> 8
                                }
                                let r = even[0] &+ even[2] &+ even[4] &+ even[6], b = even[1] &+ even[3] &+ even[5] &+ even[7]
                                let g = odd[0] &+ odd[2] &+ odd[4] &+ odd[6], a = odd[1] &+ odd[3] &+ odd[5] &+ odd[7]
                                let sum = SIMD4<Float>(Float(r), Float(g), Float(b), Float(a)) / (16 * 255)
                                UnsafeMutableRawPointer(dst.base + 4 * (by * w + bx)).storeBytes(of: sum, as: SIMD4<Float>.self)
                            }
                            first = full
                        }
                        for bx in first..<w {
                            let xEnd = min(window.width, (bx + 1) * f)
                            var sum = SIMD4<Float>(repeating: 0)
                            for y in (by * f)..<yEnd {
                                let row = src.base + 4 * ((window.y + y) * width + window.x)
                                for x in (bx * f)..<xEnd {
                                    let p = row + 4 * x
                                    sum += SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
                                }
                            }
                            let n = Float((yEnd - by * f) * (xEnd - bx * f)) * 255
                            UnsafeMutableRawPointer(dst.base + 4 * (by * w + bx)).storeBytes(of: sum / n, as: SIMD4<Float>.self)
                        }
                    }
                }
            }
        }
        return out
    }
}

extension FloatImage {
    /// The luminance curve, then `matrix`, on straight colour (clamped to 0…1), premultiplied
    /// again. Uses that the curve mixes towards a grey and the matrix keeps greys:
    /// out = (1 − amount)·M·rgb + amount·y(L) + bias.
    mutating func adjustColours(luminance: LuminanceCurve, matrix: ColorMatrix, threads: Int?) {
        let m = matrix.rows
        let r0 = SIMD4<Float>(Float(m[0][0]), Float(m[1][0]), Float(m[2][0]), 0)
        let r1 = SIMD4<Float>(Float(m[0][1]), Float(m[1][1]), Float(m[2][1]), 0)
        let r2 = SIMD4<Float>(Float(m[0][2]), Float(m[1][2]), Float(m[2][2]), 0)
        let bias = SIMD4<Float>(Float(m[0][4]), Float(m[1][4]), Float(m[2][4]), 0)
        let amount = Float(luminance.amount)
        let (v0, v1, v2, v3) = luminance.values
        let ca = Float(3 * (v1 - v2) + v3 - v0), cb = Float(3 * (v0 - 2 * v1 + v2)), cc = Float(3 * (v1 - v0)), cd = Float(v0)
        values.withUnsafeMutableBufferPointer { p in
            let ptr = SharedPointer(p.baseAddress!)
            parallelBands(lines: width * height, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount) { i0, i1 in
                for i in i0..<i1 {
                    let q = ptr.base + 4 * i
                    let a = q[3]
                    guard a > 0 else { continue }
                    let r = min(q[0] / a, 1), g = min(q[1] / a, 1), b = min(q[2] / a, 1)
                    let l = min(max(0.2125 * r + 0.7154 * g + 0.0721 * b, 0), 1)
                    let y = min(max(((ca * l + cb) * l + cc) * l + cd, 0), 1)
                    var c = (r0 * r + r1 * g + r2 * b) * (1 - amount) + amount * y + bias
                    c.replace(with: 0, where: c .< 0)
                    c.replace(with: 1, where: c .> 1)
                    q[0] = c[0] * a; q[1] = c[1] * a; q[2] = c[2] * a
                }
            }
        }
    }

    /// Mean of each channel.
    func mean() -> SIMD4<Float> {
        var sum = SIMD4<Double>(repeating: 0)
        for i in stride(from: 0, to: values.count, by: 4) {
            sum += SIMD4(Double(values[i]), Double(values[i + 1]), Double(values[i + 2]), Double(values[i + 3]))
        }
        let n = Double(max(1, width * height))
        return SIMD4(Float(sum[0] / n), Float(sum[1] / n), Float(sum[2] / n), Float(sum[3] / n))
    }
}

/// Coverage of a (rounded) rectangle panel, from FrostRaster's rasteriser: the top-left corner
/// box is rasterised once (exact in x, 16 rows per pixel) and mirrored to the other corners;
/// everything outside the corner boxes is fully covered.
struct PanelShape: Sendable {
    let width: Int, height: Int
    /// Size of the corner boxes in pixels (the curve's reach along each edge).
    let radius: Double
    let box: Int
    let corner: [Float]

    init(width: Int, height: Int, radius: Double, continuous: Bool) {
        self.width = width; self.height = height
        // Continuous corners reach 1.528 × radius along each edge (iOS); both kinds are limited
        // by half the shorter side.
        let r = min(radius, Double(min(width, height)) / 2)
        let reach = min(continuous ? 1.528 * r : r, Double(min(width, height)) / 2)
        self.radius = reach
        box = Int(reach.rounded(.up))
        if box > 0 {
            let path = Path.roundedRect(x: 0, y: 0, width: Double(width), height: Double(height), radius: r, continuous: continuous)
            corner = (try? Rasterizer.coverage(of: path, width: box, height: box)) ?? [Float](repeating: 1, count: box * box)
        } else {
            corner = []
        }
    }

    func coverage(x: Int, y: Int) -> Double {
        guard box > 0 else { return 1 }
        // Mirror into the top-left box.
        let cx = x < box ? x : (x >= width - box ? width - 1 - x : -1)
        let cy = y < box ? y : (y >= height - box ? height - 1 - y : -1)
        if cx < 0 || cy < 0 { return 1 }
        return Double(corner[cy * box + cx])
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

