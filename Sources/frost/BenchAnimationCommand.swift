import ArgumentParser
import Foundation
import FrostUI
import FrostMotion
import FrostExport
import FrostExamples

/// `frost bench animation`: the seed's bridged ContentCard toggle, recorded and exported.
struct BenchAnimationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animation",
        abstract: "Time the seed's ContentCard toggle (blur bridge): ms per frame, APNG and GIF totals, sizes, 120 Hz playback.",
        discussion: """
            With the card on screen (one untimed frame), taps More at t = 0 and records 0...0.6 s at 60 fps \
            (37 frames) of the 390x320 pt card at 3x. \
            Render time is host.frame(at:) (display list at t and drawing), each frame released once the next \
            is drawn, as a display does (keeping every frame would time the first touch of fresh memory); \
            the first recording of the process is reported on its own. Totals include encoding and writing. \
            Playback renders frames as a 120 Hz display asks for them, on the wall clock, and counts the \
            refreshes missed with FrostMotion's FrameTicker (hitch ratio in ms/s, Apple: < 5 good).
            """)

    @Option(help: "Recordings per measurement (medians are reported).")
    var `repeat`: Int = 5

    @OptionGroup var display: DisplayScaleOption<Scale3>
    var scale: Double { display.scale }

    @Option(help: "Threads a frame is drawn with (default: the active cores, at most 8).")
    var threads: Int?

    @Flag(name: .customLong("per-frame"), help: "Also print every frame's render time (ms), each recording.")
    var perFrame_ = false

    @Option(help: "Folder for the APNG and GIF (default: a temporary folder, removed).")
    var outDir: String?

    /// A host with the card on screen (one untimed frame drawn, as the card is displayed before
    /// anyone taps it) and More tapped at t = 0.
    func host() throws -> ViewHost<ContentCard> {
        let h = try ViewHost(ContentCard(), size: CGSize(width: 390, height: 320), scale: CGFloat(scale))
        h.renderThreads = threads ?? min(8, max(1, ProcessInfo.processInfo.activeProcessorCount))
        _ = try h.frame(at: 0)
        try h.tap("More", at: 0)
        return h
    }

    func run() throws {
        guard (1...100).contains(`repeat`) else { throw CLIError("--repeat must be 1...100") }
        if let threads, !(1...64).contains(threads) { throw CLIError("--threads must be 1...64") }
        let folder = outDir ?? NSTemporaryDirectory() + "frost-bench-animation-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { if outDir == nil { try? FileManager.default.removeItem(atPath: folder) } }
        let times = try HostCore.frameTimes(from: 0, to: 0.6, fps: 60)
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }

        var perFrame: [Double] = [], worst: [Double] = [], over: [Int] = []
        var apngTotal: [Double] = [], gifTotal: [Double] = [], apngBytes = 0, gifBytes = 0
        var apngEncode: [Double] = [], gifEncode: [Double] = []
        var firstRun: [Double]?
        for _ in 0..<`repeat` {
            // Render only: the frame on screen stays alive while the next one is drawn.
            let h = try host()
            var each: [Double] = [], shown: Image?
            for t in times {
                let t0 = DispatchTime.now()
                let next = try h.frame(at: t)
                each.append(CLI.ms(since: t0))
                shown = next
            }
            _ = shown
            perFrame.append(median(each)); worst.append(each.max() ?? 0); over.append(each.filter { $0 > 1000.0 / 120 }.count)
            if firstRun == nil { firstRun = each }
            if perFrame_ {
                print("  per frame (ms): " + each.map { String(format: "%.1f", $0) }.joined(separator: " "))
            }
            // Encoding only, from the frames of an untimed recording.
            let frames = try host().record(from: 0, to: 0.6, fps: 60)
            var t0 = DispatchTime.now()
            _ = try APNG.encode(frames.map { APNG.Frame($0.image, duration: 1.0 / 60) })
            apngEncode.append(CLI.ms(since: t0))
            t0 = DispatchTime.now()
            _ = try GIF.encode(frames.map { GIF.Frame($0.image, duration: 1.0 / 60) })
            gifEncode.append(CLI.ms(since: t0))
            // Whole recordings to files: a fresh host each, render + encode + write.
            for (kind, path) in [("apng", folder + "/card.apng"), ("gif", folder + "/card.gif")] {
                let t0 = DispatchTime.now()
                let fresh = try host()
                let recorded = try fresh.record(from: 0, to: 0.6, fps: 60)
                if kind == "apng" {
                    try APNG.write(recorded.map { APNG.Frame($0.image, duration: 1.0 / 60) }, to: path)
                    apngTotal.append(CLI.ms(since: t0))
                } else {
                    _ = try GIF.write(recorded.map { GIF.Frame($0.image, duration: 1.0 / 60) }, to: path)
                    gifTotal.append(CLI.ms(since: t0))
                }
            }
            apngBytes = (try? FileManager.default.attributesOfItem(atPath: folder + "/card.apng")[.size] as? Int) ?? 0
            gifBytes = (try? FileManager.default.attributesOfItem(atPath: folder + "/card.gif")[.size] as? Int) ?? 0
        }
        let threadCount = threads ?? min(8, max(1, ProcessInfo.processInfo.activeProcessorCount))
        print(
            String(
                format: "content card toggle (390x320 pt at %.0fx, blur bridge, %d frames at 60 fps, %d thread(s)), medians of %d:",
                scale, times.count, threadCount, `repeat`))
        print(
            String(
                format: "  render: %.2f ms/frame median, %.2f ms worst frame, %d frame(s) over 8.33 ms (median run)", median(perFrame), median(worst),
                over.sorted()[over.count / 2]))
        if let first = firstRun {
            print(
                String(
                    format: "  first recording of the process: %.2f ms/frame median, %.2f ms worst, %d frame(s) over 8.33 ms",
                    median(first), first.max() ?? 0, first.filter { $0 > 1000.0 / 120 }.count))
        }
        print(String(format: "  to APNG: %.0f ms in all (encoding alone %.0f ms), %d bytes", median(apngTotal), median(apngEncode), apngBytes))
        print(String(format: "  to GIF:  %.0f ms in all (encoding alone %.0f ms), %d bytes", median(gifTotal), median(gifEncode), gifBytes))

        let ticker = try host().playInRealTime(to: 0.6, rate: 120)
        print(
            String(
                format: "  live at 120 Hz: %d frames shown, %d refreshes missed, hitch ratio %.1f ms/s", ticker.frames, ticker.missedFrames, ticker.hitchRatio))
    }
}
