import FrostBlur
import FrostImage

/// Apple's `UIImage+ImageEffects` (WWDC 2013) `applyBlur(radius:tintColor:saturationDeltaFactor:
/// maskImage:)`, step for step: three box blurs of width d (``FrostBlur/ImageEffectsBlur``),
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
    ///   - mask: where the blur shows (its alpha; same size as `image`); nil everywhere.
    ///   - scale: display scale (points → pixels).
    public func apply(to image: Image, mask: Image? = nil, scale: Double = 1, threads: Int? = nil) throws(ImageError) -> Image {
        try validate()
        if let mask, mask.width != image.width || mask.height != image.height {
            throw .invalidArgument("the mask is \(mask.width)x\(mask.height) but the image is \(image.width)x\(image.height)")
        }
        var blurred = try ImageEffectsBlur(radius: radius, scale: scale).apply(to: image, threads: threads)
        if let m = fixedPointSaturation {
            blurred.pixels.withUnsafeMutableBufferPointer { p in
                var i = 0
                while i < p.count {
                    let (r, g, b) = (Int(p[i]), Int(p[i + 1]), Int(p[i + 2]))
                    let a = Int(p[i + 3])
                    for c in 0..<3 {
                        let v = (m[c][0] * r + m[c][1] * g + m[c][2] * b + 128) >> 8  // vImage-style /256
                        p[i + c] = UInt8(min(max(v, 0), a))  // stays a valid premultiplied colour
                    }
                    i += 4
                }
            }
        }
        var out = image
        out.pixels.withUnsafeMutableBufferPointer { o in
            blurred.pixels.withUnsafeBufferPointer { b in
                let maskPixels = mask?.pixels
                let tint = self.tint.map { t -> [Double] in
                    [t.red * t.opacity * 255, t.green * t.opacity * 255, t.blue * t.opacity * 255, t.opacity * 255]
                }
                var i = 0
                while i < o.count {
                    // Blurred over original through the mask (source-over with coverage).
                    let k = maskPixels.map { Double($0[i + 3]) / 255 } ?? 1
                    var px = (0..<4).map { c in Double(b[i + c]) * k + Double(o[i + c]) * (1 - k * Double(b[i + 3]) / 255) }
                    if let tint {
                        let ta = tint[3] / 255
                        for c in 0..<4 { px[c] = tint[c] + px[c] * (1 - ta) }
                    }
                    for c in 0..<4 { o[i + c] = UInt8(min(max(px[c].rounded(), 0), 255)) }
                    if o[i] > o[i + 3] || o[i + 1] > o[i + 3] || o[i + 2] > o[i + 3] {
                        for c in 0..<3 { o[i + c] = min(o[i + c], o[i + 3]) }
                    }
                    i += 4
                }
            }
        }
        return out
    }
}
