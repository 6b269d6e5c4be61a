/// A view of premultiplied RGBA pixels for the passes: 8-bit (0…255) or float (any scale).
/// Unsafe and unowned: the caller keeps the memory alive for the duration of a pass.
/// `@unchecked Sendable`: a pass's workers each write their own band of lines (``parallelBands``)
/// and read only what no worker writes in that pass.
struct Plane: @unchecked Sendable {
    enum Storage {
        case u8(UnsafeMutablePointer<UInt8>)
        case f32(UnsafeMutablePointer<Float>)
    }
    let storage: Storage
    let width: Int
    let height: Int

    /// Rounds premultiplied 0…255 floats to bytes (to nearest, ties to even): clamped to 0…255
    /// and colour ≤ alpha (the recursive filter's tiny negative lobes could otherwise break the
    /// invariant). Branch-free: adding 1.5·2²³ leaves the rounded integer in the low mantissa bits.
    @inline(__always)
    static func pack(_ v: SIMD4<Float>) -> UInt32 {
        // Masked replacement compiles to compare + blend; min/max on Float would branch on NaN.
        var c = v
        c.replace(with: 0, where: .!(c .>= 0))  // also maps NaN to 0
        c.replace(with: 255, where: c .> 255)
        let a = c[3]
        let limit = SIMD4<Float>(a, a, a, 255)
        c.replace(with: limit, where: c .> limit)
        let bits = unsafeBitCast(c + 12_582_912, to: SIMD4<UInt32>.self) & 0xFF
        return (bits[0] | bits[1] << 8 | bits[2] << 16 | bits[3] << 24).littleEndian
    }

    /// ``pack(_:)`` for 4 pixels at once (16 floats in, 16 bytes out as 4 little-endian UInt32
    /// pixels). Rounding is monotone, so limiting colour to alpha after rounding (one byte-wise
    /// minimum) gives the same bytes as limiting before, without shuffling alpha across lanes.
    @inline(__always)
    static func pack4(_ v: SIMD16<Float>) -> SIMD4<UInt32> {
        var c = v
        c.replace(with: 0, where: .!(c .>= 0))
        c.replace(with: 255, where: c .> 255)
        return pack4InRange(c)
    }

    /// ``pack4(_:)`` for input already known to lie in [−0.5, 255.5) (no NaN): skips the float
    /// clamps; colour ≤ alpha is kept with one byte-wise minimum.
    @inline(__always)
    static func pack4InRange(_ v: SIMD16<Float>) -> SIMD4<UInt32> {
        let bits = unsafeBitCast(v + 12_582_912, to: SIMD16<UInt32>.self) & 0xFF
        let bytes = SIMD16<UInt8>(truncatingIfNeeded: bits)
        let a = unsafeBitCast(bytes, to: SIMD4<UInt32>.self) &>> 24
        let limit = unsafeBitCast(a | a &<< 8 | a &<< 16 | 0xFF00_0000, to: SIMD16<UInt8>.self)
        return unsafeBitCast(pointwiseMin(bytes, limit), to: SIMD4<UInt32>.self)
    }

    /// Stores 4 channels at pixel `index`.
    @inline(__always)
    func store(_ index: Int, from p: UnsafePointer<Float>) {
        let v = UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
        switch storage {
        case .u8(let b):
            UnsafeMutableRawPointer(b + 4 * index).storeBytes(of: Plane.pack(v), as: UInt32.self)
        case .f32(let f):
            UnsafeMutableRawPointer(f + 4 * index).storeBytes(of: v, as: SIMD4<Float>.self)
        }
    }
}
