import FrostRaster

/// Coverage of a (rounded) rectangle panel, from FrostRaster's rasteriser: the top-left corner
/// box is rasterised once (exact in x, 16 rows per pixel) and mirrored to the other corners;
/// everything outside the corner boxes is fully covered.
struct PanelShape: Sendable {
    let width: Int, height: Int
    /// Size of the corner boxes in pixels (the curve's reach along each edge).
    let radius: Double
    let box: Int
    let corner: [Float]

    init(width: Int, height: Int, radius: Double, continuous: Bool) {
        self.width = width; self.height = height
        // Continuous corners reach 1.528 × radius along each edge (iOS); both kinds are limited
        // by half the shorter side.
        let r = min(radius, Double(min(width, height)) / 2)
        let reach = min(continuous ? 1.528 * r : r, Double(min(width, height)) / 2)
        self.radius = reach
        box = Int(reach.rounded(.up))
        if box > 0 {
            let path = Path.roundedRect(x: 0, y: 0, width: Double(width), height: Double(height), radius: r, continuous: continuous)
            corner = (try? Rasterizer.coverage(of: path, width: box, height: box)) ?? [Float](repeating: 1, count: box * box)
        } else {
            corner = []
        }
    }

    func coverage(x: Int, y: Int) -> Double {
        guard box > 0 else { return 1 }
        // Mirror into the top-left box.
        let cx = x < box ? x : (x >= width - box ? width - 1 - x : -1)
        let cy = y < box ? y : (y >= height - box ? height - 1 - y : -1)
        if cx < 0 || cy < 0 { return 1 }
        return Double(corner[cy * box + cx])
    }
}

