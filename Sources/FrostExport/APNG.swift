import FrostGeometry
import Foundation
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
    ///   - level: zlib's compression level, 1 (fastest) … 9 (smallest). The default 3 is about
    ///     three times as fast as libpng's 6 on UI frames and about half as large again
    ///     (`frost bench animation` reports both).
    ///   - threads: frames compressed at once (nil: the active cores); the bytes are the same
    ///     for every count.
    public static func encode(_ frames: [Frame], loops: Int = 0, level: Int = defaultLevel, threads: Int? = nil) throws(ImageError) -> [UInt8] {
        guard (1...9).contains(level) else { throw .parameterOutOfRange(name: "compression level", value: "\(level)", expected: "1...9") }
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
        // Frames compress independently (each against the one before it), in parallel; the
        // chunks are then written in order, so the bytes do not depend on the thread count.
        let threads = min(try ImageError.resolveThreads(threads), max(1, kept.count))
        var regions = [PixelRect](repeating: PixelRect(x: 0, y: 0, width: 0, height: 0), count: kept.count)
        var payloads = [[UInt8]](repeating: [], count: kept.count)
        let failure = FirstError()
        let frozen = kept
        regions.withUnsafeMutableBufferPointer { regionsOut in
            payloads.withUnsafeMutableBufferPointer { payloadsOut in
                let r = UncheckedSendable(regionsOut), p = UncheckedSendable(payloadsOut)
                parallelBands(lines: kept.count, threads: threads) { first, end in
                    for i in first..<end {
                        let image = frozen[i].image
                        let region = i == 0 ? image.bounds : changedRegion(from: frozen[i - 1].image, to: image)
                        do {
                            r.value[i] = region
                            p.value[i] = try compress(scanlines(image, region), level: level)
                        } catch {
                            failure.record(error as? ImageError ?? .invalidArgument("\(error)"))
                        }
                    }
                }
            }
        }
        if let error = failure.error { throw error }
        return assemble(width: w, height: h, loops: loops, frames: kept.indices.map { (regions[$0], payloads[$0], kept[$0].ms) })
    }

    /// The file around compressed frames: each its region, payload and milliseconds.
    static func assemble(width w: Int, height h: Int, loops: Int, frames: [(region: PixelRect, payload: [UInt8], ms: Int)]) -> [UInt8] {
        var out = PNGChunks.signature
        chunk("IHDR", PNGChunks.header(width: w, height: h, colourType: 6), into: &out)
        chunk("acTL", be32(UInt32(frames.count)) + be32(UInt32(loops)), into: &out)
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let region = frame.region
            // A delay over 65.535 s (merged repeats) is split across the 16-bit fields by using
            // centiseconds, then capped.
            let (num, den): (UInt16, UInt16) = frame.ms <= 65535 ? (UInt16(frame.ms), 1000) : (UInt16(min(65535, frame.ms / 10)), 100)
            var fctl = be32(sequence) + be32(UInt32(region.width)) + be32(UInt32(region.height))
            fctl += be32(UInt32(region.x)) + be32(UInt32(region.y))
            fctl += be16(num) + be16(den) + [0, 0]  // dispose NONE, blend SOURCE
            chunk("fcTL", fctl, into: &out)
            sequence += 1
            if index == 0 {
                chunk("IDAT", frame.payload, into: &out)
            } else {
                chunk("fdAT", be32(sequence) + frame.payload, into: &out)
                sequence += 1
            }
        }
        chunk("IEND", [], into: &out)
        return out
    }

    /// An APNG made a frame at a time, holding only the previous frame and the compressed
    /// ones, so a long animation is never all in memory at once (``encode(_:loops:level:threads:)``
    /// needs every frame first). The same frames give the same bytes either way.
    public struct Writer: Sendable {
        public let width: Int, height: Int, loops: Int, level: Int
        private var previous: Image?
        private var frames: [(region: PixelRect, payload: [UInt8], ms: Int)] = []
        /// Bytes of the compressed frames so far (about the file's size).
        public private(set) var compressedBytes = 0

        /// - Throws: `ImageError` for a level outside 1…9, loops outside 0…65535 or an empty size.
        public init(width: Int, height: Int, loops: Int = 0, level: Int = APNG.defaultLevel) throws(ImageError) {
            guard (1...9).contains(level) else { throw .parameterOutOfRange(name: "compression level", value: "\(level)", expected: "1...9") }
            guard (0...65535).contains(loops) else { throw .parameterOutOfRange(name: "loops", value: "\(loops)", expected: "0...65535 (0: forever)") }
            guard width > 0, height > 0 else { throw .invalidArgument("an APNG frame needs a positive size, got \(width)x\(height)") }
            self.width = width; self.height = height; self.loops = loops; self.level = level
        }

        /// Adds a frame; returns the compressed bytes it added (0 when it repeats the one before,
        /// whose time it extends).
        /// - Throws: `ImageError` for a frame of another size, a bad duration or too many frames.
        @discardableResult
        public mutating func append(_ frame: Frame) throws(ImageError) -> Int {
            guard frame.image.width == width, frame.image.height == height else {
                throw .sizeMismatch(what: "frame \(frames.count)", actual: "\(frame.image.width)x\(frame.image.height)", expected: "\(width)x\(height)")
            }
            guard frame.duration.isFinite, frame.duration >= 0, frame.duration <= 65.535 else {
                throw .parameterOutOfRange(name: "frame \(frames.count) duration", value: "\(frame.duration)", expected: "0...65.535 s")
            }
            let ms = Int((frame.duration * 1000).rounded())
            if let previous, previous == frame.image {
                frames[frames.count - 1].ms += ms
                return 0
            }
            guard frames.count < APNG.maxFrames else {
                throw .parameterOutOfRange(name: "frame count", value: "\(frames.count + 1)", expected: "1...\(APNG.maxFrames)")
            }
            let region = previous.map { APNG.changedRegion(from: $0, to: frame.image) } ?? frame.image.bounds
            let payload = try APNG.compress(APNG.scanlines(frame.image, region), level: level)
            frames.append((region, payload, ms))
            previous = frame.image
            compressedBytes += payload.count
            return payload.count
        }

        /// The file. - Throws: `ImageError` when no frame was added.
        public func finish() throws(ImageError) -> [UInt8] {
            guard !frames.isEmpty else { throw .invalidArgument("an APNG needs at least one frame") }
            return APNG.assemble(width: width, height: height, loops: loops, frames: frames)
        }
    }

    /// Writes the APNG atomically (a temporary file renamed over `path`).
    public static func write(_ frames: [Frame], loops: Int = 0, level: Int = defaultLevel, threads: Int? = nil, to path: String) throws(ImageError) {
        try FileIO.writeAtomically(try encode(frames, loops: loops, level: level, threads: threads), to: path)
    }

    /// The zlib level ``encode(_:loops:level:threads:)`` uses unless told.
    public static let defaultLevel = 3

    /// The rectangle of pixels that differ between two frames (see ``changedRegion(_:_:width:height:)``).
    static func changedRegion(from a: Image, to b: Image) -> PixelRect {
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                FrostExport.changedRegion(pa.bindMemory(to: UInt32.self), pb.bindMemory(to: UInt32.self), width: a.width, height: a.height)
            }
        }
    }

    /// The region's rows as straight RGBA, each behind the PNG filter that makes it smallest
    /// by the usual heuristic (least sum of absolute filtered bytes), as the PNG writer filters.
    static func scanlines(_ image: Image, _ r: PixelRect) -> [UInt8] {
        // One thread: the frames themselves are compressed in parallel.
        PNGCodec.filterRows(image, region: r, channels: 4, filter: .adaptive, threads: 1)
    }

    static func compress(_ bytes: [UInt8], level: Int) throws(ImageError) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in compress2(o.baseAddress!, &size, i.baseAddress!, uLong(i.count), Int32(level)) }
        }
        guard status == Z_OK else { throw .invalidArgument("zlib could not compress a frame (error \(status))") }
        return Array(out.prefix(Int(size)))
    }

    static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) { PNGChunks.append(type, data, to: &out) }
    static func be32(_ v: UInt32) -> [UInt8] { PNGChunks.be32(v) }
    static func be16(_ v: UInt16) -> [UInt8] { PNGChunks.be16(v) }
}

/// The first error raised by parallel work (later ones are dropped).
struct FirstError: Sendable {
    private let first = Locked<ImageError?>(nil)
    func record(_ error: ImageError) { first.withLock { if $0 == nil { $0 = error } } }
    var error: ImageError? { first.current }
}
