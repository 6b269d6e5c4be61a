import ArgumentParser
import Foundation
import FrostEffects
import FrostImage

/// `frost legibility`: WCAG contrast of text over a region, and the material that fixes it.
struct LegibilityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "legibility",
        abstract: "Contrast of a text colour over a region (WCAG 2) and the thinnest material that keeps 4.5:1.")

    @Argument(help: "Background image.") var input: String
    @Option(help: "Region x,y,w,h in pixels where the text sits.") var rect: String
    @Option(name: .customLong("text-color"), help: "Text colour #RRGGBB.") var textColor: String
    @Option(help: "Also report the contrast under this material.") var style: String?
    @Option(help: "light or dark (adaptive materials).") var appearance: Appearance = .light
    @Option(help: "Display scale: points → pixels.") var scale: Double = 1

    func run() throws {
        guard let region = PixelRect(parsing: rect) else { throw CLIError("--rect must be x,y,w,h in pixels, got '\(rect)'") }
        let text = try Color(hex: textColor)
        let material = try style.map { try Material(named: $0) }
        let image = try ImageFile.read(input)
        try region.validate(inside: image.bounds)
        func line(_ name: String, _ r: Legibility.Report) -> String {
            String(format: "%@: min %.2f:1, median %.2f:1 (%@)", name, r.minimum, r.median, r.passesBodyText ? "passes 4.5:1" : "below 4.5:1")
        }
        print(line("image", try Legibility.contrast(of: text, over: image, in: region)))
        if let material {
            let rendered = try MaterialPanel(material: material, appearance: appearance, rect: region, scale: scale).render(over: image)
            print(line(material.rawValue, try Legibility.contrast(of: text, over: rendered, in: region)))
        }
        if let (best, report) = try Legibility.recommend(text: text, over: image, in: region, appearance: appearance, scale: scale) {
            print("recommended: \(best.rawValue) (\(appearance.rawValue)) — " + line(best.rawValue, report))
        } else {
            print("recommended: none of ultraThin…thick reaches 4.5:1 for \(text) in \(appearance.rawValue) appearance; try the other appearance or another text colour")
        }
    }
}
