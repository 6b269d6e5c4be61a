extension Image {
    /// Copies `other` into this image with its top-left corner at (x, y), clipped to the bounds.
    public mutating func paste(_ other: Image, atX x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, PixelRect.saturatingAdd(x, other.width))
        let y1 = min(height, PixelRect.saturatingAdd(y, other.height))
        guard x1 > x0, y1 > y0 else { return }
        let w = width
        other.pixels.withUnsafeBufferPointer { s in
            pixels.withUnsafeMutableBufferPointer { d in
                for row in y0..<y1 {
                    let si = 4 * ((row - y) * other.width + (x0 - x)), di = 4 * (row * w + x0)
                    (d.baseAddress! + di).update(from: s.baseAddress! + si, count: 4 * (x1 - x0))
                }
            }
        }
    }

    /// The pixels inside `rect`, clipped to the image, as a new image.
    ///
    /// Edge cases: a rectangle reaching outside the image is clipped to it (the result is smaller
    /// than `rect`); one that is empty or lies wholly outside throws ``ImageError/invalidRegion(_:)``.
    public func cropped(to rect: PixelRect) throws(ImageError) -> Image {
        let r = rect.clipped(to: bounds)
        guard !r.isEmpty else {
            throw .invalidRegion("cannot crop \(rect): it does not overlap the \(width)x\(height) image")
        }
        var out = try Image(width: r.width, height: r.height)
        out.paste(self, atX: -r.x, y: -r.y)
        return out
    }
}

extension Image {
    /// Overwrites every pixel with `source`'s (same size), keeping this image's storage (a
    /// reused frame buffer stays allocated).
    public mutating func copyPixels(from source: Image) {
        precondition(source.width == width && source.height == height, "copyPixels needs images of one size")
        pixels.withUnsafeMutableBufferPointer { o in
            source.pixels.withUnsafeBufferPointer { i in o.baseAddress!.update(from: i.baseAddress!, count: i.count) }
        }
    }

    /// Copies `region` (clipped to the image) of `source`, an image of the same size, into the
    /// same place here.
    public mutating func copyPixels(from source: Image, in region: PixelRect) {
        precondition(source.width == width && source.height == height, "copyPixels needs images of one size")
        let r = region.clipped(to: bounds)
        guard r.width > 0, r.height > 0 else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { o in
            source.pixels.withUnsafeBufferPointer { i in
                for y in r.y..<r.maxY {
                    let k = 4 * (y * w + r.x)
                    (o.baseAddress! + k).update(from: i.baseAddress! + k, count: 4 * r.width)
                }
            }
        }
    }

    /// Copies every pixel of `source`, an image of the same size, that lies outside `region`.
    public mutating func copyPixels(from source: Image, outside region: PixelRect) {
        let r = region.clipped(to: bounds)
        guard r.width > 0, r.height > 0 else { return copyPixels(from: source) }
        copyPixels(from: source, in: PixelRect(x: 0, y: 0, width: width, height: r.y))
        copyPixels(from: source, in: PixelRect(x: 0, y: r.maxY, width: width, height: height - r.maxY))
        copyPixels(from: source, in: PixelRect(x: 0, y: r.y, width: r.x, height: r.height))
        copyPixels(from: source, in: PixelRect(x: r.maxX, y: r.y, width: width - r.maxX, height: r.height))
    }
}
