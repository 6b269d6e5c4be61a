/// The sRGB transfer function (IEC 61966-2-1), written once for every layer: FrostImage's
/// 8-bit tables, colour maths and animated colours all call these.
public enum SRGBTransfer {
    /// sRGB-encoded value (0…1) → linear light (0…1).
    @inlinable
    public static func toLinear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : _pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light (0…1) → sRGB-encoded value (0…1).
    @inlinable
    public static func fromLinear(_ l: Double) -> Double {
        l <= 0.0031308 ? l * 12.92 : 1.055 * _pow(l, 1 / 2.4) - 0.055
    }
}
