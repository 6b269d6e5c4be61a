import CZlib
import FrostImage

/// Animated PNG (APNG, the Mozilla extension every browser plays), written chunk by chunk:
/// libpng 1.6 has no APNG API, so the `acTL`, `fcTL` and `fdAT` chunks are assembled here
/// around zlib-compressed, filtered scanlines.
///
/// Each frame after the first stores only the rectangle that changed since the previous frame
/// (`dispose_op` NONE, `blend_op` SOURCE: the rectangle replaces what was there), so a UI
/// animation that moves one card costs that card's area per frame. An unchanged frame becomes
/// a 1×1 region, and its time goes to the frame before it. Decoders without APNG support show
/// the first frame.
public enum APNG {
    /// A frame: the image (all frames one size) and how long it shows, in seconds.
    public struct Frame: Sendable {
        public var image: Image
        /// Seconds, 0…65.535, stored in milliseconds (delay_num / 1000).
        public var duration: Double
        public init(_ image: Image, duration: Double) { self.image = image; self.duration = duration }
    }

    /// The most frames a file takes (a minute at 120 fps, ten at 12).
    public static let maxFrames = 7200

    /// The APNG file of `frames`, played `loops` times (0: forever).
    /// - Throws: `ImageError` when there are no frames or too many, sizes differ, a duration is
    ///   negative, not finite or over 65.535 s, or `loops` is outside 0…65535.
    public static func encode(_ frames: [Frame], loops: Int = 0) throws(ImageError) -> [UInt8] {
        guard let first = frames.first else { throw .invalidArgument("an APNG needs at least one frame") }
        guard frames.count <= maxFrames else {
            throw .parameterOutOfRange(name: "frame count", value: "\(frames.count)", expected: "1...\(maxFrames)")
        }
        guard (0...65535).contains(loops) else { throw .parameterOutOfRange(name: "loops", value: "\(loops)", expected: "0...65535 (0: forever)") }
        for (i, f) in frames.enumerated() {
            guard f.image.width == first.image.width, f.image.height == first.image.height else {
                throw .sizeMismatch(what: "frame \(i)", actual: "\(f.image.width)x\(f.image.height)", expected: "\(first.image.width)x\(first.image.height)")
            }
            guard f.duration.isFinite, f.duration >= 0, f.duration <= 65.535 else {
                throw .parameterOutOfRange(name: "frame \(i) duration", value: "\(f.duration)", expected: "0...65.535 s")
            }
        }
        // Frames identical to the one before add their time to it.
        var kept: [(image: Image, ms: Int)] = []
        for f in frames {
            let ms = Int((f.duration * 1000).rounded())
            if let last = kept.last, last.image == f.image { kept[kept.count - 1].ms += ms; continue }
            kept.append((f.image, ms))
        }
        let w = first.image.width, h = first.image.height
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = be32(UInt32(w)) + be32(UInt32(h))
        ihdr += [8, 6, 0, 0, 0]  // 8-bit, RGBA, deflate, adaptive filtering, no interlace
        chunk("IHDR", ihdr, into: &out)
        chunk("acTL", be32(UInt32(kept.count)) + be32(UInt32(loops)), into: &out)
        var sequence: UInt32 = 0
        var previous: Image?
        for (index, frame) in kept.enumerated() {
            let region = previous.map { changedRegion(from: $0, to: frame.image) } ?? frame.image.bounds
            // A delay over 65.535 s (merged repeats) is split across the 16-bit fields by using
            // centiseconds, then capped.
            let (num, den): (UInt16, UInt16) = frame.ms <= 65535 ? (UInt16(frame.ms), 1000) : (UInt16(min(65535, frame.ms / 10)), 100)
            var fctl = be32(sequence) + be32(UInt32(region.width)) + be32(UInt32(region.height))
            fctl += be32(UInt32(region.x)) + be32(UInt32(region.y))
            fctl += be16(num) + be16(den) + [0, 0]  // dispose NONE, blend SOURCE
            chunk("fcTL", fctl, into: &out)
            sequence += 1
            let data = try compress(scanlines(frame.image, region))
            if index == 0 {
                chunk("IDAT", data, into: &out)
            } else {
                chunk("fdAT", be32(sequence) + data, into: &out)
                sequence += 1
            }
            previous = frame.image
        }
        chunk("IEND", [], into: &out)
        return out
    }

    /// Writes the APNG atomically (a temporary file renamed over `path`).
    public static func write(_ frames: [Frame], loops: Int = 0, to path: String) throws(ImageError) {
        try FileIO.writeAtomically(try encode(frames, loops: loops), to: path)
    }

    /// The rectangle of pixels that differ between two frames (see ``changedRegion(_:_:width:height:)``).
    static func changedRegion(from a: Image, to b: Image) -> PixelRect {
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                FrostExport.changedRegion(pa.bindMemory(to: UInt32.self), pb.bindMemory(to: UInt32.self), width: a.width, height: a.height)
            }
        }
    }

    /// The region's rows as straight RGBA, each behind the PNG filter that makes it smallest
    /// by the usual heuristic (least sum of absolute filtered bytes).
    static func scanlines(_ image: Image, _ r: PixelRect) -> [UInt8] {
        let stride = 4 * r.width
        // Straight colour, converted as the PNG codec converts (rounded to nearest).
        var straight = [UInt8](repeating: 0, count: stride * r.height)
        for y in 0..<r.height {
            let from = 4 * ((r.y + y) * image.width + r.x)
            straight.replaceSubrange((y * stride)..<((y + 1) * stride), with: image.pixels[from..<(from + stride)])
        }
        Premultiplication.unpremultiply(&straight)
        var out = [UInt8](); out.reserveCapacity((stride + 1) * r.height)
        var candidate = [UInt8](repeating: 0, count: stride), best = candidate
        let zero = [UInt8](repeating: 0, count: stride)
        for y in 0..<r.height {
            let row = Array(straight[(y * stride)..<((y + 1) * stride)])
            let up = y > 0 ? Array(straight[((y - 1) * stride)..<(y * stride)]) : zero
            var bestType: UInt8 = 0, bestCost = Int.max
            for type: UInt8 in 0...4 {
                var cost = 0
                for i in 0..<stride {
                    let a = i >= 4 ? Int(row[i - 4]) : 0, b = Int(up[i]), c = i >= 4 ? Int(up[i - 4]) : 0
                    let predicted: Int
                    switch type {
                    case 0: predicted = 0
                    case 1: predicted = a
                    case 2: predicted = b
                    case 3: predicted = (a + b) / 2
                    default:
                        let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                        predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                    }
                    let v = UInt8(truncatingIfNeeded: Int(row[i]) - predicted)
                    candidate[i] = v
                    cost += v < 128 ? Int(v) : 256 - Int(v)
                }
                if cost < bestCost { bestCost = cost; bestType = type; swap(&best, &candidate) }
            }
            out.append(bestType)
            out += best
        }
        return out
    }

    static func compress(_ bytes: [UInt8]) throws(ImageError) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in compress2(o.baseAddress!, &size, i.baseAddress!, uLong(i.count), 6) }
        }
        guard status == Z_OK else { throw .invalidArgument("zlib could not compress a frame (error \(status))") }
        return Array(out.prefix(Int(size)))
    }

    static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let tag = Array(type.utf8)
        out += be32(UInt32(data.count)) + tag + data
        var crc = crc32(0, nil, 0)
        crc = tag.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        crc = data.withUnsafeBufferPointer { data.isEmpty ? crc : crc32(crc, $0.baseAddress, uInt($0.count)) }
        out += be32(UInt32(crc))
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
}
