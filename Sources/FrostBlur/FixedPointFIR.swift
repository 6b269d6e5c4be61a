import CFrostKernels
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

        /// Rounds the kernel to Q8 by its cumulative sums from the tail inwards: each tap is
        /// the difference of two rounded tail masses, so the tail keeps its mass (rounding taps
        /// one by one drops the many small ones of a wide kernel: 55 dB at σ 8 instead of 60),
        /// and the centre takes the rest, so the weights sum to exactly 256 and a constant image
        /// stays constant.
        ///
        /// `scale` is the sum of the weights: 256 (Q8) for the full-resolution FIR, 4096 (Q12)
        /// for the pyramid's small level.
        init(_ k: GaussianKernel, scale: Int = 256) {
            let r = k.radius
            var tail = [Double](repeating: 0, count: r + 2)  // tail[j] = Σ_{i ≥ j} k_i, one side
            for j in stride(from: r, through: 1, by: -1) { tail[j] = tail[j + 1] + Double(k.weights[j]) }
            let total = Double(k.weights[0]) + 2 * tail[1]  // 1 up to float rounding
            let rounded = tail.map { Int(($0 / total * Double(scale)).rounded()) }
            var w = [UInt16](repeating: 0, count: r + 1)
            for j in 1...max(1, r) where j <= r { w[j] = UInt16(rounded[j] - rounded[j + 1]) }
            while w.count > 1 && w[w.count - 1] == 0 { w.removeLast() }  // taps that round away
            w[0] = UInt16(scale - 2 * Int(w.dropFirst().reduce(0, +)))
            self.init(weights: w)
        }

        init(weights w: [UInt16]) {
            weights = w
            splat = w.map { V(repeating: $0) }
        }
    }

    /// Largest radius this path handles; beyond it the recursive filter is cheaper.
    static let maxRadius = 28

    let tx: Taps
    let ty: Taps
    let edges: EdgeMode
    /// The C kernels (AVX2 where the CPU has it) rather than the portable Swift ones; both give
    /// the same bytes (tested).
    var wide = true

    /// Whether this machine runs the AVX2 kernels.
    static let hasAVX2 = frost_cpu_has_avx2() != 0

    /// 16-bit lanes for `pixels` pixels in one plane (2 channels each), rounded up to whole
    /// 16-lane steps.
    static func lanes(_ pixels: Int) -> Int { (2 * pixels + 15) & ~15 }

    /// Blurs `rect` of `image` into the same rectangle of `out` (same size as `image`); the rest
    /// of `out` is left alone. `image` and `out` must not share storage.
    ///
    /// Rows are kept split into two 16-bit planes — even bytes (R, B) and odd bytes (G, A) — so
    /// products stay in 16 bits (pmullw) without widening, and every pixel's channels line up
    /// across taps. Each source row is split once into a ring of the 2r+1 rows the vertical
    /// pass needs; the vertical result lands in a padded row (edges filled through the edge
    /// mode) that the horizontal pass reads.
    func run(_ image: Image, into out: inout Image, region rect: PixelRect, threads: Int) {
        run(image, into: &out, region: rect, threads: threads, sink: nil)
    }

    /// Each output row of `rect`, as it is made: `y`, its first column `x`, its `count` pixels
    /// (valid only during the call). Called on the worker threads, for different rows at once.
    typealias RowSink = @Sendable (_ y: Int, _ x: Int, _ pixels: UnsafePointer<UInt8>, _ count: Int) -> Void

    /// The blur of `rect`, each output row handed to `sink` instead of written to an image:
    /// the same bytes ``run(_:into:region:threads:)`` writes, without an image to hold them.
    func run(_ image: Image, region rect: PixelRect, threads: Int, rows sink: @escaping RowSink) {
        var unused = Image.sinkPlaceholder
        run(image, into: &unused, region: rect, threads: threads, sink: sink)
    }

    private func run(_ image: Image, into out: inout Image, region rect: PixelRect, threads: Int, sink: RowSink?) {
        let useC = wide && FixedPointFIR.hasAVX2
        // Vertical strips keep the rows the vertical pass reads near 256 KiB, in L2: for the
        // Swift kernels a ring of 2r+1 split rows (8 bytes per pixel; a whole 4K row at σ 8
        // would be 57 rows × 30 KiB), for the C kernels the 2r+1 source rows themselves (4
        // bytes per pixel). Each strip re-reads r columns of its neighbours, so strips are no
        // narrower than 256 pixels.
        let bytesPerPixel = useC ? 4 : 8
        let stripWidth = max(256, ((1 << 18) / (bytesPerPixel * (2 * ty.radius + 1))) & ~63)
        var x = rect.x
        while x < rect.maxX {
            let width = min(stripWidth, rect.maxX - x)
            let strip = PixelRect(x: x, y: rect.y, width: width, height: rect.height)
            if useC {
                runStripC(image, into: &out, region: strip, threads: threads, sink: sink)
            } else {
                runStrip(image, into: &out, region: strip, threads: threads, sink: sink)
            }
            x += width
        }
    }

    /// Where a strip's padded row comes from: pad pixel 0 is image column `origin`; `colMap`
    /// maps each pad pixel through the edge mode (−1: transparent); the vertical pass covers
    /// image columns `c0 ..< c0 + span`, straight into the pad when `inPad`; `fills` are the pad
    /// pixels it does not write in place (edges, or all of them). A transparent column −1 maps
    /// to −1 too, so the map is compared only where it names a column.
    private func stripGeometry(
        _ rect: PixelRect, imageWidth W: Int
    )
        -> (padWidth: Int, origin: Int, colMap: [Int], c0: Int, span: Int, inPad: Bool, fills: [Int])
    {
        let rx = tx.radius
        let padWidth = rect.width + 2 * rx, origin = rect.x - rx
        let colMap = (0..<padWidth).map { edges.map(origin + $0, count: W) ?? -1 }
        let used = colMap.filter { $0 >= 0 }
        let c0 = used.min() ?? 0, span = max(0, (used.max() ?? -1) + 1 - c0)
        let inPad = c0 >= origin && c0 + span <= origin + padWidth
        let fills = (0..<padWidth).filter { !inPad || colMap[$0] < 0 || colMap[$0] != origin + $0 }
        return (padWidth, origin, colMap, c0, span, inPad, fills)
    }

    /// The strip through the C kernels: no split and no ring — the vertical pass reads the
    /// source rows' bytes and writes an interleaved 16-bit row into the pad (edges filled
    /// through the edge mode), which the horizontal pass reads.
    private func runStripC(_ image: Image, into out: inout Image, region rect: PixelRect, threads: Int, sink: RowSink?) {
        let W = image.width, H = image.height, edges = self.edges
        let rx = tx.radius, ry = ty.radius
        let (padWidth, origin, colMap, c0, span, inPad, fills) = stripGeometry(rect, imageWidth: W)
        let taps = 2 * ry + 1
        let wx = tx.weights, wy = ty.weights
        Self.withStripBuffers(image, &out, colMap: colMap, fills: fills, wx: wx, wy: wy) { b in
            parallelBands(lines: rect.height, threads: threads) { first, end in
                let pad = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * padWidth + 64)
                let vrow = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * span + 64)
                let zero = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * span + 64)
                zero.initialize(repeating: 0, count: 4 * span + 64)
                let rows = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: taps)
                let line = UnsafeMutablePointer<UInt8>.allocate(capacity: sink == nil ? 0 : 4 * rect.width)
                defer { pad.deallocate(); vrow.deallocate(); zero.deallocate(); rows.deallocate(); line.deallocate() }
                for y in (rect.y + first)..<(rect.y + end) {
                    for j in 0..<taps {
                        rows[j] = UnsafePointer(edges.map(y - ry + j, count: H).map { b.src + 4 * ($0 * W + c0) } ?? UnsafePointer(zero))
                    }
                    let vertical = inPad ? pad + 4 * (c0 - origin) : vrow
                    frost_fir_vertical_bytes(rows, Int32(ry), b.wy, 4 * span, vertical, 1)
                    // Pad pixels the vertical pass did not write in place, through the edge map.
                    for f in 0..<b.fills.count {
                        let i = b.fills[f], m = b.colMap[i]
                        let v: UInt64 = m < 0 ? 0 : UnsafeRawPointer(vertical + 4 * (m - c0)).loadUnaligned(as: UInt64.self)
                        UnsafeMutableRawPointer(pad + 4 * i).storeBytes(of: v, as: UInt64.self)
                    }
                    frost_fir_horizontal_rgba(
                        pad, Int32(rx), b.wx, Int32(rect.width),
                        sink == nil ? b.dst + 4 * (y * W + rect.x) : line, 1)
                    sink?(y, rect.x, line, rect.width)
                }
            }
        }
    }

    private func runStrip(_ image: Image, into out: inout Image, region rect: PixelRect, threads: Int, sink: RowSink?) {
        let W = image.width, H = image.height, edges = self.edges
        let rx = tx.radius, ry = ty.radius
        let (padWidth, origin, colMap, c0, span, inPad, fills) = stripGeometry(rect, imageWidth: W)
        let spanLanes = FixedPointFIR.lanes(span), padLanes = FixedPointFIR.lanes(padWidth) + 32
        let taps = 2 * ry + 1
        let wx = tx.splat, wy = ty.splat

        Self.withStripBuffers(image, &out, colMap: colMap, fills: fills, wx: wx, wy: wy) { b in
            parallelBands(lines: rect.height, threads: threads) { first, end in
                // Scratch: the ring (taps rows × 2 planes), the pad (2 planes), the vertical
                // row when it cannot go into the pad (2 planes).
                let total = taps * 2 * spanLanes + 2 * padLanes + 2 * (spanLanes + 32)
                let raw = UnsafeMutableRawPointer.allocate(byteCount: 2 * total, alignment: 64)
                let scratch = raw.bindMemory(to: UInt16.self, capacity: total)
                scratch.initialize(repeating: 0, count: total)
                let padE = scratch + taps * 2 * spanLanes, padO = padE + padLanes
                let vrowE = padO + padLanes, vrowO = vrowE + spanLanes + 32
                let rowsE = UnsafeMutablePointer<UnsafePointer<UInt16>>.allocate(capacity: 2 * taps)
                let rowsO = rowsE + taps
                let held = UnsafeMutablePointer<Int>.allocate(capacity: taps)
                held.initialize(repeating: Int.min, count: taps)
                let line = UnsafeMutablePointer<UInt8>.allocate(capacity: sink == nil ? 0 : 4 * rect.width)
                defer { raw.deallocate(); rowsE.deallocate(); held.deallocate(); line.deallocate() }

                for y in (rect.y + first)..<(rect.y + end) {
                    for j in 0..<taps {
                        let wyRow = y - ry + j
                        let slot = ((wyRow % taps) + taps) % taps
                        let e = scratch + slot * 2 * spanLanes, o = e + spanLanes
                        if held[slot] != wyRow {
                            held[slot] = wyRow
                            if let m = edges.map(wyRow, count: H) {
                                FixedPointFIR.split(b.src + 4 * (m * W + c0), pixels: span, even: e, odd: o)
                            } else {
                                e.update(repeating: 0, count: 2 * spanLanes)
                            }
                        }
                        rowsE[j] = UnsafePointer(e); rowsO[j] = UnsafePointer(o)
                    }
                    let (ve, vo) = inPad ? (padE + 2 * (c0 - origin), padO + 2 * (c0 - origin)) : (vrowE, vrowO)
                    FixedPointFIR.vertical(
                        rowsE, rowsO, radius: ry, weights: b.wy, lanes: spanLanes,
                        even: ve, odd: vo)
                    // Pad pixels the vertical pass did not write in place, through the edge map.
                    for f in 0..<b.fills.count {
                        let i = b.fills[f], m = b.colMap[i]
                        let from = inPad ? m - origin : m - c0
                        let (fe, fo) = inPad ? (padE, padO) : (vrowE, vrowO)
                        let e: UInt32 = m < 0 ? 0 : UnsafeRawPointer(fe + 2 * from).loadUnaligned(as: UInt32.self)
                        let o: UInt32 = m < 0 ? 0 : UnsafeRawPointer(fo + 2 * from).loadUnaligned(as: UInt32.self)
                        UnsafeMutableRawPointer(padE + 2 * i).storeBytes(of: e, as: UInt32.self)
                        UnsafeMutableRawPointer(padO + 2 * i).storeBytes(of: o, as: UInt32.self)
                    }
                    FixedPointFIR.horizontal(
                        even: padE, odd: padO, radius: rx, weights: b.wx,
                        pixels: rect.width, into: sink == nil ? b.dst + 4 * (y * W + rect.x) : line)
                    sink?(y, rect.x, line, rect.width)
                }
            }
        }
    }

    /// A strip's buffers as the worker threads share them: source and output pixels, the edge
    /// map and fill list of ``stripGeometry(_:imageWidth:)``, and the weights. `@unchecked
    /// Sendable`: raw pointers valid for the call that makes them; workers only read all but
    /// `dst`, and each writes only its own strip's rows of it.
    private struct StripBuffers<Weight>: @unchecked Sendable {
        let src: UnsafePointer<UInt8>, dst: UnsafeMutablePointer<UInt8>
        let colMap: UnsafePointer<Int>, fills: UnsafeBufferPointer<Int>
        let wx: UnsafePointer<Weight>, wy: UnsafePointer<Weight>
    }

    private static func withStripBuffers<Weight>(
        _ image: Image, _ out: inout Image, colMap: [Int], fills: [Int],
        wx: [Weight], wy: [Weight], _ body: (StripBuffers<Weight>) -> Void
    ) {
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutablePixels { dst in
                colMap.withUnsafeBufferPointer { cm in
                    fills.withUnsafeBufferPointer { fl in
                        wx.withUnsafeBufferPointer { wxp in
                            wy.withUnsafeBufferPointer { wyp in
                                body(
                                    StripBuffers(
                                        src: src.baseAddress!, dst: dst.baseAddress!, colMap: cm.baseAddress!,
                                        fills: fl, wx: wxp.baseAddress!, wy: wyp.baseAddress!))
                            }
                        }
                    }
                }
            }
        }
    }

    typealias V = SIMD8<UInt16>

    /// Splits `pixels` RGBA8 pixels into even bytes (R, B) and odd bytes (G, A) as 16-bit lanes.
    static func split(
        _ p: UnsafePointer<UInt8>, pixels: Int, even: UnsafeMutablePointer<UInt16>,
        odd: UnsafeMutablePointer<UInt16>
    ) {
        let low = V(repeating: 0x00FF), bytes = 4 * pixels
        var k = 0
        while k &+ 16 <= bytes {
            let v = UnsafeRawPointer(p + k).loadUnaligned(as: V.self)
            UnsafeMutableRawPointer(even + k / 2).storeBytes(of: v & low, as: V.self)
            UnsafeMutableRawPointer(odd + k / 2).storeBytes(of: v &>> 8, as: V.self)
            k &+= 16
        }
        while k < bytes {
            even[k / 2] = UInt16(p[k])  // lanes 2q, 2q+1 hold channels 0, 2 of pixel q
            odd[k / 2] = UInt16(p[k + 1])
            k &+= 2
        }
    }

    /// Vertical pass over split rows: `out = Σ w[|i−r|] · rows[i]` per lane, rounded to 8 bits.
    /// `lanes` is a multiple of 16; rows are 16-byte aligned.
    static func vertical(
        _ rowsE: UnsafePointer<UnsafePointer<UInt16>>, _ rowsO: UnsafePointer<UnsafePointer<UInt16>>,
        radius r: Int, weights w: UnsafePointer<V>, lanes: Int,
        even: UnsafeMutablePointer<UInt16>, odd: UnsafeMutablePointer<UInt16>
    ) {
        @inline(__always) func at(_ p: UnsafePointer<UInt16>, _ k: Int) -> V { UnsafeRawPointer(p + k).load(as: V.self) }
        let half = V(repeating: 128)
        var k = 0
        while k < lanes {
            let w0 = w[0]
            var e0 = at(rowsE[r], k) &* w0, e1 = at(rowsE[r], k &+ 8) &* w0
            var o0 = at(rowsO[r], k) &* w0, o1 = at(rowsO[r], k &+ 8) &* w0
            var j = 1
            while j <= r {
                let wj = w[j]
                let ea = rowsE[r &- j], eb = rowsE[r &+ j], oa = rowsO[r &- j], ob = rowsO[r &+ j]
                e0 &+= (at(ea, k) &+ at(eb, k)) &* wj
                e1 &+= (at(ea, k &+ 8) &+ at(eb, k &+ 8)) &* wj
                o0 &+= (at(oa, k) &+ at(ob, k)) &* wj
                o1 &+= (at(oa, k &+ 8) &+ at(ob, k &+ 8)) &* wj
                j &+= 1
            }
            UnsafeMutableRawPointer(even + k).storeBytes(of: (e0 &+ half) &>> 8, as: V.self)
            UnsafeMutableRawPointer(even + k + 8).storeBytes(of: (e1 &+ half) &>> 8, as: V.self)
            UnsafeMutableRawPointer(odd + k).storeBytes(of: (o0 &+ half) &>> 8, as: V.self)
            UnsafeMutableRawPointer(odd + k + 8).storeBytes(of: (o1 &+ half) &>> 8, as: V.self)
            k &+= 16
        }
    }

    /// Horizontal pass over a padded split row (`radius` pixels each side) into `pixels` RGBA8
    /// pixels: 8 pixels per step, the last step through a temporary when it is partial.
    static func horizontal(
        even: UnsafePointer<UInt16>, odd: UnsafePointer<UInt16>, radius r: Int,
        weights w: UnsafePointer<V>, pixels: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        @inline(__always) func at(_ p: UnsafePointer<UInt16>, _ k: Int) -> V { UnsafeRawPointer(p + k).loadUnaligned(as: V.self) }
        let half = V(repeating: 128)
        let c = 2 * r
        var x = 0
        while x < pixels {
            let k = c &+ 2 &* x
            let w0 = w[0]
            var e0 = at(even, k) &* w0, e1 = at(even, k &+ 8) &* w0
            var o0 = at(odd, k) &* w0, o1 = at(odd, k &+ 8) &* w0
            var j = 1
            while j <= r {
                let wj = w[j], lo = k &- 2 &* j, hi = k &+ 2 &* j
                e0 &+= (at(even, lo) &+ at(even, hi)) &* wj
                e1 &+= (at(even, lo &+ 8) &+ at(even, hi &+ 8)) &* wj
                o0 &+= (at(odd, lo) &+ at(odd, hi)) &* wj
                o1 &+= (at(odd, lo &+ 8) &+ at(odd, hi &+ 8)) &* wj
                j &+= 1
            }
            // Even results in the low byte, odd in the high byte: R G B A in memory order.
            let v0 = ((e0 &+ half) &>> 8) | ((o0 &+ half) & ~V(repeating: 0x00FF))
            let v1 = ((e1 &+ half) &>> 8) | ((o1 &+ half) & ~V(repeating: 0x00FF))
            if x &+ 8 <= pixels {
                UnsafeMutableRawPointer(out + 4 * x).storeBytes(of: v0, as: V.self)
                UnsafeMutableRawPointer(out + 4 * x + 16).storeBytes(of: v1, as: V.self)
            } else {
                withUnsafeBytes(of: (v0, v1)) { tmp in
                    (out + 4 * x).update(from: tmp.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 4 * (pixels - x))
                }
            }
            x &+= 8
        }
    }
}

extension Image {
    /// The output a row-streaming blur never writes to.
    fileprivate static let sinkPlaceholder = Image(unwrittenWidth: 1, height: 1)
}
