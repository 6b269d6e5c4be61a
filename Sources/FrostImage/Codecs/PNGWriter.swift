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
        /// zlib's compression level: 0 (stored, no compression) … 9 (smallest, slowest).
        public var level: Int
        /// The scanline filter.
        public var filter: Filter

        /// Level 2 with the Up filter: on the 1080p sample photo blurred at σ 8 it writes
        /// 0.68 MB in about a third of the time libpng's defaults (level 6, adaptive) take for
        /// 0.45 MB, and smaller files than libpng's fast mode (level 3, no filter: 1.19 MB).
        /// `frost bench codecs` measures each level.
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
        let filtered = filterRows(image, channels: channels, filter: options.filter, threads: threads)
        let chunks = try deflateChunks(filtered, level: options.level, threads: threads)
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
    /// reconverts the row above it for its filter). APNG frames go through it too.
    package static func filterRows(
        _ image: Image, region: PixelRect? = nil, channels: Int, filter: Filter,
        threads: Int
    ) -> [UInt8] {
        let r = region ?? image.bounds
        let w = r.width, h = r.height, rowBytes = w * channels, stride = rowBytes + 1
        let origin = 4 * (r.y * image.width + r.x), pitch = 4 * image.width
        let code = filter.code
        return [UInt8](unsafeUninitializedCapacity: h * stride) { buffer, count in
            let dst = SharedPointer(buffer.baseAddress!)
            image.pixels.withUnsafeBufferPointer { px in
                let src = SharedPointer(px.baseAddress!)
                parallelBands(lines: h, threads: threads) { top, end in
                    // Two sample rows, swapped each line: the current one and the one above.
                    var rows = [UInt8](repeating: 0, count: 2 * rowBytes)
                    rows.withUnsafeMutableBufferPointer { pair in
                        var cur = pair.baseAddress!, prev = pair.baseAddress! + rowBytes
                        if top > 0 { frost_png_row_from_rgba(src.base + origin + pitch * (top - 1), Int32(w), Int32(channels), prev) }
                        for y in top..<end {
                            frost_png_row_from_rgba(src.base + origin + pitch * y, Int32(w), Int32(channels), cur)
                            let up: UnsafePointer<UInt8>? = y > 0 ? UnsafePointer(prev) : nil
                            let out = dst.base + y * stride
                            if code < 0 {
                                _ = frost_png_filter_row(cur, up, Int32(rowBytes), Int32(channels), out)
                            } else {
                                frost_png_filter_row_type(cur, up, Int32(rowBytes), Int32(channels), code, out)
                            }
                            swap(&cur, &prev)
                        }
                    }
                }
            }
            count = h * stride
        }
    }

    /// The IDAT chunks of `data`: fixed blocks deflated in parallel, each a whole chunk (length,
    /// type, data, CRC) built by its worker. Every block but the last ends on a byte boundary
    /// (Z_SYNC_FLUSH), so together they are one zlib stream: the header goes before the first,
    /// the Adler-32 of all of `data` (combined from the blocks') after the last.
    static func deflateChunks(_ data: [UInt8], level: Int, threads: Int) throws(ImageError) -> [[UInt8]] {
        let n = data.count
        let count = max(1, (n + blockBytes - 1) / blockBytes)
        var chunks = [[UInt8]](repeating: [], count: count)
        var adlers = [uLong](repeating: 0, count: count)
        var statuses = [Int32](repeating: Z_OK, count: count)
        let header = zlibHeader(level: level)
        data.withUnsafeBufferPointer { input in
            let src = SharedPointer(input.baseAddress!)
            chunks.withUnsafeMutableBufferPointer { chunksOut in
                adlers.withUnsafeMutableBufferPointer { adlersOut in
                    statuses.withUnsafeMutableBufferPointer { statusesOut in
                        let c = UncheckedSendable(chunksOut), a = UncheckedSendable(adlersOut), s = UncheckedSendable(statusesOut)
                        parallelBands(lines: count, threads: threads) { first, end in
                            // One stream per worker, reset per block: zlib's ~400 KB of state is
                            // allocated (and page-faulted) once, not per block.
                            var stream = z_stream()
                            let status = deflateInit2_(
                                &stream, Int32(level), Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY,
                                ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
                            guard status == Z_OK else { s.value[first] = status; return }
                            defer { deflateEnd(&stream) }
                            for i in first..<end {
                                let start = i * blockBytes, length = min(blockBytes, n - start)
                                a.value[i] = adler32(1, src.base + start, uInt(length))
                                (c.value[i], s.value[i]) = deflateChunk(
                                    &stream, src.base + start, length,
                                    dictionary: min(start, 32 << 10),
                                    header: i == 0 ? header : [], last: i == count - 1)
                            }
                        }
                    }
                }
            }
        }
        if let failed = statuses.first(where: { $0 != Z_OK }) {
            throw .invalidArgument("zlib could not compress the image (error \(failed))")
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

    /// One IDAT chunk: `header`, then the raw deflate of `length` bytes at `start` primed with
    /// the `dictionary` bytes before them.
    static func deflateChunk(
        _ stream: inout z_stream, _ start: UnsafeMutablePointer<UInt8>, _ length: Int,
        dictionary: Int, header: [UInt8], last: Bool
    ) -> ([UInt8], Int32) {
        var status = deflateReset(&stream)
        guard status == Z_OK else { return ([], status) }
        if dictionary > 0 {
            status = deflateSetDictionary(&stream, start - dictionary, uInt(dictionary))
            guard status == Z_OK else { return ([], status) }
        }
        let bound = Int(deflateBound(&stream, uLong(length))) + 16
        var ok = true
        let capacity = 8 + header.count + bound + 4
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
            let base = out.baseAddress!
            // IDAT's type, then the header, then the deflate data.
            base[4] = 0x49; base[5] = 0x44; base[6] = 0x41; base[7] = 0x54
            for (k, byte) in header.enumerated() { base[8 + k] = byte }
            stream.next_in = start
            stream.avail_in = uInt(length)
            stream.next_out = base + 8 + header.count
            stream.avail_out = uInt(bound)
            let result = deflate(&stream, last ? Z_FINISH : Z_SYNC_FLUSH)
            ok = last ? result == Z_STREAM_END : (result == Z_OK && stream.avail_in == 0)
            let dataLength = header.count + bound - Int(stream.avail_out)
            for (k, byte) in PNGChunks.be32(UInt32(dataLength)).enumerated() { base[k] = byte }
            let crc = crc32(0, base + 4, uInt(dataLength + 4))
            for (k, byte) in PNGChunks.be32(UInt32(crc)).enumerated() { base[8 + dataLength + k] = byte }
            count = 8 + dataLength + 4
        }
        return ok ? (bytes, Z_OK) : ([], Z_BUF_ERROR)
    }
}
