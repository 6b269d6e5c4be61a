import Foundation
import FrostImage

extension GaussianBlur {
    /// Blurs a float image (premultiplied, any encoding; the values are blurred as they are)
    /// with float intermediates throughout — for pipelines that must not round to 8 bits, such
    /// as normalised-edge blurs whose colour is divided by a small coverage afterwards.
    ///
    /// Uses this blur's σ, edges and quality (`.realtime` runs as `.default` here); `extent`
    /// must be `.same`.
    public func apply(to image: FloatImage, threads: Int? = nil) throws(ImageError) -> FloatImage {
        try validate()
        let threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
        guard (1...256).contains(threads) else { throw .invalidArgument("threads must be 1...256, got \(threads)") }
        guard extent == .same else { throw .invalidArgument("float blurs keep the image's size (extent .same)") }
        if sigmaX == 0 && sigmaY == 0 { return image }
        var plan = self
        if plan.quality == .realtime { plan.quality = .default }
        let fx = plan.lineFilter(sigma: sigmaX), fy = plan.lineFilter(sigma: sigmaY)
        let W = image.width, H = image.height
        // Vertical pass into `out`, horizontal pass in place in it (the pass gathers each line
        // before writing it): one image-sized allocation, and the source is only read.
        var out = try FloatImage(width: W, height: H, encoding: image.encoding)
        let edges = self.edges
        image.values.withUnsafeBufferPointer { s in
            out.values.withUnsafeMutableBufferPointer { o in
                let sp = Plane(storage: .f32(UnsafeMutablePointer(mutating: s.baseAddress!)), width: W, height: H)
                let op = Plane(storage: .f32(o.baseAddress!), width: W, height: H)
                SeparablePass(axis: .vertical, filter: fy, edges: edges, imageLength: H, srcOrigin: 0,
                              outStart: 0, outEnd: H, dstOrigin: 0, srcLine: 0, dstLine: 0, lineCount: W,
                              threads: threads).run(src: sp, dst: op)
                SeparablePass(axis: .horizontal, filter: fx, edges: edges, imageLength: W, srcOrigin: 0,
                              outStart: 0, outEnd: W, dstOrigin: 0, srcLine: 0, dstLine: 0, lineCount: H,
                              threads: threads).run(src: op, dst: op)
            }
        }
        return out
    }
}
