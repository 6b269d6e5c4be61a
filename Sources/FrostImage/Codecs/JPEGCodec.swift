import CJPEGShim

/// JPEG through the system libjpeg(-turbo). Errors come back as messages from a C shim that
/// owns libjpeg's setjmp, so no longjmp crosses Swift code.
///
/// Reads baseline and progressive, colour, grayscale and CMYK files; applies the EXIF
/// orientation (tag 0x0112) unless told not to. A file that ends early is an error, not a
/// half-grey image.
public enum JPEGCodec {
    /// Encoder settings.
    public struct Options: Sendable, Equatable {
        /// 1…100 (libjpeg's scale). Default 90.
        public var quality: Int
        public var progressive: Bool
        /// Write one luma channel (Rec.601) instead of colour.
        public var grayscale: Bool
        public init(quality: Int = 90, progressive: Bool = false, grayscale: Bool = false) {
            self.quality = quality; self.progressive = progressive; self.grayscale = grayscale
        }
    }

    /// What the decoder saw besides the pixels.
    public struct Info: Sendable, Equatable {
        public var components: Int
        public var progressive: Bool
        /// The EXIF orientation (1…8) found in the file; 1 when absent.
        public var exifOrientation: Int
    }

    /// Whether the bytes start with a JPEG SOI marker.
    public static func matches(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0xFF, 0xD8, 0xFF]) }

    /// The width and height the frame header declares (as stored, before any EXIF rotation),
    /// read by libjpeg without decoding; nil when the header cannot be read.
    public static func dimensions(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard matches(bytes) else { return nil }
        var header = frost_jpeg_image()
        var error = [CChar](repeating: 0, count: 256)
        let read = bytes.withUnsafeBufferPointer { b in
            error.withUnsafeMutableBufferPointer { e in frost_jpeg_header(b.baseAddress, b.count, UInt64.max, &header, e.baseAddress, e.count) }
        }
        return read == 0 ? (Int(header.width), Int(header.height)) : nil
    }

    /// Decodes JPEG bytes. The image is upright when `applyOrientation` is true.
    public static func decode(
        _ bytes: [UInt8], name: String = "JPEG data",
        applyOrientation: Bool = true
    ) throws(ImageError) -> (Image, Info) {
        guard matches(bytes) else { throw .corrupt(path: name, format: "JPEG", reason: "missing JPEG start marker") }
        var header = frost_jpeg_image()
        var error = [CChar](repeating: 0, count: 256)
        let read = bytes.withUnsafeBufferPointer { b in
            error.withUnsafeMutableBufferPointer { e in
                frost_jpeg_header(b.baseAddress, b.count, UInt64(Image.maxPixelCount), &header, e.baseAddress, e.count)
            }
        }
        guard read == 0 else { throw .corrupt(path: name, format: "JPEG", reason: cText(error)) }
        let w = Int(header.width), h = Int(header.height)
        try Image.validate(width: w, height: h)
        // Decoded straight into the image's own storage (uninitialised: libjpeg writes every
        // byte; a failure drops the buffer), so a large JPEG is never held twice.
        var result = frost_jpeg_image()
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, count in
            ScratchImages.prefault(buffer.baseAddress, bytes: buffer.count)
            status = bytes.withUnsafeBufferPointer { b in
                error.withUnsafeMutableBufferPointer { e in
                    frost_jpeg_decode_into(b.baseAddress, b.count, buffer.baseAddress, buffer.count, &result, e.baseAddress, e.count)
                }
            }
            count = w * h * 4
        }
        guard status == 0 else { throw .corrupt(path: name, format: "JPEG", reason: cText(error)) }
        // JPEG is opaque: alpha 255, so the bytes are already premultiplied.
        var image = Image(uncheckedWidth: w, height: h, pixels: pixels)
        let info = Info(
            components: Int(result.components), progressive: result.progressive != 0,
            exifOrientation: Int(result.orientation))
        if applyOrientation, let o = ExifOrientation(rawValue: info.exifOrientation) {
            image = image.applying(o)
        }
        return (image, info)
    }

    /// Encodes to JPEG. JPEG has no alpha: transparent areas come out as if composited over
    /// black (the premultiplied colour), as CoreGraphics does.
    public static func encode(_ image: Image, options: Options = .init()) throws(ImageError) -> [UInt8] {
        guard (1...100).contains(options.quality) else {
            throw .parameterOutOfRange(name: "JPEG quality", value: "\(options.quality)", expected: "1...100")
        }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { p in
            error.withUnsafeMutableBufferPointer { e in
                frost_jpeg_encode(
                    p.baseAddress, Int32(image.width), Int32(image.height), Int32(options.quality),
                    options.progressive ? 1 : 0, options.grayscale ? 1 : 0,
                    &out, &size, e.baseAddress, e.count)
            }
        }
        guard status == 0, let out else { throw .writeFailed(path: "JPEG", reason: cText(error)) }
        defer { frost_jpeg_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}

/// The text of a NUL-terminated C buffer.
func cText(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
