import ArgumentParser
import Foundation
import FrostBlur
import FrostEffects
import FrostExport
import FrostImage
import FrostUI

/// `frost interactive`: an image blurred by a scripted scroll from progress 0 to 1, from
/// precomputed stages or live.
struct InteractiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interactive",
        abstract: "Blur an image interactively along a scripted scroll (progress 0 to 1): N stages, doubling stages, or live.",
        discussion: """
              frost interactive photo.jpg --stages 10 --max-sigma 24 -o scroll.apng
              frost interactive photo.jpg --doubling --max-sigma 32 -o scroll.gif
              frost interactive photo.jpg --live --max-sigma 24 -o frames/
            Stages: stage i with stage i+1 over it at alpha x - i, x = p * N. Doubling: σ 0, 2, 4, 8 ... paired around σ = p * max. \
            Live: the realtime blur at σ = p * max every frame. Also prints the preparation time and the error of the \
            middle frame against a true blur.
            """)

    @Argument(help: "The image (PNG or JPEG).")
    var input: String

    @Option(help: "Precomputed stages N (1...256).")
    var stages: Int?

    @Flag(help: "Doubling stages (σ 0, 2, 4, 8 ...).")
    var doubling = false

    @Flag(help: "Blur live at the exact σ every frame.")
    var live = false

    @Option(name: .customLong("max-sigma"), help: "σ at progress 1, pixels.")
    var maxSigma: Double = 24

    @Option(help: "Seconds the scroll from 0 to 1 takes.")
    var duration: Double = 1

    @Option(help: "Frames per second, in (0, 240].")
    var fps: Double = 30

    @Option(name: .shortAndLong, help: "Output: OUT.apng, OUT.gif, OUT.png (a filmstrip), OUT.html (a player) or DIR/ (a PNG sequence).")
    var output: String

    @Option(help: "APNG only: zlib level, 1 (fastest) ... 9 (smallest).")
    var compression: Int = APNG.defaultLevel

    func run() throws {
        let modes = [stages != nil, doubling, live].filter { $0 }.count
        guard modes == 1 else { throw CLIError("choose one of --stages N, --doubling or --live") }
        if let stages, !(1...BlurStages.maxStages).contains(stages) { throw CLIError("--stages must be 1...\(BlurStages.maxStages), got \(stages)") }
        guard maxSigma.isFinite, maxSigma >= 0, maxSigma <= GaussianBlur.maxSigma else {
            throw CLIError("--max-sigma must be in 0...\(Int(GaussianBlur.maxSigma)) px, got \(maxSigma)")
        }
        guard duration.isFinite, duration > 0, duration <= TransitionCommand.maxDuration else { throw CLIError("--duration must be in (0, 60] seconds") }
        guard (1...9).contains(compression) else { throw CLIError("--compression must be in 1...9") }
        let times = try HostCore.frameTimes(from: 0, to: duration, fps: fps)
        let kind = try AnimationOutput.Kind(path: output)
        let image = try ImageFile.read(input)
        try AnimationOutput.check(frames: times.count, width: Double(image.width), height: Double(image.height), scale: 1, kind: kind)
        var frames: [RecordedFrame] = []
        let t0 = DispatchTime.now()
        var frameMs: [Double] = []
        if live {
            let blur = try LiveBlur(maxSigma: maxSigma)
            for t in times {
                let f0 = DispatchTime.now()
                frames.append(RecordedFrame(time: t, image: try blur.frame(of: image, at: t / duration)))
                frameMs.append(CLI.ms(since: f0))
            }
        } else {
            let schedule: BlurStages.Schedule = doubling ? .doubling : .uniform(stages ?? 10)
            let prepared = try BlurStages.prepare(image, maxSigma: maxSigma, schedule: schedule)
            FileHandle.standardError.write(
                Data(
                    String(
                        format: "frost: %d stages (σ %@ px) prepared in %.0f ms, %.0f MB\n", prepared.sigmas.count,
                        prepared.sigmas.map { String(format: "%g", $0) }.joined(separator: ", "),
                        CLI.ms(since: t0), Double(prepared.byteCount) / 1e6
                    ).utf8))
            for t in times {
                let f0 = DispatchTime.now()
                frames.append(RecordedFrame(time: t, image: try prepared.frame(at: t / duration, threads: ProcessInfo.processInfo.activeProcessorCount)))
                frameMs.append(CLI.ms(since: f0))
            }
        }
        let middle = frames[frames.count / 2]
        let truth = try GaussianBlur(sigma: maxSigma * middle.time / duration, quality: .exact).apply(to: image)
        let summary = try AnimationOutput.write(frames, fps: fps, level: compression, to: output)
        FileHandle.standardError.write(
            Data(
                String(
                    format: "frost: %@ to %@; frame %.2f ms median; at p = %.2f the frame is %.1f dB from the true blur\n",
                    summary, output, frameMs.sorted()[frameMs.count / 2], middle.time / duration,
                    min(99, try middle.image.psnr(against: truth))
                ).utf8))
    }
}
