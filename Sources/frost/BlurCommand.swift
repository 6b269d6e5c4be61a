import ArgumentParser
import Foundation
import FrostBlur
import FrostEffects
import FrostImage

struct BlurCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blur",
        abstract: "Blur images with a Gaussian (or box, tent, Apple ImageEffects) filter.",
        discussion: """
            Formats follow the extension: .png, .jpg/.jpeg, .rgba (raw straight RGBA8, needs --size). \
            Outputs are written atomically: a failure never leaves a partial file. With several \
            inputs, a file that fails is reported and the others still run; the exit code is 1 if any failed.

            Examples:
              frost blur photo.jpg -o soft.png --sigma 8
              frost blur *.png --out-dir blurred --sigma 20 --edges mirror
              frost blur shot.png -o small.png --sigma 4 --png-level 9 --png-filter adaptive
              frost blur shot.png -o private.png --sigma 12 --region 40,60,200,80
              frost blur photo.jpg -o progressive.png --sigma 40 --mask top:0.4
              frost blur photo.jpg -o masked.png --sigma 24 --mask mask.png
            """)

    @Argument(help: "Input image files.")
    var inputs: [String] = []

    @Option(name: [.short, .customLong("output")], help: "Output file (one input only).")
    var output: String?

    @Option(name: .customLong("out-dir"), help: "Output folder (must exist); files keep their names.")
    var outDir: String?

    @Option(help: "Gaussian standard deviation in pixels (0…4096). For image-effects: the radius in points.")
    var sigma: Double?

    @Option(help: "Alias of --sigma (CoreImage's inputRadius is the same σ).")
    var radius: Double?

    @Option(name: .customLong("sigma-y"), help: "Vertical σ in pixels, when it differs from --sigma.")
    var sigmaY: Double?

    @Option(help: "Quality: exact, default or realtime.")
    var quality: BlurQuality = .default

    @OptionGroup var shape: BlurShapeOptions

    @Option(
        help:
            "Progressive blur: σ × MASK.png (stretched to the image; its alpha, or its luminance when it is opaque: see --mask-channel), or a built-in gradient: top[:FRACTION] or bottom[:FRACTION] (full blur at that edge, none FRACTION of the height away; default 0.5). σ up to 200 px."
    )
    var mask: String?

    @Option(
        name: .customLong("mask-channel"),
        help:
            "With --mask FILE: which values set the blur — alpha, luminance (white blurs, black does not), or automatic (luminance when the mask is opaque everywhere, alpha otherwise; default)."
    )
    var maskChannel: VariableBlur.MaskChannel = .automatic

    @Option(help: "With --mask: a tint #RRGGBB or #RRGGBBAA laid over the blur by the mask.")
    var tint: String?

    @Option(help: "Filter: gaussian, box, tent or image-effects.")
    var filter: FilterKind = .gaussian

    @Option(name: .customLong("kernel-size"), help: "Box/tent kernel size in pixels (odd; even sizes round up).")
    var kernelSize: Int?

    @OptionGroup var display: DisplayScaleOption<Scale1>
    var scale: Double { display.scale }

    @Option(help: "Worker threads (default: every core).")
    var threads: Int?

    @Option(help: "Size WxH of raw .rgba inputs.")
    var size: String?

    @Option(name: .customLong("jpeg-quality"), help: "JPEG output quality 1…100.")
    var jpegQuality: Int = 90

    @Option(
        name: .customLong("png-level"),
        help: "PNG output: level 0 (stored), 1–2 (Frost's parallel deflater; 2 is the default), 3–9 (zlib's; 9 smallest, slowest).")
    var pngLevel: Int = PNGCodec.Options().level

    @Option(name: .customLong("png-filter"), help: "PNG output: row filter none, sub, up, average, paeth or adaptive (libpng's per-row choice); default up.")
    var pngFilter: PNGCodec.Filter = PNGCodec.Options().filter

    @Flag(help: "Print decode_ms, blur_ms and encode_ms per file on stderr (and files/s for several).")
    var timing = false

    @Flag(help: "Allow the output to replace one of the inputs.")
    var overwrite = false

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("no input files given") }
        if output != nil && outDir != nil { throw ValidationError("use either -o/--output or --out-dir, not both") }
        if output == nil && outDir == nil { throw ValidationError("say where to write: -o OUT or --out-dir DIR") }
        if output != nil && inputs.count > 1 { throw ValidationError("-o takes one input; use --out-dir for \(inputs.count) inputs") }
        if sigma != nil && radius != nil { throw ValidationError("--radius is an alias of --sigma: give one of them") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be 1...256, got \(threads)") }
        if !(0...9).contains(pngLevel) { throw ValidationError("--png-level must be 0...9, got \(pngLevel)") }
        if !(1...100).contains(jpegQuality) { throw ValidationError("--jpeg-quality must be 1...100, got \(jpegQuality)") }
        switch filter {
        case .gaussian, .imageEffects:
            if sigma == nil && radius == nil { throw ValidationError("--sigma is required (e.g. --sigma 8)") }
        case .box, .tent:
            if kernelSize == nil { throw ValidationError("--kernel-size is required for the \(filter.rawValue) filter") }
        }
        if let size, CLI.parseSize(size) == nil { throw ValidationError("--size must look like 640x480, got '\(size)'") }
    }

    func run() throws {
        let operation = try makeOperation()
        let rawSize = size.flatMap(CLI.parseSize)
        let rect = shape.rect
        if let outDir {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: outDir, isDirectory: &isDir), isDir.boolValue else {
                throw CLIError("output folder \(outDir) does not exist")
            }
        }
        let inputs = self.inputs, output = self.output, outDir = self.outDir
        let overwrite = self.overwrite, timing = self.timing, jpegQuality = self.jpegQuality
        let png = PNGCodec.Options(level: pngLevel, filter: pngFilter)
        let inputPaths = Set(inputs.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        // Several files overlap: each worker takes the next file and runs its decode, blur and
        // encode on one core, so decode and encode (serial inside a file) fill every core too.
        // One file gets every core for its blur and encode. Bytes are the same either way.
        let cores = try ImageError.resolveThreads(threads)
        let workers = min(inputs.count, cores)
        let perFile = max(1, cores / workers)

        /// One file, start to end: its one-line error (nil when it worked) and its timing line.
        @Sendable func process(_ index: Int) -> (error: String?, timing: String?) {
            let input = inputs[index]
            let out = output ?? URL(fileURLWithPath: outDir!).appendingPathComponent(URL(fileURLWithPath: input).lastPathComponent).path
            do {
                if !overwrite, inputPaths.contains(URL(fileURLWithPath: out).standardizedFileURL.path) {
                    throw CLIError("\(out): output would replace an input file (pass --overwrite to allow it)")
                }
                let t0 = DispatchTime.now()
                // The only reference to the decoded pixels, so a whole-image blur writes over them.
                var image = try ImageFile.read(input, rawSize: rawSize, threads: perFile)
                let t1 = DispatchTime.now()
                if let rect { try rect.validate(inside: image.bounds) }
                try operation(&image, rect, perFile)
                let t2 = DispatchTime.now()
                try ImageFile.write(image, to: out, jpeg: .init(quality: jpegQuality), png: png, threads: perFile)
                let t3 = DispatchTime.now()
                func ms(_ a: DispatchTime, _ b: DispatchTime) -> Double { Double(b.uptimeNanoseconds - a.uptimeNanoseconds) / 1e6 }
                return (nil, timing ? String(format: "%@: decode_ms=%.2f blur_ms=%.2f encode_ms=%.2f", input, ms(t0, t1), ms(t1, t2), ms(t2, t3)) : nil)
            } catch let error as ImageError {
                return (failurePrefix(error, input) + error.description, nil)
            } catch let error as CLIError {
                return (error.message, nil)
            } catch {
                return ("\(input): \(error)", nil)
            }
        }

        let report = BatchReport(count: inputs.count, progress: inputs.count > 1 && CLI.stderrIsTerminal ? ProgressBar(total: inputs.count) : nil)
        let start = DispatchTime.now()
        // (One worker runs on this thread: concurrentPerform runs a single iteration inline.)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = report.nextIndex() { report.record(index, process(index)) }
        }
        report.finish()
        if timing && inputs.count > 1 {
            let seconds = CLI.ms(since: start) / 1000
            CLI.note(
                String(
                    format: "%d files in %.3f s: %.2f files/s (%d at a time, %d thread%@ each)",
                    inputs.count, seconds, Double(inputs.count) / seconds, workers, perFile, perFile == 1 ? "" : "s"))
        }
        let failures = report.failures
        if failures > 0 {
            // A lone input already said what went wrong, in one line.
            if inputs.count == 1 { throw ExitCode.failure }
            throw CLIError("\(failures) of \(inputs.count) files failed", code: 1)
        }
    }

    /// Region/argument errors don't name a file themselves: say which input they concern.
    private func failurePrefix(_ error: ImageError, _ input: String) -> String {
        switch error {
        case .invalidRegion, .invalidArgument, .invalidDimensions: return "\(input): "
        default: return ""
        }
    }

    /// The filter as a function of (image, region, threads) that replaces the image with its
    /// result, validated before any file is read.
    private func makeOperation() throws -> @Sendable (inout Image, PixelRect?, Int) throws -> Void {
        if let mask { return try maskedOperation(mask) }
        if tint != nil { throw CLIError("--tint goes with --mask") }
        if maskChannel != .automatic { throw CLIError("--mask-channel goes with --mask FILE") }
        switch filter {
        case .gaussian:
            let s = sigma ?? radius!
            let blur = GaussianBlur(
                sigmaX: s, sigmaY: sigmaY ?? s, edges: shape.edges, quality: quality,
                extent: shape.extent, encoding: shape.encoding)
            try blur.validate()
            if shape.extent == .expanded && shape.region != nil { throw CLIError("--region cannot be combined with --extent expanded") }
            return { image, rect, threads in try blur.apply(inPlace: &image, region: rect, threads: threads) }
        case .box, .tent:
            let box = BoxBlur(filter == .box ? .box : .tent, width: kernelSize!, edges: shape.edges)
            try box.validate()
            if shape.region != nil { throw CLIError("--region works with the gaussian filter only") }
            return { image, _, threads in image = try box.apply(to: image, threads: threads) }
        case .imageEffects:
            let fx = ImageEffectsBlur(radius: sigma ?? radius!, scale: scale)
            try fx.validate()
            if shape.region != nil { throw CLIError("--region works with the gaussian filter only") }
            return { image, _, threads in image = try fx.apply(to: image, threads: threads) }
        }
    }
}

extension BlurCommand {
    /// `--mask`: the progressive blur with a mask file or a built-in edge gradient.
    func maskedOperation(_ spec: String) throws -> @Sendable (inout Image, PixelRect?, Int) throws -> Void {
        guard filter == .gaussian else { throw CLIError("--mask works with the gaussian filter only") }
        guard shape.region == nil, sigmaY == nil, shape.extent == .same, !shape.linear else {
            throw CLIError("--mask cannot be combined with --region, --sigma-y, --extent expanded or --linear")
        }
        let s = sigma ?? radius!
        guard s.isFinite, s >= 0, s <= VariableBlur.maxSigma else { throw CLIError("--sigma must be 0...200 px with --mask, got \(s)") }
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        let maskShape: VariableBlur.Mask
        if parts[0] == "top" || parts[0] == "bottom" {
            if maskChannel != .automatic { throw CLIError("--mask-channel goes with a mask file, not --mask \(parts[0])") }
            let fraction = parts.count > 1 ? Double(parts[1]) : 0.5
            guard let fraction, fraction.isFinite, fraction > 0, fraction <= 1 else {
                throw CLIError("--mask \(spec): the fraction after ':' must be in (0, 1]")
            }
            maskShape = parts[0] == "top" ? .topEdge(fraction: fraction) : .bottomEdge(fraction: fraction)
        } else {
            do { maskShape = .image(try ImageFile.read(spec), channel: maskChannel) } catch { throw CLIError("--mask: \(error.description)") }
        }
        let color = try tint.map { text -> Color in
            do { return try Color(hex: text) } catch { throw CLIError("--tint must be #RRGGBB or #RRGGBBAA, got '\(text)'") }
        }
        let blur = VariableBlur(maxSigma: s, mask: maskShape, tint: color, edges: shape.edges)
        return { image, _, threads in image = try blur.apply(to: image, threads: threads) }
    }
}

/// A batch's bookkeeping across workers: which file is next, and each file's outcome, reported
/// in input order as soon as every file before it is done (so messages never interleave or
/// change order with the thread count). `@unchecked Sendable`: every field is read and written
/// under `lock` (the progress bar too, through `record`).
final class BatchReport: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0, printed = 0
    private var outcomes: [(error: String?, timing: String?)?]
    private let progress: ProgressBar?
    private(set) var failures = 0

    init(count: Int, progress: ProgressBar?) {
        outcomes = Array(repeating: nil, count: count)
        self.progress = progress
    }

    func nextIndex() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < outcomes.count else { return nil }
        next += 1
        return next - 1
    }

    func record(_ index: Int, _ outcome: (error: String?, timing: String?)) {
        lock.lock(); defer { lock.unlock() }
        outcomes[index] = outcome
        while printed < outcomes.count, let done = outcomes[printed] {
            if let error = done.error {
                progress?.clear()
                CLI.warn(error)
                failures += 1
            }
            if let line = done.timing { progress?.clear(); CLI.note(line) }
            printed += 1
        }
        progress?.update(done: printed)
    }

    func finish() { progress?.finish() }
}

/// A one-line progress bar on stderr, for terminals only.
final class ProgressBar {
    let total: Int
    init(total: Int) { self.total = total }

    func update(done: Int) {
        let width = 30, filled = width * done / max(1, total)
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        FileHandle.standardError.write(Data("\r\u{1B}[K[\(bar)] \(done)/\(total)".utf8))
    }

    func clear() { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }

    func finish() {
        clear()
        FileHandle.standardError.write(Data("[\(String(repeating: "=", count: 30))] \(total)/\(total) done\n".utf8))
    }
}
