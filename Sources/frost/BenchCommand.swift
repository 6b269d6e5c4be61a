import ArgumentParser
import Foundation
import FrostBlur
import FrostImage

/// `frost bench`: `blur` (the default) or `motion`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmarks: blur kernels (default); motion, materials, text, ui, animation, interactive, variable, codecs and methods as subcommands.",
        discussion: """
            Examples:
              frost bench --sizes 640x360 --sigma 2,8 --repeat 3
              frost bench --explain --sigma 2,12,32
              frost bench --explain --sigma 150 --sizes 2000x2000 --region 995,995,10,10
              frost bench motion --count 1000
              frost bench methods --size 390x844 --radii 0,2,8 --repeat 1 --quality-size 128
            """,
        subcommands: [
            BenchBlurCommand.self, BenchMotionCommand.self, BenchMaterialsCommand.self, BenchTextCommand.self, BenchUICommand.self, BenchAnimationCommand.self,
            BenchInteractiveCommand.self, BenchVariableCommand.self, BenchCodecsCommand.self, BenchMethodsCommand.self,
        ],
        defaultSubcommand: BenchBlurCommand.self)
}

struct BenchBlurCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blur",
        abstract: "Time the blur kernels (decode and encode excluded) against this machine's memcpy floor.",
        discussion: """
            Build with `swift build -c release` (or `swift run -c release frost bench`): debug builds \
            are 10-50x slower. After one untimed pass, the configurations of a size run in --repeat \
            rounds, each round timing every configuration once and the memcpy floor (reading and writing \
            the same bytes once) with them, so their ratios hold on a machine whose speed drifts; the \
            median and the minimum are reported, and 'x floor' is the median over the floor's median.
            """)

    @Option(help: "Image to blur (default: the built-in photo, tiled to each size).")
    var input: String?

    @Option(help: "Comma-separated sizes WxH (default: 1920x1080,3840x2160, or the input's size).")
    var sizes: String?

    @Option(help: "Comma-separated σ values in pixels.")
    var sigma: String = "2,8,32,100"

    @Option(name: .customLong("sigma-y"), help: "Vertical σ for every run (default: the same as σ).")
    var sigmaY: Double?

    @Option(help: "Comma-separated qualities: exact, default, realtime.")
    var quality: String = "default"

    @Option(help: "Worker threads (default: every core).")
    var threads: Int?

    @Option(help: "Runs per configuration.")
    var `repeat`: Int = 7

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    @Flag(help: "Print the plan each configuration would run (algorithm, factors, radii) instead of timing it.")
    var explain = false

    @OptionGroup var shape: BlurShapeOptions

    func validate() throws {
        if !(1...1000).contains(`repeat`) { throw ValidationError("--repeat must be 1...1000") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be 1...256, got \(threads)") }
        if shape.region != nil && shape.extent == .expanded { throw ValidationError("--region cannot be combined with --extent expanded") }
    }

    func makeBlur(_ s: Double, _ q: BlurQuality) throws -> GaussianBlur {
        let blur = GaussianBlur(
            sigmaX: s, sigmaY: sigmaY ?? s, edges: shape.edges, quality: q, extent: shape.extent,
            encoding: shape.encoding)
        try blur.validate()
        return blur
    }

    func run() throws {
        let sigmas = try sigma.split(separator: ",").map { s -> Double in
            guard let v = Double(s.trimmingCharacters(in: .whitespaces)) else { throw CLIError("--sigma: '\(s)' is not a number") }
            return v
        }
        let qualities = try quality.split(separator: ",").map { q -> BlurQuality in
            guard let v = BlurQuality(rawValue: String(q)) else { throw CLIError("--quality: '\(q)' is not exact, default or realtime") }
            return v
        }
        let base = try input.map { try ImageFile.read($0) } ?? SampleImages.astronaut()
        let sizeList: [(Int, Int)]
        if let sizes {
            sizeList = try sizes.split(separator: ",").map { s in
                guard let v = CLI.parseSize(String(s)) else { throw CLIError("--sizes: '\(s)' is not WxH") }
                return v
            }
        } else if input != nil {
            sizeList = [(base.width, base.height)]
        } else {
            sizeList = [(1920, 1080), (3840, 2160)]
        }
        if explain {
            for (w, h) in sizeList {
                for q in qualities {
                    for s in sigmas {
                        let rect = shape.rect
                        if let rect { try rect.validate(inside: PixelRect(x: 0, y: 0, width: w, height: h)) }
                        let plan = try makeBlur(s, q).plan(width: w, height: h, region: rect)
                        let refused = plan.firWork > GaussianBlur.exactWorkLimit ? " — refused: over the exact blur's work limit" : ""
                        print("\(plan)\(refused)")
                    }
                }
            }
            return
        }
        let threads = self.threads ?? ProcessInfo.processInfo.activeProcessorCount
        var rows: [BenchRow] = []
        for (w, h) in sizeList {
            let image = try base.tiled(width: w, height: h)
            let blurs = try qualities.flatMap { q in
                try sigmas.map { s in try makeBlur(s, q) }
            }
            // Kernel only: the output buffer is allocated once and reused, as a renderer
            // redrawing every frame would.
            let rect = shape.rect
            if let rect { try rect.validate(inside: image.bounds) }
            // One output per configuration (its size is the blur's: `.expanded` grows it).
            var outs = try blurs.map { b in
                let (ex, ey) = shape.extent == .expanded ? b.expansion : (0, 0)
                return try Image(width: w + 2 * ex, height: h + 2 * ey)
            }
            for (i, blur) in blurs.enumerated() { try blur.apply(to: image, into: &outs[i], region: rect, threads: threads) }  // warm-up
            // Rounds: every configuration once per round, the memcpy floor with them, so a
            // machine whose speed drifts (shared, ±30 % here) moves them all alike and their
            // ratios hold.
            var times = [[Double]](repeating: [], count: blurs.count), floors: [Double] = []
            let copy = MemcpyProbe(bytes: w * h * 4)
            for _ in 0..<`repeat` {
                floors.append(copy.time())
                for (i, blur) in blurs.enumerated() {
                    let t0 = DispatchTime.now()
                    try blur.apply(to: image, into: &outs[i], region: rect, threads: threads)
                    times[i].append(CLI.ms(since: t0))
                }
            }
            let floor = floors.sorted()[floors.count / 2]
            for (i, blur) in blurs.enumerated() {
                let sorted = times[i].sorted()
                let median = sorted[sorted.count / 2]
                rows.append(
                    BenchRow(
                        width: w, height: h, sigma: blur.sigmaX, quality: blur.quality.rawValue, threads: threads,
                        median_ms: median, min_ms: sorted[0],
                        mpix_per_s: Double(w * h) / 1e6 / (median / 1000),
                        memcpy_ms: floor, x_floor: median / floor))
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(rows), as: UTF8.self))
        } else {
            print("size        sigma  quality   threads  median_ms   min_ms  Mpix/s  memcpy_ms  x_floor")
            for r in rows {
                print(
                    String(
                        format: "%-11@ %5.1f  %-8@ %7d %10.2f %8.2f %7.1f %10.2f %8.1f",
                        "\(r.width)x\(r.height)", r.sigma, r.quality, r.threads, r.median_ms, r.min_ms,
                        r.mpix_per_s, r.memcpy_ms, r.x_floor))
            }
        }
    }

}

/// Times copying a buffer once (read + write): the memory-bandwidth floor a blur is compared to.
final class MemcpyProbe {
    let bytes: Int
    private let src: UnsafeMutableRawPointer, dst: UnsafeMutableRawPointer

    init(bytes: Int) {
        self.bytes = bytes
        src = .allocate(byteCount: bytes, alignment: 64)
        dst = .allocate(byteCount: bytes, alignment: 64)
        memset(src, 1, bytes); memset(dst, 0, bytes)
    }

    deinit { src.deallocate(); dst.deallocate() }

    /// One copy, in ms.
    func time() -> Double {
        let t0 = DispatchTime.now()
        memcpy(dst, src, bytes)
        return CLI.ms(since: t0)
    }
}

struct BenchRow: Codable {
    var width: Int, height: Int, sigma: Double, quality: String, threads: Int
    var median_ms: Double, min_ms: Double, mpix_per_s: Double, memcpy_ms: Double, x_floor: Double
}

extension Image {
    /// This image repeated to fill `width × height` (for benchmarks at any size).
    func tiled(width: Int, height: Int) throws -> Image {
        var out = try Image(width: width, height: height)
        var y = 0
        while y < height {
            var x = 0
            while x < width { out.paste(self, atX: x, y: y); x += self.width }
            y += self.height
        }
        return out
    }
}
