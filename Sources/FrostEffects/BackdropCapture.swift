import Foundation
import FrostImage

extension Image {
    /// `window`'s premultiplied pixels averaged over `factor` × `factor` blocks, as 0…1 floats
    /// (partial blocks at the far edges average what they have). Rows in parallel.
    func areaAverage(_ window: PixelRect, factor f: Int, threads: Int?) throws(ImageError) -> FloatImage {
        let w = (window.width + f - 1) / f, h = (window.height + f - 1) / f
        var out = try FloatImage(width: w, height: h)
        let width = self.width
        pixels.withUnsafeBufferPointer { px in
            out.values.withUnsafeMutableBufferPointer { o in
                let src = SharedPointer(px.baseAddress!), dst = SharedPointer(o.baseAddress!)
                parallelBands(lines: h, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount) { b0, b1 in
                    for by in b0..<b1 {
                        let yEnd = min(window.height, (by + 1) * f)
                        // Whole 4 × 4 blocks: 16 bytes per row split into even (R, B) and odd
                        // (G, A) bytes as 16-bit lanes, summed without per-pixel conversion.
                        var first = 0
                        if f == 4 && yEnd - by * f == 4 {
                            let full = window.width / 4
                            for bx in 0..<full {
                                var even = SIMD8<UInt16>(repeating: 0), odd = SIMD8<UInt16>(repeating: 0)
                                for y in (by * 4)..<(by * 4 + 4) {
                                    let p = src.base + 4 * ((window.y + y) * width + window.x + bx * 4)
                                    let v = UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt16>.self)
                                    even &+= v & 0x00FF
                                    odd &+= v &>> 8
                                }
                                let r = even[0] &+ even[2] &+ even[4] &+ even[6], b = even[1] &+ even[3] &+ even[5] &+ even[7]
                                let g = odd[0] &+ odd[2] &+ odd[4] &+ odd[6], a = odd[1] &+ odd[3] &+ odd[5] &+ odd[7]
                                let sum = SIMD4<Float>(Float(r), Float(g), Float(b), Float(a)) / (16 * 255)
                                UnsafeMutableRawPointer(dst.base + 4 * (by * w + bx)).storeBytes(of: sum, as: SIMD4<Float>.self)
                            }
                            first = full
                        }
                        for bx in first..<w {
                            let xEnd = min(window.width, (bx + 1) * f)
                            var sum = SIMD4<Float>(repeating: 0)
                            for y in (by * f)..<yEnd {
                                let row = src.base + 4 * ((window.y + y) * width + window.x)
                                for x in (bx * f)..<xEnd {
                                    let p = row + 4 * x
                                    sum += SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
                                }
                            }
                            let n = Float((yEnd - by * f) * (xEnd - bx * f)) * 255
                            UnsafeMutableRawPointer(dst.base + 4 * (by * w + bx)).storeBytes(of: sum / n, as: SIMD4<Float>.self)
                        }
                    }
                }
            }
        }
        return out
    }
}

extension FloatImage {
    /// The luminance curve, then `matrix`, on straight colour (clamped to 0…1), premultiplied
    /// again. Uses that the curve mixes towards a grey and the matrix keeps greys:
    /// out = (1 − amount)·M·rgb + amount·y(L) + bias.
    mutating func adjustColours(luminance: LuminanceCurve, matrix: ColorMatrix, threads: Int?) {
        let m = matrix.rows
        let r0 = SIMD4<Float>(Float(m[0][0]), Float(m[1][0]), Float(m[2][0]), 0)
        let r1 = SIMD4<Float>(Float(m[0][1]), Float(m[1][1]), Float(m[2][1]), 0)
        let r2 = SIMD4<Float>(Float(m[0][2]), Float(m[1][2]), Float(m[2][2]), 0)
        let bias = SIMD4<Float>(Float(m[0][4]), Float(m[1][4]), Float(m[2][4]), 0)
        let amount = Float(luminance.amount)
        let (v0, v1, v2, v3) = luminance.values
        let ca = Float(3 * (v1 - v2) + v3 - v0), cb = Float(3 * (v0 - 2 * v1 + v2)), cc = Float(3 * (v1 - v0)), cd = Float(v0)
        values.withUnsafeMutableBufferPointer { p in
            let ptr = SharedPointer(p.baseAddress!)
            parallelBands(lines: width * height, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount) { i0, i1 in
                for i in i0..<i1 {
                    let q = ptr.base + 4 * i
                    let a = q[3]
                    guard a > 0 else { continue }
                    let r = min(q[0] / a, 1), g = min(q[1] / a, 1), b = min(q[2] / a, 1)
                    let l = min(max(0.2125 * r + 0.7154 * g + 0.0721 * b, 0), 1)
                    let y = min(max(((ca * l + cb) * l + cc) * l + cd, 0), 1)
                    var c = (r0 * r + r1 * g + r2 * b) * (1 - amount) + amount * y + bias
                    c.replace(with: 0, where: c .< 0)
                    c.replace(with: 1, where: c .> 1)
                    q[0] = c[0] * a; q[1] = c[1] * a; q[2] = c[2] * a
                }
            }
        }
    }

    /// Mean of each channel.
    func mean() -> SIMD4<Float> {
        var sum = SIMD4<Double>(repeating: 0)
        for i in stride(from: 0, to: values.count, by: 4) {
            sum += SIMD4(Double(values[i]), Double(values[i + 1]), Double(values[i + 2]), Double(values[i + 3]))
        }
        let n = Double(max(1, width * height))
        return SIMD4(Float(sum[0] / n), Float(sum[1] / n), Float(sum[2] / n), Float(sum[3] / n))
    }
}

