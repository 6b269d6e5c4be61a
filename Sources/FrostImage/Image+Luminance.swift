extension Image {
    /// This image as a grey one whose every channel, alpha included, is its luminance: Rec. 709
    /// luma (0.2126 R + 0.7152 G + 0.0722 B) of the premultiplied sRGB-encoded values — the
    /// image over black — rounded to nearest. What a mask that carries its shape in brightness
    /// (an ordinary grayscale PNG) means where alpha is read.
    public func luminanceAsAlpha() -> Image {
        var out = self
        out.withUnsafeMutablePixels { p in
            // Integer weights summing to 65536: exact for greys (R = G = B gives R).
            let wr: UInt32 = 13933, wg: UInt32 = 46871, wb: UInt32 = 65536 - 13933 - 46871
            var i = 0
            while i < p.count {
                let y = (wr * UInt32(p[i]) + wg * UInt32(p[i + 1]) + wb * UInt32(p[i + 2]) + 32768) >> 16
                let v = UInt8(min(y, 255))
                p[i] = v; p[i + 1] = v; p[i + 2] = v; p[i + 3] = v
                i += 4
            }
        }
        return out
    }
}
