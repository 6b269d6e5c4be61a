import Dispatch
import Foundation
import FrostImage

/// vImage-style box and tent convolutions on premultiplied RGBA8, computed exactly in
/// integers: each output is the kernel-weighted sum of the inputs divided by the kernel's
/// total weight, rounded to nearest (halves up).
///
/// Kernel sizes are in pixels and must be odd, as vImage requires; an even size is rounded
/// up to the next odd one. The default edge mode is clamp (vImage's `kvImageEdgeExtend`).
public struct BoxBlur: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Every tap weighs the same (`vImageBoxConvolve_ARGB8888`).
        case box
        /// Triangular weights 1, 2, …, m, …, 2, 1 per axis (`vImageTentConvolve_ARGB8888`).
        case tent
    }
    public var kind: Kind
    /// Kernel width and height in pixels (odd after rounding), 1…``maxSize``.
    public var width: Int
    public var height: Int
    public var edges: EdgeMode

    /// Largest kernel side accepted, in pixels.
    public static let maxSize = 8191

    public init(_ kind: Kind = .box, width: Int, height: Int? = nil, edges: EdgeMode = .clamp) {
        self.kind = kind
        self.width = width | 1
        self.height = (height ?? width) | 1
        self.edges = edges
    }

    /// Throws for sizes below 1 or over ``maxSize``.
    public func validate() throws(ImageError) {
        for s in [width, height] where s < 1 || s > BoxBlur.maxSize {
            throw .invalidArgument("kernel size \(s) is outside 1...\(BoxBlur.maxSize)")
        }
    }

    /// The standard deviation of the kernel along an axis of size `size`, in pixels.
    public func sigma(ofSize size: Int) -> Double {
        switch kind {
        case .box: return (Double(size * size - 1) / 12).squareRoot()
        case .tent:
            let m = Double((size + 1) / 2)
            return (2 * (m * m - 1) / 12).squareRoot()
        }
    }

    /// The box widths whose successive sums make one axis of the kernel.
    func boxes(_ size: Int) -> [Int] {
        kind == .box ? [size] : [(size + 1) / 2, (size + 1) / 2]
    }

    /// Applies the convolution. `threads`: 1…256, default every core.
    public func apply(to image: Image, threads: Int? = nil) throws(ImageError) -> Image {
        try validate()
        let threads = try ImageError.resolveThreads(threads)
        if width == 1 && height == 1 { return image }
        let bx = boxes(width), by = boxes(height)
        // Total kernel weight: the product of every box width on both axes. Sums stay below
        // 255 · total, so 32-bit lanes do for boxes up to 4103 px and tents up to 127 px.
        let dx = bx.reduce(UInt64(1)) { $0 * UInt64($1) }, dy = by.reduce(UInt64(1)) { $0 * UInt64($1) }
        if 255 * dx * dy < UInt64(UInt32.max) {
            return BoxPasses<UInt32>(image: image, boxesX: bx, boxesY: by, edges: edges, total: dx * dy).run(threads: threads)
        }
        return BoxPasses<UInt64>(image: image, boxesX: bx, boxesY: by, edges: edges, total: dx * dy).run(threads: threads)
    }
}

/// The two passes of a box or tent convolution with running sums in lanes of `T`: rows through
/// successive boxes into unnormalised sums, then columns — streamed row by row, so every read is
/// a whole row — with one rounding division at the end.
struct BoxPasses<T: FixedWidthInteger & UnsignedInteger & SIMDScalar> {
    let image: Image
    let boxesX: [Int], boxesY: [Int]
    let edges: EdgeMode
    let total: UInt64

    func run(threads: Int) -> Image {
        let W = image.width, H = image.height, n = 4 * W
        var rows = [T](repeating: 0, count: n * H)
        let reachX = boxesX.reduce(0) { $0 + $1 - 1 } / 2
        let mapX = ((-reachX)..<(W + reachX)).map { edges.map($0, count: W) ?? -1 }
        image.pixels.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { dst in
                mapX.withUnsafeBufferPointer { mx in
                    let s = SharedPointer(src.baseAddress!), d = SharedPointer(dst.baseAddress!), m = SharedPointer(mx.baseAddress!)
                    let boxes = boxesX, count = mx.count
                    parallelBands(lines: H, threads: threads) { y0, y1 in
                        let line = UnsafeMutablePointer<SIMD4<T>>.allocate(capacity: count)
                        defer { line.deallocate() }
                        for y in y0..<y1 {
                            let row = s.base + y * n
                            for i in 0..<count {
                                let k = m.base[i]
                                line[i] = k < 0 ? .zero : SIMD4(T(row[4 * k]), T(row[4 * k + 1]), T(row[4 * k + 2]), T(row[4 * k + 3]))
                            }
                            BoxPasses.runningSums(line, count: count, boxes: boxes)
                            UnsafeMutableRawPointer(d.base + y * n).copyMemory(from: line, byteCount: n * MemoryLayout<T>.stride)
                        }
                    }
                }
            }
        }
        var out = image
        let reachY = boxesY.reduce(0) { $0 + $1 - 1 } / 2
        let mapY = ((-reachY)..<(H + reachY)).map { edges.map($0, count: H) ?? -1 }
        rows.withUnsafeBufferPointer { src in
            out.withUnsafeMutablePixels { dst in
                mapY.withUnsafeBufferPointer { my in
                    let s = SharedPointer(src.baseAddress!), d = SharedPointer(dst.baseAddress!), m = SharedPointer(my.baseAddress!)
                    let boxes = boxesY, total = self.total
                    parallelBands(lines: H, threads: threads) { y0, y1 in
                        BoxPasses.columns(
                            s.base, n: n, map: m.base, boxes: boxes, rows: y0..<y1, total: total,
                            into: d.base)
                    }
                }
            }
        }
        return out
    }

    /// In place over `count` samples: each box of width m replaces sample i by the sum of
    /// samples i…i+m−1 (the valid part shrinks by m − 1), so successive boxes make one kernel
    /// centred on the window's first sample + reach.
    @inline(__always)
    static func runningSums(_ b: UnsafeMutablePointer<SIMD4<T>>, count: Int, boxes: [Int]) {
        var count = count
        for m in boxes {
            let valid = count - (m - 1)
            var acc = SIMD4<T>.zero
            for k in 0..<m { acc &+= b[k] }
            for i in 0..<valid {
                let head = b[i]
                b[i] = acc
                if i + m < count { acc &+= b[i + m] }
                acc &-= head
            }
            count = valid
        }
    }

    /// Output rows `rows` of the vertical pass. Row j of the extended column (the image's rows
    /// plus the reach, through the edge map) is `src` row map[j] (none: zero). The first box's
    /// sum over rows i…i+m₁−1 is kept as a running row; a tent's second box sums m₂ of those,
    /// with a second first-box accumulator trailing m₂ rows behind to take out the oldest.
    static func columns(
        _ src: UnsafePointer<T>, n: Int, map: UnsafePointer<Int>, boxes: [Int], rows: Range<Int>, total: UInt64,
        into dst: UnsafeMutablePointer<UInt8>
    ) {
        let m1 = boxes[0], m2 = boxes.count > 1 ? boxes[1] : 1
        let lead = UnsafeMutablePointer<T>.allocate(capacity: n), lag = UnsafeMutablePointer<T>.allocate(capacity: n)
        let acc = UnsafeMutablePointer<T>.allocate(capacity: n)
        defer { lead.deallocate(); lag.deallocate(); acc.deallocate() }
        @inline(__always) func add(_ j: Int, to a: UnsafeMutablePointer<T>) {
            guard map[j] >= 0 else { return }
            let r = src + map[j] * n
            for k in 0..<n { a[k] &+= r[k] }
        }
        @inline(__always) func slide(_ a: UnsafeMutablePointer<T>, adding j: Int, removing i: Int) {
            let (pa, pi) = (map[j], map[i])
            if pa == pi { return }
            if pa >= 0 && pi >= 0 {
                let ra = src + pa * n, ri = src + pi * n
                for k in 0..<n { a[k] = a[k] &+ ra[k] &- ri[k] }
            } else if pa >= 0 {
                let ra = src + pa * n
                for k in 0..<n { a[k] &+= ra[k] }
            } else {
                let ri = src + pi * n
                for k in 0..<n { a[k] &-= ri[k] }
            }
        }
        // lead = first-box sum starting at row y0 (S₁[y0]); with two boxes, acc = S₁[y0] + … +
        // S₁[y0 + m₂ − 1], advancing lead to S₁[y0 + m₂ − 1] and lag staying at S₁[y0].
        let y0 = rows.lowerBound
        lead.initialize(repeating: 0, count: n)
        for j in y0..<(y0 + m1) { add(j, to: lead) }
        if m2 > 1 {
            lag.update(from: lead, count: n)
            acc.update(from: lead, count: n)
            for i in (y0 + 1)..<(y0 + m2) {
                slide(lead, adding: i + m1 - 1, removing: i - 1)
                for k in 0..<n { acc[k] &+= lead[k] }
            }
        }
        let sums = m2 > 1 ? acc : lead
        let divide = Divider(total)
        // Sums below 2³¹ convert to Double lane-wise (a loop the compiler vectorises).
        let narrow = T.bitWidth == 32 && 255 * total < (1 << 31) && divide.exactInDouble
        let quotients = UnsafeMutablePointer<Int32>.allocate(capacity: narrow ? n : 0)
        defer { quotients.deallocate() }
        let bias = Double(divide.half) + 0.5, inverse = divide.inverse
        for y in rows {
            let out = dst + y * n
            if narrow {
                UnsafeMutableRawPointer(sums).withMemoryRebound(to: Int32.self, capacity: n) { s in
                    // floor(t) = round(t − ½) as t sits ≥ ½/total from an integer; adding 1.5·2⁵²
                    // rounds and leaves the integer in the low bits (no trapping conversion).
                    for k in 0..<n {
                        let t = (Double(s[k]) + bias) * inverse - 0.5 + 6_755_399_441_055_744
                        quotients[k] = Int32(truncatingIfNeeded: t.bitPattern)
                    }
                }
                var k = 0
                while k < n {
                    let a = UInt8(truncatingIfNeeded: quotients[k + 3])
                    out[k + 3] = a
                    out[k] = min(a, UInt8(truncatingIfNeeded: quotients[k]))
                    out[k + 1] = min(a, UInt8(truncatingIfNeeded: quotients[k + 1]))
                    out[k + 2] = min(a, UInt8(truncatingIfNeeded: quotients[k + 2]))
                    k += 4
                }
            } else {
                var k = 0
                while k < n {
                    let a = divide(UInt64(sums[k + 3]))
                    out[k + 3] = a
                    out[k] = min(a, divide(UInt64(sums[k]))); out[k + 1] = min(a, divide(UInt64(sums[k + 1])))
                    out[k + 2] = min(a, divide(UInt64(sums[k + 2])))
                    k += 4
                }
            }
            guard y + 1 < rows.upperBound else { break }
            if m2 > 1 {
                // S₁[y + m₂] in, S₁[y] out.
                slide(lead, adding: y + m2 + m1 - 1, removing: y + m2 - 1)
                for k in 0..<n { acc[k] = acc[k] &+ lead[k] &- lag[k] }
                slide(lag, adding: y + m1, removing: y)
            } else {
                slide(lead, adding: y + m1, removing: y)
            }
        }
    }
}

/// round(x / total), halves up, for 0 ≤ x ≤ 255 · total: a multiplication by the reciprocal
/// where that is exact — x + ½·total + ½ sits at least ½/total from a multiple of total, far
/// beyond Double's error while 255 · total < 2⁴⁰ — and an integer division beyond.
struct Divider {
    let total: UInt64, half: UInt64, inverse: Double, exactInDouble: Bool
    init(_ total: UInt64) {
        self.total = total; half = total / 2; inverse = 1 / Double(total)
        exactInDouble = total < (1 << 32)
    }
    @inline(__always)
    func callAsFunction(_ x: UInt64) -> UInt8 {
        if exactInDouble { return UInt8(truncatingIfNeeded: Int((Double(x + half) + 0.5) * inverse)) }
        return UInt8(truncatingIfNeeded: (x + half) / total)
    }
}
