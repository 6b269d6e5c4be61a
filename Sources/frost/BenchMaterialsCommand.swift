import ArgumentParser
import Foundation
import FrostEffects
import FrostImage

/// `frost bench materials`: one material panel over a phone screen, full and 0.25 backdrop.
struct BenchMaterialsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "materials",
        abstract: "Time one material panel composited over a screen (default 1179x2556 px at 3x).")

    @Option(help: "Screen size WxH in pixels.")
    var size: String = "1179x2556"

    @Option(help: "Display scale (points → pixels).")
    var scale: Double = 3

    @Option(help: "Material name.")
    var style: String = "systemMaterial"

    @Option(help: "Runs per configuration.")
    var `repeat`: Int = 7

    @Option(help: "Backdrop resolutions to time: full, reduced (comma-separated).")
    var backdrop: String = "full,reduced"

    @Option(name: .customLong("corner-radius"), help: "Corner radius in points (continuous corners when > 0).")
    var cornerRadius: Double = 0

    @Option(help: "Worker threads (default: every core).")
    var threads: Int?

    func run() throws {
        guard let (w, h) = CLI.parseSize(size), w > 0, h > 0 else { throw CLIError("--size must look like 1179x2556, got '\(size)'") }
        guard (1...1000).contains(`repeat`) else { throw CLIError("--repeat must be 1...1000") }
        guard cornerRadius.isFinite, cornerRadius >= 0 else { throw CLIError("--corner-radius must be ≥ 0 points") }
        let material = try Material(named: style)
        let screen = try SampleImages.astronaut().tiled(width: w, height: h)
        print("size        style            backdrop  median_ms   min_ms")
        let resolutions = try backdrop.split(separator: ",").map { name -> MaterialPanel.BackdropResolution in
            guard let r = MaterialPanel.BackdropResolution(rawValue: String(name)) else {
                throw CLIError("--backdrop: '\(name)' is not full or reduced")
            }
            return r
        }
        for backdrop in resolutions {
            let panel = MaterialPanel(material: material, cornerRadius: cornerRadius, continuousCorners: true,
                                      scale: scale, backdrop: backdrop)
            var times: [Double] = []
            var frame = try Image(width: w, height: h)  // reused, as a renderer would
            for _ in 0..<`repeat` {
                let t0 = DispatchTime.now()
                try panel.render(over: screen, into: &frame, threads: threads)
                times.append(CLI.ms(since: t0))
            }
            times.sort()
            print(String(format: "%-11@ %-16@ %-8@ %10.2f %8.2f", size, style, backdrop.rawValue, times[times.count / 2], times[0]))
        }
    }
}
