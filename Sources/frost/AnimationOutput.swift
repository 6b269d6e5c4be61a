import ArgumentParser
import Foundation
import FrostImage
import FrostExport
import FrostUI

/// Options shared by `frost transition` and `frost record`: where and how frames are rendered.
struct RecordingOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Output: OUT.apng, OUT.gif, OUT.png (a filmstrip), OUT.html (a player) or DIR/ (a PNG sequence).")
    var output: String?

    /// The output path (required where a recording is written).
    var path: String {
        get throws {
            guard let output else { throw CLIError("no output: give -o OUT.apng, OUT.gif, OUT.png, OUT.html or DIR/") }
            return output
        }
    }

    @Option(help: "Frames per second, in (0, 240].")
    var fps: Double = 60

    @OptionGroup var display: DisplayScaleOption<Scale2>
    var scale: Double { display.scale }

    @Option(help: "light or dark.")
    var appearance: String = "light"

    @Option(help: "Width in points.")
    var width: Double = 390

    @Option(help: "Height in points.")
    var height: Double = 300

    @Option(help: "Threads a frame is drawn with (default: the active cores, at most 8); the bytes are the same for every count.")
    var threads: Int?

    @Option(help: "APNG only: zlib level, 1 (fastest) ... 9 (smallest).")
    var compression: Int = APNG.defaultLevel

    @Flag(help: "GIF only: dither smooth gradients when a frame needs more than 256 colours (flat areas and edges stay crisp).")
    var dither = false

    var scheme: ColorScheme {
        get throws {
            switch appearance {
            case "light": return .light
            case "dark": return .dark
            default: throw CLIError("--appearance must be light or dark, got '\(appearance)'")
            }
        }
    }

    func validate() throws {
        guard fps.isFinite, fps > 0, fps <= 240 else { throw ValidationError("--fps must be in (0, 240], got \(fps)") }
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 4096, height <= 4096 else {
            throw ValidationError("--width and --height must be in (0, 4096] points, got \(width)x\(height)")
        }
        if let output { do { _ = try AnimationOutput.Kind(path: output) } catch let e as CLIError { throw ValidationError(e.message) } }
        if let threads, !(1...64).contains(threads) { throw ValidationError("--threads must be in 1...64, got \(threads)") }
        guard (1...9).contains(compression) else { throw ValidationError("--compression must be in 1...9, got \(compression)") }
    }
}

/// Writing recorded frames as APNG, GIF, a filmstrip, an HTML player or a PNG sequence.
enum AnimationOutput {
    enum Kind: String {
        case apng, gif, filmstrip, html, sequence

        init(path: String) throws {
            let lower = path.lowercased()
            var isDirectory: ObjCBool = false
            if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
                self = .sequence
            } else if lower.hasSuffix(".apng") {
                self = .apng
            } else if lower.hasSuffix(".gif") {
                self = .gif
            } else if lower.hasSuffix(".png") {
                self = .filmstrip
            } else if lower.hasSuffix(".html") {
                self = .html
            } else {
                throw CLIError("\(path): unknown output format; use .apng, .gif, .png (filmstrip), .html or a folder ending in /")
            }
        }

        var maxFrames: Int {
            switch self {
            case .apng: return APNG.maxFrames
            case .gif: return GIF.maxFrames
            case .filmstrip: return Filmstrip.maxFrames
            case .html: return HTMLPlayer.maxFrames
            case .sequence: return HostCore.maxRecordedFrames
            }
        }
    }

    /// Frames are kept in memory until encoded: at most this many bytes of them (2 GiB).
    static let maxBytes = 2.0 * 1024 * 1024 * 1024

    /// Fails before rendering anything when the frames would not fit the format or memory.
    static func check(frames: Int, width: Double, height: Double, scale: Double, kind: Kind) throws {
        guard frames <= kind.maxFrames else {
            throw CLIError("\(frames) frames is over the \(kind.rawValue) limit of \(kind.maxFrames); lower --fps or the duration")
        }
        let bytes = Double(frames) * (width * scale).rounded(.up) * (height * scale).rounded(.up) * 4
        guard bytes <= maxBytes else {
            throw CLIError(
                String(
                    format: "%d frames of %.0fx%.0f px need %.1f GB in memory, over the limit of 2 GB; lower --fps, --scale or the duration",
                    frames, (width * scale).rounded(.up), (height * scale).rounded(.up), bytes / 1e9))
        }
    }

    /// Renders `host` from 0 to `end` at the recording's frame rate and writes the output,
    /// checking the limits before rendering anything; reports on stderr.
    static func record<V: View>(_ host: ViewHost<V>, until end: Double, _ recording: RecordingOptions) throws {
        if let threads = recording.threads { host.renderThreads = threads }
        let times = try HostCore.frameTimes(from: 0, to: end, fps: recording.fps)
        let output = try recording.path
        try check(frames: times.count, width: recording.width, height: recording.height, scale: recording.scale, kind: Kind(path: output))
        let t0 = DispatchTime.now()
        let frames = try render(host, times: times)
        let rendered = CLI.ms(since: t0)
        let summary = try write(frames, fps: recording.fps, dither: recording.dither, level: recording.compression, to: output)
        FileHandle.standardError.write(
            Data(
                String(
                    format: "frost: %@ to %@ (%.2f s at %.0f fps), rendered in %.0f ms (%.2f ms/frame)\n",
                    summary, output, end, recording.fps, rendered, rendered / Double(frames.count)
                ).utf8))
    }

    /// Renders `times` with a progress bar on a terminal (for more than 30 frames).
    static func render<V: View>(_ host: ViewHost<V>, times: [Double]) throws -> [RecordedFrame] {
        let showProgress = times.count > 30 && isatty(2) != 0
        var frames: [RecordedFrame] = []
        frames.reserveCapacity(times.count)
        for (i, t) in times.enumerated() {
            frames.append(RecordedFrame(time: t, image: try host.frame(at: t)))
            if showProgress {
                let done = (i + 1) * 30 / times.count
                let bar = String(repeating: "=", count: done) + String(repeating: " ", count: 30 - done)
                FileHandle.standardError.write(Data("\rframe \(i + 1)/\(times.count) [\(bar)]".utf8))
            }
        }
        if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        return frames
    }

    /// Writes `frames` (shown for 1/fps s each) to `path`; returns a one-line summary.
    @discardableResult
    static func write(_ frames: [RecordedFrame], fps: Double, dither: Bool = false, level: Int = APNG.defaultLevel, to path: String) throws -> String {
        let kind = try Kind(path: path)
        let duration = 1 / fps
        switch kind {
        case .apng:
            try APNG.write(frames.map { APNG.Frame($0.image, duration: duration) }, level: level, to: path)
            return "APNG, \(frames.count) frames"
        case .gif:
            let encoded = try GIF.write(frames.map { GIF.Frame($0.image, duration: duration) }, dither: dither, to: path)
            var note = "GIF, \(frames.count) frames"
            if encoded.raisedDelays > 0 || fps > 50.5 {
                // GIF delays are whole centiseconds and players clamp anything under 2 cs.
                note += String(
                    format: "; GIF delays are whole centiseconds of at least 2 cs: %.0f fps frames play at %.0f fps (%d delays raised)",
                    fps, 100 / max(2, (100 / fps).rounded()), encoded.raisedDelays)
            }
            if encoded.approximatedFrames > 0 { note += "; \(encoded.approximatedFrames) frames needed more than 256 colours (per-frame palettes)" }
            return note
        case .filmstrip:
            try ImageFile.write(Filmstrip.render(frames.map { ($0.image, $0.time) }), to: path)
            return "filmstrip of \(frames.count) frames"
        case .html:
            try HTMLPlayer.write(frames.map { ($0.image, duration) }, to: path)
            return "HTML player, \(frames.count) frames"
        case .sequence:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let files = try PNGSequence.write(frames.map(\.image), to: path)
            return "\(files.count) PNG files"
        }
    }
}
