import ArgumentParser
import Foundation
import FrostBlur
import FrostImage

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Write a showcase of Frost's blur into a folder (default ./frost-demo).",
        discussion: """
        Uses the built-in sample photo (NASA, public domain): blurred at σ 0, 2, 8 and 32 px, \
        the four edge modes side by side, a contact sheet of everything, and a materials page (every \
        UIBlurEffect style, light and dark, with vibrant labels).
        """)

    @Option(name: .customLong("out-dir"), help: "Folder to write into (created if missing).")
    var outDir: String = "frost-demo"

    func run() throws {
        do {
            try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot create folder \(outDir): \(error.localizedDescription)")
        }
        let photo = try SampleImages.astronaut()
        var written: [String] = []
        func save(_ image: Image, _ name: String) throws {
            let path = URL(fileURLWithPath: outDir).appendingPathComponent(name).path
            try ImageFile.write(image, to: path)
            written.append(path)
        }
        var tiles: [Image] = []
        for sigma in [0.0, 2, 8, 32] {
            let t0 = DispatchTime.now()
            let out = try GaussianBlur(sigma: sigma).apply(to: photo)
            print(String(format: "σ %4.0f px  %6.2f ms", sigma, CLI.ms(since: t0)))
            try save(out, "astronaut-sigma-\(Int(sigma)).png")
            tiles.append(out)
        }
        // Edge modes: the photo scaled into a smaller canvas so the edges show.
        var edgeTiles: [Image] = []
        let small = try photo.cropped(to: PixelRect(x: 128, y: 0, width: 256, height: 256))
        for mode in EdgeMode.allCases {
            edgeTiles.append(try GaussianBlur(sigma: 24, edges: mode).apply(to: small))
        }
        try save(try Image.grid(edgeTiles, columns: 4), "edge-modes.png")
        print("edge-modes.png: left to right \(EdgeMode.allCases.map(\.rawValue).joined(separator: ", ")) at σ 24 px")
        let region = try GaussianBlur(sigma: 12).apply(to: photo, region: PixelRect(x: 150, y: 60, width: 200, height: 150))
        try save(region, "region-blur.png")
        tiles.append(region)
        try save(try Image.grid(tiles + edgeTiles, columns: 4), "contact-sheet.png")
        try save(try MaterialsSheet.render(over: photo, appearances: [.light, .dark]), "materials.png")
        print("materials.png: every material style, light and dark, with a vibrant label")
        print("wrote \(written.count) files to \(outDir)/:")
        for path in written { print("  \(path)") }
    }
}
