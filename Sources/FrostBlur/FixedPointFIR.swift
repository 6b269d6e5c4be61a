import FrostImage

/// Separable Gaussian FIR on 8-bit premultiplied RGBA in 16-bit fixed point, fused per output
/// row: the vertical pass combines 2r+1 source rows straight from the bytes, the horizontal pass
/// runs on that row (padded through the edge mode) and writes the output bytes. Eight 16-bit
/// lanes per SSE register (twice the float path's four), no transposition and no scratch image
/// make small σ several times cheaper than the float passes.
///
/// Weights are Q8 (sum exactly 256) and each pass rounds to 8 bits, as the float `default` path
/// does between its passes; the rounding is monotone, so colour ≤ alpha survives exactly, and
/// constants stay constant. Accuracy is checked against the float64 reference in the tests.
struct FixedPointFIR {
    /// Q8 weights for taps 0…radius (tap 0 once, the others for both sides).
    struct Taps {
        let weights: [UInt16]
        /// `weights`, each splatted across a vector (what the kernel multiplies by).
        let splat: [V]
        var radius: Int { weights.count - 1 }

        /// Rounds the kernel to Q8 with the centre tap absorbing the remainder, so the weights
        /// sum to exactly 256 and a constant image stays constant.
        init(_ k: GaussianKernel) {
            var w = k.weights.map { UInt16((Double($0) * 256).rounded()) }
            while w.count > 1 && w[w.count - 1] == 0 { w.removeLast() }  // taps that round away
            w[0] = 256 - 2 * w.dropFirst().reduce(0, +)
            weights = w
            splat = w.map { V(repeating: $0) }
        }
    }

    /// Largest radius this path handles; beyond it the recursive filter is cheaper.
    static let maxRadius = 28

    let tx: Taps
    let ty: Taps
    let edges: EdgeMode

    /// Blurs `rect` of `image` into the same rectangle of `out` (same size as `image`); the rest
    /// of `out` is left alone. `image` and `out` must not share storage.
    func run(_ image: Image, into out: inout Image, region rect: PixelRect, threads: Int) {
        let W = image.width, H = image.height
        let rx = tx.radius, ry = ty.radius
        // Columns the horizontal pass reads, mapped through the edge mode, as one span [c0, c1).
        let padWidth = rect.width + 2 * rx
        let colMap = (0..<padWidth).map { edges.map(rect.x - rx + $0, count: W) ?? -1 }
        let used = colMap.filter { $0 >= 0 }
        let c0 = used.min() ?? 0, span = max(0, (used.max() ?? -1) + 1 - c0)
        // The padded row is the vertical result itself when no edge is involved.
        let direct = c0 == rect.x - rx && span == padWidth
        let wx = tx.splat, wy = ty.splat

        image.pixels.withUnsafeBufferPointer { src in
          out.pixels.withUnsafeMutableBufferPointer { dst in
            colMap.withUnsafeBufferPointer { cm in
              wx.withUnsafeBufferPointer { wxp in
                wy.withUnsafeBufferPointer { wyp in
                  let s = SharedPointer(src.baseAddress!), d = SharedPointer(dst.baseAddress!)
                  let map = SharedPointer(cm.baseAddress!)
                  let wxs = SharedPointer(wxp.baseAddress!), wys = SharedPointer(wyp.baseAddress!)
                  parallelBands(lines: rect.height, threads: threads) { first, end in
                      let vrow = UnsafeMutablePointer<UInt8>.allocate(capacity: span * 4 + 16)
                      let pad = UnsafeMutablePointer<UInt8>.allocate(capacity: padWidth * 4 + 16)
                      let zero = UnsafeMutablePointer<UInt8>.allocate(capacity: span * 4 + 16)
                      let rows = UnsafeMutablePointer<UnsafePointer<UInt8>>.allocate(capacity: 2 * ry + 1)
                      let cols = UnsafeMutablePointer<UnsafePointer<UInt8>>.allocate(capacity: 2 * rx + 1)
                      defer { vrow.deallocate(); pad.deallocate(); zero.deallocate(); rows.deallocate(); cols.deallocate() }
                      zero.initialize(repeating: 0, count: span * 4 + 16)
                      for i in 0...(2 * rx) { cols[i] = UnsafePointer(pad + 4 * i) }
                      for y in (rect.y + first)..<(rect.y + end) {
                          for j in 0...(2 * ry) {
                              rows[j] = edges.map(y - ry + j, count: H).map { UnsafePointer(s.base + 4 * ($0 * W + c0)) }
                                  ?? UnsafePointer(zero)
                          }
                          FixedPointFIR.step(rows, radius: ry, weights: wys.base, count: span * 4, into: direct ? pad : vrow)
                          if !direct {
                              for i in 0..<padWidth {
                                  let m = map.base[i]
                                  let v: UInt32 = m < 0 ? 0 : UnsafeRawPointer(vrow + 4 * (m - c0)).loadUnaligned(as: UInt32.self)
                                  UnsafeMutableRawPointer(pad + 4 * i).storeBytes(of: v, as: UInt32.self)
                              }
                          }
                          FixedPointFIR.step(cols, radius: rx, weights: wxs.base, count: rect.width * 4,
                                             into: d.base + 4 * (y * W + rect.x))
                      }
                  }
                }
              }
            }
          }
        }
    }

    typealias V = SIMD8<UInt16>

    /// One fixed-point FIR step over `count` bytes: `out[k] = Σᵢ w[|i−r|] · taps[i][k]`, taps
    /// given as 2r+1 byte rows (source rows for the vertical pass, shifted views of one padded
    /// row for the horizontal pass). 16 bytes are loaded at a time and split into even and odd
    /// bytes as 16-bit lanes, so products stay in 16 bits (pmullw) and no widening conversion
    /// is needed; every tap's channel lines up because pixels are 4 bytes.
    static func step(_ taps: UnsafePointer<UnsafePointer<UInt8>>, radius r: Int, weights w: UnsafePointer<V>,
                     count: Int, into out: UnsafeMutablePointer<UInt8>) {
        let low = V(repeating: 0x00FF), half = V(repeating: 128)
        @inline(__always) func finish(_ even: V, _ odd: V) -> V {
            ((even &+ half) &>> 8) | ((odd &+ half) & ~low)
        }
        var k = 0
        // 32 bytes per iteration: each tap's pointer and weight are loaded once for two vectors.
        while k &+ 32 <= count {
            let c = taps[r] + k
            let c0 = UnsafeRawPointer(c).loadUnaligned(as: V.self)
            let c1 = UnsafeRawPointer(c + 16).loadUnaligned(as: V.self)
            var e0 = (c0 & low) &* w[0], o0 = (c0 &>> 8) &* w[0]
            var e1 = (c1 & low) &* w[0], o1 = (c1 &>> 8) &* w[0]
            var j = 1
            while j <= r {
                let pa = taps[r &- j] + k, pb = taps[r &+ j] + k, wj = w[j]
                let a0 = UnsafeRawPointer(pa).loadUnaligned(as: V.self), b0 = UnsafeRawPointer(pb).loadUnaligned(as: V.self)
                let a1 = UnsafeRawPointer(pa + 16).loadUnaligned(as: V.self), b1 = UnsafeRawPointer(pb + 16).loadUnaligned(as: V.self)
                e0 &+= ((a0 & low) &+ (b0 & low)) &* wj
                o0 &+= ((a0 &>> 8) &+ (b0 &>> 8)) &* wj
                e1 &+= ((a1 & low) &+ (b1 & low)) &* wj
                o1 &+= ((a1 &>> 8) &+ (b1 &>> 8)) &* wj
                j &+= 1
            }
            UnsafeMutableRawPointer(out + k).storeBytes(of: finish(e0, o0), as: V.self)
            UnsafeMutableRawPointer(out + k + 16).storeBytes(of: finish(e1, o1), as: V.self)
            k &+= 32
        }
        while k &+ 16 <= count {
            let c = UnsafeRawPointer(taps[r] + k).loadUnaligned(as: V.self)
            var even = (c & low) &* w[0], odd = (c &>> 8) &* w[0]
            var j = 1
            while j <= r {
                let a = UnsafeRawPointer(taps[r &- j] + k).loadUnaligned(as: V.self)
                let b = UnsafeRawPointer(taps[r &+ j] + k).loadUnaligned(as: V.self)
                even &+= ((a & low) &+ (b & low)) &* w[j]
                odd &+= ((a &>> 8) &+ (b &>> 8)) &* w[j]
                j &+= 1
            }
            UnsafeMutableRawPointer(out + k).storeBytes(of: finish(even, odd), as: V.self)
            k &+= 16
        }
        while k < count {
            var acc = UInt32(taps[r][k]) * UInt32(w[0][0])
            for j in stride(from: 1, through: r, by: 1) {
                acc += (UInt32(taps[r - j][k]) + UInt32(taps[r + j][k])) * UInt32(w[j][0])
            }
            out[k] = UInt8((acc + 128) >> 8)
            k += 1
        }
    }
}
