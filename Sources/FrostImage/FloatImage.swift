/// The transfer function that float pixel values are expressed in.
public enum ColorEncoding: String, Sendable, CaseIterable {
    /// sRGB-encoded values, as stored in files (what Apple's UI blur works on).
    case sRGB
    /// Linear light: physically correct averaging, used with `--linear`.
    case linear
}

/// The float working format: premultiplied RGBA, 4 `Float`s per pixel, 0…1 nominal range.
///
/// Used where 8-bit intermediates would lose precision (the exact blur, linear-light maths).
public struct FloatImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var encoding: ColorEncoding
    /// Premultiplied R, G, B, A per pixel, row-major, `width * height * 4` of them. Read-only;
    /// write through ``withUnsafeMutableValues(_:)``, which cannot change the count.
    public internal(set) var values: [Float]

    /// Mutable access to the values (`width * height * 4`); the count is fixed.
    public mutating func withUnsafeMutableValues<R, E: Error>(
        _ body: (UnsafeMutableBufferPointer<Float>) throws(E) -> R
    ) throws(E) -> R {
        try values.withFixedCountBuffer(body)
    }

    /// The bounds as a rectangle at the origin.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// A transparent float image.
    public init(width: Int, height: Int, encoding: ColorEncoding = .sRGB) throws(ImageError) {
        try Image.validate(width: width, height: height)
        self.width = width
        self.height = height
        self.encoding = encoding
        self.values = [Float](repeating: 0, count: width * height * 4)
    }

    /// Converts an 8-bit image. For `.linear` the colour is un-premultiplied in float,
    /// decoded exactly, and premultiplied again, so no precision is lost to 8-bit rounding.
    public init(_ image: Image, encoding: ColorEncoding = .sRGB) {
        self.width = image.width
        self.height = image.height
        self.encoding = encoding
        var out = [Float](repeating: 0, count: image.pixels.count)
        let table = SRGB.decodeTable
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                var i = 0
                while i < src.count {
                    let a = Float(src[i + 3]) / 255
                    dst[i + 3] = a
                    switch encoding {
                    case .sRGB:
                        for c in 0..<3 { dst[i + c] = Float(src[i + c]) / 255 }
                    case .linear:
                        if a > 0 {
                            for c in 0..<3 {
                                let straight = min(1, Float(src[i + c]) / 255 / a)
                                dst[i + c] = Float(SRGB.toLinear(Double(straight))) * a
                            }
                        } else {
                            for c in 0..<3 { dst[i + c] = 0 }
                        }
                        if src[i + 3] == 255 { for c in 0..<3 { dst[i + c] = table[Int(src[i + c])] } }
                    }
                    i += 4
                }
            }
        }
        self.values = out
    }

    /// Rounds back to an 8-bit sRGB premultiplied image (values clamped to 0…1, colour ≤ alpha).
    public func image() -> Image {
        var bytes = [UInt8](repeating: 0, count: values.count)
        values.withUnsafeBufferPointer { src in
            bytes.withUnsafeMutableBufferPointer { dst in
                var i = 0
                while i < src.count {
                    let a = min(max(src[i + 3], 0), 1)
                    let a8 = UInt8(a * 255 + 0.5)  // a in 0…1: halves up, without a libm call
                    dst[i + 3] = a8
                    for c in 0..<3 {
                        let v = src[i + c]
                        var e: UInt8
                        switch encoding {
                        case .sRGB:
                            e = v > 0 ? UInt8(min(v, 1) * 255 + 0.5) : 0
                        case .linear:
                            // Encode the straight colour, then premultiply in 8 bits.
                            if a8 == 0 {
                                e = 0
                            } else {
                                let straight = SRGB.encode8(v / a)
                                e = a8 == 255 ? straight : Premultiplication.mul(straight, a8)
                            }
                        }
                        dst[i + c] = min(e, a8)
                    }
                    i += 4
                }
            }
        }
        return try! Image(width: width, height: height, premultipliedRGBA: bytes)
    }
}
