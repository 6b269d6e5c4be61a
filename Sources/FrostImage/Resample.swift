import Foundation

/// Resampling shared by every layer: area averaging (block means) for shrinking, bilinear
/// interpolation for growing and for the blur planner's upsampling, and an affine warp for
/// drawing images through a transform. Premultiplied values throughout, so transparent pixels
/// never bleed dark colour into their neighbours.
///
/// The Gaussian planner's downsampled schedule runs on ``blockMeans(_:width:height:window:edges:factorX:factorY:encoding:threads:)``
/// and ``bilinearRows(_:region:origin:fx:fy:threads:emit:)``; the canvas draws images with
/// ``warp(_:transform:into:region:edges:threads:)``. (Materials keep their fused capture and 16-bit composite, which
/// do the same maths together with their colour steps.)
public enum Resample {
    /// Where ``blockMeans(_:width:height:window:edges:factorX:factorY:encoding:threads:)`` reads:
    /// 8-bit or float premultiplied RGBA, `width × height × 4` values.
    public enum Source {
        case bytes(UnsafePointer<UInt8>)
        case floats(UnsafePointer<Float>)
    }

    /// Block means of `window` (mapped through `edges`; transparent samples count as zero)
    /// of a `width` × `height` source, in the source's units: an image of ⌈w/fx⌉ × ⌈h/fy⌉
    /// pixels, partial blocks at the far edges averaging the samples they have.
    public static func blockMeans(
        _ source: Source, width W: Int, height H: Int, window: PixelRect, edges: EdgeMode,
        factorX fx: Int, factorY fy: Int, encoding: ColorEncoding, threads: Int
    ) -> FloatImage {
        let sw = (window.width + fx - 1) / fx, sh = (window.height + fy - 1) / fy
        let mapX = (0..<window.width).map { edges.map(window.x + $0, count: W) ?? -1 }
        let mapY = (0..<window.height).map { edges.map(window.y + $0, count: H) ?? -1 }
        // The image columns the window reads; rows are summed over just this span.
        let used = mapX.filter { $0 >= 0 }
        let c0 = used.min() ?? 0, span = used.isEmpty ? 0 : used.max()! - c0 + 1
        var small = try! FloatImage(width: sw, height: sh, encoding: encoding)
        let (bytes, floats): (SharedPointer<UInt8>?, SharedPointer<Float>?)
        switch source {
        case .bytes(let p): (bytes, floats) = (SharedPointer(UnsafeMutablePointer(mutating: p)), nil)
        case .floats(let p): (bytes, floats) = (nil, SharedPointer(UnsafeMutablePointer(mutating: p)))
        }
        small.withUnsafeMutableValues { sm in
            mapX.withUnsafeBufferPointer { mx in
                mapY.withUnsafeBufferPointer { my in
                    let out = SharedPointer(sm.baseAddress!)
                    let mapX = SharedPointer(mx.baseAddress!), mapY = SharedPointer(my.baseAddress!)
                    parallelBands(lines: sh, threads: threads) { first, end in
                        let acc = UnsafeMutablePointer<Float>.allocate(capacity: max(1, span * 4))
                        defer { acc.deallocate() }
                        for j in first..<end {
                            // Sum the block's image rows over the column span (exact in Float:
                            // at most 1024 · 255 per sum for 8-bit input).
                            acc.update(repeating: 0, count: span * 4)
                            let y0 = j * fy, y1 = min(window.height, y0 + fy)
                            for y in y0..<y1 where mapY.base[y] >= 0 {
                                let k0 = 4 * (mapY.base[y] * W + c0)
                                if let floats {
                                    let row = floats.base + k0
                                    for k in 0..<(span * 4) { acc[k] += row[k] }
                                } else if let bytes {
                                    let row = bytes.base + k0
                                    for k in 0..<(span * 4) { acc[k] += Float(row[k]) }
                                }
                            }
                            // Then the block's columns, through the edge map, divided by its area.
                            let dst = out.base + j * sw * 4
                            for i in 0..<sw {
                                let x0 = i * fx, x1 = min(window.width, x0 + fx)
                                var sum = SIMD4<Float>(repeating: 0)
                                for x in x0..<x1 where mapX.base[x] >= 0 {
                                    sum += UnsafeRawPointer(acc + 4 * (mapX.base[x] - c0)).loadUnaligned(as: SIMD4<Float>.self)
                                }
                                let mean = sum / Float((y1 - y0) * (x1 - x0))
                                UnsafeMutableRawPointer(dst + 4 * i).storeBytes(of: mean, as: SIMD4<Float>.self)
                            }
                        }
                    }
                }
            }
        }
        return small
    }

    /// A run of output columns that interpolate between the same two small pixels; `u` grows by
    /// `du` per column (or the run is a clamped edge with i0 == i1).
    struct UpsampleRun {
        var start: Int, end: Int, i0: Int, i1: Int, u: Float, du: Float
    }

    /// Bilinear upsampling of `small` (pixel i is the mean of the block starting at
    /// origin + i·f, so it sits at origin + i·f + (f − 1)/2) over `rect`, one output row at a time:
    /// `emit(y, row)` gets the row `rect.y + y` as `rect.width` RGBA floats, from the workers
    /// (rows in parallel bands; the row buffer is reused after `emit` returns).
    public static func bilinearRows(
        _ small: FloatImage, region rect: PixelRect, origin: (x: Int, y: Int), fx: Int, fy: Int,
        threads: Int, emit: @Sendable (Int, UnsafeMutablePointer<Float>) -> Void
    ) {
        let sw = small.width, sh = small.height
        @Sendable func position(_ p: Int, _ origin: Int, _ f: Int, _ count: Int) -> (i0: Int, i1: Int, u: Float) {
            let u = (Double(p - origin) - Double(f - 1) / 2) / Double(f)
            if u <= 0 { return (0, 0, 0) }
            let i = min(Int(u.rounded(.down)), count - 1)
            return i == count - 1 ? (i, i, 0) : (i, i + 1, Float(u - Double(i)))
        }
        var runs: [UpsampleRun] = []
        for x in rect.x..<rect.maxX {
            let p = position(x, origin.x, fx, sw)
            if let last = runs.last, last.i0 == p.i0, last.i1 == p.i1 {
                runs[runs.count - 1].end = x - rect.x + 1
            } else {
                runs.append(
                    UpsampleRun(
                        start: x - rect.x, end: x - rect.x + 1, i0: p.i0, i1: p.i1, u: p.u,
                        du: p.i0 == p.i1 ? 0 : 1 / Float(fx)))
            }
        }
        small.values.withUnsafeBufferPointer { sm in
            runs.withUnsafeBufferPointer { rs in
                let s = SharedPointer(UnsafeMutablePointer(mutating: sm.baseAddress!))
                let runs = SharedPointer(UnsafeMutablePointer(mutating: rs.baseAddress!))
                let runCount = rs.count
                parallelBands(lines: rect.height, threads: threads) { first, end in
                    // Small rows upsampled horizontally to the region's width, kept two at a
                    // time (rows j0 and j1 of the current output row), so the horizontal work
                    // is done once per small row and each output pixel is one vertical lerp.
                    let n = rect.width * 4
                    let wide = UnsafeMutablePointer<Float>.allocate(capacity: 2 * n)
                    let row = UnsafeMutablePointer<Float>.allocate(capacity: n)
                    defer { wide.deallocate(); row.deallocate() }
                    var held = (-1, -1)  // small rows held in wide[0..<n] and wide[n..<2n]
                    func widen(_ j: Int, into dst: UnsafeMutablePointer<Float>) {
                        let line = s.base + j * sw * 4
                        for k in 0..<runCount {
                            let run = runs.base[k]
                            let p0 = UnsafeRawPointer(line + 4 * run.i0).loadUnaligned(as: SIMD4<Float>.self)
                            let d = UnsafeRawPointer(line + 4 * run.i1).loadUnaligned(as: SIMD4<Float>.self) - p0
                            for x in run.start..<run.end {
                                let v = p0 + d * (run.u + Float(x - run.start) * run.du)
                                UnsafeMutableRawPointer(dst + 4 * x).storeBytes(of: v, as: SIMD4<Float>.self)
                            }
                        }
                    }
                    for y in first..<end {
                        let (j0, j1, t) = position(rect.y + y, origin.y, fy, sh)
                        if held != (j0, j1) {
                            // Moving down one small row: the old j1 becomes j0.
                            if held.1 == j0 && held.0 != held.1 {
                                wide.update(from: wide + n, count: n)
                            } else if held.0 != j0 {
                                widen(j0, into: wide)
                            }
                            if j1 != j0 { widen(j1, into: wide + n) }
                            held = (j0, j1)
                        }
                        let a = wide, b = j1 == j0 ? wide : wide + n
                        for k in 0..<n { row[k] = a[k] + (b[k] - a[k]) * t }
                        emit(y, row)
                    }
                }
            }
        }
    }
}
