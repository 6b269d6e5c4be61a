import Foundation
import FrostImage

/// The blur step of Apple's `UIImage+ImageEffects` sample (WWDC 2013), reproduced exactly:
/// three successive d × d box convolutions (edge extend, 8-bit rounding after each), with
/// d = ⌊s · 3√(2π)/4 + 0.5⌋ made odd, where s = radius × scale in pixels.
///
/// Three boxes of width d have σ = √((d² − 1)/4) ≈ 0.94 s: the sample blurs about 6 % less
/// than a true Gaussian of σ = s, and Frost keeps that, so results match iOS.
public struct ImageEffectsBlur: Sendable, Hashable {
    /// Blur radius in points (what the sample calls `blurRadius`), 0…1000.
    public var radius: Double
    /// Display scale (points → pixels), 0 < scale ≤ 16; default 1.
    public var scale: Double

    public init(radius: Double, scale: Double = 1) {
        self.radius = radius
        self.scale = scale
    }

    /// The box width d in pixels (odd; 1 means no blur).
    public var boxSize: Int {
        let s = radius * scale
        guard s > Double(Float.ulpOfOne) else { return 1 }
        var d = Int((s * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        if d % 2 == 0 { d += 1 }
        return max(1, d)
    }

    /// The effective Gaussian σ of the three boxes, in pixels.
    public var effectiveSigma: Double { (Double(boxSize * boxSize - 1) / 4).squareRoot() }

    public func validate() throws(ImageError) {
        guard radius.isFinite, radius >= 0, radius <= 1000 else {
            throw .invalidArgument("image-effects radius must be within 0...1000 points, got \(radius)")
        }
        guard DisplayScale.isValid(scale) else {
            throw .invalidArgument("scale must be within \(DisplayScale.rangeDescription), got \(scale)")
        }
    }

    public func apply(to image: Image, threads: Int? = nil) throws(ImageError) -> Image {
        try validate()
        let d = boxSize
        if d <= 1 { return image }
        let box = BoxBlur(.box, width: d, height: d, edges: .clamp)
        var out = image
        for _ in 0..<3 { out = try box.apply(to: out, threads: threads) }
        return out
    }
}
