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

    /// Pixels of different lines processed together (lanes = 4 × this).
    var group: Int { axis == .horizontal ? 8 : 16 }

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
            defer { input.deallocate(); output.deallocate() }
            sourceIndex.withUnsafeBufferPointer { map in
                for g in first..<last {
                    let line0 = g * this.group
                    let n = min(this.group, this.lineCount - line0)
                    this.gather(src, map: map, line0: line0, lines: n, into: input, lanes: lanes)
                    switch filter {
                    case .identity:
                        (output).update(from: input + (outStart - start) * lanes, count: outCount * lanes)
                    case .fir(let k):
                        LineKernels.fir(k, src: input, dst: output, outStart: outStart - start,
                                        outCount: outCount, lanes: lanes)
                    case .iir(let d):
                        LineKernels.iir(d, src: input, dst: output, count: windowCount,
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
    private func gather(_ src: Plane, map: UnsafeBufferPointer<Int>, line0: Int, lines: Int,
                        into buf: UnsafeMutablePointer<Float>, lanes: Int) {
        if lines < group { buf.initialize(repeating: 0, count: map.count * lanes) }
        for s in 0..<map.count {
            let m = map[s]
            let row = buf + s * lanes
            if m < 0 {
                row.update(repeating: 0, count: 4 * lines)
                continue
            }
            switch axis {
            case .horizontal:
                for l in 0..<lines { src.load((srcLine + line0 + l) * src.width + m, to: row + 4 * l) }
            case .vertical:
                let base = m * src.width + srcLine + line0
                for l in 0..<lines { src.load(base + l, to: row + 4 * l) }
            }
        }
    }

    @inline(__always)
    private func scatter(_ buf: UnsafeMutablePointer<Float>, count: Int, line0: Int, lines: Int,
                         to dst: Plane, lanes: Int) {
        for s in 0..<count {
            let row = buf + s * lanes
            let along = outStart + s - dstOrigin
            switch axis {
            case .horizontal:
                for l in 0..<lines { dst.store((dstLine + line0 + l) * dst.width + along, from: row + 4 * l) }
            case .vertical:
                let base = along * dst.width + dstLine + line0
                for l in 0..<lines { dst.store(base + l, from: row + 4 * l) }
            }
        }
    }
}
