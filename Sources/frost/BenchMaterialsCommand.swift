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

    @OptionGroup var display: DisplayScaleOption<Scale3>
    var scale: Double { display.scale }

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

    @Option(help: "The panel's rectangle x,y,w,h in pixels (default: the whole screen).")
    var rect: String?

    @Option(help: "Where the panel is drawn: buffer (render(over:into:) a reused frame) or canvas (draw(on:) in place), comma-separated.")
    var target: String = "buffer"

    func run() throws {
        guard let (w, h) = CLI.parseSize(size), w > 0, h > 0 else { throw CLIError("--size must look like 1179x2556, got '\(size)'") }
        guard (1...1000).contains(`repeat`) else { throw CLIError("--repeat must be 1...1000") }
        guard cornerRadius.isFinite, cornerRadius >= 0 else { throw CLIError("--corner-radius must be ≥ 0 points") }
        let material = try Material(named: style)
        let screen = try SampleImages.astronaut().tiled(width: w, height: h)
        let panelRect = try rect.map { text -> PixelRect in
            guard let r = PixelRect(parsing: text) else { throw CLIError("--rect must look like x,y,w,h, got '\(text)'") }
            try r.validate(inside: screen.bounds)
            return r
        }
        let targets = try target.split(separator: ",").map { name -> String in
            guard name == "buffer" || name == "canvas" else { throw CLIError("--target: '\(name)' is not buffer or canvas") }
            return String(name)
        }
        let showTarget = targets != ["buffer"]
        print("size        style            backdrop  " + (showTarget ? "target  " : "") + "median_ms   min_ms")
        let resolutions = try backdrop.split(separator: ",").map { name -> MaterialPanel.BackdropResolution in
            guard let r = MaterialPanel.BackdropResolution(rawValue: String(name)) else {
                throw CLIError("--backdrop: '\(name)' is not full or reduced")
            }
            return r
        }
        for backdrop in resolutions {
            let panel = MaterialPanel(
                material: material, rect: panelRect, cornerRadius: cornerRadius, continuousCorners: true,
                scale: scale, backdrop: backdrop)
            for target in targets {
                var times: [Double] = []
                var frame = try Image(width: w, height: h)  // reused, as a renderer would
                var canvas = Canvas(image: screen)
                for _ in 0..<`repeat` {
                    let t0 = DispatchTime.now()
                    if target == "canvas" {
                        try panel.draw(on: &canvas, threads: threads)  // over the previous frame's pixels: same work
                    } else {
                        try panel.render(over: screen, into: &frame, threads: threads)
                    }
                    times.append(CLI.ms(since: t0))
                }
                times.sort()
                let column = showTarget ? target.padding(toLength: 8, withPad: " ", startingAt: 0) : ""
                print(String(format: "%-11@ %-16@ %-8@ %@%10.2f %8.2f", size, style, backdrop.rawValue, column, times[times.count / 2], times[0]))
            }
        }
    }
}
