import ArgumentParser
import Foundation
import FrostRaster

/// `frost bench text`: lays out and renders a paragraph again and again, as a view redrawn every
/// frame does, and reports the time per frame and the glyph cache's hit ratio.
struct BenchTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Time laying out and rendering a paragraph of text (DejaVu Sans) per frame.")

    @Option(help: "Point size.")
    var size: Double = 17

    @OptionGroup var display: DisplayScaleOption<Scale3>
    var scale: Double { display.scale }

    @Option(help: "Wrap width in points.")
    var width: Double = 358

    @Option(help: "Frames to time.")
    var `repeat`: Int = 30

    func run() throws {
        guard (1...10_000).contains(`repeat`) else { throw CLIError("--repeat must be 1...10000") }
        let font = try Font.dejaVuSans()
        let text = """
            Frost brings iOS-grade blur, materials and motion to every platform Swift runs on. \
            The quick brown fox jumps over the lazy dog; 0123456789 — Project Status, Completed 73%, \
            In Progress 18%, Blocked 9%. Chart Placeholder. Less. More.
            """
        var times: [Double] = []
        var checksum = 0
        for _ in 0..<`repeat` {
            let t0 = DispatchTime.now()
            let layout = try TextLayout(text, font: font, pointSize: size, scale: scale, maxWidth: Int(width * scale))
            let mask = try layout.mask(subpixelOffset: (0.25, 0))
            times.append(CLI.ms(since: t0))
            checksum &+= Int(mask.pixels[mask.pixels.count / 2 + 3])
        }
        // The first frame fills the cache: it does FreeType's full work, as every frame did before.
        let cold = times[0]
        let warm = times.dropFirst().sorted()
        let stats = font.glyphCacheStatistics
        print(
            String(
                format:
                    "text %.0fpt at %.0fx, %d characters: first frame (cold cache) %.3f ms, later frames median %.3f ms (min %.3f); glyph cache %d hits, %d misses",
                size, scale, text.count, cold, warm.isEmpty ? cold : warm[warm.count / 2], warm.first ?? cold, stats.hits, stats.misses))
        _ = checksum
    }
}
