import CPNG

/// PNG files: Frost's own reader for common 8-bit files and libpng's simplified API (libpng ≥
/// 1.6, which reports errors in `png_image.message` instead of longjmp-ing through the caller)
/// for the rest; Frost's own writer (filtered rows deflated in parallel blocks with zlib).
///
/// Reads every PNG colour type (gray, gray+alpha, palette with tRNS, RGB, RGBA), 1–16 bits,
/// interlaced or not, converted to 8-bit sRGB. 16-bit files without gamma information are
/// taken as sRGB-encoded (as browsers do), not linear.
public enum PNGCodec {
    static let formatRGBA: UInt32 = 0x03  // PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA
    static let formatRGB: UInt32 = 0x02
    static let flag16BitSRGB: UInt32 = 0x04  // PNG_IMAGE_FLAG_16BIT_sRGB

    /// Whether the bytes start with the PNG signature.
    public static func matches(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// The width and height the header declares, without decoding (to refuse an image by its
    /// size before paying for it); nil when the bytes do not start with a PNG header.
    public static func dimensions(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        // The specification puts IHDR first: its width and height are bytes 16…23.
        guard matches(bytes), bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        return (u32(16), u32(20))
    }

    /// Decodes a PNG file's bytes. `name` is used in error messages; with `threads` over 1 (nil:
    /// every core) a common 8-bit file inflates on a second thread while the first unfilters.
    public static func decode(_ bytes: [UInt8], name: String = "PNG data", threads: Int? = nil) throws(ImageError) -> Image {
        guard matches(bytes) else { throw .corrupt(path: name, format: "PNG", reason: "missing PNG signature") }
        try checkChunks(bytes, name: name)
        if let image = decodeCommon(bytes, threads: try ImageError.resolveThreads(threads)) { return image }
        return try decodeWithLibPNG(bytes, name: name)
    }

    /// The libpng path: every colour type, depth and interlacing, and the error messages.
    package static func decodeWithLibPNG(_ bytes: [UInt8], name: String) throws(ImageError) -> Image {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&png, $0.baseAddress, $0.count) }
        guard began != 0 else {
            let why = message(&png)
            png_image_free(&png)
            throw .corrupt(path: name, format: "PNG", reason: why)
        }
        let w = Int(png.width), h = Int(png.height)
        do { try Image.validate(width: w, height: h) } catch {
            png_image_free(&png)
            throw error
        }
        png.format = formatRGBA
        png.flags |= flag16BitSRGB
        // libpng writes every byte, so the buffer is not zero-filled first; on failure it is dropped.
        var finished: Int32 = 0
        var pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, count in
            finished = png_image_finish_read(&png, nil, buffer.baseAddress, Int32(w * 4), nil)
            count = w * h * 4
        }
        guard finished != 0 else {
            let why = message(&png)
            png_image_free(&png)
            throw .corrupt(path: name, format: "PNG", reason: why)
        }
        png_image_free(&png)
        Premultiplication.premultiply(&pixels)  // in place: the image is never held twice
        return Image(uncheckedWidth: w, height: h, pixels: pixels)
    }

    /// zlib's largest possible compression ratio (deflate codes a 258-byte match in as little as
    /// 2 bits: 1032:1): image data shorter than raw size ÷ this cannot decode to the claimed size.
    static let maxDeflateRatio = 1032

    /// Walks the chunk list before libpng sees it, so a chunk claiming more bytes than the file
    /// holds, or a header claiming far more pixels than the image data can carry, fails at once
    /// instead of making libpng allocate (and zero) gigabytes first.
    static func checkChunks(_ bytes: [UInt8], name: String) throws(ImageError) {
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        func chunkName(_ i: Int) -> String {
            String(decoding: bytes[i..<i + 4].map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        }
        var offset = 8, idat = 0, raw = 0, sawHeader = false
        while offset + 8 <= bytes.count {
            let length = u32(offset), type = chunkName(offset + 4)
            guard length <= 0x7FFF_FFFF else {
                throw .corrupt(path: name, format: "PNG", reason: "chunk \(type) claims \(length) bytes (the limit is 2^31 - 1)")
            }
            guard length + 12 <= bytes.count - offset else {
                throw .corrupt(
                    path: name, format: "PNG",
                    reason:
                        "chunk \(type) at byte \(offset) claims \(length) bytes but the file ends \(bytes.count - offset - 8) bytes later (truncated)")
            }
            if type == "IHDR", length >= 13 {
                sawHeader = true
                let w = u32(offset + 8), h = u32(offset + 12)
                let depth = Int(bytes[offset + 16]), colour = Int(bytes[offset + 17])
                let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colour] ?? 1
                // Oversized headers are left to the size check after libpng reads the header.
                if w <= Image.maxPixelCount, h <= Image.maxPixelCount, w * h <= Image.maxPixelCount {
                    raw = h * (1 + (w * channels * min(16, max(1, depth)) + 7) / 8)
                }
            } else if type == "IDAT" {
                idat += length
            } else if type == "IEND" {
                break
            }
            offset += length + 12
        }
        // libpng itself reports a missing header or missing data; this only stops absurd claims.
        if sawHeader, raw > 0, idat * maxDeflateRatio + 4096 < raw {
            throw .corrupt(
                path: name, format: "PNG",
                reason:
                    "the header claims \(raw) bytes of pixel rows but the file has only \(idat) bytes of image data (truncated or forged)")
        }
    }

    private static func message(_ png: inout png_image) -> String {
        withUnsafeBytes(of: &png.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "libpng reported an unknown error" : text
        }
    }
}
