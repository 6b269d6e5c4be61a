import ArgumentParser
import Foundation
import FrostBlur
import FrostEffects
import FrostImage

/// `frost bench variable`: progressive blur against a plain blur at the same maximum σ, and its
/// error against the per-pixel exact Gaussian.
struct BenchVariableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "variable",
        abstract: "Progressive (variable) blur: time against a plain blur at the same maximum σ (4K), error against the per-pixel exact Gaussian.",
        discussion: """
            Timing at --size (default 3840x2160) from the built-in photo, the top-edge mask (full blur at the top, none \
            at --fraction of the height), median of --repeat runs after one untimed run, alternating with GaussianBlur \
            (default quality) at the same maximum σ. Error: PSNR against VariableBlur.reference (each pixel the exact Gaussian of its own σ) on \
            the photo area-averaged by --error-factor with σ divided by it.
            """)

    @Option(help: "Image size WxH in pixels for timing.")
    var size: String = "3840x2160"

    @Option(help: "Comma-separated maximum σ values in pixels.")
    var sigma: String = "8,32,100,200"

    @Option(help: "The top-edge mask's extent, as a fraction of the height.")
    var fraction: Double = 0.5

    @Option(
        help:
            "The mask: top (the top-edge gradient over --fraction), diagonal (a linear gradient from the top-left corner to the bottom-right), or radial (an image mask: none at the centre, full blur at the corners)."
    )
    var mask: String = "top"

    @Option(help: "Timed runs per configuration (median reported).")
    var `repeat`: Int = 5

    @Option(name: .customLong("error-factor"), help: "The error is measured on the image area-averaged by this factor (σ divided by it).")
    var errorFactor: Int = 16

    @Option(help: "Worker threads (default: every core).")
    var threads: Int?

    func run() throws {
        guard let (w, h) = CLI.parseSize(size), w > 0, h > 0, w * h <= Image.maxPixelCount else {
            throw CLIError("--size must look like 3840x2160, got '\(size)'")
        }
        let sigmas = try sigma.split(separator: ",").map { text -> Double in
            guard let s = Double(text), s > 0, s <= VariableBlur.maxSigma else { throw CLIError("--sigma: '\(text)' is not in (0, 200]") }
            return s
        }
        guard fraction.isFinite, fraction > 0, fraction <= 1 else { throw CLIError("--fraction must be in (0, 1]") }
        guard (1...50).contains(`repeat`) else { throw CLIError("--repeat must be 1...50") }
        guard (1...64).contains(errorFactor) else { throw CLIError("--error-factor must be 1...64") }
        if let threads, !(1...64).contains(threads) { throw CLIError("--threads must be 1...64") }
        let image = try SampleImages.astronaut().tiled(width: w, height: h)
        let small = try Resample.area(image, factorX: errorFactor, factorY: errorFactor)
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        // The mask at a given size (the radial one is an image, made at that size).
        let maskKind: (name: String, make: (Int, Int) throws -> VariableBlur.Mask)
        switch mask {
        case "top": maskKind = (String(format: "top-edge mask over %.0f %% of the height", fraction * 100), { _, _ in .topEdge(fraction: fraction) })
        case "diagonal": maskKind = ("diagonal mask (σ varies along every row)", { _, _ in .linear(from: (0, 0), to: (1, 1)) })
        case "radial":
            maskKind = (
                "radial image mask (σ varies along every row)",
                { mw, mh in
                    var m = try Image(width: mw, height: mh)
                    let cx = Double(mw) / 2, cy = Double(mh) / 2, r = (cx * cx + cy * cy).squareRoot()
                    m.withUnsafeMutablePixels { p in
                        for y in 0..<mh {
                            for x in 0..<mw {
                                let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                                p[4 * (y * mw + x) + 3] = UInt8(min(max((d / r - 0.3) / 0.7, 0), 1) * 255)
                            }
                        }
                    }
                    return .image(m)
                }
            )
        default: throw CLIError("--mask must be top, diagonal or radial, got '\(mask)'")
        }
        let fullMask = try maskKind.make(w, h), smallMask = try maskKind.make(small.width, small.height)
        print(
            String(
                format: "progressive blur, %dx%d px, %@, %@ threads; error at %dx%d vs the per-pixel exact Gaussian",
                w, h, maskKind.name, threads.map(String.init) ?? "all", small.width, small.height))
        print("max_sigma  variable_ms  plain_ms  ratio  error_sigma  psnr_dB")
        for s in sigmas {
            let vb = VariableBlur(maxSigma: s, mask: fullMask)
            let plain = GaussianBlur(sigma: s)
            var vt: [Double] = [], pt: [Double] = []
            // One untimed run of each first: the first call of a size pays for its scratch.
            _ = try vb.apply(to: image, threads: threads)
            _ = try plain.apply(to: image, threads: threads)
            for _ in 0..<`repeat` {
                var t0 = DispatchTime.now()
                _ = try vb.apply(to: image, threads: threads)
                vt.append(CLI.ms(since: t0))
                t0 = DispatchTime.now()
                _ = try plain.apply(to: image, threads: threads)
                pt.append(CLI.ms(since: t0))
            }
            let smallBlur = VariableBlur(maxSigma: s / Double(errorFactor), mask: smallMask)
            let db = try smallBlur.apply(to: small, threads: threads).psnr(against: try smallBlur.reference(for: small, threads: threads))
            print(
                String(
                    format: "%9g  %11.1f  %8.1f  %5.2f  %11.2f  %7.1f", s, median(vt), median(pt), median(vt) / median(pt), s / Double(errorFactor), min(99, db)
                ))
        }
    }
}
