import FrostImage
import Dispatch

/// One 1-D pass of a separable filter over a plane: the schedule (strips, row groups, threads)
/// around the line kernels. In-place use (`src` and `dst` the same memory) is safe: every line
/// is gathered completely before any of it is written, and threads own disjoint lines.
struct SeparablePass {
    enum Axis { case horizontal, vertical }

    var axis: Axis
    var filter: LineFilter
    var edges: EdgeMode
    /// Length of the image along the axis (for edge mapping) and where `src` starts in it.
    var imageLength: Int
    var srcOrigin: Int
    /// Image indices along the axis to produce, and where `dst` starts in image coordinates.
    var outStart: Int
    var outEnd: Int
    var dstOrigin: Int
    /// Lines across the axis: `count` lines starting at `srcLine` in src and `dstLine` in dst.
    var srcLine: Int
    var dstLine: Int
    var lineCount: Int
    var threads: Int

    /// Pixels of different lines processed together (lanes = 4 × this). Rows are filtered 8 at
    /// a time with the recursive state in registers; columns in bands of `verticalBand` pixels,
    /// so each image row is read as one contiguous run (prefetch-friendly) and the state lives in L1.
    var group: Int {
        // Narrow inputs (tiny images, thin regions) get only the lanes they fill, rounded to a
        // whole SIMD8 vector (2 pixels).
        min(axis == .horizontal ? 8 : SeparablePass.verticalBand, (lineCount + 1) & ~1)
    }
    static let verticalBand = 256

    func run(src: Plane, dst: Plane) {
        let groups = (lineCount + group - 1) / group
        guard groups > 0, outEnd > outStart else { return }
        // Window of image indices read, and which of its ends stand at a transparent edge.
        var w0 = outStart - filter.reach, w1 = outEnd + filter.reach
        var zeroStart = false, zeroEnd = false
        if case .iir = filter, edges == .clamp || edges == .transparent {
            // Outside the image the line is constant (clamp) or zero (transparent): the
            // recursive filter's start-up state reproduces that exactly, so read no padding.
            if w0 <= 0 { w0 = 0; zeroStart = edges == .transparent }
            if w1 >= imageLength { w1 = imageLength; zeroEnd = edges == .transparent }
        }
        // Precompute the source index of every window sample (−1: transparent sample).
        let sourceIndex: [Int] = (w0..<w1).map { i in
            guard let m = edges.map(i, count: imageLength) else { return -1 }
            return m - srcOrigin
        }
        let workers = max(1, min(threads, groups))
        let windowCount = w1 - w0
        let lanes = 4 * group
        let outCount = outEnd - outStart
        let filter = self.filter
        let this = self
        let (start, zStart, zEnd) = (w0, zeroStart, zeroEnd)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let first = groups * worker / workers, last = groups * (worker + 1) / workers
            let input = UnsafeMutablePointer<Float>.allocate(capacity: windowCount * lanes + 8)
            let output = UnsafeMutablePointer<Float>.allocate(capacity: outCount * lanes + 8)
            let state = UnsafeMutablePointer<Float>.allocate(capacity: 4 * lanes)
            defer { input.deallocate(); output.deallocate(); state.deallocate() }
            sourceIndex.withUnsafeBufferPointer { map in
                for g in first..<last {
                    let line0 = g * this.group
                    let n = min(this.group, this.lineCount - line0)
                    this.gather(src, map: map, line0: line0, lines: n, into: input, lanes: lanes)
                    switch filter {
                    case .identity:
                        (output).update(from: input + (outStart - start) * lanes, count: outCount * lanes)
                    case .fir(let k):
                        LineKernels.fir(
                            k, src: input, dst: output, outStart: outStart - start,
                            outCount: outCount, lanes: lanes)
                    case .iir(let d) where this.axis == .vertical:
                        LineKernels.iirWide(
                            d, src: input, dst: output, count: windowCount,
                            outStart: outStart - start, outCount: outCount, lanes: lanes,
                            zeroStart: zStart, zeroEnd: zEnd, state: state)
                    case .iir(let d):
                        LineKernels.iir(
                            d, src: input, dst: output, count: windowCount,
                            outStart: outStart - start, outCount: outCount, lanes: lanes,
                            zeroStart: zStart, zeroEnd: zEnd)
                    }
                    this.scatter(output, count: outCount, line0: line0, lines: n, to: dst, lanes: lanes)
                }
            }
        }
    }

    /// Copies the window of `lines` lines into interleaved scratch; unused lanes are zero.
    @inline(__always)
    private func gather(
        _ src: Plane, map: UnsafeBufferPointer<Int>, line0: Int, lines: Int,
        into buf: UnsafeMutablePointer<Float>, lanes: Int
    ) {
        if lines < group { buf.initialize(repeating: 0, count: map.count * lanes) }
        // Pixel index of (sample m, line l) = m * alongStride + l * acrossStride + base.
        let (alongStride, acrossStride, base) =
            axis == .horizontal
            ? (1, src.width, (srcLine + line0) * src.width)
            : (src.width, 1, srcLine + line0)
        switch src.storage {
        case .u8(let p):
            for s in 0..<map.count {
                let m = map[s]
                let row = buf + s * lanes
                if m < 0 { row.update(repeating: 0, count: 4 * lines); continue }
                let q = p + 4 * (m * alongStride + base)
                for l in 0..<lines {
                    let b = q + 4 * l * acrossStride
                    UnsafeMutableRawPointer(row + 4 * l).storeBytes(
                        of: SIMD4<Float>(Float(b[0]), Float(b[1]), Float(b[2]), Float(b[3])), as: SIMD4<Float>.self)
                }
            }
        case .f32(let p):
            for s in 0..<map.count {
                let m = map[s]
                let row = buf + s * lanes
                if m < 0 { row.update(repeating: 0, count: 4 * lines); continue }
                let q = p + 4 * (m * alongStride + base)
                for l in 0..<lines {
                    let v = UnsafeRawPointer(q + 4 * l * acrossStride).loadUnaligned(as: SIMD4<Float>.self)
                    UnsafeMutableRawPointer(row + 4 * l).storeBytes(of: v, as: SIMD4<Float>.self)
                }
            }
        }
    }

    @inline(__always)
    private func scatter(
        _ buf: UnsafeMutablePointer<Float>, count: Int, line0: Int, lines: Int,
        to dst: Plane, lanes: Int
    ) {
        let (alongStride, acrossStride, base) =
            axis == .horizontal
            ? (1, dst.width, (dstLine + line0) * dst.width)
            : (dst.width, 1, dstLine + line0)
        switch dst.storage {
        case .u8(let p):
            let quads = lines / 4
            for s in 0..<count {
                let row = buf + s * lanes
                let q = p + 4 * ((outStart + s - dstOrigin) * alongStride + base)
                for k in 0..<quads {
                    let v = UnsafeRawPointer(row + 16 * k).loadUnaligned(as: SIMD16<Float>.self)
                    let packed = Plane.pack4(v)
                    if acrossStride == 1 {
                        UnsafeMutableRawPointer(q + 16 * k).storeBytes(of: packed, as: SIMD4<UInt32>.self)
                    } else {
                        for i in 0..<4 {
                            UnsafeMutableRawPointer(q + 4 * (4 * k + i) * acrossStride).storeBytes(of: packed[i], as: UInt32.self)
                        }
                    }
                }
                for l in (4 * quads)..<lines {
                    let v = UnsafeRawPointer(row + 4 * l).loadUnaligned(as: SIMD4<Float>.self)
                    UnsafeMutableRawPointer(q + 4 * l * acrossStride).storeBytes(of: Plane.pack(v), as: UInt32.self)
                }
            }
        case .f32(let p):
            for s in 0..<count {
                let row = buf + s * lanes
                let q = p + 4 * ((outStart + s - dstOrigin) * alongStride + base)
                for l in 0..<lines {
                    let v = UnsafeRawPointer(row + 4 * l).loadUnaligned(as: SIMD4<Float>.self)
                    UnsafeMutableRawPointer(q + 4 * l * acrossStride).storeBytes(of: v, as: SIMD4<Float>.self)
                }
            }
        }
    }
}
