import FrostImage
import FrostBlur

/// Apple's ImageEffects recipe as an effect, at scale 1 and without a mask
/// (``ImageEffects/apply(to:mask:scale:threads:)`` takes those).
extension ImageEffects: ImageEffect {
    public var identifier: String {
        "imageEffects(radius: \(radius), tint: \(tint.map { "\($0)" } ?? "none"), saturation: \(saturation))"
    }
    public func process(_ image: Image, threads: Int?) throws(ImageError) -> Image { try apply(to: image, threads: threads) }
}

/// A colour matrix applied to every pixel's straight colour (clamped to 0…1, premultiplied again).
extension ColorMatrix: ImageEffect {
    public var identifier: String { "colorMatrix(\(rows.map { $0.map { "\($0)" }.joined(separator: " ") }.joined(separator: "; ")))" }

    public func process(_ image: Image, threads: Int?) throws(ImageError) -> Image {
        guard rows.count == 4, rows.allSatisfy({ $0.count == 5 && $0.allSatisfy(\.isFinite) }) else {
            throw .invalidArgument("a colour matrix needs 4 rows of 5 finite numbers")
        }
        var out = image
        out.withUnsafeMutablePixels { px in
            for i in stride(from: 0, to: px.count, by: 4) {
                let a = Double(px[i + 3]) / 255
                let straight = a > 0 ? (Double(px[i]) / 255 / a, Double(px[i + 1]) / 255 / a, Double(px[i + 2]) / 255 / a) : (0, 0, 0)
                let o = apply((straight.0, straight.1, straight.2, a))
                let na = min(max(o.a, 0), 1)
                func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * na * 255).rounded()) }
                px[i] = byte(o.r); px[i + 1] = byte(o.g); px[i + 2] = byte(o.b); px[i + 3] = UInt8((na * 255).rounded())
            }
        }
        return out
    }
}

extension MaterialPanel: ImageEffect {
    public var identifier: String {
        let r = rect.map { "\($0)" } ?? "whole"
        let s = shadow.map { "shadow(\($0.radius), \($0.offsetX), \($0.offsetY), \($0.opacity))" } ?? "none"
        return "material(\(material.rawValue), \(appearance), rect: \(r), cornerRadius: \(cornerRadius), continuous: \(continuousCorners), "
            + "scale: \(scale), reduceTransparency: \(reduceTransparency), backdrop: \(backdrop.rawValue), shadow: \(s))"
    }
    public func process(_ image: Image, threads: Int?) throws(ImageError) -> Image { try render(over: image, threads: threads) }
}

/// Content drawn in a vibrancy style: a coverage mask (its alpha) at a pixel position, composited
/// over whatever the effect is applied to.
public struct VibrantContent: ImageEffect {
    public var style: Vibrancy
    public var appearance: Appearance
    public var mask: Image
    /// The mask's top-left corner in the image, pixels.
    public var x: Int, y: Int
    public init(_ style: Vibrancy, appearance: Appearance, mask: Image, x: Int, y: Int) {
        self.style = style; self.appearance = appearance; self.mask = mask; self.x = x; self.y = y
    }
    public var identifier: String {
        "vibrant(\(style.rawValue), \(appearance), mask: \(mask.width)x\(mask.height)#\(String(mask.stableFingerprint, radix: 16)), at: \(x),\(y))"
    }
    public func process(_ image: Image, threads: Int?) throws(ImageError) -> Image {
        try style.composite(mask: mask, at: (x, y), over: image, appearance: appearance)
    }
}
