import Foundation
import FrostBlur
import FrostEffects
import FrostImage

/// The ways of blurring for interactive use that the interactive-blur document compares
/// (CoreImage's Gaussian, GPUImage's box-based blurs, Apple's `UIImage+ImageEffects`,
/// precomputed stages), each asked for a blur radius r in pixels and answering an image: for
/// every method r means the Gaussian σ it stands for.
enum BlurMethod: CaseIterable {
    case gaussian, gaussianRealtime, box, tent, imageEffects, stages1, stages3, stages10, stages50, doubling

    var name: String {
        switch self {
        case .gaussian: return "Gaussian (default)"
        case .gaussianRealtime: return "Gaussian (realtime)"
        case .box: return "box (one pass)"
        case .tent: return "tent (two boxes)"
        case .imageEffects: return "ImageEffects (3 boxes)"
        case .stages1: return "1 stage"
        case .stages3: return "3 stages"
        case .stages10: return "10 stages"
        case .stages50: return "50 stages"
        case .doubling: return "doubling stages"
        }
    }

    /// A label short enough for a gallery tile.
    var shortName: String {
        switch self {
        case .gaussian: return "Gaussian"
        case .gaussianRealtime: return "Gaussian RT"
        case .box: return "box"
        case .tent: return "tent"
        case .imageEffects: return "ImageEffects"
        case .doubling: return "doubling"
        default: return name
        }
    }

    /// The stage schedule, for the precomputed methods.
    var schedule: BlurStages.Schedule? {
        switch self {
        case .stages1: return .uniform(1)
        case .stages3: return .uniform(3)
        case .stages10: return .uniform(10)
        case .stages50: return .uniform(50)
        case .doubling: return .doubling
        default: return nil
        }
    }

    /// The odd box width whose single pass has variance σ² ((w² − 1) / 12 = σ²).
    static func boxWidth(_ sigma: Double) -> Int {
        let w = Int((12 * sigma * sigma + 1).squareRoot().rounded())
        return w % 2 == 0 ? w + 1 : max(1, w)
    }

    /// The odd tent width (two boxes of width k, 2k − 1 taps) with variance σ² (2(k² − 1) / 12).
    static func tentWidth(_ sigma: Double) -> Int {
        let k = max(1, Int((6 * sigma * sigma + 1).squareRoot().rounded()))
        return 2 * k - 1
    }

    /// A method ready to blur one image at any radius up to `maxRadius` (stages prepared once).
    struct Prepared {
        let method: BlurMethod
        let image: Image
        let maxRadius: Double
        let stages: BlurStages?
        /// Milliseconds the preparation took (0 for methods without one).
        let prepareMs: Double

        init(_ method: BlurMethod, image: Image, maxRadius: Double, threads: Int?) throws {
            self.method = method; self.image = image; self.maxRadius = maxRadius
            if let schedule = method.schedule {
                let t0 = DispatchTime.now()
                stages = try BlurStages.prepare(image, maxSigma: maxRadius, schedule: schedule, threads: threads)
                prepareMs = CLI.ms(since: t0)
            } else {
                stages = nil
                prepareMs = 0
            }
        }

        /// Bytes the preparation keeps (the stages), 0 for the others.
        var memoryBytes: Int { stages?.byteCount ?? 0 }

        func blur(radius r: Double, threads: Int?) throws -> Image {
            if let stages { return try stages.frame(at: maxRadius > 0 ? min(1, r / maxRadius) : 0, threads: threads ?? 1) }
            switch method {
            case .gaussian: return try GaussianBlur(sigma: r).apply(to: image, threads: threads)
            case .gaussianRealtime: return try GaussianBlur(sigma: r, quality: .realtime).apply(to: image, threads: threads)
            case .box: return try BoxBlur(.box, width: BlurMethod.boxWidth(r)).apply(to: image, threads: threads)
            case .tent: return try BoxBlur(.tent, width: BlurMethod.tentWidth(r)).apply(to: image, threads: threads)
            case .imageEffects: return try ImageEffectsBlur(radius: r).apply(to: image, threads: threads)
            default: return image  // the staged methods, answered above
            }
        }
    }

    /// The RMS changes (8-bit levels) between the outputs at neighbouring radii 0, `step`, 2·`step`
    /// … `maxRadius`.
    static func steps(_ blur: (Double) throws -> Image, maxRadius: Double, step: Double = 0.25) throws -> [Double] {
        var previous = try blur(0)
        var out: [Double] = []
        var k = 1
        while Double(k) * step <= maxRadius + 1e-9 {
            let next = try blur(Double(k) * step)
            out.append(rms(previous, next))
            previous = next
            k += 1
        }
        return out
    }

    /// How unevenly a method moves as the radius grows: the largest difference (levels) between
    /// its change from one radius to the next and the exact Gaussian's change there. 0 for a
    /// method that moves exactly as the Gaussian does; large for one that rounds the radius to
    /// whole pixels (no change, then a jump) or swaps kernels.
    static func jumpiness(_ method: [Double], exact: [Double]) -> Double {
        zip(method, exact).map { abs($0 - $1) }.max() ?? 0
    }

    /// Root-mean-square difference of two images of one size, in 8-bit levels over every channel.
    static func rms(_ a: Image, _ b: Image) -> Double {
        var sum = 0.0
        let n = min(a.pixels.count, b.pixels.count)
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for i in 0..<n { let d = Double(pa[i]) - Double(pb[i]); sum += d * d }
            }
        }
        return n > 0 ? (sum / Double(n)).squareRoot() : 0
    }
}
