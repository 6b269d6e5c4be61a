import FrostBlur
import FrostImage

/// Apple's `UIImage+ImageEffects` (WWDC 2013) `applyBlur(radius:tintColor:saturationDeltaFactor:
/// maskImage:)`, step for step: three box blurs of width d (`ImageEffectsBlur`),
/// the Rec. 709 saturation matrix in 16-bit fixed point (divisor 256) on the premultiplied
/// pixels, the blurred image drawn over the original through the mask, then the tint filled
/// source-over.
public struct ImageEffects: Hashable, Sendable {
    /// Blur radius in points, 0…1000.
    public var radius: Double
    /// Filled over the result (source-over); nil for none.
    public var tint: Color?
    /// Saturation delta factor: 1 (and, as in REFERENCE.md, −1) means no change.
    public var saturation: Double

    public init(radius: Double, tint: Color?, saturation: Double) {
        self.radius = radius; self.tint = tint; self.saturation = saturation
    }

    /// Radius 30 pt, white at 30 %, saturation 1.8.
    public static let light = ImageEffects(radius: 30, tint: Color(white: 1, opacity: 0.3), saturation: 1.8)
    /// Radius 20 pt, white 0.97 at 82 %, saturation 1.8.
    public static let extraLight = ImageEffects(radius: 20, tint: Color(white: 0.97, opacity: 0.82), saturation: 1.8)
    /// Radius 20 pt, white 0.11 at 73 %, saturation 1.8.
    public static let dark = ImageEffects(radius: 20, tint: Color(white: 0.11, opacity: 0.73), saturation: 1.8)
    /// Radius 10 pt, `color` at 60 %, saturation unchanged.
    public static func tint(_ color: Color) -> ImageEffects {
        ImageEffects(radius: 10, tint: Color(red: color.red, green: color.green, blue: color.blue, opacity: 0.6), saturation: -1)
    }

    public func validate() throws(ImageError) {
        try ImageEffectsBlur(radius: radius).validate()
        guard saturation.isFinite, abs(saturation) <= 100 else {
            throw .invalidArgument("saturation must be a finite number within ±100, got \(saturation)")
        }
        if let tint, ![tint.red, tint.green, tint.blue, tint.opacity].allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) {
            throw .invalidArgument("tint components must be within 0...1")
        }
    }

    /// The saturation matrix as the sample builds it: Rec. 709 weights, entries rounded to
    /// 1/256.
    public var fixedPointSaturation: [[Int]]? {
        guard abs(saturation - 1) > Double(Float.ulpOfOne), abs(saturation + 1) > Double(Float.ulpOfOne) else { return nil }
        return ColorMatrix.saturation(saturation).rows.prefix(3).map { row in row.prefix(3).map { Int(($0 * 256).rounded()) } }
    }

    /// Applies the effect to `image`.
    /// - Parameters:
    ///   - image: the backdrop, premultiplied.
    ///   - mask: where the blur shows (same size as `image`); nil everywhere. Read as
    ///     `CGContextClipToMask` reads it: its alpha when it has transparency, its luminance when
    ///     it is opaque everywhere (a grayscale mask: white shows the blur). `maskChannel` says
    ///     which explicitly.
    ///   - scale: display scale (points → pixels).
    ///   - threads: worker threads, 1…256 (nil: every core).
    ///   - maskChannel: which values of `mask` count (default: alpha, or luminance for an opaque mask).
    public func apply(
        to image: Image, mask: Image? = nil, maskChannel: VariableBlur.MaskChannel = .automatic,
        scale: Double = 1, threads: Int? = nil
    ) throws(ImageError) -> Image {
        try validate()
        let mask = mask.map { maskChannel.resolved(for: $0) == .luminance ? $0.luminanceAsAlpha() : $0 }
        if let mask, mask.width != image.width || mask.height != image.height {
            throw .sizeMismatch(what: "the mask", actual: "\(mask.width)x\(mask.height)", expected: "\(image.width)x\(image.height) (the image's size)")
        }
        var blurred = try ImageEffectsBlur(radius: radius, scale: scale).apply(to: image, threads: threads)
        if let m = fixedPointSaturation {
            // Rows as SIMD vectors: one multiply-add chain per pixel, no nested-array indexing.
            let cr = SIMD4<Int32>(Int32(m[0][0]), Int32(m[1][0]), Int32(m[2][0]), 0)
            let cg = SIMD4<Int32>(Int32(m[0][1]), Int32(m[1][1]), Int32(m[2][1]), 0)
            let cb = SIMD4<Int32>(Int32(m[0][2]), Int32(m[1][2]), Int32(m[2][2]), 0)
            blurred.withUnsafeMutablePixels { p in
                var i = 0
                while i < p.count {
                    let a = Int32(p[i + 3])
                    var v = (cr &* Int32(p[i]) &+ cg &* Int32(p[i + 1]) &+ cb &* Int32(p[i + 2]) &+ 128) &>> 8  // vImage-style /256
                    v.clamp(lowerBound: .zero, upperBound: SIMD4(repeating: a))  // stays a valid premultiplied colour
                    p[i] = UInt8(v[0]); p[i + 1] = UInt8(v[1]); p[i + 2] = UInt8(v[2])
                    i += 4
                }
            }
        }
        var out = image
        // The tint, premultiplied, 0…255, and what it leaves of what lies under it.
        let tint =
            self.tint.map { t in
                SIMD4<Float>(
                    Float(t.red * t.opacity), Float(t.green * t.opacity),
                    Float(t.blue * t.opacity), Float(t.opacity)) * 255
            } ?? .zero
        let keep = Float(1 - (self.tint?.opacity ?? 0))
        let maskPixels = mask?.pixels ?? []
        out.withUnsafeMutablePixels { o in
            blurred.pixels.withUnsafeBufferPointer { b in
                maskPixels.withUnsafeBufferPointer { m in
                    @inline(__always) func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
                        SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
                    }
                    let hasMask = !m.isEmpty
                    var i = 0
                    while i < o.count {
                        // Blurred over original through the mask (source-over with coverage), then
                        // the tint source-over; rounded halves up, colour ≤ alpha.
                        let k: Float = hasMask ? Float(m[i + 3]) / 255 : 1
                        let blur = load(b.baseAddress! + i)
                        var px = blur * k + load(o.baseAddress! + i) * (1 - k * blur[3] / 255)
                        px = tint + px * keep + 0.5
                        px.replace(with: 0, where: .!(px .>= 0))
                        px.replace(with: 255, where: px .> 255)
                        let alpha = UInt8(px[3])
                        o[i] = min(UInt8(px[0]), alpha); o[i + 1] = min(UInt8(px[1]), alpha)
                        o[i + 2] = min(UInt8(px[2]), alpha); o[i + 3] = alpha
                        i += 4
                    }
                }
            }
        }
        return out
    }
}
