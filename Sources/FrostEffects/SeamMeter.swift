import FrostImage

// An image proxy for how visible the seam of a transition is (the blur bridge's purpose),
// used by `frost bridge --report`. Frost's own measure; not a perceptual model.

/// An image-based **proxy** for how visible a layout seam is during a transition — not a
/// perception study. The blur bridge's claim (a 4–8 px blur reduces the perceived layout
/// discontinuity by 70–80 %) is about eyes; this measures pixels, so the claim can at least be
/// checked for direction and size on the same frames.
///
/// Definition. For each frame: its luminance Y (Rec. 709 weights on the sRGB bytes, 0…255),
/// and Y's high-pass H — Y minus the mean of its four neighbours (edges replicated): the fine
/// detail the eye catches as "edges". Between consecutive frames the **edge change** is the
/// mean of |H(t+1) − H(t)| over the measured region, in 8-bit levels per pixel. A hard swap of
/// differently sized content moves and replaces sharp edges within a frame or two: a large
/// edge change. Under a blur the same swap changes only low frequencies, which H ignores. The
/// **seam** of a recording is its largest edge change; blurring itself costs a little edge
/// change too (edges soften, then come back), spread over the blur's rise and fall.
public enum SeamMeter {
    /// The result of measuring one recording.
    public struct Report: Sendable, Equatable {
        /// The edge change between frame i and i + 1 (levels per pixel), for each i.
        public var edgeChanges: [Double]
        /// The largest edge change: the seam (levels per pixel).
        public var seam: Double { edgeChanges.max() ?? 0 }
        /// The index i of the frame pair with the largest change (nil with fewer than two frames).
        public var seamIndex: Int? { edgeChanges.indices.max { edgeChanges[$0] < edgeChanges[$1] } }
        /// Sum of all edge changes: the total edge traffic of the transition (levels per pixel).
        public var totalEdgeChange: Double { edgeChanges.reduce(0, +) }
    }

    /// Measures `frames` (all the same size), inside `region` (pixels; the whole frame when nil).
    /// - Throws: `ImageError` when the frames differ in size or the region misses them.
    public static func measure(_ frames: [FrostImage.Image], region: PixelRect? = nil) throws -> Report {
        guard let first = frames.first else { return Report(edgeChanges: []) }
        let r = (region ?? first.bounds).clipped(to: first.bounds)
        guard !r.isEmpty else {
            throw ImageError.invalidRegion("the seam region \(String(describing: region)) misses the \(first.width)x\(first.height) frames")
        }
        var previous: [Float]?
        var changes: [Double] = []
        for f in frames {
            guard f.width == first.width, f.height == first.height else {
                throw ImageError.sizeMismatch(what: "a frame", actual: "\(f.width)x\(f.height)", expected: "\(first.width)x\(first.height)")
            }
            let h = highPass(f, r)
            if let p = previous {
                var sum = 0.0
                for i in h.indices { sum += Double(abs(h[i] - p[i])) }
                changes.append(sum / Double(h.count))
            }
            previous = h
        }
        return Report(edgeChanges: changes)
    }

    /// Y − mean of its 4 neighbours over `r`, edges replicated.
    static func highPass(_ image: FrostImage.Image, _ r: PixelRect) -> [Float] {
        let w = r.width, h = r.height
        var y = [Float](repeating: 0, count: w * h)
        image.pixels.withUnsafeBufferPointer { p in
            for j in 0..<h {
                for i in 0..<w {
                    let o = 4 * ((r.y + j) * image.width + r.x + i)
                    y[j * w + i] = 0.2126 * Float(p[o]) + 0.7152 * Float(p[o + 1]) + 0.0722 * Float(p[o + 2])
                }
            }
        }
        var out = [Float](repeating: 0, count: w * h)
        for j in 0..<h {
            let up = max(j - 1, 0), down = min(j + 1, h - 1)
            for i in 0..<w {
                let left = max(i - 1, 0), right = min(i + 1, w - 1)
                let neighbours = y[j * w + left] + y[j * w + right] + y[up * w + i] + y[down * w + i]
                out[j * w + i] = y[j * w + i] - neighbours / 4
            }
        }
        return out
    }
}
