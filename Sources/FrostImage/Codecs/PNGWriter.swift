import CFrostKernels
import CZlib

extension PNGCodec {
    /// How scanlines are filtered before compression (PNG filter method 0).
    public enum Filter: String, Sendable, CaseIterable {
        /// Every row as is: the fastest, and the largest file for photos.
        case none
        /// Each byte minus the one a pixel to its left.
        case sub
        /// Each byte minus the one above: as fast as `none` and 30–35 % smaller on photos.
        case up
        /// Each byte minus the mean of left and above.
        case average
        /// Each byte minus the Paeth predictor of left, above and upper-left.
        case paeth
        /// Per row, the filter whose output has the least sum of absolute values (signed bytes):
        /// libpng's heuristic, the smallest files of these, and the slowest.
        case adaptive

        var code: Int32 {
            switch self {
            case .none: return 0
            case .sub: return 1
            case .up: return 2
            case .average: return 3
            case .paeth: return 4
            case .adaptive: return -1
            }
        }
    }

    /// PNG encoder settings. The output is always a normal 8-bit PNG that every decoder reads.
    public struct Options: Sendable, Hashable {
        /// Compression level, 0 … 9. 0 stores the rows uncompressed. 1 and 2 use Frost's own
        /// deflater (greedy matches from a hash of 8 positions per bucket, 4 at level 1; 2 also
        /// indexes the insides of short matches). Measured on the sample photo blurred σ 8:
        /// level 2 is 1.3–2× zlib's level 2 in speed with files 15–20 % smaller, level 1 about
        /// 2.2× zlib's level 1. 3 … 9 are zlib's levels (smaller files, slower; 9 is the
        /// smallest). Every level writes a PNG any decoder reads.
        public var level: Int
        /// The scanline filter.
        public var filter: Filter

        /// Level 2 with the Up filter. `frost bench codecs` measures each level and filter;
        /// docs/performance.md gives the sizes and times of each.
        public init(level: Int = 2, filter: Filter = .up) {
            self.level = level
            self.filter = filter
        }

        /// The default: fast, and smaller than the files most fast encoders write.
        public static let fast = Options()
        /// libpng's own defaults (zlib level 6, adaptive filters): smaller, several times slower.
        public static let small = Options(level: 6, filter: .adaptive)
    }

    /// Bytes of filtered scanlines each deflate block takes. Blocks compress in parallel, each
    /// primed with the 32 KiB before it (as pigz does), so the file barely grows; the size is
    /// fixed, so the bytes never depend on the thread count.
    static let blockBytes = 256 << 10

    /// Encodes 8-bit sRGB PNG with an sRGB chunk: RGB when the image is opaque, otherwise
    /// straight-alpha RGBA (un-premultiplied, rounded to nearest).
    ///
    /// - Parameters:
    ///   - image: the image to encode (premultiplied, as every `Image`).
    ///   - options: compression level and filter (default: level 2, Up).
    ///   - threads: workers for filtering and compression (nil: every core); the bytes are the
    ///     same for every count.
    /// - Throws: `ImageError.parameterOutOfRange` for a level outside 0…9 or bad `threads`.
    public static func encode(_ image: Image, options: Options = .init(), threads: Int? = nil) throws(ImageError) -> [UInt8] {
        guard (0...9).contains(options.level) else {
            throw .parameterOutOfRange(name: "PNG compression level", value: "\(options.level)", expected: "0...9")
        }
        let threads = try ImageError.resolveThreads(threads)
        let w = image.width, h = image.height
        let channels = image.isOpaque ? 3 : 4
        let chunks = try deflateImage(image, channels: channels, filter: options.filter, level: options.level, threads: threads)
        var head = PNGChunks.signature
        PNGChunks.append("IHDR", PNGChunks.header(width: w, height: h, colourType: channels == 3 ? 2 : 6), to: &head)
        PNGChunks.append("sRGB", [0], to: &head)  // perceptual intent: the values are sRGB-encoded
        var tail: [UInt8] = []
        PNGChunks.append("IEND", [], to: &tail)
        let total = head.count + chunks.reduce(0) { $0 + $1.count } + tail.count
        return [UInt8](unsafeUninitializedCapacity: total) { out, count in
            var at = 0
            for part in [head] + chunks + [tail] {
                part.withUnsafeBufferPointer { (out.baseAddress! + at).update(from: $0.baseAddress!, count: $0.count) }
                at += part.count
            }
            count = total
        }
    }

    /// The zlib stream header (deflate, 32 KiB window) with the level hint zlib itself writes.
    static func zlibHeader(level: Int) -> [UInt8] {
        let hint: UInt16 = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        var header: UInt16 = 0x7800 | hint << 6
        header += 31 - header % 31
        return PNGChunks.be16(header)
    }

    /// The rows of `region` (nil: the whole image) converted from premultiplied RGBA and
    /// filtered: `height × (1 + width × channels)` bytes, rows in parallel bands (a band
    /// reconverts the row above it for its filter). APNG frames go through it.
    package static func filterRows(
        _ image: Image, region: PixelRect? = nil, channels: Int, filter: Filter,
        threads: Int
    ) -> [UInt8] {
        let r = region ?? image.bounds
        let h = r.height, stride = r.width * channels + 1
        return [UInt8](unsafeUninitializedCapacity: h * stride) { buffer, count in
            let dst = SharedPointer(buffer.baseAddress!)
            parallelBands(lines: h, threads: threads) { top, end in
                filterBand(image, region: r, channels: channels, filter: filter, rows: top..<end, into: dst.base + top * stride)
            }
            count = h * stride
        }
    }

    /// Filters `rows` of `region` (region-relative; the row above the first is reconverted
    /// for the filter) into `out`, `1 + width × channels` bytes a row.
    static func filterBand(
        _ image: Image, region r: PixelRect, channels: Int, filter: Filter, rows: Range<Int>,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        let w = r.width, rowBytes = w * channels, stride = rowBytes + 1
        let origin = 4 * (r.y * image.width + r.x), pitch = 4 * image.width
        let code = filter.code
        image.pixels.withUnsafeBufferPointer { px in
            let src = px.baseAddress!
            // Two sample rows, swapped each line: the current one and the one above.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * rowBytes) { pair in
                var cur = pair.baseAddress!, prev = pair.baseAddress! + rowBytes
                if rows.lowerBound > 0 { frost_png_row_from_rgba(src + origin + pitch * (rows.lowerBound - 1), Int32(w), Int32(channels), prev) }
                for y in rows {
                    frost_png_row_from_rgba(src + origin + pitch * y, Int32(w), Int32(channels), cur)
                    let up: UnsafePointer<UInt8>? = y > 0 ? UnsafePointer(prev) : nil
                    let row = out + (y - rows.lowerBound) * stride
                    if code < 0 {
                        _ = frost_png_filter_row(cur, up, Int32(rowBytes), Int32(channels), row)
                    } else {
                        frost_png_filter_row_type(cur, up, Int32(rowBytes), Int32(channels), code, row)
                    }
                    swap(&cur, &prev)
                }
            }
        }
    }

    /// The IDAT chunks of the whole image's filtered rows, without ever holding them all: each
    /// worker filters the rows under its next block (and the 32 KiB before it, the block's
    /// dictionary) into a buffer of its own and compresses them at once, while they are in
    /// cache. Blocks, dictionaries and so the bytes are those of `deflateChunks` on
    /// `filterRows`' output, for every thread count.
    static func deflateImage(_ image: Image, channels: Int, filter: Filter, level: Int, threads: Int) throws(ImageError) -> [[UInt8]] {
        let stride = image.width * channels + 1
        // Rows a block and its dictionary can touch, plus one for a block starting mid-row.
        let rowsPerBlock = (blockBytes + window) / stride + 2
        return try compressBlocks(total: image.height * stride, level: level, threads: threads) {
            let rows = RowBuffer(capacity: rowsPerBlock * stride)
            return { start, length, dictionary in
                let y0 = (start - dictionary) / stride, y1 = (start + length - 1) / stride + 1
                filterBand(image, region: image.bounds, channels: channels, filter: filter, rows: y0..<y1, into: rows.base)
                return rows.base + (start - y0 * stride)
            }
        }
    }

    /// The IDAT chunks of `data`: fixed blocks deflated in parallel, each a whole chunk (length,
    /// type, data, CRC) built by its worker. Every block but the last ends on a byte boundary
    /// (Z_SYNC_FLUSH), so together they are one zlib stream: the header goes before the first,
    /// the Adler-32 of all of `data` (combined from the blocks') after the last.
    static func deflateChunks(_ data: [UInt8], level: Int, threads: Int) throws(ImageError) -> [[UInt8]] {
        try data.withUnsafeBufferPointer { input throws(ImageError) in
            let src = SharedPointer(input.baseAddress!)
            return try compressBlocks(total: data.count, level: level, threads: threads) {
                { start, _, _ in src.base + start }
            }
        }
    }

    /// The bytes of one block: `(start, length, dictionary)` → where byte `start` of the
    /// filtered rows lies, with the `dictionary` bytes before it readable too.
    typealias BlockSource = (_ start: Int, _ length: Int, _ dictionary: Int) -> UnsafeMutablePointer<UInt8>

    /// The window a block's dictionary reaches back: deflate's 32 KiB.
    static let window = 32 << 10

    /// `n` bytes of filtered rows as fixed blocks compressed in parallel, each block a whole
    /// IDAT chunk built by its worker from the bytes `makeSource()` (one per worker) gives.
    static func compressBlocks(
        total n: Int, level: Int, threads: Int, source makeSource: @escaping @Sendable () -> BlockSource
    ) throws(ImageError) -> [[UInt8]] {
        let count = max(1, (n + blockBytes - 1) / blockBytes)
        var chunks = [[UInt8]](repeating: [], count: count)
        var adlers = [uLong](repeating: 0, count: count)
        var statuses = [Int32](repeating: Z_OK, count: count)
        let header = zlibHeader(level: level)
        chunks.withUnsafeMutableBufferPointer { chunksOut in
            adlers.withUnsafeMutableBufferPointer { adlersOut in
                statuses.withUnsafeMutableBufferPointer { statusesOut in
                    let c = UncheckedSendable(chunksOut), a = UncheckedSendable(adlersOut), s = UncheckedSendable(statusesOut)
                    parallelBands(lines: count, threads: threads) { first, end in
                        guard let compress = blockCompressor(level: level) else { s.value[first] = Z_MEM_ERROR; return }
                        let source = makeSource()
                        for i in first..<end {
                            let start = i * blockBytes, length = min(blockBytes, n - start)
                            let dictionary = min(start, window)
                            let at = source(start, length, dictionary)
                            a.value[i] = uLong(frost_adler32(1, at, length))
                            (c.value[i], s.value[i]) = compress(at, length, dictionary, i == 0 ? header : [], i == count - 1)
                        }
                    }
                }
            }
        }
        return try finishChunks(chunks, adlers: adlers, statuses: statuses, total: n)
    }

    /// The chunks with the stream's Adler-32 (combined from the blocks') added to the last.
    static func finishChunks(_ chunks: [[UInt8]], adlers: [uLong], statuses: [Int32], total n: Int) throws(ImageError) -> [[UInt8]] {
        var chunks = chunks
        let count = chunks.count
        if let failed = statuses.first(where: { $0 != Z_OK }) {
            throw .invalidArgument("the image could not be compressed (error \(failed))")
        }
        var adler = adlers[0]
        for i in 1..<count {
            adler = adler32_combine(adler, adlers[i], .init(min(blockBytes, n - i * blockBytes)))
        }
        // The last chunk gets the Adler-32: 4 more data bytes, its length and CRC redone.
        var last = chunks[count - 1]
        let length = Int(PNGChunks.u32(last, 0)) + 4
        last.removeLast(4)
        last += PNGChunks.be32(UInt32(adler))
        last.replaceSubrange(0..<4, with: PNGChunks.be32(UInt32(length)))
        let crc = last.withUnsafeBufferPointer { crc32(0, $0.baseAddress! + 4, uInt(length + 4)) }
        last += PNGChunks.be32(UInt32(crc))
        chunks[count - 1] = last
        return chunks
    }

    /// Compresses one block into a whole IDAT chunk: `(start, length, dictionary, header,
    /// last)`, where `dictionary` bytes before `start` may be referred to and `header` goes
    /// before the deflate data.
    typealias BlockCompressor = (UnsafeMutablePointer<UInt8>, Int, Int, [UInt8], Bool) -> ([UInt8], Int32)

    /// One worker's compressor, its state allocated (and page-faulted) once for every block it
    /// takes: Frost's deflater for levels 1 and 2, zlib's for 0 and 3…9. Nil when memory runs out.
    static func blockCompressor(level: Int) -> BlockCompressor? {
        if (1...2).contains(level) {
            guard let deflater = frost_deflater_new(Int32(level)) else { return nil }
            let state = DeflaterBox(deflater)
            return { start, length, dictionary, header, last in
                idatChunk(header: header, bound: frost_deflate_bound(length)) { out in
                    (frost_deflate_piece(state.deflater, start, length, dictionary, last ? 1 : 0, out), true)
                } ?? ([], Z_BUF_ERROR)
            }
        }
        guard let stream = ZStreamBox(level: level) else { return nil }
        return { start, length, dictionary, header, last in
            var status = deflateReset(&stream.stream)
            guard status == Z_OK else { return ([], status) }
            if dictionary > 0 {
                status = deflateSetDictionary(&stream.stream, start - dictionary, uInt(dictionary))
                guard status == Z_OK else { return ([], status) }
            }
            let bound = Int(deflateBound(&stream.stream, uLong(length))) + 16
            return idatChunk(header: header, bound: bound) { out in
                stream.stream.next_in = start
                stream.stream.avail_in = uInt(length)
                stream.stream.next_out = out
                stream.stream.avail_out = uInt(bound)
                let result = deflate(&stream.stream, last ? Z_FINISH : Z_SYNC_FLUSH)
                let ok = last ? result == Z_STREAM_END : (result == Z_OK && stream.stream.avail_in == 0)
                return (bound - Int(stream.stream.avail_out), ok)
            } ?? ([], Z_BUF_ERROR)
        }
    }

    /// An IDAT chunk (length, type, `header`, data, CRC) whose data `write` puts at the pointer
    /// it is given (room for `bound` bytes), returning how many it wrote and whether it
    /// succeeded. Nil when it did not.
    static func idatChunk(header: [UInt8], bound: Int, write: (UnsafeMutablePointer<UInt8>) -> (Int, Bool)) -> ([UInt8], Int32)? {
        var ok = true
        let bytes = [UInt8](unsafeUninitializedCapacity: 8 + header.count + bound + 4) { out, count in
            let base = out.baseAddress!
            base[4] = 0x49; base[5] = 0x44; base[6] = 0x41; base[7] = 0x54
            for (k, byte) in header.enumerated() { base[8 + k] = byte }
            let (written, succeeded) = write(base + 8 + header.count)
            ok = succeeded
            let dataLength = header.count + written
            for (k, byte) in PNGChunks.be32(UInt32(dataLength)).enumerated() { base[k] = byte }
            let crc = crc32(0, base + 4, uInt(dataLength + 4))
            for (k, byte) in PNGChunks.be32(UInt32(crc)).enumerated() { base[8 + dataLength + k] = byte }
            count = 8 + dataLength + 4
        }
        return ok ? (bytes, Z_OK) : nil
    }
}

/// A Frost deflater owned by one worker's closure, freed with it.
private final class DeflaterBox {
    let deflater: OpaquePointer
    init(_ deflater: OpaquePointer) { self.deflater = deflater }
    deinit { frost_deflater_free(deflater) }
}

/// A raw-deflate zlib stream at `level`, owned by one worker's closure, ended with it.
private final class ZStreamBox {
    var stream = z_stream()

    init?(level: Int) {
        // On failure deinit still runs; deflateEnd refuses a stream zlib never set up.
        let status = deflateInit2_(
            &stream, Int32(level), Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { return nil }
    }

    deinit { deflateEnd(&stream) }
}

/// One worker's buffer of filtered rows, freed with the closure that owns it.
private final class RowBuffer {
    let base: UnsafeMutablePointer<UInt8>
    init(capacity: Int) { base = .allocate(capacity: capacity) }
    deinit { base.deallocate() }
}
