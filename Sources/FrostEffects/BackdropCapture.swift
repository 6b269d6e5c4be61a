import Foundation
import FrostImage

/// A system material's per-pixel colour steps, in Apple's order: the luminance curve, then the
/// saturation/brightness matrix, on straight colour clamped to 0…1. Uses that the curve mixes
/// towards a grey and the matrix keeps greys: out = (1 − amount)·M·rgb + amount·y(L) + bias.
/// Works on four pixels at once, one per SIMD lane.
struct ColourSteps {
    typealias L = SIMD4<Float>
    /// The 3 × 3 colour part of the matrix, row-major in lanes 0…8.
    private let m: SIMD16<Float>
    private let bias: (Float, Float, Float)
    private let amount: Float
    private let cubic: (Float, Float, Float, Float)

    init(luminance: LuminanceCurve, matrix: ColorMatrix) {
        var m = SIMD16<Float>(repeating: 0)
        for r in 0..<3 { for c in 0..<3 { m[3 * r + c] = Float(matrix.rows[r][c]) } }
        self.m = m
        bias = (Float(matrix.rows[0][4]), Float(matrix.rows[1][4]), Float(matrix.rows[2][4]))
        amount = Float(luminance.amount)
        let (v0, v1, v2, v3) = luminance.values
        cubic = (Float(3 * (v1 - v2) + v3 - v0), Float(3 * (v0 - 2 * v1 + v2)), Float(3 * (v1 - v0)), Float(v0))
    }

    /// Premultiplied colour of four pixels (0…1) in, premultiplied colour out; alpha unchanged.
    @inline(__always)
    func apply(_ r: L, _ g: L, _ b: L, _ a: L) -> (L, L, L) {
        var inv: L = 1 / a
        inv.replace(with: 0, where: .!(a .> 0))
        let sr = ColourSteps.unit(r * inv), sg = ColourSteps.unit(g * inv), sb = ColourSteps.unit(b * inv)
        let l: L = ColourSteps.unit(0.2125 * sr + 0.7154 * sg + 0.0721 * sb)
        var y: L = cubic.0 * l + cubic.1
        y = y * l + cubic.2
        y = ColourSteps.unit(y * l + cubic.3)
        let keep = 1 - amount
        let grey: L = amount * y
        let m = self.m
        func row(_ k: Int, _ bias: Float) -> L {
            var v: L = m[3 * k] * sr
            v += m[3 * k + 1] * sg
            v += m[3 * k + 2] * sb
            return ColourSteps.unit(v * keep + grey + bias) * a
        }
        return (row(0, bias.0), row(1, bias.1), row(2, bias.2))
    }

    /// Clamped to 0…1 (NaN → 0), as compare-and-blend.
    @inline(__always)
    static func unit(_ v: L) -> L {
        var c = v
        c.replace(with: 0, where: .!(c .>= 0))
        c.replace(with: 1, where: c .> 1)
        return c
    }
}

extension Image {
    /// The backdrop capture: `window`'s premultiplied pixels averaged over `factor` × `factor`
    /// blocks (partial blocks at the far edges average what they have), as 0…1 floats, with
    /// `steps` applied to each block's colour. Block rows in parallel; each row's sums are kept
    /// channel by channel so the colour steps run on four blocks per instruction.
    func capture(_ window: PixelRect, factor f: Int, steps: ColourSteps, threads: Int?) throws(ImageError) -> FloatImage {
        let w = (window.width + f - 1) / f, h = (window.height + f - 1) / f
        var out = try FloatImage(width: w, height: h)
        out.withUnsafeMutableValues { o in
            let dst = SharedPointer(o.baseAddress!)
            blockRows(window, factor: f, threads: threads) { by, planes, lanes in
                let row = dst.base + 4 * by * w
                var i = 0
                while i < w {
                    @inline(__always) func plane(_ c: Int) -> SIMD4<Float> {
                        UnsafeRawPointer(planes + c * lanes + i).load(as: SIMD4<Float>.self)
                    }
                    let a = plane(3)
                    let (r, g, b) = steps.apply(plane(0), plane(1), plane(2), a)
                    for k in 0..<min(4, w - i) {
                        UnsafeMutableRawPointer(row + 4 * (i + k)).storeBytes(of: SIMD4(r[k], g[k], b[k], a[k]), as: SIMD4<Float>.self)
                    }
                    i += 4
                }
            }
        }
        return out
    }

    /// `window`'s block means as 8-bit premultiplied pixels (rounded), for steps that work on
    /// bytes (the legacy styles' ImageEffects).
    func blockMeans(_ window: PixelRect, factor f: Int, threads: Int?) throws(ImageError) -> Image {
        let w = (window.width + f - 1) / f, h = (window.height + f - 1) / f
        var out = try Image(width: w, height: h)
        out.withUnsafeMutablePixels { o in
            let dst = SharedPointer(o.baseAddress!)
            blockRows(window, factor: f, threads: threads) { by, planes, lanes in
                let row = dst.base + 4 * by * w
                for i in 0..<w {
                    // Means of valid premultiplied pixels keep colour ≤ alpha; rounding too.
                    for c in 0..<4 { row[4 * i + c] = UInt8(planes[c * lanes + i] * 255 + 0.5) }
                }
            }
        }
        return out
    }

    /// Runs `body(blockRow, planes, lanes)` for every block row of `window` (bands in parallel),
    /// `planes` holding that row's block means (0…1) as R, G, B, A planes of `lanes` floats.
    private func blockRows(
        _ window: PixelRect, factor f: Int, threads: Int?,
        _ body: @Sendable (Int, UnsafeMutablePointer<Float>, Int) -> Void
    ) {
        let w = (window.width + f - 1) / f, h = (window.height + f - 1) / f
        let width = self.width, lanes = (w + 3) & ~3
        pixels.withUnsafeBufferPointer { px in
            let src = SharedPointer(px.baseAddress!)
            parallelBands(lines: h, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount) { b0, b1 in
                let planes = UnsafeMutablePointer<Float>.allocate(capacity: 4 * lanes)
                defer { planes.deallocate() }
                planes.initialize(repeating: 0, count: 4 * lanes)
                for by in b0..<b1 {
                    Image.blockRow(src.base, width: width, window: window, factor: f, row: by, into: planes, lanes: lanes)
                    body(by, planes, lanes)
                }
            }
        }
    }

    /// Block means (0…1) of block row `by` into channel planes R, G, B, A of `lanes` floats.
    /// Whole 4 × 4 blocks read 16 bytes per image row as 16-bit lanes split into even (R, B) and
    /// odd (G, A) bytes, summed without per-pixel conversion.
    private static func blockRow(
        _ src: UnsafeMutablePointer<UInt8>, width: Int, window: PixelRect, factor f: Int, row by: Int,
        into planes: UnsafeMutablePointer<Float>, lanes: Int
    ) {
        let w = (window.width + f - 1) / f
        let yEnd = min(window.height, (by + 1) * f)
        @inline(__always) func put(_ bx: Int, _ s: SIMD4<Float>) {
            planes[bx] = s[0]; planes[lanes + bx] = s[1]; planes[2 * lanes + bx] = s[2]; planes[3 * lanes + bx] = s[3]
        }
        var first = 0
        if f == 4 && yEnd - by * 4 == 4 {
            first = window.width / 4
            for bx in 0..<first {
                var even = SIMD8<UInt16>(repeating: 0), odd = SIMD8<UInt16>(repeating: 0)
                for y in (by * 4)..<(by * 4 + 4) {
                    let p = src + 4 * ((window.y + y) * width + window.x + bx * 4)
                    let v = UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt16>.self)
                    even &+= v & 0x00FF
                    odd &+= v &>> 8
                }
                // Lanes alternate (R, B) and (G, A) over the 4 pixels: fold the halves twice.
                let e = even.lowHalf &+ even.highHalf, o = odd.lowHalf &+ odd.highHalf
                let rb = e.lowHalf &+ e.highHalf, ga = o.lowHalf &+ o.highHalf
                put(bx, SIMD4<Float>(Float(rb[0]), Float(ga[0]), Float(rb[1]), Float(ga[1])) * (1 / (16 * 255)))
            }
        }
        for bx in first..<w {
            let xEnd = min(window.width, (bx + 1) * f)
            var sum = SIMD4<Float>(repeating: 0)
            for y in (by * f)..<yEnd {
                let row = src + 4 * ((window.y + y) * width + window.x)
                for x in (bx * f)..<xEnd {
                    let p = row + 4 * x
                    sum += SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
                }
            }
            put(bx, sum / (Float((yEnd - by * f) * (xEnd - bx * f)) * 255))
        }
    }
}

extension FloatImage {
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
