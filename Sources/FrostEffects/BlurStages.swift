import Foundation
import FrostImage
import FrostBlur

/// Interactive blur from precomputed stages (REFERENCE.md §3, "Interactive blur"): blur the
/// image once per stage ahead of time, then show any progress by cross-fading two adjacent
/// stages — no blur work per frame, so a gesture or a scroll position can drive it at any rate.
///
/// - ``Schedule/uniform(_:)``: N + 1 stages at σ = max · i / N. For progress p: x = p · N,
///   i = ⌊x⌋, stage i with stage i + 1 over it at alpha x − i (the document's algorithm;
///   "10 stages look almost real, 2–3 show that something else than blurring is going on").
/// - ``Schedule/doubling``: σ = 0, 2, 4, 8, 16 … up to the maximum (Chrome's multi-stage blur);
///   progress p asks for σ = p · max and shows the pair around it, mixed by where σ falls
///   between them.
///
/// The README's table (`frost bench interactive`) gives each schedule's error against a true
/// blur at every progress, its preparation time and its memory.
public struct BlurStages: Sendable {
    /// How the stages' σ are spaced.
    public enum Schedule: Hashable, Sendable, CustomStringConvertible {
        /// N + 1 stages, σ = max · i / N (N in 1…256).
        case uniform(Int)
        /// σ = 0, 2, 4, 8, … doubling, then the maximum itself.
        case doubling

        public var description: String {
            switch self {
            case .uniform(let n): return "\(n) stage\(n == 1 ? "" : "s")"
            case .doubling: return "doubling"
            }
        }

        /// The stages' σ (pixels) for a maximum of `maxSigma`.
        public func sigmas(maxSigma: Double) -> [Double] {
            switch self {
            case .uniform(let n): return (0...n).map { maxSigma * Double($0) / Double(n) }
            case .doubling:
                var s: [Double] = [0]
                var next = 2.0
                while next < maxSigma - 1e-9 { s.append(next); next *= 2 }
                if maxSigma > 0 { s.append(maxSigma) }
                return s
            }
        }
    }

    /// Why preparing stages stopped.
    public enum PreparationError: Error, Equatable, CustomStringConvertible {
        /// `isCancelled` said stop (or the task was cancelled): nothing is kept.
        case cancelled
        public var description: String { "preparing the blur stages was cancelled" }
    }

    /// The largest stage count ``Schedule/uniform(_:)`` takes.
    public static let maxStages = 256

    /// The stages' σ in pixels, ascending from 0.
    public let sigmas: [Double]
    /// The blurred images, one per σ (the first is the input itself).
    public let images: [Image]
    public let schedule: Schedule
    /// The σ (pixels) at progress 1.
    public var maxSigma: Double { sigmas.last ?? 0 }
    /// Bytes the stages hold (the input counted once, as stage 0).
    public var byteCount: Int { images.reduce(0) { $0 + $1.pixels.count } }

    /// Blurs `image` at each σ of `schedule` (edges as `edges`, quality `quality`), on the
    /// calling thread, reporting `progress` (0…1) after each stage and stopping with
    /// ``PreparationError/cancelled`` as soon as `isCancelled` returns true.
    /// - Throws: `ImageError` for σ outside 0…`GaussianBlur.maxSigma` or a bad stage count.
    public static func prepare(
        _ image: Image, maxSigma: Double, schedule: Schedule, edges: EdgeMode = .clamp,
        quality: BlurQuality = .default, threads: Int? = nil,
        progress: (Double) -> Void = { _ in }, isCancelled: () -> Bool = { false }
    ) throws -> BlurStages {
        guard maxSigma.isFinite, maxSigma >= 0, maxSigma <= GaussianBlur.maxSigma else {
            throw ImageError.parameterOutOfRange(name: "maximum σ", value: "\(maxSigma)", expected: "0…\(Int(GaussianBlur.maxSigma)) px")
        }
        if case .uniform(let n) = schedule, !(1...maxStages).contains(n) {
            throw ImageError.parameterOutOfRange(name: "stages", value: "\(n)", expected: "1…\(maxStages)")
        }
        let sigmas = schedule.sigmas(maxSigma: maxSigma)
        var images: [Image] = []
        images.reserveCapacity(sigmas.count)
        for (i, s) in sigmas.enumerated() {
            if isCancelled() { throw PreparationError.cancelled }
            images.append(s == 0 ? image : try GaussianBlur(sigma: s, edges: edges, quality: quality).apply(to: image, threads: threads))
            progress(Double(i + 1) / Double(sigmas.count))
        }
        return BlurStages(sigmas: sigmas, images: images, schedule: schedule)
    }

    /// ``prepare(_:maxSigma:schedule:edges:quality:threads:progress:isCancelled:)`` off the
    /// caller's thread; cancelling the task stops it between stages.
    public static func prepared(
        _ image: Image, maxSigma: Double, schedule: Schedule, edges: EdgeMode = .clamp,
        quality: BlurQuality = .default, threads: Int? = nil,
        progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws -> BlurStages {
        let work = Task.detached(priority: .userInitiated) {
            try prepare(
                image, maxSigma: maxSigma, schedule: schedule, edges: edges, quality: quality, threads: threads,
                progress: progress, isCancelled: { Task.isCancelled })
        }
        return try await withTaskCancellationHandler {
            try await work.value
        } onCancel: {
            work.cancel()
        }
    }

    /// The two stages shown at `progress` (0…1; NaN counts as 0) and the alpha of the upper one.
    public func pair(at progress: Double) -> (lower: Int, upper: Int, alpha: Double) {
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        guard sigmas.count > 1 else { return (0, 0, 0) }
        switch schedule {
        case .uniform(let n):
            let x = p * Double(n)
            let i = min(Int(x.rounded(.down)), n - 1)
            return (i, i + 1, min(max(x - Double(i), 0), 1))
        case .doubling:
            let target = p * maxSigma
            let k = min(max((sigmas.lastIndex { $0 <= target } ?? 0), 0), sigmas.count - 2)
            let span = sigmas[k + 1] - sigmas[k]
            return (k, k + 1, span > 0 ? min(max((target - sigmas[k]) / span, 0), 1) : 0)
        }
    }

    /// The frame at `progress`: stage i with stage i + 1 over it at the pair's alpha.
    public func frame(at progress: Double, threads: Int = 1) throws -> Image {
        var out = images[0]
        try frame(at: progress, into: &out, threads: threads)
        return out
    }

    /// ``frame(at:threads:)`` into `output` (the input's size), reusing its storage.
    public func frame(at progress: Double, into output: inout Image, threads: Int = 1) throws {
        let (i, j, a) = pair(at: progress)
        try ImageMix.mix(images[i], images[j], alpha: a, into: &output, threads: threads)
    }
}
