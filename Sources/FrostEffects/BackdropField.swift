import Foundation
import FrostImage

/// A blurred backdrop stored at 1/`factorX` × 1/`factorY` resolution, its pixel (0, 0) the mean
/// of the image block that starts at `origin`.
struct BackdropField {
    let values: FloatImage
    let factorX: Int, factorY: Int
    let origin: (x: Int, y: Int)

    /// The two field pixels either side of image coordinate `p` along an axis (field origin `o`,
    /// factor `f`, `n` pixels) and the weight of the second; clamped at the field's ends.
    @inline(__always)
    static func lookup(_ p: Int, _ o: Int, _ f: Int, _ n: Int) -> (Int, Int, Float) {
        let u = min(max((Float(p - o) + 0.5) / Float(f) - 0.5, 0), Float(n - 1))
        let i = Int(u)
        return (i, min(i + 1, n - 1), u - Float(i))
    }

    /// Whether every field pixel that `rect`'s lookups touch has backdrop under it (after
    /// ``normalised(_:)``: no −1 there). The field reaches beyond the panel, where it may fade out.
    func isComplete(over rect: PixelRect) -> Bool {
        let (c0, _, _) = BackdropField.lookup(rect.x, origin.x, factorX, values.width)
        let (_, c1, _) = BackdropField.lookup(rect.maxX - 1, origin.x, factorX, values.width)
        let (r0, _, _) = BackdropField.lookup(rect.y, origin.y, factorY, values.height)
        let (_, r1, _) = BackdropField.lookup(rect.maxY - 1, origin.y, factorY, values.height)
        for r in r0...r1 {
            for c in c0...c1 where values.values[4 * (r * values.width + c) + 3] < 0 { return false }
        }
        return true
    }

    /// The float `normalised`, from 8-bit premultiplied pixels.
    static func normalised(_ image: Image) -> FloatImage {
        var field = try! FloatImage(width: image.width, height: image.height)
        field.withUnsafeMutableValues { v in
            image.pixels.withUnsafeBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 4) {
                    let a = p[i + 3]
                    if a == 0 {
                        for c in 0..<4 { v[i + c] = -1 }
                        continue
                    }
                    let scale = 255 / Float(a)
                    for c in 0..<3 { v[i + c] = Float(p[i + c]) * scale }
                    v[i + 3] = 255
                }
            }
        }
        return field
    }

    /// Colour ÷ coverage, as 0…255 opaque values; −1 marks pixels with no backdrop under them.
    static func normalised(_ blurred: consuming FloatImage) -> FloatImage {
        var field = blurred
        field.withUnsafeMutableValues { v in
            for i in stride(from: 0, to: v.count, by: 4) {
                let a = v[i + 3]
                if a > 1e-6 {
                    for c in 0..<3 { v[i + c] = min(max(v[i + c] / a, 0), 1) * 255 }
                    v[i + 3] = 255
                } else {
                    for c in 0..<4 { v[i + c] = -1 }
                }
            }
        }
        return field
    }

    /// Composites the (normalised) field into `rect` of `out` through `shape`'s coverage.
    /// `complete`: ``isComplete(over:)`` for `rect`, when the caller already knows it.
    func composite(into out: inout Image, rect: PixelRect, shape: PanelShape, complete: Bool? = nil, threads: Int?) {
        let threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
        if complete ?? isComplete(over: rect) {
            compositeComplete(into: &out, rect: rect, shape: shape, threads: threads)
        } else {
            compositePartial(into: &out, rect: rect, shape: shape, threads: threads)
        }
    }

    private typealias V = SIMD8<UInt16>

    /// The common case, backdrop everywhere under the panel. Each worker widens field rows to the
    /// panel's width as it reaches them (bilinear in x), held as 16-bit lanes of value × 4 split
    /// into even bytes (R, B) and odd bytes (G, A); each output row is then one vertical lerp
    /// with a weight in 64ths, 4 pixels per step, the rounded bytes landing in place (even in the
    /// low byte, odd in the high byte), as the fixed-point blur does. Error ≤ 0.13 + |Δ|/128
    /// levels for neighbouring field values Δ apart.
    private func compositeComplete(into out: inout Image, rect: PixelRect, shape: PanelShape, threads: Int) {
        let w = values.width, h = values.height
        let width = out.width, groups = (rect.width + 3) / 4, lanes = 8 * groups
        let originY = self.origin.y, factorY = self.factorY
        bands(&out, rect: rect, threads: threads) { src, dst, cp, y0, y1 in
            // Two widened rows, even and odd planes each; one row of bytes for corners.
            let planes = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * lanes)
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 16 * groups)
            defer { planes.deallocate(); bytes.deallocate() }
            planes.initialize(repeating: 0, count: 4 * lanes)
            var slots = (planes, planes + 2 * lanes)  // (row r0, row r1): even, then odd
            var held = (-1, -1)
            func widen(_ r: Int, _ into: UnsafeMutablePointer<UInt16>) {
                let row = src + 4 * r * w, even = into, odd = into + lanes
                for x in 0..<rect.width {
                    let (c0, c1, t) = cp[x]
                    let a = UnsafeRawPointer(row + 4 * c0).loadUnaligned(as: SIMD4<Float>.self)
                    let b = UnsafeRawPointer(row + 4 * c1).loadUnaligned(as: SIMD4<Float>.self)
                    // In 0…1020: adding 1.5·2²³ leaves the rounded integer in the low bits.
                    let v = unsafeBitCast((a + (b - a) * t) * 4 + 12_582_912, to: SIMD4<UInt32>.self)
                    even[2 * x] = UInt16(truncatingIfNeeded: v[0]); even[2 * x + 1] = UInt16(truncatingIfNeeded: v[2])
                    odd[2 * x] = UInt16(truncatingIfNeeded: v[1]); odd[2 * x + 1] = UInt16(truncatingIfNeeded: v[3])
                }
            }
            for y in y0..<y1 {
                let (r0, r1, t) = BackdropField.lookup(rect.y + y, originY, factorY, h)
                if held != (r0, r1) {
                    if held.1 == r0 && held.0 != held.1 { swap(&slots.0, &slots.1) } else if held.0 != r0 { widen(r0, slots.0) }
                    if r1 != r0 { widen(r1, slots.1) }
                    held = (r0, r1)
                }
                let wb = UInt16((t * 64).rounded()), wa = 64 - wb
                let a = slots.0, b = r1 == r0 ? slots.0 : slots.1
                let cornerRow = shape.crossesCorners(row: y)
                let row = dst + 4 * ((rect.y + y) * width + rect.x)
                // Whole groups straight into the frame; the tail (and corner rows)
                // through `bytes`.
                let direct = cornerRow ? 0 : rect.width / 4
                BackdropField.lerpRow(a, b, lanes: lanes, wa: wa, wb: wb, from: 0, to: direct, into: row)
                BackdropField.lerpRow(
                    a, b, lanes: lanes, wa: wa, wb: wb, from: direct, to: groups,
                    into: bytes - 16 * direct)
                if !cornerRow {
                    (row + 16 * direct).update(from: bytes, count: 4 * rect.width - 16 * direct)
                    continue
                }
                // Between the corner boxes the row is fully covered.
                let box = min(shape.box, rect.width), right = max(box, rect.width - box)
                if right > box { (row + 4 * box).update(from: bytes + 4 * box, count: 4 * (right - box)) }
                func blend(_ xs: Range<Int>) {
                    for x in xs {
                        let k = Float(shape.coverage(x: x, y: y))
                        let px = row + 4 * x, m = bytes + 4 * x
                        if k == 1 {
                            px.update(from: m, count: 4)
                        } else if k > 0 {
                            for c in 0..<4 { px[c] = UInt8(Float(m[c]) * k + Float(px[c]) * (1 - k) + 0.5) }
                        }
                    }
                }
                blend(0..<box)
                blend(right..<rect.width)
            }
        }
    }

    /// Groups `g0..<g1` (4 pixels each) of the vertical lerp (a·wa + b·wb)/64 of two widened rows,
    /// written at `out + 16·g`.
    @inline(__always)
    private static func lerpRow(
        _ a: UnsafeMutablePointer<UInt16>, _ b: UnsafeMutablePointer<UInt16>, lanes: Int,
        wa: UInt16, wb: UInt16, from g0: Int, to g1: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        let va = V(repeating: wa), vb = V(repeating: wb), half = V(repeating: 128), high = V(repeating: 0xFF00)
        var g = g0
        while g < g1 {
            let k = 8 &* g
            let ea = UnsafeRawPointer(a + k).load(as: V.self), eb = UnsafeRawPointer(b + k).load(as: V.self)
            let oa = UnsafeRawPointer(a + lanes + k).load(as: V.self), ob = UnsafeRawPointer(b + lanes + k).load(as: V.self)
            let e = (ea &* va &+ eb &* vb &+ half) &>> 8
            let o = (oa &* va &+ ob &* vb &+ half) & high
            UnsafeMutableRawPointer(out + 16 &* g).storeBytes(of: e | o, as: V.self)
            g &+= 1
        }
    }

    /// Fields with holes (transparent backdrop under part of the panel): float lookups that
    /// leave pixels without backdrop untouched and never let a missing neighbour bleed in.
    private func compositePartial(into out: inout Image, rect: PixelRect, shape: PanelShape, threads: Int) {
        let w = values.width, h = values.height
        let width = out.width, n = rect.width * 4
        let originY = self.origin.y, factorY = self.factorY
        bands(&out, rect: rect, threads: threads) { src, dst, cp, y0, y1 in
            let wide = UnsafeMutablePointer<Float>.allocate(capacity: 2 * n)
            defer { wide.deallocate() }
            var held = (-1, -1)
            // A missing neighbour (−1) must not bleed into a real one, across or down.
            @inline(__always) func mix(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ t: Float) -> SIMD4<Float> {
                a[3] < 0 ? b : (b[3] < 0 ? a : a + (b - a) * t)
            }
            @inline(__always) func at(_ p: UnsafeMutablePointer<Float>, _ x: Int) -> SIMD4<Float> {
                UnsafeRawPointer(p + 4 * x).loadUnaligned(as: SIMD4<Float>.self)
            }
            func widen(_ r: Int, _ into: UnsafeMutablePointer<Float>) {
                let row = src + 4 * r * w
                for x in 0..<rect.width {
                    let (c0, c1, t) = cp[x]
                    UnsafeMutableRawPointer(into + 4 * x).storeBytes(of: mix(at(row, c0), at(row, c1), t), as: SIMD4<Float>.self)
                }
            }
            for y in y0..<y1 {
                let (r0, r1, t) = BackdropField.lookup(rect.y + y, originY, factorY, h)
                if held != (r0, r1) {
                    if held.1 == r0 && held.0 != held.1 { wide.update(from: wide + n, count: n) } else if held.0 != r0 { widen(r0, wide) }
                    if r1 != r0 { widen(r1, wide + n) }
                    held = (r0, r1)
                }
                let a = wide, b = r1 == r0 ? wide : wide + n
                let row = dst + 4 * ((rect.y + y) * width + rect.x)
                let cornerRow = shape.crossesCorners(row: y)
                for x in 0..<rect.width {
                    let v = mix(at(a, x), at(b, x), t)
                    if v[3] < 0 { continue }
                    let px = row + 4 * x
                    let k = cornerRow ? Float(shape.coverage(x: x, y: y)) : 1
                    if k == 1 {
                        // In 0…255, so adding ½ and truncating rounds.
                        px[0] = UInt8(v[0] + 0.5); px[1] = UInt8(v[1] + 0.5); px[2] = UInt8(v[2] + 0.5); px[3] = 255
                    } else if k > 0 {
                        let old = SIMD4<Float>(Float(px[0]), Float(px[1]), Float(px[2]), Float(px[3]))
                        let m = v * k + old * (1 - k)
                        for c in 0..<4 { px[c] = UInt8(min(m[c], 255) + 0.5) }
                    }
                }
            }
        }
    }

    /// Runs `body(field, frame, columns, y0, y1)` on bands of the panel's rows in parallel;
    /// `columns` holds each panel column's horizontal lookup.
    private func bands(
        _ out: inout Image, rect: PixelRect, threads: Int,
        _ body:
            @Sendable (
                UnsafeMutablePointer<Float>, UnsafeMutablePointer<UInt8>,
                UnsafeMutablePointer<(Int, Int, Float)>, Int, Int
            ) -> Void
    ) {
        let columns = (rect.x..<rect.maxX).map { BackdropField.lookup($0, origin.x, factorX, values.width) }
        values.values.withUnsafeBufferPointer { fv in
            out.withUnsafeMutablePixels { o in
                columns.withUnsafeBufferPointer { cols in
                    let src = SharedPointer(fv.baseAddress!), dst = SharedPointer(o.baseAddress!)
                    let cp = SharedPointer(cols.baseAddress!)
                    parallelBands(lines: rect.height, threads: threads) { y0, y1 in
                        body(src.base, dst.base, cp.base, y0, y1)
                    }
                }
            }
        }
    }
}
