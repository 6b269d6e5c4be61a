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
        let threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
        guard (1...256).contains(threads) else { throw .invalidArgument("threads must be 1...256, got \(threads)") }
        if width == 1 && height == 1 { return image }
        let W = image.width, H = image.height
        let bx = boxes(width), by = boxes(height)
        // Total kernel weight: the product of every box width on both axes.
        let dx = bx.reduce(UInt64(1)) { $0 * UInt64($1) }, dy = by.reduce(UInt64(1)) { $0 * UInt64($1) }
        // Horizontal: unnormalised sums (≤ 255·m² for a tent), exact in UInt32.
        var rows = [UInt32](repeating: 0, count: W * H * 4)
        let edges = self.edges
        image.pixels.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { dst in
                let s = SharedPointer(src.baseAddress!), d = SharedPointer(dst.baseAddress!)
                parallelBands(lines: H, threads: threads) { y0, y1 in
                    var line = IntegerLine(length: W, boxes: bx, edges: edges)
                    for y in y0..<y1 {
                        line.load { s.base[4 * (y * W + $0) + $1] }
                        line.run()
                        for x in 0..<W { for c in 0..<4 { d.base[4 * (y * W + x) + c] = UInt32(line.output[4 * x + c]) } }
                    }
                }
            }
        }
        // Vertical: sums of the row sums (UInt64), then one rounding division.
        var out = image
        rows.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                let s = SharedPointer(src.baseAddress!), d = SharedPointer(dst.baseAddress!)
                let total = dx * dy
                parallelBands(lines: W, threads: threads) { x0, x1 in
                    var line = IntegerLine(length: H, boxes: by, edges: edges)
                    for x in x0..<x1 {
                        line.load { UInt64(s.base[4 * ($0 * W + x) + $1]) }
                        line.run()
                        for y in 0..<H {
                            let o = 4 * (y * W + x)
                            let a = UInt8((line.output[4 * y + 3] + total / 2) / total)
                            d.base[o + 3] = a
                            for c in 0..<3 { d.base[o + c] = min(a, UInt8((line.output[4 * y + c] + total / 2) / total)) }
                        }
                    }
                }
            }
        }
        return out
    }
}

/// One line of 4-channel integer samples run through successive running-sum boxes.
struct IntegerLine {
    let length: Int
    let boxes: [Int]
    let edges: EdgeMode
    let reach: Int
    let map: [Int]
    var buffer: [UInt64]
    var output: [UInt64]

    init(length: Int, boxes: [Int], edges: EdgeMode) {
        self.length = length
        self.boxes = boxes
        self.edges = edges
        // Successive boxes of widths m₁, m₂, … make one centred kernel of width Σ(mₖ − 1) + 1.
        reach = boxes.reduce(0) { $0 + $1 - 1 } / 2
        let r = reach
        map = ((-r)..<(length + r)).map { edges.map($0, count: length) ?? -1 }
        buffer = [UInt64](repeating: 0, count: 4 * (length + 2 * r))
        output = buffer
    }

    /// Fills the window (the line plus the reach on both sides) from `sample(index, channel)`.
    mutating func load<T: BinaryInteger>(_ sample: (Int, Int) -> T) {
        for i in 0..<map.count {
            let m = map[i]
            for c in 0..<4 { buffer[4 * i + c] = m < 0 ? 0 : UInt64(sample(m, c)) }
        }
    }

    /// Runs the boxes; `output[4·i + c]` is the sum for sample i.
    mutating func run() {
        var count = map.count
        for m in boxes {
            // Running sum of m samples: the window shrinks by m − 1.
            let n = count - (m - 1)
            buffer.withUnsafeMutableBufferPointer { b in
                var acc = SIMD4<UInt64>(repeating: 0)
                for k in 0..<m { acc &+= SIMD4(b[4 * k], b[4 * k + 1], b[4 * k + 2], b[4 * k + 3]) }
                for i in 0..<n {
                    let head = SIMD4(b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3])
                    b[4 * i] = acc[0]; b[4 * i + 1] = acc[1]; b[4 * i + 2] = acc[2]; b[4 * i + 3] = acc[3]
                    if i + m < count {
                        let tail = 4 * (i + m)
                        acc &+= SIMD4(b[tail], b[tail + 1], b[tail + 2], b[tail + 3])
                    }
                    acc &-= head
                }
            }
            count = n
        }
        output.withUnsafeMutableBufferPointer { o in
            buffer.withUnsafeBufferPointer { b in
                o.baseAddress!.update(from: b.baseAddress!, count: 4 * length)
            }
        }
    }
}
