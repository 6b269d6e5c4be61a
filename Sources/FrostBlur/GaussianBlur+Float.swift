import Foundation
import FrostImage

extension GaussianBlur {
    /// Blurs a float image (premultiplied, any encoding; the values are blurred as they are)
    /// with float intermediates throughout — for pipelines that must not round to 8 bits, such
    /// as normalised-edge blurs whose colour is divided by a small coverage afterwards.
    ///
    /// Uses this blur's σ, edges and quality (`.realtime` runs as `.default` here, so σ ≥ 16
    /// takes the downsampled schedule of ``applyReduced(to:threads:)`` and is upsampled back);
    /// `extent` must be `.same`.
    public func apply(to image: FloatImage, threads: Int? = nil) throws(ImageError) -> FloatImage {
        let threads = try checkFloat(threads)
        if let plain = withNegligibleSigmaRemoved { return try plain.apply(to: image, threads: threads) }
        if sigmaX == 0 && sigmaY == 0 { return image }
        var plan = self
        if plan.quality == .realtime { plan.quality = .default }
        if plan.usesDownsampling {
            let reduced = try plan.applyReduced(to: image, threads: threads)
            var out = try FloatImage(width: image.width, height: image.height, encoding: image.encoding)
            out.withUnsafeMutableValues { o in
                let dst = SharedPointer(o.baseAddress!), n = 4 * image.width
                Resample.bilinearRows(
                    reduced.image, region: image.bounds, origin: (reduced.originX, reduced.originY),
                    fx: reduced.factorX, fy: reduced.factorY, threads: threads
                ) { y, row in
                    (dst.base + y * n).update(from: row, count: n)
                }
            }
            return out
        }
        try plan.checkWork(of: plan.plan(width: image.width, height: image.height))
        return plan.applyDirect(to: image, threads: threads)
    }

    /// The blur of a float image left at reduced resolution, for callers that resample the
    /// result anyway (a material's backdrop is drawn through a bilinear lookup): the plan's
    /// area-downsampling, the blur of the small image, and no upsampling.
    ///
    /// The quality sets the factor as for 8-bit images: `.default` keeps σ ≥ 8 px in the small
    /// image (≥ 62 dB against float64 once upsampled), `.realtime` σ ≥ 3 px (several times fewer
    /// pixels; a material's field stays ~53 dB from exact). When the plan does not downsample
    /// (`.exact`, or `.default` with σ < 16), the result is the full-resolution blur with
    /// factors 1 and origin (0, 0).
    public func applyReduced(to image: FloatImage, threads: Int? = nil) throws(ImageError) -> ReducedBlur {
        let threads = try checkFloat(threads)
        if let plain = withNegligibleSigmaRemoved { return try plain.applyReduced(to: image, threads: threads) }
        guard usesDownsampling else {
            try checkWork(of: plan(width: image.width, height: image.height))
            return ReducedBlur(image: applyDirect(to: image, threads: threads), factorX: 1, factorY: 1, originX: 0, originY: 0)
        }
        let (window, fx, fy) = downsampledWindow(around: image.bounds)
        var plan = self
        plan.encoding = image.encoding
        var small = image.values.withUnsafeBufferPointer { v in
            plan.downsample(
                .floats(v.baseAddress!), width: image.width, height: image.height, window: window,
                fx: fx, fy: fy, threads: threads)
        }
        plan.blurSmall(&small, fx: fx, fy: fy, threads: threads)
        return ReducedBlur(image: small, factorX: fx, factorY: fy, originX: window.x, originY: window.y)
    }

    private func checkFloat(_ threads: Int?) throws(ImageError) -> Int {
        try validate()
        let threads = try ImageError.resolveThreads(threads)
        guard extent == .same else { throw .invalidArgument("float blurs keep the image's size (extent .same)") }
        return threads
    }

    /// Full-resolution float passes with this plan's line filters.
    private func applyDirect(to image: FloatImage, threads: Int) -> FloatImage {
        let fx = lineFilter(sigma: sigmaX), fy = lineFilter(sigma: sigmaY)
        let W = image.width, H = image.height
        // Vertical pass into `out`, horizontal pass in place in it (the pass gathers each line
        // before writing it): one image-sized allocation, and the source is only read.
        var out = try! FloatImage(width: W, height: H, encoding: image.encoding)
        let edges = self.edges
        image.values.withUnsafeBufferPointer { s in
            out.withUnsafeMutableValues { o in
                let sp = Plane(storage: .f32(UnsafeMutablePointer(mutating: s.baseAddress!)), width: W, height: H)
                let op = Plane(storage: .f32(o.baseAddress!), width: W, height: H)
                SeparablePass(
                    axis: .vertical, filter: fy, edges: edges, imageLength: H, srcOrigin: 0,
                    outStart: 0, outEnd: H, dstOrigin: 0, srcLine: 0, dstLine: 0, lineCount: W,
                    threads: threads
                ).run(src: sp, dst: op)
                SeparablePass(
                    axis: .horizontal, filter: fx, edges: edges, imageLength: W, srcOrigin: 0,
                    outStart: 0, outEnd: W, dstOrigin: 0, srcLine: 0, dstLine: 0, lineCount: H,
                    threads: threads
                ).run(src: op, dst: op)
            }
        }
        return out
    }
}

/// A blurred image kept at reduced resolution: pixel (i, j) of `image` is the blur sampled at
/// the centre of the source block that starts at (originX + i·factorX, originY + j·factorY) —
/// i.e. at x = originX + i·factorX + (factorX − 1)/2 in source pixels. The origin is usually
/// negative: the small image reaches 3σ beyond the source so that resampling near the edges
/// has neighbours on both sides.
public struct ReducedBlur: Sendable {
    public var image: FloatImage
    public var factorX: Int, factorY: Int
    public var originX: Int, originY: Int
}
