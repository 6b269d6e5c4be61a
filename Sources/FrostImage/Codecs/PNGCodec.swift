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
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let finished = bytes.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { png_image_finish_read(&png, nil, $0.baseAddress, Int32(w * 4), nil) }
        }
        guard finished != 0 else {
            let why = message(&png)
            png_image_free(&png)
            throw .corrupt(path: name, format: "PNG", reason: why)
        }
        png_image_free(&png)
        return try Image(width: w, height: h, straightRGBA: pixels)
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
