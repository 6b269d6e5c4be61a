import ArgumentParser
import Foundation
import FrostEffects
import FrostImage
import FrostRaster

/// `frost materials`: every style as a labelled panel over the same image, side by side.
struct MaterialsSheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "materials",
        abstract: "A contact sheet of every material style as a labelled panel over an image.",
        discussion: """
            Examples:
              frost materials photo.jpg -o sheet.png --appearance both
            """)

    @Argument(help: "Background image.") var input: String
    @Option(name: .shortAndLong, help: "Output sheet (.png).") var output: String
    @Option(help: "light, dark or both.") var appearance: String = "both"
    @Flag(help: "Allow the output to replace the input.") var overwrite = false

    func run() throws {
        let appearances: [Appearance]
        switch appearance {
        case "light": appearances = [.light]
        case "dark": appearances = [.dark]
        case "both": appearances = [.light, .dark]
        default: throw CLIError("--appearance must be light, dark or both, got '\(appearance)'")
        }
        try CLI.refuseOverwrite(output, inputs: [input], overwrite: overwrite)
        let image = try ImageFile.read(input)
        try ImageFile.write(try MaterialsSheet.render(over: image, appearances: appearances), to: output)
    }
}

/// The sheet itself, shared with `frost demo`.
enum MaterialsSheet {
    static func render(over image: Image, appearances: [Appearance]) throws -> Image {
        let font = try Font.dejaVuSans()
        // Each tile: the image's centre, a rounded panel inset in it, the style's name on top.
        let tw = min(image.width, 280), th = min(image.height, 180)
        let crop = try image.cropped(to: PixelRect(x: (image.width - tw) / 2, y: (image.height - th) / 2, width: tw, height: th))
        guard tw >= 80, th >= 60 else { throw CLIError("the image must be at least 80x60 px for a materials sheet") }
        let panel = PixelRect(x: 16, y: 16, width: tw - 32, height: th - 32)
        var tiles: [Image] = []
        for appearance in appearances {
            for material in Material.allCases {
                // One canvas per tile: the panel reads its backdrop from the canvas and the label
                // is drawn in vibrancy over it, both in place.
                var tile = Canvas(image: crop)
                try MaterialPanel(
                    material: material, appearance: appearance, rect: panel, cornerRadius: 14,
                    continuousCorners: true, backdrop: .reduced
                ).draw(on: &tile)
                let name = material.rawValue.replacingOccurrences(of: "system", with: "")
                let label = try TextLayout(
                    "\(name)\n\(appearance.rawValue)", font: font, pointSize: 12,
                    maxWidth: panel.width - 12, alignment: .center)
                let (lw, lh) = label.size
                if lw <= panel.width && lh <= panel.height {
                    try Vibrancy.label.draw(
                        label,
                        at: Point(
                            x: Double(panel.x + (panel.width - max(1, lw)) / 2),
                            y: Double(panel.y + (panel.height - max(1, lh)) / 2)),
                        on: &tile, appearance: material.effectiveAppearance(for: appearance))
                }
                tiles.append(tile.image)
            }
        }
        return try Image.grid(tiles, columns: 6)
    }
}
