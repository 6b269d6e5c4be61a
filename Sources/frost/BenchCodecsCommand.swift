import ArgumentParser
import Foundation
import FrostBlur
import FrostImage

/// `frost bench codecs`: PNG and JPEG encode and decode times and sizes on one image.
struct BenchCodecsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codecs",
        abstract: "Time PNG (each level and filter) and JPEG encode and decode (default: the sample photo at 1920x1080, blurred σ 8 as `frost blur` writes it)."
    )

    @Option(help: "Image to encode (default: the built-in sample tiled to --size).")
    var input: String?

    @Option(help: "Size WxH of the built-in image.")
    var size: String = "1920x1080"

    @Option(help: "σ in pixels of a blur applied first (0: the photo itself).")
    var sigma: Double = 8

    @Option(help: "PNG settings to time, LEVEL:FILTER comma-separated (filters: none, sub, up, average, paeth, adaptive).")
    var png: String = "0:none,1:up,2:up,3:up,6:up,2:adaptive,6:adaptive,9:adaptive"

    @Option(help: "Runs per configuration.")
    var `repeat`: Int = 7

    @Option(help: "Worker threads (default: every core).")
    var threads: Int?

    func run() throws {
        guard (1...1000).contains(`repeat`) else { throw CLIError("--repeat must be 1...1000") }
        guard sigma.isFinite, sigma >= 0 else { throw CLIError("--sigma must be ≥ 0") }
        let settings = try png.split(separator: ",").map { item -> PNGCodec.Options in
            let parts = item.split(separator: ":")
            guard parts.count == 2, let level = Int(parts[0]), (0...9).contains(level),
                let filter = PNGCodec.Filter(rawValue: String(parts[1]))
            else {
                throw CLIError("--png: '\(item)' is not LEVEL:FILTER (level 0…9; filter none, sub, up, average, paeth or adaptive)")
            }
            return PNGCodec.Options(level: level, filter: filter)
        }
        var image: Image
        if let input {
            image = try ImageFile.read(input)
        } else {
            guard let (w, h) = CLI.parseSize(size), w > 0, h > 0 else { throw CLIError("--size must look like 1920x1080, got '\(size)'") }
            image = try SampleImages.astronaut().tiled(width: w, height: h)
        }
        if sigma > 0 { image = try GaussianBlur(sigma: sigma).apply(to: image, threads: threads) }
        func median(_ body: () throws -> Void) rethrows -> Double { try CLI.medianMs(runs: `repeat`, body) }
        print(
            "# \(image.width)x\(image.height)\(sigma > 0 ? ", blurred σ \(sigma)" : ""), medians of \(`repeat`), threads \(threads.map(String.init) ?? "all")")
        print("format  setting        encode_ms  decode_ms  libpng_decode_ms      bytes")
        for options in settings {
            var file: [UInt8] = []
            let encode = try median { file = try PNGCodec.encode(image, options: options, threads: threads) }
            let decode = try median { _ = try PNGCodec.decode(file) }
            let libpng = try median { _ = try PNGCodec.decodeWithLibPNG(file, name: "bench") }
            let setting = "\(options.level):\(options.filter.rawValue)"
            print(
                "png     " + setting.padding(toLength: 13, withPad: " ", startingAt: 0)
                    + String(format: " %10.2f %10.2f %17.2f %10d", encode, decode, libpng, file.count))
        }
        for quality in [75, 90] {
            var file: [UInt8] = []
            let encode = try median { file = try JPEGCodec.encode(image, options: .init(quality: quality)) }
            let decode = try median { _ = try JPEGCodec.decode(file, name: "bench") }
            print(
                "jpeg    " + "q\(quality)".padding(toLength: 13, withPad: " ", startingAt: 0)
                    + String(format: " %10.2f %10.2f %17@ %10d", encode, decode, "-", file.count))
        }
    }
}
