import ArgumentParser
import Foundation
import FrostEffects
import FrostImage
import FrostRaster

extension Appearance: ExpressibleByArgument {}

/// `frost material`: one material panel (optionally with a vibrant label) over an image.
struct MaterialCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "material",
        abstract: "Composite a UIBlurEffect-style material panel (and a vibrant label) over an image.",
        discussion: """
            Styles: Apple's names (systemThinMaterial, systemMaterialDark, …, extraLight, light, dark, \
            extraDark, regular, prominent) or SwiftUI's (ultraThinMaterial, thinMaterial, regularMaterial, \
            thickMaterial, bar). Lengths are points unless noted; --scale converts them to pixels.

            Examples:
              frost material photo.jpg -o frosted.png --style thinMaterial --rect 40,300,432,160 --corner-radius 20 --scale 2
              frost material photo.png -o card.png --style systemMaterialDark --label "Now Playing" --vibrancy secondaryLabel
            """)

    @Argument(help: "Background image.") var input: String
    @Option(name: .shortAndLong, help: "Output file (.png, .jpg, .rgba).") var output: String
    @Option(help: "Material style name.") var style: String
    @Option(help: "light or dark (adaptive styles).") var appearance: Appearance = .light
    @Option(help: "Panel rectangle x,y,w,h in pixels (default: the whole image).") var rect: String?
    @Option(name: .customLong("corner-radius"), help: "Corner radius in points.") var cornerRadius: Double = 0
    @Flag(name: .customLong("continuous-corners"), help: "iOS's continuous corner curve.") var continuousCorners = false
    @OptionGroup var display: DisplayScaleOption<Scale1>
    var scale: Double { display.scale }
    @Option(help: "Text drawn centred in the panel.") var label: String?
    @Option(help: "Font file for --label (default: DejaVu Sans).") var font: String?
    @Option(name: .customLong("font-size"), help: "Label size in points.") var fontSize: Double = 17
    @Option(help: "Vibrancy style of the label (default label).") var vibrancy: String = "label"
    @Flag(name: .customLong("reduce-transparency"), help: "Opaque fallback instead of the blur.") var reduceTransparency = false
    @Flag(name: .customLong("reduced-backdrop"), help: "Blur a 0.25-scale backdrop, as iOS (faster).") var reducedBackdrop = false
    @Flag(help: "Allow the output to replace the input.") var overwrite = false

    func run() throws {
        let material = try Material(named: style)
        let vibrancyStyle = try Vibrancy(named: vibrancy)
        let region = try rect.map { text -> PixelRect in
            guard let r = PixelRect(parsing: text) else { throw CLIError("--rect must be x,y,w,h in pixels, got '\(text)'") }
            return r
        }
        try CLI.refuseOverwrite(output, inputs: [input], overwrite: overwrite)
        let image = try ImageFile.read(input)
        let panel = MaterialPanel(
            material: material, appearance: appearance, rect: region, cornerRadius: cornerRadius,
            continuousCorners: continuousCorners, scale: scale, reduceTransparency: reduceTransparency,
            backdrop: reducedBackdrop ? .reduced : .full)
        var result = try panel.render(over: image)
        if let label {
            let (mask, x, y) = try CLI.centredLabel(label, font: font, pointSize: fontSize, scale: scale, in: region ?? image.bounds)
            result = try vibrancyStyle.composite(
                mask: mask, at: (x, y), over: result,
                appearance: material.effectiveAppearance(for: appearance))
        }
        try ImageFile.write(result, to: output)
    }
}

extension CLI {
    /// `text` laid out centred in `area` (wrapped within its width less 8 pt each side): its
    /// coverage mask and the mask's top-left corner in image pixels.
    static func centredLabel(
        _ text: String, font: String?, pointSize: Double, scale: Double,
        in area: PixelRect
    ) throws -> (mask: Image, x: Int, y: Int) {
        let face = try font.map { try Font(path: $0) } ?? Font.dejaVuSans()
        let layout = try TextLayout(
            text, font: face, pointSize: pointSize, scale: scale,
            maxWidth: max(1, area.width - Int(16 * scale)), alignment: .center)
        let mask = try layout.mask()
        guard mask.width <= area.width, mask.height <= area.height else {
            throw CLIError("the text (\(mask.width)x\(mask.height) px) does not fit the rectangle (\(area.width)x\(area.height) px)")
        }
        return (mask, area.x + (area.width - mask.width) / 2, area.y + (area.height - mask.height) / 2)
    }

    /// Throws when `output` is one of `inputs` and overwriting was not allowed.
    static func refuseOverwrite(_ output: String, inputs: [String], overwrite: Bool) throws {
        let out = URL(fileURLWithPath: output).standardizedFileURL.path
        if !overwrite, inputs.contains(where: { URL(fileURLWithPath: $0).standardizedFileURL.path == out }) {
            throw CLIError("\(output): output would replace an input file (pass --overwrite to allow it)")
        }
    }
}
