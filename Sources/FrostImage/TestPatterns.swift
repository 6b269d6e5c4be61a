/// Generated test images: deterministic, any size, each stressing a different part of a filter.
public enum TestPattern: String, Sendable, CaseIterable {
    /// Horizontal red→blue, vertical black→white ramps.
    case gradient
    /// 8-pixel black/white squares: maximal contrast at every scale up to 8 px.
    case checkerboard
    /// Thin dark strokes on white, like text: the edges a UI blur must hide.
    case textEdges
    /// An opaque red disc and a half-transparent green bar on a transparent background.
    case transparent
    /// Uniform pseudo-random noise (fixed seed): energy at every frequency.
    case noise

    /// Renders the pattern at the given size.
    public func render(width: Int, height: Int) throws(ImageError) -> Image {
        var image = try Image(width: width, height: height)
        var seed: UInt64 = 0x9E3779B97F4A7C15
        image.withUnsafeMutablePixels { p in
            for y in 0..<height {
                for x in 0..<width {
                    var px: RGBA8
                    switch self {
                    case .gradient:
                        let u = width > 1 ? Double(x) / Double(width - 1) : 0
                        let v = height > 1 ? Double(y) / Double(height - 1) : 0
                        px = RGBA8(
                            UInt8((255 * (1 - u) * v).rounded()), UInt8((255 * v).rounded()),
                            UInt8((255 * u * v).rounded()))
                    case .checkerboard:
                        px = ((x / 8) + (y / 8)) % 2 == 0 ? RGBA8(0, 0, 0) : RGBA8(255, 255, 255)
                    case .textEdges:
                        let stroke = (x % 11 < 2 && y % 17 < 12) || (y % 17 == 5 && x % 23 < 9)
                        px = stroke ? RGBA8(20, 20, 30) : RGBA8(250, 250, 245)
                    case .transparent:
                        let cx = Double(width) * 0.35, cy = Double(height) * 0.5
                        let r = Double(min(width, height)) * 0.25
                        let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                        if dx * dx + dy * dy <= r * r {
                            px = RGBA8(255, 0, 0, 255)
                        } else if x >= width * 2 / 3 && x < width * 5 / 6 {
                            px = RGBA8(0, 200, 0, 128).premultiplied
                        } else {
                            px = RGBA8(0, 0, 0, 0)
                        }
                    case .noise:
                        seed = seed &* 6364136223846793005 &+ 1442695040888963407
                        let v = seed >> 40
                        px = RGBA8(UInt8(v & 255), UInt8((v >> 8) & 255), UInt8((v >> 16) & 255))
                    }
                    let i = 4 * (y * width + x)
                    p[i] = px.r; p[i + 1] = px.g; p[i + 2] = px.b; p[i + 3] = px.a
                }
            }
        }
        return image
    }
}
