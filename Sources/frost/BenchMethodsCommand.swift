import ArgumentParser
import Foundation
import FrostBlur
import FrostEffects
import FrostImage

/// `frost bench methods`: the interactive-blur document's comparison of blur methods, measured.
struct BenchMethodsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "methods",
        abstract: "Blur methods for interactive use compared at radii 0, 1, 2, 5, 20: time, preparation, memory, accuracy, smoothness.",
        discussion: """
            Methods: the Gaussian (default and realtime quality), one box pass and a tent (two boxes) sized to the same σ, \
            Apple's ImageEffects (three box passes), and 1, 3, 10 and 50 precomputed stages and doubling stages (prepared \
            once up to the largest radius, then cross-faded). A radius r asks every method for the blur of σ = r px.
            Time: the median of --repeat frames at --size (default a phone screen, 1179x2556 px, the built-in photo \
            tiled), on --threads. Accuracy: PSNR against the exact Gaussian of σ = r, on the built-in photo at \
            --quality-size. Jumps: the outputs at r = 0, 0.25, 0.5 … up to the largest radius, on the same photo; each \
            step's RMS change (8-bit levels) against the exact Gaussian's change over the same step, the largest \
            difference reported — a method that rounds r to whole pixels or swaps kernels stands still, then jumps. \
            Prints a Markdown table.

            Examples:
              frost bench methods --size 390x844 --radii 0,2,8 --repeat 1 --quality-size 128
            """)

    @Option(help: "Image size WxH in pixels for timing.")
    var size: String = "1179x2556"

    @Option(help: "Radii (σ in pixels) to compare, comma-separated, each 0...200.")
    var radii: String = "0,1,2,5,20"

    @Option(name: .customLong("quality-size"), help: "Side of the square photo the accuracy and smoothness are measured on, 32...1024 px.")
    var qualitySize: Int = 256

    @Option(help: "Timed frames per method and radius (median reported), 1...50.")
    var `repeat`: Int = 5

    @Option(help: "Worker threads (default: every core).")
    var threads: Int?

    func run() throws {
        guard let (w, h) = CLI.parseSize(size), w > 0, h > 0, w * h <= Image.maxPixelCount else {
            throw CLIError("--size must look like 1179x2556, got '\(size)'")
        }
        let parsed = radii.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !parsed.isEmpty, parsed.count <= 16, parsed.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 && $0 <= 200 } ?? false }) else {
            throw CLIError("--radii takes 1 to 16 comma-separated numbers in 0...200, got '\(radii)'")
        }
        let rs = parsed.compactMap { $0 }
        guard (32...1024).contains(qualitySize) else { throw CLIError("--quality-size must be 32...1024") }
        guard (1...50).contains(`repeat`) else { throw CLIError("--repeat must be 1...50") }
        if let threads, !(1...64).contains(threads) { throw CLIError("--threads must be 1...64") }
        let maxRadius = max(rs.max() ?? 0, 0.25)
        let photo = try SampleImages.astronaut()
        let screen = try photo.tiled(width: w, height: h)
        let small = try Resample.resized(photo, width: qualitySize, height: qualitySize)
        let truths = try rs.map { try GaussianBlur(sigma: $0, quality: .exact).apply(to: small, threads: threads) }
        let exactSteps = try BlurMethod.steps({ try GaussianBlur(sigma: $0, quality: .exact).apply(to: small, threads: threads) }, maxRadius: maxRadius)
        let radiiText = rs.map { $0.shortText }.joined(separator: ", ")
        print(
            "blur methods at σ = r px, r in {\(radiiText)}: time at \(w)x\(h) px on \(threads.map(String.init) ?? "all") threads (median of \(`repeat`)); "
                + "accuracy and jumps on the photo at \(qualitySize)x\(qualitySize) (r 0…\(maxRadius.shortText) in steps of 0.25)")
        print(
            "| method | prepare | memory | " + rs.map { "ms r=\($0.shortText)" }.joined(separator: " | ") + " | "
                + rs.map { "dB r=\($0.shortText)" }.joined(separator: " | ") + " | jump (levels) |")
        print("|---|---|---|" + String(repeating: "---|", count: 2 * rs.count) + "---|")
        for method in BlurMethod.allCases {
            let timed = try BlurMethod.Prepared(method, image: screen, maxRadius: maxRadius, threads: threads)
            let times = try rs.map { r in try CLI.medianMs(runs: `repeat`) { _ = try timed.blur(radius: r, threads: threads) } }
            let quality = try BlurMethod.Prepared(method, image: small, maxRadius: maxRadius, threads: threads)
            let dbs = try zip(rs, truths).map { r, truth in min(99, try quality.blur(radius: r, threads: threads).psnr(against: truth)) }
            let jump = BlurMethod.jumpiness(try BlurMethod.steps({ try quality.blur(radius: $0, threads: threads) }, maxRadius: maxRadius), exact: exactSteps)
            let prepare = method.schedule == nil ? "–" : String(format: "%.0f ms", timed.prepareMs)
            let memory = method.schedule == nil ? "–" : String(format: "%.0f MB", Double(timed.memoryBytes) / 1e6)
            print(
                "| \(method.name) | \(prepare) | \(memory) | " + times.map { String(format: "%.2f", $0) }.joined(separator: " | ") + " | "
                    + dbs.map { $0 >= 99 ? "∞" : String(format: "%.1f", $0) }.joined(separator: " | ")
                    + String(format: " | %.2f |", jump))
        }
    }
}
