import FrostImage

/// Several σ blurred over parts of one rectangle through one set of binomial halvings: what a
/// progressive blur's tile needs, where each rung of its ladder (σ 2–8 px) is a
/// pyramid blur of the same pixels. The halvings are the bulk of a small pyramid blur's cost
/// after the expansion (a 4K image's first halving reads every pixel), so making them once per
/// depth instead of once per σ, straight from the image (no copy of the tile first), saves most
/// of that; each σ then runs only its small level's FIR and the expansion.
///
/// Each σ takes the schedule ``GaussianBlur`` gives it at `.default` quality (the same depth and
/// small σ), so the accuracy is the plain blur's. The halvings' grid is anchored on multiples of
/// 2^depth in image coordinates, so every rectangle of an image gets the same bytes where they
/// overlap, whichever rectangle the halvings were made for.
package struct SharedPyramid {
    package let depth: Int
    let window: PixelRect
    let covering: PixelRect
    let edges: EdgeMode
    let wide: Bool
    let threads: Int
    private(set) var levels: [Image]

    /// The halvings the default-quality blur of σ (pixels) uses; 0: it runs no pyramid.
    package static func depth(sigma: Double) -> Int { plan(sigma: sigma).levels }

    /// The default-quality pyramid's halvings and small σ for σ (pixels).
    static func plan(sigma: Double) -> (levels: Int, smallSigma: Double) {
        GaussianBlur.pyramidLevels(sigma: sigma, quality: .default) ?? (0, sigma)
    }

    /// Halvings of `image` (read through `edges` outside it) over what blurs of σ up to
    /// `largestSigma` with up to `depth` halvings need for `rect` (image pixels; it may reach past the
    /// image), on `threads` workers (1: a tile's worker makes it alone).
    package init(
        _ image: Image, covering rect: PixelRect, depth: Int, largestSigma: Double, edges: EdgeMode, wide: Bool = true,
        threads: Int = 1
    ) {
        precondition(depth >= 1, "a shared pyramid halves at least once")
        self.depth = depth; self.edges = edges; self.wide = wide; covering = rect; self.threads = max(1, threads)
        var shape = BinomialPyramid(
            sigmaX: largestSigma, sigmaY: largestSigma, levelsX: depth, levelsY: depth,
            smallSigmaX: 0, smallSigmaY: 0, edges: edges)
        shape.wide = wide
        // The blur's own window, its corner moved down to the grid (≤ 2^depth − 1 px more).
        let w = shape.window(for: rect, width: image.width, height: image.height)
        let step = 1 << depth
        let x0 = floorDiv(w.x, step) * step, y0 = floorDiv(w.y, step) * step
        window = PixelRect(x: x0, y: y0, width: w.maxX - x0, height: w.maxY - y0)
        levels = shape.halvings(image, window: window, threads: self.threads)
    }

    /// The blur of σ (pixels; its depth 1 up to this pyramid's: a shallower σ uses the first
    /// levels, whose window covers its reach too) over `rect` (inside `covering`, `rect.x` even)
    /// into `out`, an image of `rect`'s size.
    package func blur(sigma: Double, rect: PixelRect, into out: inout Image) {
        let (levelCount, small) = SharedPyramid.plan(sigma: sigma)
        precondition(levelCount >= 1 && levelCount <= depth, "σ \(sigma) px takes a depth of 1…\(depth)")
        precondition(
            rect.x >= covering.x && rect.y >= covering.y && rect.maxX <= covering.maxX && rect.maxY <= covering.maxY,
            "the rectangle lies inside the one the halvings cover")
        precondition((rect.x - window.x) & 1 == 0, "the expansion starts on an even column of the window")
        precondition(out.width == rect.width && out.height == rect.height, "the output has the rectangle's size")
        var pyramid = BinomialPyramid(
            sigmaX: sigma, sigmaY: sigma, levelsX: levelCount, levelsY: levelCount,
            smallSigmaX: small, smallSigmaY: small, edges: edges)
        pyramid.wide = wide
        let ow = rect.width, used = Array(levels.prefix(levelCount))
        out.withUnsafeMutablePixels { o in
            pyramid.expand(used, window: window, rect: rect, into: SharedPointer(o.baseAddress!), threads: threads) { y in 4 * y * ow }
        }
    }

    /// Gives the halvings' storage back to the scratch pool.
    package mutating func release() {
        for level in levels { ScratchImages.shared.give(level) }
        levels = []
    }
}
