extension Image {
    /// Lays `tiles` out left to right, top to bottom in `columns` columns, each cell as large as
    /// the largest tile, separated and surrounded by `gap` pixels of `background` (straight RGBA).
    public static func grid(_ tiles: [Image], columns: Int, gap: Int = 8,
                            background: RGBA8 = RGBA8(32, 32, 36)) throws(ImageError) -> Image {
        guard !tiles.isEmpty, columns >= 1, gap >= 0 else { throw .invalidArgument("a grid needs tiles, ≥ 1 column and gap ≥ 0") }
        let cw = tiles.map(\.width).max()!, ch = tiles.map(\.height).max()!
        let cols = min(columns, tiles.count), rows = (tiles.count + cols - 1) / cols
        var sheet = try Image(width: cols * cw + (cols + 1) * gap, height: rows * ch + (rows + 1) * gap, fill: background)
        for (i, tile) in tiles.enumerated() {
            let x = gap + (i % cols) * (cw + gap), y = gap + (i / cols) * (ch + gap)
            sheet.composite(tile, atX: x, y: y)
        }
        return sheet
    }

    /// Draws `other` over this image at (x, y) with source-over on premultiplied pixels.
    public mutating func composite(_ other: Image, atX x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + other.width), y1 = min(height, y + other.height)
        guard x1 > x0, y1 > y0 else { return }
        let w = width
        other.pixels.withUnsafeBufferPointer { s in
            pixels.withUnsafeMutableBufferPointer { d in
                for row in y0..<y1 {
                    for col in x0..<x1 {
                        let si = 4 * ((row - y) * other.width + (col - x)), di = 4 * (row * w + col)
                        let inv = 255 - s[si + 3]
                        for c in 0..<4 { d[di + c] = s[si + c] &+ Premultiplication.mul(d[di + c], inv) }
                    }
                }
            }
        }
    }
}
