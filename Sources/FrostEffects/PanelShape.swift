import FrostGeometry
import FrostImage
import FrostRaster
import Foundation

/// Coverage of a (rounded) rectangle panel, from FrostRaster's rasteriser: the top-left corner
/// box is rasterised once (exact in x, 16 rows per pixel) and mirrored to the other corners;
/// everything outside the corner boxes is fully covered.
struct PanelShape: Sendable {
    let width: Int, height: Int
    /// How far each corner's curve reaches along the edges, in pixels.
    let reach: Double
    /// The corner boxes' side: the reach rounded up.
    let box: Int
    let corner: [Float]

    /// - Throws: the rasteriser's error for a corner it cannot rasterise (a non-finite radius) —
    ///   never a silent fallback to square corners.
    init(width: Int, height: Int, radius: Double, continuous: Bool) throws(ImageError) {
        self.width = width; self.height = height
        // Continuous corners reach 1.529 × radius along each edge (iOS); either kind reaches at
        // most half the shorter side (Path limits the radius the same way).
        let side = Double(min(width, height)) / 2
        let r = min(radius, continuous ? side / Path.continuousCornerReach : side)
        let reach = continuous ? Path.continuousCornerReach * r : r
        self.reach = reach
        box = Int(reach.rounded(.up))
        corner = box > 0 ? try PanelShape.cornerCoverage(radius: r, continuous: continuous, box: box) : []
    }

    private struct CornerKey: Hashable { let radius: Double, continuous: Bool, box: Int }
    /// Recently rasterised corners: a panel redrawn every frame keeps its shape, and the
    /// rasteriser costs more than the rest of a corner row's work.
    private static let cache = Locked<[CornerKey: [Float]]>([:])

    /// The top-left corner box's coverage. It depends only on the radius, the style and the box
    /// (a corner never reaches past half the shorter side), not on the panel's size.
    private static func cornerCoverage(radius r: Double, continuous: Bool, box: Int) throws(ImageError) -> [Float] {
        let key = CornerKey(radius: r, continuous: continuous, box: box)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        // A panel just large enough to hold the corner box twice, so no other corner reaches in.
        let side = Double(2 * box + 2)
        let path = Path.roundedRect(x: 0, y: 0, width: side, height: side, radius: r, continuous: continuous)
        let coverage = try Rasterizer.coverage(of: path, width: box, height: box)
        cache.withLock { table in
            if table.count >= 32 { table.removeAll() }
            table[key] = coverage
        }
        return coverage
    }

    /// The four corner boxes (possibly overlapping on small panels), in panel pixels: the only
    /// places where coverage can be below 1.
    var cornerBoxes: [PixelRect] {
        guard box > 0 else { return [] }
        let b = min(box, width, height)
        return [
            PixelRect(x: 0, y: 0, width: b, height: b), PixelRect(x: width - b, y: 0, width: b, height: b),
            PixelRect(x: 0, y: height - b, width: b, height: b), PixelRect(x: width - b, y: height - b, width: b, height: b),
        ]
    }

    /// Whether row `y` passes through the corner boxes (so some of its pixels are partly covered).
    func crossesCorners(row y: Int) -> Bool { Double(y) < reach || Double(y + 1) > Double(height) - reach }

    func coverage(x: Int, y: Int) -> Double {
        guard box > 0 else { return 1 }
        // Mirror into the top-left box.
        let cx = x < box ? x : (x >= width - box ? width - 1 - x : -1)
        let cy = y < box ? y : (y >= height - box ? height - 1 - y : -1)
        if cx < 0 || cy < 0 { return 1 }
        return Double(corner[cy * box + cx])
    }
}
