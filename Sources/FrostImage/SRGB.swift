import Foundation

/// The sRGB transfer function (IEC 61966-2-1), exact for 8-bit values.
///
/// Frost stores sRGB-encoded bytes (what files and screens hold). Maths that must be
/// physically right — light adding up — runs on linear values; Apple's UI blur runs on the
/// encoded values, which is Frost's default.
public enum SRGB {
    /// sRGB-encoded value (0…1) → linear light (0…1).
    @inlinable
    public static func toLinear(_ v: Double) -> Double { SRGBTransfer.toLinear(v) }

    /// Linear light (0…1) → sRGB-encoded value (0…1).
    @inlinable
    public static func fromLinear(_ l: Double) -> Double { SRGBTransfer.fromLinear(l) }

    /// Linear value of each 8-bit code, computed from the formula.
    public static let decodeTable: [Float] = (0...255).map { Float(toLinear(Double($0) / 255)) }

    /// `thresholds[k]`: the linear value at which the 8-bit encoding rounds up from k to k + 1.
    @usableFromInline
    static let thresholds: [Float] = (0..<255).map { Float(toLinear((Double($0) + 0.5) / 255)) }

    /// Starting guess for `encode8`, per 1/4096 of the linear range.
    @usableFromInline
    static let coarse: [UInt8] = (0...4096).map { i in
        let l = Float(i) / 4096
        var k = 0
        while k < 255 && l >= thresholds[k] { k += 1 }
        return UInt8(k)
    }

    /// `round(fromLinear(l) * 255)` exactly as the formula rounds (comparisons against the
    /// exact decision thresholds), clamped to 0…255; NaN gives 0.
    @inlinable
    public static func encode8(_ l: Float) -> UInt8 {
        guard l > 0 else { return 0 }
        guard l < 1 else { return 255 }
        var k = Int(coarse[Int(l * 4096)])
        thresholds.withUnsafeBufferPointer { t in
            while k < 255 && l >= t[k] { k += 1 }
        }
        return UInt8(k)
    }
}
