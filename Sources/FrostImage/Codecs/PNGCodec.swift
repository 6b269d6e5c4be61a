import CPNG

/// PNG through libpng's simplified API (libpng ≥ 1.6), which reports errors in
/// `png_image.message` instead of longjmp-ing through the caller.
///
/// Reads every PNG colour type (gray, gray+alpha, palette with tRNS, RGB, RGBA), 1–16 bits,
/// interlaced or not, converted to 8-bit sRGB. 16-bit files without gamma information are
/// taken as sRGB-encoded (as browsers do), not linear.
public enum PNGCodec {
    static let formatRGBA: UInt32 = 0x03   // PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA
    static let formatRGB: UInt32 = 0x02
    static let flag16BitSRGB: UInt32 = 0x04  // PNG_IMAGE_FLAG_16BIT_sRGB
    static let flagFast: UInt32 = 0x02       // PNG_IMAGE_FLAG_FAST

    /// Whether the bytes start with the PNG signature.
    public static func matches(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// Decodes a PNG file's bytes. `name` is used in error messages.
    public static func decode(_ bytes: [UInt8], name: String = "PNG data") throws(ImageError) -> Image {
        guard matches(bytes) else { throw .corrupt(path: name, format: "PNG", reason: "missing PNG signature") }
        try checkChunks(bytes, name: name)
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
                throw .corrupt(path: name, format: "PNG", reason:
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
            throw .corrupt(path: name, format: "PNG", reason:
                "the header claims \(raw) bytes of pixel rows but the file has only \(idat) bytes of image data (truncated or forged)")
        }
    }

    /// Encodes 8-bit sRGB PNG: RGB when the image is opaque, otherwise straight-alpha RGBA.
    /// `fast` trades file size for speed (zlib's fast settings).
    public static func encode(_ image: Image, fast: Bool = true) throws(ImageError) -> [UInt8] {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.flags = fast ? flagFast : 0
        var data: [UInt8]
        let channels: Int
        if image.isOpaque {
            png.format = formatRGB
            channels = 3
            data = [UInt8](repeating: 0, count: image.width * image.height * 3)
            data.withUnsafeMutableBufferPointer { d in
                image.pixels.withUnsafeBufferPointer { s in
                    for i in 0..<(image.width * image.height) {
                        d[3 * i] = s[4 * i]; d[3 * i + 1] = s[4 * i + 1]; d[3 * i + 2] = s[4 * i + 2]
                    }
                }
            }
        } else {
            png.format = formatRGBA
            channels = 4
            data = image.straightRGBA()
        }
        let stride = Int32(image.width * channels)
        // One pass into a buffer no PNG of these pixels can outgrow (zlib's stored-block worst
        // case plus chunk overhead, as libpng's PNG_IMAGE_PNG_SIZE_MAX); asking libpng for the
        // size first would compress everything twice.
        let raw = image.height * (1 + Int(stride))
        var size = raw + raw / 4 + 65_536
        var out = [UInt8](repeating: 0, count: size)
        var wrote = data.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { png_image_write_to_memory(&png, $0.baseAddress, &size, 0, src.baseAddress, stride, nil) }
        }
        if wrote == 0 && size > out.count {
            // Should not happen; libpng told us the size it needs, so try once more.
            out = [UInt8](repeating: 0, count: size)
            wrote = data.withUnsafeBytes { src in
                out.withUnsafeMutableBytes { png_image_write_to_memory(&png, $0.baseAddress, &size, 0, src.baseAddress, stride, nil) }
            }
        }
        guard wrote != 0 else {
            let why = message(&png)
            png_image_free(&png)
            throw .writeFailed(path: "PNG", reason: why.isEmpty ? "libpng could not encode the image" : why)
        }
        png_image_free(&png)
        return Array(out.prefix(size))
    }

    private static func message(_ png: inout png_image) -> String {
        withUnsafeBytes(of: &png.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "libpng reported an unknown error" : text
        }
    }
}
