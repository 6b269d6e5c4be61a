import Foundation
import FrostImage

/// Animated GIF, encoded here (LZW included) for UI content: flat colours and anti-aliased
/// edges, where a palette chosen per animation usually holds every colour exactly.
///
/// - Palette: one global palette when all frames together use at most 255 colours (exact),
///   else a palette per frame: exact when the frame's changed area has at most 255 colours,
///   otherwise a median cut of them; optional dithering only over smooth gradients, so flat
///   areas stay flat and edges crisp.
/// - Each frame after the first stores only the rectangle that changed; inside it, pixels equal
///   to the previous frame are transparent (disposal "do not dispose"), which compresses well.
/// - GIF has 1-bit transparency: pixels with alpha below 128 are transparent, the rest opaque
///   (colours are written straight). UI frames rendered over a background are opaque anyway.
/// - Delays are whole centiseconds; under 2 cs browsers slow the frame down to 10 cs, so shorter
///   delays are raised to 2 cs and ``Encoded/raisedDelays`` says how many were.
public enum GIF {
    /// A frame: the image (all frames one size) and how long it shows, in seconds.
    public struct Frame: Sendable {
        public var image: Image
        /// Seconds, 0…655.35, stored in centiseconds (at least 2).
        public var duration: Double
        public init(_ image: Image, duration: Double) { self.image = image; self.duration = duration }
    }

    /// The file and what the encoder had to change.
    public struct Encoded: Sendable {
        public var bytes: [UInt8]
        /// Frames whose delay was raised to the 2 cs minimum browsers honour.
        public var raisedDelays: Int
        /// Frames that needed a reduced (median-cut) palette: their colours are approximate.
        public var approximatedFrames: Int
    }

    /// The most frames a file takes.
    public static let maxFrames = 7200
    /// The shortest delay browsers honour, seconds.
    public static let minimumDelay = 0.02

    /// The GIF of `frames`, played `loops` times (0: forever).
    /// - Throws: `ImageError` for no frames or too many, mixed sizes, sizes over 65535, bad
    ///   durations or a loop count outside 0…65535.
    ///   - dither: error diffusion (Floyd–Steinberg) on frames whose palette is approximate, only
    ///     over smooth gradients: flat areas and anti-aliased edges (a neighbour differing by
    ///     more than ``ditherEdgeThreshold`` in a channel) keep their nearest colour, so UI stays crisp.
    ///   - threads: frames encoded at once (nil: the active cores); the bytes are the same for
    ///     every count.
    public static func encode(_ frames: [Frame], loops: Int = 0, dither: Bool = false, threads: Int? = nil) throws(ImageError) -> Encoded {
        guard let first = frames.first else { throw .invalidArgument("a GIF needs at least one frame") }
        guard frames.count <= maxFrames else { throw .parameterOutOfRange(name: "frame count", value: "\(frames.count)", expected: "1...\(maxFrames)") }
        guard (0...65535).contains(loops) else { throw .parameterOutOfRange(name: "loops", value: "\(loops)", expected: "0...65535 (0: forever)") }
        let w = first.image.width, h = first.image.height
        guard w <= 65535, h <= 65535 else { throw .invalidDimensions(width: w, height: h, reason: "a GIF is at most 65535 pixels a side") }
        for (i, f) in frames.enumerated() {
            guard f.image.width == w, f.image.height == h else {
                throw .sizeMismatch(what: "frame \(i)", actual: "\(f.image.width)x\(f.image.height)", expected: "\(w)x\(h)")
            }
            guard f.duration.isFinite, f.duration >= 0, f.duration <= 655.35 else {
                throw .parameterOutOfRange(name: "frame \(i) duration", value: "\(f.duration)", expected: "0...655.35 s")
            }
        }
        // Straight colours, alpha thresholded: one UInt32 per pixel, 0 = transparent.
        let threads = min(try ImageError.resolveThreads(threads), max(1, frames.count))
        var pixels = [[UInt32]](repeating: [], count: frames.count)
        pixels.withUnsafeMutableBufferPointer { out in
            let o = UncheckedSendable(out)
            parallelBands(lines: frames.count, threads: threads) { first, end in
                for i in first..<end { o.value[i] = straightWords(frames[i].image) }
            }
        }
        var colours = Set<UInt32>()
        for p in pixels { for c in p where c != 0 { colours.insert(c); if colours.count > 255 { break } }; if colours.count > 255 { break } }
        let global: [UInt32]? = colours.count <= 255 ? colours.sorted() : nil

        var out: [UInt8] = Array("GIF89a".utf8) + le16(w) + le16(h)
        // One entry more than the colours: the transparent index.
        let globalBits = paletteBits((global?.count ?? 0) + 1)
        out += [global == nil ? 0x70 : UInt8(0xF0 | (globalBits - 1)), 0, 0]
        if let global { out += paletteBytes(global, bits: globalBits) }
        out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01] + le16(loops) + [0x00]

        // Each frame is encoded on its own (against the one before it), in parallel; the
        // blocks are then written in order, so the bytes do not depend on the thread count.
        let frozen = pixels
        var blocks = [[UInt8]](repeating: [], count: frames.count)
        var approximatedFlags = [Bool](repeating: false, count: frames.count)
        blocks.withUnsafeMutableBufferPointer { blocksOut in
            approximatedFlags.withUnsafeMutableBufferPointer { flagsOut in
                let b = UncheckedSendable(blocksOut), f = UncheckedSendable(flagsOut)
                parallelBands(lines: frames.count, threads: threads) { first, end in
                    for index in first..<end {
                        let block = frameBlock(
                            frozen[index], previous: index > 0 ? frozen[index - 1] : nil, width: w, height: h,
                            duration: frames[index].duration, global: global, globalBits: globalBits, dither: dither)
                        b.value[index] = block.bytes
                        f.value[index] = block.approximate
                    }
                }
            }
        }
        var raised = 0
        for (index, frame) in frames.enumerated() {
            if Int((frame.duration * 100).rounded()) < 2 { raised += 1 }
            out += blocks[index]
        }
        let approximated = approximatedFlags.filter { $0 }.count
        out.append(0x3B)
        return Encoded(bytes: out, raisedDelays: raised, approximatedFrames: approximated)
    }

    /// One frame's graphic control, image descriptor, palette and LZW data.
    static func frameBlock(
        _ current: [UInt32], previous: [UInt32]?, width w: Int, height h: Int, duration: Double,
        global: [UInt32]?, globalBits: Int, dither: Bool
    ) -> (bytes: [UInt8], approximate: Bool) {
        let region =
            previous.map { p in
                p.withUnsafeBufferPointer { pp in current.withUnsafeBufferPointer { changedRegion(pp, $0, width: w, height: h) } }
            } ?? PixelRect(x: 0, y: 0, width: w, height: h)
        // Indices over the region; pixels unchanged since the last frame (or transparent) → transparent.
        let count = region.width * region.height
        var regionColours = [UInt32](repeating: 0, count: count)
        var keep = [Bool](repeating: false, count: count)
        var k = 0
        for y in region.y..<region.maxY {
            for x in region.x..<region.maxX {
                let c = current[y * w + x]
                regionColours[k] = c
                keep[k] = c != 0 && (previous.map { $0[y * w + x] != c } ?? true)
                k += 1
            }
        }
        let palette: [UInt32], approximate: Bool
        if let global {
            palette = global; approximate = false
        } else {
            // Runs of one colour are the rule in UI frames: hash each run once.
            var seen = Set<UInt32>(), last: UInt32 = 0
            for i in 0..<count where keep[i] && regionColours[i] != last {
                last = regionColours[i]
                seen.insert(last)
            }
            let unique = seen.sorted()
            if unique.count <= 255 { palette = unique; approximate = false } else { palette = medianCut(unique, to: 255); approximate = true }
        }
        let transparent = palette.count  // the index after the colours
        var lookup = Dictionary(palette.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var indices = [UInt8](repeating: UInt8(transparent), count: count)
        if dither && approximate {
            ditherIndices(&indices, regionColours, keep, width: region.width, palette: palette, lookup: lookup)
        } else {
            // Colours not in the palette map to their nearest, remembered (blurred content
            // repeats colours far more than it has pixels).
            var lastColour: UInt32 = 0, lastIndex: UInt8 = 0
            for i in 0..<count where keep[i] {
                let c = regionColours[i]
                if c == lastColour && c != 0 { indices[i] = lastIndex; continue }
                let j: Int
                if let hit = lookup[c] { j = hit } else { j = nearest(c, in: palette); lookup[c] = j }
                lastColour = c; lastIndex = UInt8(j)
                indices[i] = lastIndex
            }
        }
        var out: [UInt8] = []
        let cs = max(2, Int((duration * 100).rounded()))
        // Graphic control: do not dispose, transparent index, delay.
        out += [0x21, 0xF9, 0x04, 0x05] + le16(cs) + [UInt8(transparent), 0x00]
        let bits = paletteBits(palette.count + 1)
        out += [0x2C] + le16(region.x) + le16(region.y) + le16(region.width) + le16(region.height)
        if global == nil {
            out += [UInt8(0x80 | (bits - 1))] + paletteBytes(palette, bits: bits)
        } else {
            out += [0x00]
        }
        let codeSize = max(2, global == nil ? bits : globalBits)
        out.append(UInt8(codeSize))
        let data = lzw(indices, minimumCodeSize: codeSize)
        var i = 0
        while i < data.count {
            let n = min(255, data.count - i)
            out.append(UInt8(n)); out += data[i..<(i + n)]
            i += n
        }
        out.append(0)
        return (out, approximate)
    }

    /// Writes the GIF atomically; returns what ``encode(_:loops:dither:threads:)`` reports.
    @discardableResult
    public static func write(_ frames: [Frame], loops: Int = 0, dither: Bool = false, threads: Int? = nil, to path: String) throws(ImageError) -> Encoded {
        let encoded = try encode(frames, loops: loops, dither: dither, threads: threads)
        try FileIO.writeAtomically(encoded.bytes, to: path)
        return encoded
    }

    /// Straight RGB with alpha ≥ 128 as 0xFFRRGGBB; transparent pixels as 0.
    static func straightWords(_ image: Image) -> [UInt32] {
        var straight = image.pixels
        Premultiplication.unpremultiply(&straight)
        let n = image.width * image.height
        return [UInt32](unsafeUninitializedCapacity: n) { out, count in
            straight.withUnsafeBufferPointer { s in
                for i in 0..<n {
                    let p = s.baseAddress! + 4 * i
                    out[i] = p[3] < 128 ? 0 : 0xFF00_0000 | UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
                }
            }
            count = n
        }
    }

    /// A neighbour differing by more than this (0…255, any channel) makes a pixel an edge, which
    /// dithering leaves alone.
    public static let ditherEdgeThreshold = 24

    /// Floyd–Steinberg over the region's kept pixels, skipping flat pixels (equal to their right
    /// and lower neighbours) and edges; the error is dropped at both, so it never leaks across.
    static func ditherIndices(
        _ indices: inout [UInt8], _ colours: [UInt32], _ keep: [Bool], width: Int,
        palette: [UInt32], lookup: [UInt32: Int]
    ) {
        let height = colours.count / max(1, width)
        var err = [SIMD3<Float>](repeating: .zero, count: 2 * (width + 2))
        func rgb(_ c: UInt32) -> SIMD3<Float> { SIMD3(Float(c >> 16 & 0xFF), Float(c >> 8 & 0xFF), Float(c & 0xFF)) }
        for y in 0..<height {
            let cur = (y & 1) * (width + 2), nxt = ((y + 1) & 1) * (width + 2)
            for x in 0..<(width + 2) { err[nxt + x] = .zero }
            for x in 0..<width {
                let i = y * width + x
                guard keep[i] else { continue }
                let c = colours[i], here = rgb(c)
                var contrast: Float = 0, flat = true
                for j in [x + 1 < width ? i + 1 : -1, y + 1 < height ? i + width : -1, x > 0 ? i - 1 : -1, y > 0 ? i - width : -1] where j >= 0 {
                    let diff = rgb(colours[j]) - here
                    contrast = max(contrast, abs(diff.x), abs(diff.y), abs(diff.z))
                    if colours[j] != c { flat = false }
                }
                if flat || contrast > Float(ditherEdgeThreshold) || lookup[c] != nil {
                    indices[i] = UInt8(lookup[c] ?? nearest(c, in: palette))
                    continue
                }
                let wanted = (here + err[cur + x + 1]).clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 255))
                let r = UInt32(wanted.x.rounded()), g = UInt32(wanted.y.rounded()), b = UInt32(wanted.z.rounded())
                let index = nearest(0xFF00_0000 | r << 16 | g << 8 | b, in: palette)
                indices[i] = UInt8(index)
                let e = wanted - rgb(palette[index])
                err[cur + x + 2] += e * (7.0 / 16)
                err[nxt + x] += e * (3.0 / 16)
                err[nxt + x + 1] += e * (5.0 / 16)
                err[nxt + x + 2] += e * (1.0 / 16)
            }
        }
    }

    /// Bits for a table of `count` entries (at least 1, at most 8).
    static func paletteBits(_ count: Int) -> Int {
        var bits = 1
        while (1 << bits) < count { bits += 1 }
        return min(8, bits)
    }

    static func paletteBytes(_ palette: [UInt32], bits: Int) -> [UInt8] {
        var out: [UInt8] = []
        for i in 0..<(1 << bits) {
            let c = i < palette.count ? palette[i] : 0
            out += [UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
        }
        return out
    }

    static func nearest(_ c: UInt32, in palette: [UInt32]) -> Int {
        func d(_ a: UInt32, _ b: UInt32) -> Int {
            let dr = Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF), dg = Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF), db = Int(a & 0xFF) - Int(b & 0xFF)
            return 2 * dr * dr + 4 * dg * dg + 3 * db * db
        }
        var best = 0, bestD = Int.max
        for (i, p) in palette.enumerated() { let v = d(c, p); if v < bestD { bestD = v; best = i } }
        return best
    }

    /// Median cut: split the box with the widest channel range at its median until `count` boxes;
    /// each box's mean is a palette colour.
    static func medianCut(_ colours: [UInt32], to count: Int) -> [UInt32] {
        func channel(_ c: UInt32, _ k: Int) -> Int { Int(c >> UInt32(16 - 8 * k) & 0xFF) }
        struct Box { var colours: [UInt32]; var widest: Int; var channel: Int }
        func box(_ colours: [UInt32]) -> Box {
            var lo = [255, 255, 255], hi = [0, 0, 0]
            for c in colours { for k in 0..<3 { let v = channel(c, k); lo[k] = min(lo[k], v); hi[k] = max(hi[k], v) } }
            var widest = 0, pick = 0
            for k in 0..<3 where hi[k] - lo[k] > widest { widest = hi[k] - lo[k]; pick = k }
            return Box(colours: colours, widest: colours.count > 1 ? widest : 0, channel: pick)
        }
        // Each box's widest channel range is kept, so a split only measures its two halves.
        var boxes = [box(colours)]
        while boxes.count < count {
            var pick = -1, widest = 0
            for (i, b) in boxes.enumerated() where b.widest > widest { widest = b.widest; pick = i }
            guard pick >= 0 else { break }
            let k = boxes[pick].channel
            let sorted = boxes[pick].colours.sorted { (channel($0, k), $0) < (channel($1, k), $1) }
            boxes[pick] = box(Array(sorted[..<(sorted.count / 2)]))
            boxes.append(box(Array(sorted[(sorted.count / 2)...])))
        }
        return boxes.map { b in
            var sum = [0, 0, 0]
            for c in b.colours { for k in 0..<3 { sum[k] += channel(c, k) } }
            let n = max(1, b.colours.count)
            return 0xFF00_0000 | UInt32((sum[0] + n / 2) / n) << 16 | UInt32((sum[1] + n / 2) / n) << 8 | UInt32((sum[2] + n / 2) / n)
        }
    }

    /// GIF's variable-width LZW (codes packed least significant bit first; a clear code when the
    /// table fills at 4096).
    static func lzw(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var out: [UInt8] = [], bitBuffer = 0, bitCount = 0
        out.reserveCapacity(indices.count / 2)
        var codeSize = minimumCodeSize + 1, next = end + 1
        // The string table as a flat array over (prefix code, next index): entries carry the
        // generation they were made in, so a clear is one increment instead of a wipe.
        var table = [UInt32](repeating: 0, count: 4096 << 8)
        var generation: UInt32 = 1
        func emit(_ code: Int) {
            bitBuffer |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 { out.append(UInt8(bitBuffer & 0xFF)); bitBuffer >>= 8; bitCount -= 8 }
        }
        emit(clear)
        guard var prefix = indices.first.map(Int.init) else { emit(end); if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }; return out }
        table.withUnsafeMutableBufferPointer { table in
            for k in indices.dropFirst() {
                let key = prefix << 8 | Int(k)
                let entry = table[key]
                if entry >> 12 == generation { prefix = Int(entry & 0xFFF); continue }
                emit(prefix)
                if next < 4096 {
                    table[key] = generation << 12 | UInt32(next)
                    // The decoder widens one code later than it adds the entry: widen when `next` passes the width.
                    if next == (1 << codeSize) && codeSize < 12 { codeSize += 1 }
                    next += 1
                } else {
                    emit(clear)
                    generation += 1
                    codeSize = minimumCodeSize + 1; next = end + 1
                }
                prefix = Int(k)
            }
        }
        emit(prefix)
        emit(end)
        if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }
        return out
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
}
