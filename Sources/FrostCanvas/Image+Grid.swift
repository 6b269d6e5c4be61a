import FrostImage

extension Image {
    /// Lays `tiles` out left to right, top to bottom in `columns` columns, each cell as large as
    /// the largest tile, separated and surrounded by `gap` pixels of `background` (straight RGBA):
    /// a contact sheet, drawn on a ``Canvas`` (tiles source-over, copied exactly at whole pixels).
    public static func grid(
        _ tiles: [Image], columns: Int, gap: Int = 8,
        background: RGBA8 = RGBA8(32, 32, 36)
    ) throws(ImageError) -> Image {
        guard !tiles.isEmpty, columns >= 1, gap >= 0, gap <= 4096 else {
            throw .invalidArgument("a grid needs tiles, ≥ 1 column and a gap of 0…4096 px")
        }
        let cw = tiles.map(\.width).max()!, ch = tiles.map(\.height).max()!
        let cols = min(columns, tiles.count), rows = (tiles.count + cols - 1) / cols
        var canvas = Canvas(image: try Image(width: cols * cw + (cols + 1) * gap, height: rows * ch + (rows + 1) * gap, fill: background))
        for (i, tile) in tiles.enumerated() {
            try canvas.draw(tile, at: Point(x: Double(gap + (i % cols) * (cw + gap)), y: Double(gap + (i / cols) * (ch + gap))))
        }
        return canvas.image
    }
}
