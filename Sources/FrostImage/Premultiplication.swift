/// Conversions between straight and premultiplied alpha on RGBA8 bytes, rounded to nearest.
///
/// Round trip straight → premultiplied → straight changes a colour channel by at most
/// `ceil(127.5 / a)` levels at alpha `a` (exact at `a = 255`): the information 8 bits can keep.
public enum Premultiplication {
    /// `round(c * a / 255)` without division.
    @inlinable
    public static func mul(_ c: UInt8, _ a: UInt8) -> UInt8 {
        let t = UInt32(c) * UInt32(a) + 128
        return UInt8(truncatingIfNeeded: (t + (t >> 8)) >> 8)
    }

    /// `min(255, round(p * 255 / a))`; 0 when `a` is 0.
    @inlinable
    public static func div(_ p: UInt8, _ a: UInt8) -> UInt8 {
        if a == 0 { return 0 }
        let v = (UInt32(p) * 255 + UInt32(a) / 2) / UInt32(a)
        return UInt8(min(v, 255))
    }

    /// Premultiplies RGBA8 bytes in place.
    public static func premultiply(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { b in
            var i = 0
            while i + 3 < b.count {
                let a = b[i + 3]
                if a != 255 {
                    b[i] = mul(b[i], a); b[i + 1] = mul(b[i + 1], a); b[i + 2] = mul(b[i + 2], a)
                }
                i += 4
            }
        }
    }

    /// Un-premultiplies RGBA8 bytes in place.
    public static func unpremultiply(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { b in
            var i = 0
            while i + 3 < b.count {
                let a = b[i + 3]
                if a != 255 {
                    b[i] = div(b[i], a); b[i + 1] = div(b[i + 1], a); b[i + 2] = div(b[i + 2], a)
                }
                i += 4
            }
        }
    }

    /// Enforces the premultiplied invariant `colour ≤ alpha`.
    public static func clampColorToAlpha(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { b in
            var i = 0
            while i + 3 < b.count {
                let a = b[i + 3]
                if a != 255 {
                    b[i] = min(b[i], a); b[i + 1] = min(b[i + 1], a); b[i + 2] = min(b[i + 2], a)
                }
                i += 4
            }
        }
    }
}
