/// EXIF orientation (TIFF tag 0x0112): how the stored pixels must be transformed to be upright.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored = 2, down = 3, downMirrored = 4
    case leftMirrored = 5, right = 6, rightMirrored = 7, left = 8

    /// Whether width and height swap.
    public var swapsAxes: Bool { rawValue >= 5 }
}

extension Image {
    /// The upright image for pixels stored with orientation `o`.
    public func applying(_ o: ExifOrientation) -> Image {
        if o == .up { return self }
        let w = width, h = height
        let ow = o.swapsAxes ? h : w, oh = o.swapsAxes ? w : h
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                for y in 0..<oh {
                    for x in 0..<ow {
                        // (x, y) in the output comes from (sx, sy) in the stored image.
                        let sx: Int, sy: Int
                        switch o {
                        case .up: sx = x; sy = y
                        case .upMirrored: sx = w - 1 - x; sy = y
                        case .down: sx = w - 1 - x; sy = h - 1 - y
                        case .downMirrored: sx = x; sy = h - 1 - y
                        case .leftMirrored: sx = y; sy = x
                        case .right: sx = y; sy = h - 1 - x
                        case .rightMirrored: sx = w - 1 - y; sy = h - 1 - x
                        case .left: sx = w - 1 - y; sy = x
                        }
                        let si = 4 * (sy * w + sx), di = 4 * (y * ow + x)
                        d[di] = s[si]; d[di + 1] = s[si + 1]; d[di + 2] = s[si + 2]; d[di + 3] = s[si + 3]
                    }
                }
            }
        }
        return try! Image(width: ow, height: oh, premultipliedRGBA: out)
    }
}
