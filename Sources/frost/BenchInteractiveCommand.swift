import ArgumentParser
import Foundation
import FrostBlur
import FrostEffects
import FrostImage

/// `frost bench interactive`: the table a developer needs to choose an interactive blur.
struct BenchInteractiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interactive",
        abstract: "Interactive blur: N = 1, 3, 10, 50 stages, doubling stages and live blur — error, preparation time, memory, frame time.",
        discussion: """
            Timing at --size (default a phone screen, 1179x2556 px) from the built-in photo: preparation (all stages, \
            default quality), memory of the stages, and the frame time (stages: the cross-fade of two; live: the realtime \
            blur at σ(p), into a reused buffer) as the median over --samples progress values. Error: PSNR of every frame \
            at --samples progress values against the exact Gaussian at σ = p · max, worst and mean, measured at --error-size \
            (default the same screen at 1x: the photo area-averaged by 3 and σ / 3) so the exact reference stays affordable.
            """)

    @Option(help: "Screen size WxH in pixels for timing.")
    var size: String = "1179x2556"

    @Option(name: .customLong("max-sigma"), help: "σ at progress 1, pixels at --size (30 px = 10 pt at 3x).")
    var maxSigma: Double = 30

    @Option(help: "Progress values sampled, 0...1 evenly.")
    var samples: Int = 41

    @Option(name: .customLong("error-factor"), help: "The error is measured on the screen area-averaged by this factor (σ divided by it).")
    var errorFactor: Int = 3

    @Option(help: "Worker threads (default: every core).")
    var threads: Int?

    @Option(help: "Timed runs of each preparation (median reported).")
    var `repeat`: Int = 3

    func run() throws {
        guard let (w, h) = CLI.parseSize(size), w > 0, h > 0, w * h <= Image.maxPixelCount else {
            throw CLIError("--size must look like 1179x2556, got '\(size)'")
        }
        guard maxSigma.isFinite, maxSigma > 0, maxSigma <= GaussianBlur.maxSigma else {
            throw CLIError("--max-sigma must be in (0, \(Int(GaussianBlur.maxSigma))]")
        }
        guard (2...1001).contains(samples) else { throw CLIError("--samples must be 2...1001") }
        guard (1...8).contains(errorFactor) else { throw CLIError("--error-factor must be 1...8") }
        guard (1...20).contains(`repeat`) else { throw CLIError("--repeat must be 1...20") }
        if let threads, !(1...64).contains(threads) { throw CLIError("--threads must be 1...64") }
        let screen = try SampleImages.astronaut().tiled(width: w, height: h)
        let small = try Resample.area(screen, factorX: errorFactor, factorY: errorFactor)
        let smallSigma = maxSigma / Double(errorFactor)
        let progress = (0..<samples).map { Double($0) / Double(samples - 1) }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        // The exact references, once for all schedules.
        let truths = try progress.map { try GaussianBlur(sigma: smallSigma * $0, quality: .exact).apply(to: small, threads: threads) }
        func error(_ frame: (Double) throws -> Image) throws -> (worst: Double, mean: Double) {
            let dbs = try zip(progress, truths).map { p, truth in min(99, try frame(p).psnr(against: truth)) }
            return (dbs.min() ?? 0, dbs.reduce(0, +) / Double(dbs.count))
        }
        print(
            String(
                format: "interactive blur, %dx%d px, σ 0...%g px, %@ threads; error at %dx%d (σ ≤ %.1f px) vs exact, %d progress values",
                w, h, maxSigma, threads.map(String.init) ?? "all", small.width, small.height, smallSigma, samples))
        print("mode          stages  prepare_ms  per_stage_ms  memory_MB  frame_ms  worst_dB  mean_dB")
        let schedules: [BlurStages.Schedule] = [.uniform(1), .uniform(3), .uniform(10), .uniform(50), .doubling]
        for schedule in schedules {
            var prep: [Double] = []
            var stages: BlurStages?
            for _ in 0..<`repeat` {
                stages = nil  // release the last run's stages before the next
                let t0 = DispatchTime.now()
                stages = try BlurStages.prepare(screen, maxSigma: maxSigma, schedule: schedule, threads: threads)
                prep.append(CLI.ms(since: t0))
            }
            guard let stages else { continue }
            var out = screen, frames: [Double] = []
            for p in progress {
                let t0 = DispatchTime.now()
                try stages.frame(at: p, into: &out, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
                frames.append(CLI.ms(since: t0))
            }
            let smallStages = try BlurStages.prepare(small, maxSigma: smallSigma, schedule: schedule, quality: .default, threads: threads)
            let e = try error { try smallStages.frame(at: $0) }
            let count = stages.sigmas.count
            print(
                schedule.description.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + String(
                        format: " %7d  %10.0f  %12.1f  %9.0f  %8.2f  %8.1f  %7.1f", count,
                        median(prep), median(prep) / Double(max(1, count - 1)), Double(stages.byteCount) / 1e6, median(frames), e.worst, e.mean))
        }
        // Live: one reused output; σ(p) every frame.
        let live = try LiveBlur(maxSigma: maxSigma)
        var out = screen, frames: [Double] = []
        for p in progress {
            let t0 = DispatchTime.now()
            try live.frame(of: screen, at: p, into: &out, threads: threads)
            frames.append(CLI.ms(since: t0))
        }
        let smallLive = try LiveBlur(maxSigma: smallSigma)
        let e = try error { try smallLive.frame(of: small, at: $0, threads: threads) }
        print(
            "live".padding(toLength: 12, withPad: " ", startingAt: 0) + "       -           0             -"
                + String(format: "  %9.0f  %8.2f  %8.1f  %7.1f", Double(screen.pixels.count) / 1e6, median(frames), e.worst, e.mean))
        print(
            String(
                format: "live frame time: median %.2f ms, worst %.2f ms over σ 0...%g px (a 120 Hz frame is 8.33 ms)", median(frames), frames.max() ?? 0,
                maxSigma))
    }
}
