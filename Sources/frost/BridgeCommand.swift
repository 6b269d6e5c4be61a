import ArgumentParser
import Foundation
import FrostImage
import FrostUI
import FrostEffects
import FrostExamples

/// `frost bridge`: a blur-bridged transition rendered to a file, or the seam report.
struct BridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Render a blur-bridged transition (the ContentCard toggle, or two images of different sizes), or report the seam proxy per preset.",
        discussion: """
            The card is the seed's ContentCard toggled at t = 0: --preset seed runs the seed's own three withAnimation calls; \
            none, a plain .smooth(duration: 0.3) change with no blur; the others, withBlurBridge(preset) on a \
            .blurBridgeContainer(). With --from and --to, one image swaps for the other inside a bridged container.
              frost bridge --preset cardResize -o card.apng
              frost bridge --from small.png --to large.png -o swap.gif
              frost bridge --report
            --report prints, for each preset, the seam proxy (the largest frame-to-frame change of the high-pass \
            image, levels per pixel: see SeamMeter) and its reduction against no bridge. A proxy, not a perception study.
            """)

    @Option(help: "automatic, textSwap, cardResize, fullReflow, imageSwap, seed (the seed's hand-written bridge) or none.")
    var preset: String = "automatic"

    @Option(help: "With --to: the image shown first (PNG or JPEG).")
    var from: String?

    @Option(help: "With --from: the image it is swapped for.")
    var to: String?

    @Option(help: "Seconds to record, from 0 (at most 60).")
    var until: Double = 0.8

    @Flag(help: "Print the seam proxy of every preset against no bridge instead of writing a file.")
    var report = false

    @OptionGroup var recording: RecordingOptions

    /// The card toggled with `preset` ("seed": the seed's ContentCard; "none": no bridge).
    static func card(_ preset: String) throws -> AnyView {
        switch preset.lowercased() {
        case "seed": return AnyView(ContentCard())
        case "none": return AnyView(BridgedContentCard(preset: nil))
        default:
            guard let p = BlurBridgePreset.named(preset) else {
                throw CLIError("unknown preset '\(preset)'; known: automatic, textSwap, cardResize, fullReflow, imageSwap, seed, none")
            }
            return AnyView(BridgedContentCard(preset: p))
        }
    }

    func run() throws {
        guard until.isFinite, until > 0, until <= TransitionCommand.maxDuration else {
            throw CLIError("--until must be in (0, 60] seconds, got \(until)")
        }
        guard (from == nil) == (to == nil) else { throw CLIError("--from and --to go together: give both images") }
        do {
            if report { try printReport(); return }
            let view: AnyView, size: CGSize, label: String
            if let from, let to {
                let a = try ImageFile.read(from), b = try ImageFile.read(to)
                guard let p = preset.lowercased() == "none" ? nil as BlurBridgePreset? : BlurBridgePreset.named(preset) else {
                    throw CLIError("unknown preset '\(preset)' for an image swap; known: automatic, textSwap, cardResize, fullReflow, imageSwap, none")
                }
                let s = recording.scale
                size = CGSize(width: (Double(max(a.width, b.width)) / s).rounded(.up) + 32, height: (Double(max(a.height, b.height)) / s).rounded(.up) + 32)
                view = AnyView(ImageSwap(first: a, second: b, scale: s, preset: p))
                label = ImageSwap.label
            } else {
                view = try BridgeCommand.card(preset)
                size = CGSize(width: recording.width, height: recording.height)
                label = "More"
            }
            let host = try ViewHost(view, size: size, scale: CGFloat(recording.scale), colorScheme: try recording.scheme)
            try host.tap(label, at: 0)
            var options = recording
            options.width = Double(size.width); options.height = Double(size.height)
            try AnimationOutput.record(host, until: until, options)
            for b in host.blurBridges {
                FileHandle.standardError.write(Data("frost: bridge \(b.preset) on a change of \(Int(b.change.sizeChange.rounded())) pt\n".utf8))
            }
        } catch let error as ViewHostError {
            throw CLIError(error.description)
        }
    }

    /// The seam proxy of each preset against no bridge, on the ContentCard toggle.
    func printReport() throws {
        let names = ["none", "seed", "automatic", "textSwap", "cardResize", "fullReflow", "imageSwap"]
        let times = try HostCore.frameTimes(from: 0, to: until, fps: recording.fps)
        print(
            String(
                format:
                    "ContentCard toggle, %.0fx%.0f pt at %gx, %d frames at %g fps; seam = largest frame-to-frame change of the high-pass image (levels/px; a proxy, not a perception study)",
                recording.width, recording.height, recording.scale, times.count, recording.fps))
        print("preset        seam   at (s)  reduction  edge traffic  blur visible  diagnostics")
        var baseline: Double?
        for name in names {
            let host = try ViewHost(
                try BridgeCommand.card(name), size: CGSize(width: recording.width, height: recording.height),
                scale: CGFloat(recording.scale), colorScheme: try recording.scheme)
            if let threads = recording.threads { host.renderThreads = threads }
            try host.tap("More", at: 0)
            let frames = try times.map { try host.frame(at: $0) }
            let r = try SeamMeter.measure(frames)
            if name == "none" { baseline = r.seam }
            let reduction = baseline.map { $0 > 0 ? String(format: "%7.0f %%", 100 * (1 - r.seam / $0)) : "      —" } ?? "      —"
            let preset = host.blurBridges.first?.preset
            // The seed's hand-written bridge: as long as the host measured it held.
            let visible = name == "seed" ? (host.blurDiagnostics.first?.duration ?? 0) : name == "none" ? 0 : preset?.visibleDuration ?? 0
            print(
                name.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + String(
                        format: " %6.2f  %6.3f  %@  %12.1f  %9.0f ms  %d", r.seam,
                        times[(r.seamIndex ?? 0) + 1], reduction as NSString, r.totalEdgeChange, visible * 1000, host.blurDiagnostics.count)
                    + (name == "automatic" ? "  (chose \(preset?.name ?? "nothing"))" : ""))
        }
    }
}

/// One image swapped for another inside a blur bridge container, by a tap on a hidden button.
struct ImageSwap: View {
    static let label = "frost-bridge-swap"
    let first: FrostImage.Image, second: FrostImage.Image
    let scale: Double
    let preset: BlurBridgePreset?
    @State private var swapped = false

    var body: some View {
        ZStack {
            Group {
                if swapped { picture(second) } else { picture(first) }
            }
            .blurBridgeContainer()
            Button(ImageSwap.label) {
                if let preset { withBlurBridge(preset) { swapped.toggle() } } else { withAnimation(.smooth(duration: 0.3)) { swapped.toggle() } }
            }
            .opacity(0)
        }
    }

    /// The image at its pixel size in points at the recording's scale.
    func picture(_ image: FrostImage.Image) -> some View {
        FrostUI.Image(pixels: image).resizable().frame(width: CGFloat(Double(image.width) / scale), height: CGFloat(Double(image.height) / scale))
    }
}
