/// A view of premultiplied RGBA pixels for the passes: 8-bit (0…255) or float (any scale).
/// Unsafe and unowned: the caller keeps the memory alive for the duration of a pass.
struct Plane: @unchecked Sendable {
    enum Storage {
        case u8(UnsafeMutablePointer<UInt8>)
        case f32(UnsafeMutablePointer<Float>)
    }
    let storage: Storage
    let width: Int
    let height: Int

    /// Loads 4 channels of pixel `index` into `to[0..<4]` as floats.
    @inline(__always)
    func load(_ index: Int, to p: UnsafeMutablePointer<Float>) {
        switch storage {
        case .u8(let b):
            let q = b + 4 * index
            p[0] = Float(q[0]); p[1] = Float(q[1]); p[2] = Float(q[2]); p[3] = Float(q[3])
        case .f32(let f):
            let q = f + 4 * index
            p[0] = q[0]; p[1] = q[1]; p[2] = q[2]; p[3] = q[3]
        }
    }

    /// Stores 4 channels at pixel `index`. 8-bit storage rounds, clamps to 0…255 and keeps
    /// colour ≤ alpha (the recursive filter's tiny negative lobes could otherwise break it).
    @inline(__always)
    func store(_ index: Int, from p: UnsafePointer<Float>) {
        switch storage {
        case .u8(let b):
            let q = b + 4 * index
            let a = min(max(p[3] + 0.5, 0), 255.5)
            let a8 = UInt8(a)
            let lim = Float(a8) + 0.5
            q[0] = UInt8(min(max(p[0] + 0.5, 0), lim))
            q[1] = UInt8(min(max(p[1] + 0.5, 0), lim))
            q[2] = UInt8(min(max(p[2] + 0.5, 0), lim))
            q[3] = a8
        case .f32(let f):
            let q = f + 4 * index
            q[0] = p[0]; q[1] = p[1]; q[2] = p[2]; q[3] = p[3]
        }
    }
}
