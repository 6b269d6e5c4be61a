/// What a blur reads beyond the image's edges.
public enum EdgeMode: String, Sendable, CaseIterable, Hashable {
    /// Repeat the edge pixel (CoreImage `clampedToExtent()`, vImage `kvImageEdgeExtend`). Default.
    case clamp
    /// Reflect about the edge, edge pixel included (`… b a | a b …`), as CSS `backdrop-filter` does.
    case mirror
    /// Tile the image (periodic).
    case wrap
    /// Transparent black outside (CoreImage's default without clamping): edges fade out.
    case transparent

    /// The source index for sample `i` of a line of `n` samples; nil means a transparent sample.
    @inlinable
    public func map(_ i: Int, count n: Int) -> Int? {
        if i >= 0 && i < n { return i }
        switch self {
        case .clamp: return i < 0 ? 0 : n - 1
        case .transparent: return nil
        case .wrap:
            let m = i % n
            return m < 0 ? m + n : m
        case .mirror:
            let period = 2 * n
            var m = i % period
            if m < 0 { m += period }
            return m < n ? m : period - 1 - m
        }
    }
}
