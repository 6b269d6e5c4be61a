/// An RGBA image with 8 bits per channel, sRGB-encoded, **premultiplied** alpha.
///
/// Rows are stored top to bottom, 4 bytes per pixel (R, G, B, A) and no padding, so pixel
/// (x, y) starts at `4 * (y * width + x)`. Premultiplied means each colour byte is already
/// multiplied by alpha (`r = round(straightR * a / 255)`): this is what blurring and
/// compositing need — averaging straight-alpha colours gives dark fringes.
///
/// `Image` is a value type (copy-on-write through its array).
public struct Image: Sendable, Equatable {
    /// Width in pixels (≥ 1).
    public let width: Int
    /// Height in pixels (≥ 1).
    public let height: Int
    /// Premultiplied RGBA8 bytes, `width * height * 4` of them. Read-only: the unsafe kernels
    /// rely on the count, so writes go through ``withUnsafeMutablePixels(_:)`` (which cannot
    /// change it), the pixel subscript, or ``withUnsafeMutableRow(_:_:)``.
    public package(set) var pixels: [UInt8]

    /// Mutable access to the premultiplied bytes (`width * height * 4`, row-major). The buffer's
    /// count is fixed; keep colour ≤ alpha (premultiplied), which every Frost kernel assumes.
    public mutating func withUnsafeMutablePixels<R, E: Error>(
        _ body: (UnsafeMutableBufferPointer<UInt8>) throws(E) -> R
    ) throws(E) -> R {
        try pixels.withFixedCountBuffer(body)
    }

    /// The bytes of row `y` (`4 * width` of them). Precondition: 0 ≤ y < height.
    public func row(_ y: Int) -> ArraySlice<UInt8> {
        precondition(y >= 0 && y < height, "row \(y) outside 0..<\(height)")
        return pixels[4 * width * y..<4 * width * (y + 1)]
    }

    /// Mutable access to the bytes of row `y` only. Precondition: 0 ≤ y < height.
    public mutating func withUnsafeMutableRow<R>(_ y: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> R) -> R {
        precondition(y >= 0 && y < height, "row \(y) outside 0..<\(height)")
        let n = 4 * width
        return withUnsafeMutablePixels { b in body(UnsafeMutableBufferPointer(rebasing: b[n * y..<n * (y + 1)])) }
    }

    /// The largest pixel count Frost accepts (2^28, e.g. 16384 × 16384): 1 GiB as RGBA8.
    public static let maxPixelCount = 1 << 28

    /// Checks a size against the limits without allocating anything.
    public static func validate(width: Int, height: Int) throws(ImageError) {
        guard width >= 1, height >= 1 else {
            throw .invalidDimensions(width: width, height: height, reason: "both sides must be at least 1 pixel")
        }
        guard width <= maxPixelCount, height <= maxPixelCount, width * height <= maxPixelCount else {
            throw .invalidDimensions(
                width: width, height: height,
                reason: "over the limit of \(maxPixelCount) pixels")
        }
    }

    /// A fully transparent image.
    public init(width: Int, height: Int) throws(ImageError) {
        try Image.validate(width: width, height: height)
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// An image filled with one premultiplied colour.
    public init(width: Int, height: Int, fill: RGBA8) throws(ImageError) {
        try Image.validate(width: width, height: height)
        self.width = width
        self.height = height
        let p = fill.premultiplied
        let word = UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
        // One pass of whole-pixel stores (no zeroing first).
        self.pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { b, count in
            UnsafeMutableRawPointer(b.baseAddress!).bindMemory(to: UInt32.self, capacity: width * height)
                .update(repeating: UInt32(littleEndian: word), count: width * height)
            UnsafeMutableRawPointer(b.baseAddress!).bindMemory(to: UInt8.self, capacity: width * height * 4)
            count = width * height * 4
        }
    }

    /// Wraps premultiplied RGBA8 bytes. Colour bytes above their alpha are clamped to it,
    /// since premultiplied colour can never exceed coverage.
    public init(width: Int, height: Int, premultipliedRGBA bytes: [UInt8]) throws(ImageError) {
        try Image.validate(width: width, height: height)
        guard bytes.count == width * height * 4 else {
            throw .bufferSizeMismatch(expected: width * height * 4, actual: bytes.count)
        }
        self.width = width
        self.height = height
        self.pixels = bytes
        Premultiplication.clampColorToAlpha(&pixels)
    }

    /// Takes ownership of premultiplied bytes the caller has already checked (size validated,
    /// `count == width·height·4`, colour ≤ alpha): decoders use it so a freshly decoded image is
    /// never held twice.
    package init(uncheckedWidth width: Int, height: Int, pixels: consuming [UInt8]) {
        assert(pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of a size the caller has already checked whose bytes are unspecified, for a
    /// caller that writes every one of them: no zeroing pass, and pages it never writes cost
    /// nothing.
    package init(unwrittenWidth width: Int, height: Int) {
        let count = width * height * 4
        self.init(uncheckedWidth: width, height: height, pixels: [UInt8](unsafeUninitializedCapacity: count) { _, n in n = count })
    }

    /// As `init(unwrittenWidth:height:)`, for a caller that writes every byte: from 1 MiB up
    /// the pages are mapped in one call before it starts, not faulted in one at a time as it
    /// writes.
    package init(fullyWrittenWidth width: Int, height: Int) {
        self.init(unwrittenWidth: width, height: height)
        pixels.withUnsafeMutableBufferPointer { ScratchImages.prefault($0.baseAddress, bytes: $0.count) }
    }

    /// Premultiplies straight-alpha RGBA8 bytes (what PNG files and most APIs hold).
    public init(width: Int, height: Int, straightRGBA bytes: [UInt8]) throws(ImageError) {
        try Image.validate(width: width, height: height)
        guard bytes.count == width * height * 4 else {
            throw .bufferSizeMismatch(expected: width * height * 4, actual: bytes.count)
        }
        self.width = width
        self.height = height
        self.pixels = bytes
        Premultiplication.premultiply(&pixels)
    }

    /// Straight-alpha RGBA8 bytes; colours of pixels with alpha 0 are 0.
    public func straightRGBA() -> [UInt8] {
        var out = pixels
        Premultiplication.unpremultiply(&out)
        return out
    }

    /// The premultiplied pixel at (x, y). Precondition: inside the image.
    public subscript(x: Int, y: Int) -> RGBA8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let i = 4 * (y * width + x)
            return RGBA8(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let i = 4 * (y * width + x)
            pixels[i] = min(newValue.r, newValue.a); pixels[i + 1] = min(newValue.g, newValue.a)
            pixels[i + 2] = min(newValue.b, newValue.a); pixels[i + 3] = newValue.a
        }
    }

    /// The bounds as a rectangle at the origin.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Whether every pixel is fully opaque.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { b in
            var i = 3
            while i < b.count { if b[i] != 255 { return false }; i += 4 }
            return true
        }
    }
}

/// One RGBA8 pixel. Whether it is straight or premultiplied depends on where it comes from.
public struct RGBA8: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    /// Treating `self` as straight alpha, the premultiplied pixel (rounded to nearest).
    public var premultiplied: RGBA8 {
        RGBA8(Premultiplication.mul(r, a), Premultiplication.mul(g, a), Premultiplication.mul(b, a), a)
    }
}

extension Array {
    /// Like `withUnsafeMutableBufferPointer`, but the closure gets a plain buffer it cannot
    /// replace, so the array's count is the same afterwards: what sealed pixel storage hands out.
    mutating func withFixedCountBuffer<R, E: Error>(_ body: (UnsafeMutableBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        var result: Result<R, E>!
        withUnsafeMutableBufferPointer { b in
            let fixed = UnsafeMutableBufferPointer(start: b.baseAddress, count: b.count)
            do throws(E) { result = .success(try body(fixed)) } catch { result = .failure(error) }
        }
        return try result.get()
    }
}
