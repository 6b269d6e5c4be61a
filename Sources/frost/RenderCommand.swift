import ArgumentParser
import Foundation
import FrostImage
import FrostUI
import FrostExamples

/// `frost render`: a built-in SwiftUI example rendered headlessly to PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a built-in SwiftUI example (FrostUI) to a PNG.",
        discussion: """
            Examples: \(BuiltInExample.allCases.map(\.rawValue).joined(separator: ", ")) (the seed examples and a \
            showcase). --tap runs a button or tap gesture by its label before rendering (repeatable, in order);             each tap's animations and transitions play out before the next tap and the render, so the PNG             shows the settled view. --at renders a chosen instant instead (seconds after the taps, which all             happen at 0).
              frost render --example content-card -o card.png --width 390 --height 300 --scale 3
              frost render --example content-card --tap More -o detailed.png
              frost render --example content-card --tap More --at 0.1 -o mid-animation.png
            """)

    @Option(help: "The example to render (see --list).")
    var example: String = "showcase"

    @Option(name: .shortAndLong, help: "Output PNG path.")
    var output: String?

    @Option(help: "Width in points.")
    var width: Double = 390

    @Option(help: "Height in points.")
    var height: Double = 844

    @OptionGroup var display: DisplayScaleOption<Scale3>
    var scale: Double { display.scale }

    @Option(
        help:
            "Render on a device's screen with its safe area (iphone-se, iphone-13, iphone-15-pro, iphone-16-pro-max, ipad); overrides --width, --height and --scale."
    )
    var device: String?

    @Option(help: "light or dark.")
    var appearance: String = "light"

    @Option(help: "A font file standing in for the system font (default: DejaVu Sans).")
    var font: String?

    @Option(help: "The bold system font file (default: --font's bold, else DejaVu Sans Bold).")
    var boldFont: String?

    @Option(help: "System colour generation: ios18 (default) or ios26.")
    var palette: String = "ios18"

    @Option(help: "Tap the button or gesture with this label first (repeatable); each tap's animations finish before the next.")
    var tap: [String] = []

    @Option(help: "Render this instant (seconds, 0…86400) instead of the settled view: the taps all happen at 0.")
    var at: Double?

    @Flag(help: "List the built-in examples and exit.")
    var list = false

    @Flag(help: "Print the display list (frames in points, one item per line) instead of writing a PNG.")
    var printDisplayList = false

    func run() throws {
        if list {
            for e in BuiltInExample.allCases { print(e.rawValue) }
            return
        }
        guard let chosen = BuiltInExample(rawValue: example) else {
            throw CLIError("unknown example '\(example)'; built in: \(BuiltInExample.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let scheme: ColorScheme
        switch appearance {
        case "light": scheme = .light
        case "dark": scheme = .dark
        default: throw CLIError("--appearance must be light or dark, got '\(appearance)'")
        }
        let systemPalette: SystemColorPalette
        switch palette {
        case "ios18": systemPalette = .iOS18
        case "ios26": systemPalette = .iOS26
        default: throw CLIError("--palette must be ios18 or ios26, got '\(palette)'")
        }
        do {
            if boldFont != nil && font == nil { throw CLIError("--bold-font needs --font") }
            let fonts = font.map { SystemFontFiles(regular: $0, bold: boldFont) }
            let host: ViewHost<AnyView>
            if let device {
                let preset = try DevicePreset.named(device)
                host = try ViewHost(chosen.view, device: preset, colorScheme: scheme, systemFont: fonts)
            } else {
                host = try ViewHost(chosen.view, size: CGSize(width: width, height: height), scale: CGFloat(scale), colorScheme: scheme, systemFont: fonts)
            }
            host.systemColorPalette = systemPalette
            if let at {
                guard at.isFinite, at >= 0, at <= 86_400 else { throw CLIError("--at must be 0...86400 seconds, got \(at)") }
                for label in tap { try host.tap(label) }
                try host.advance(to: at)
            } else {
                // As a person taps: each tap's animations and transitions play out first.
                for label in tap { try host.tap(label); try host.settle() }
            }
            if printDisplayList {
                print(try host.displayList())
                return
            }
            guard let output else { throw CLIError("render needs -o OUT.png (or --print-display-list)") }
            guard output.lowercased().hasSuffix(".png") else { throw CLIError("\(output): render writes PNG (.png)") }
            let t0 = DispatchTime.now()
            let image = try host.snapshot()
            try ImageFile.write(image, to: output)
            FileHandle.standardError.write(
                Data(
                    String(
                        format: "frost: rendered %@ %dx%d px at %.3f s in %.1f ms\n", chosen.rawValue,
                        image.width, image.height, Double(host.now), CLI.ms(since: t0)
                    ).utf8))
        } catch let error as ViewHostError {
            throw CLIError(error.description)
        }
    }
}
