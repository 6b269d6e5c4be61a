import ArgumentParser
import Foundation
import FrostEffects
import FrostImage

/// `frost legibility`: WCAG contrast of text over a region, and the material that fixes it.
struct LegibilityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "legibility",
        abstract: "Contrast of a text colour over a region (WCAG 2) and the thinnest material that keeps 4.5:1.",
        discussion: """
            Without --text every pixel of the rectangle counts (text could sit anywhere in it); with \
            --text the contrast is measured under the glyphs of that text, laid out centred in the \
            rectangle as `frost material --label` draws it.

            The recommendation tries ultraThin, thin, regular and thick materials (0.25 backdrop) in \
            turn: first with the text colour given, then with the `label` vibrancy style (colour \
            taken from the backdrop, as UIKit draws vibrant labels).

            Example:
              frost legibility photo.jpg --rect 40,380,432,100 --text-color '#FFFFFF' --text "Good morning" --scale 2
            """)

    @Argument(help: "Background image.") var input: String
    @Option(help: "Region x,y,w,h in pixels where the text sits.") var rect: String
    @Option(name: .customLong("text-color"), help: "Text colour #RRGGBB.") var textColor: String
    @Option(help: "Measure under the glyphs of this text (centred in the region) instead of the whole region.") var text: String?
    @Option(help: "Font file for --text (default: DejaVu Sans).") var font: String?
    @Option(name: .customLong("font-size"), help: "Size of --text in points.") var fontSize: Double = 17
    @Option(help: "Also report the contrast under this material.") var style: String?
    @Option(help: "light or dark (adaptive materials).") var appearance: Appearance = .light
    @OptionGroup var display: DisplayScaleOption<Scale1>
    var scale: Double { display.scale }
    @Flag(name: .customLong("no-vibrancy"), help: "Recommend only with the given text colour.") var noVibrancy = false

    func run() throws {
        guard let region = PixelRect(parsing: rect) else { throw CLIError("--rect must be x,y,w,h in pixels, got '\(rect)'") }
        let colour = try Color(hex: textColor)
        let material = try style.map { try Material(named: $0) }
        let image = try ImageFile.read(input)
        try region.validate(inside: image.bounds)
        // The glyphs as a mask the size of the region.
        let mask = try text.map { text -> Image in
            let (glyphs, x, y) = try CLI.centredLabel(text, font: font, pointSize: fontSize, scale: scale, in: region)
            var mask = try Image(width: region.width, height: region.height)
            mask.paste(glyphs, atX: x - region.x, y: y - region.y)
            return mask
        }
        func line(_ name: String, _ r: Legibility.Report) -> String {
            String(format: "%@: min %.2f:1, median %.2f:1 (%@)", name, r.minimum, r.median, r.passesBodyText ? "passes 4.5:1" : "below 4.5:1")
        }
        let under = text == nil ? "every pixel of the region" : "the pixels under the glyphs"
        print("contrast of \(colour) over \(under)")
        print(line("image", try Legibility.contrast(of: colour, over: image, in: region, mask: mask)))
        if let material {
            let rendered = try MaterialPanel(material: material, appearance: appearance, rect: region, scale: scale).render(over: image)
            print(line(material.rawValue, try Legibility.contrast(of: colour, over: rendered, in: region, mask: mask)))
        }
        if let best = try Legibility.recommend(
            text: colour, over: image, in: region, mask: mask, appearance: appearance,
            scale: scale, vibrancy: !noVibrancy)
        {
            let how = best.vibrancy.map { "with the \($0.rawValue) vibrancy style instead of \(colour)" } ?? "with \(colour) text"
            print("recommended: \(best.material.rawValue) (\(appearance.rawValue)) \(how) — " + line(best.material.rawValue, best.report))
        } else {
            print(
                "recommended: none of ultraThin…thick reaches 4.5:1 for \(colour) in \(appearance.rawValue) appearance"
                    + (noVibrancy ? "" : ", nor with vibrant labels") + "; try the other appearance or another text colour")
        }
    }
}
