import ArgumentParser
import Foundation
import FrostBlur
import FrostImage
import FrostUI

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Write a showcase of Frost's blur into a folder (default ./frost-demo).",
        discussion: """
            Writes a browsable gallery (index.html) from the built-in sample photo (NASA, public domain) and the \
            built-in examples: the photo blurred at σ 0, 2, 8 and 32 px and in every edge mode (labelled), the seed's \
            ContentCard with a hard cross-fade and with the blur bridge side by side (APNG and filmstrip), the bridge \
            presets, the seed's MyView, every built-in transition and the custom ones, Blurable, interactive blur with \
            1/3/10/50 stages next to live, a scroll-driven blur, a photo blurred by a scroll position \
            (onScrollGeometryChange), a photo blurred by a finger's drag (DragGesture, springing back on release), a sheet, a dialog and an alert presented, progressive blur, and the materials page. \
            --verify DIR checks a written gallery: every file it names exists and decodes.

            Examples:
              frost demo --out-dir gallery
              frost demo --verify gallery
            """)

    @Option(name: .customLong("out-dir"), help: "Folder to write into (created if missing).")
    var outDir: String = "frost-demo"

    @Option(help: "Check the gallery written in this folder instead of writing one.")
    var verify: String?

    func run() throws {
        if let verify {
            let files = try DemoGallery.verify(verify)
            print("\(files.count) gallery files exist and decode in \(verify)/")
            return
        }
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
        print("edge-modes.png: left to right \(EdgeMode.allCases.map(\.rawValue).joined(separator: ", ")) at σ 24 px, labelled")
        let region = try GaussianBlur(sigma: 12).apply(to: photo, region: PixelRect(x: 150, y: 60, width: 200, height: 150))
        try save(region, "region-blur.png")
        tiles.append(region)
        // The stills as a full grid: every tile at one size (256 px), labelled, 3 × 3.
        let labels = ["σ 0 px", "σ 2 px", "σ 8 px", "σ 32 px", "region, σ 12 px"] + EdgeMode.allCases.map { "\($0.rawValue) edges, σ 24 px" }
        let cells = try zip(tiles + edgeTiles, labels).map { tile, label in
            try DemoGallery.labelled(tile.width == 256 ? tile : try Resample.resized(tile, width: 256, height: 256), label)
        }
        try save(try Image.grid(cells, columns: 3, gap: 8, background: RGBA8(235, 235, 240)), "contact-sheet.png")
        try save(try MaterialsSheet.render(over: photo, appearances: [.light, .dark]), "materials.png")
        print("materials.png: every material style, light and dark, with a vibrant label")
        var gallery = DemoGallery(folder: outDir)
        try gallery.stills(Array(tiles.prefix(4)), sigmas: [0, 2, 8, 32], edges: edgeTiles)
        let steps: [(String, (inout DemoGallery) throws -> Void)] = [
            ("blur bridge", { try $0.blurBridge() }), ("transitions", { try $0.transitions() }), ("Blurable", { try $0.blurable() }),
            ("interactive blur", { try $0.interactive(photo) }), ("scroll-driven blur", { try $0.scrollBlur() }),
            ("scroll-position blur", { try $0.scrollPositionBlur(photo) }),
            ("drag-driven blur", { try $0.pullDownBlur(photo) }), ("vibrancy", { try $0.vibrancy(photo) }),
            ("blur methods", { try $0.methods(photo) }),
            ("progressive blur", { try $0.progressive(photo) }),
            ("everyday views", { try $0.everyday() }), ("presentations", { try $0.presentations() }),
        ]
        // Which gallery files each missing system package cost, read from FrostUI's fallback counts.
        var lost: [SystemData.Package: [String]] = [:]
        for (name, step) in steps {
            let t0 = DispatchTime.now()
            let before = SystemData.all.map(SystemData.fallbackCount), firstEntry = gallery.entries.count
            do { try step(&gallery) } catch let e as ViewHostError { throw CLIError("\(name): \(e.description)") }
            print(String(format: "%@: %.0f ms", name, CLI.ms(since: t0)))
            for (package, count) in zip(SystemData.all, before) where SystemData.fallbackCount(package) > count {
                lost[package, default: []] += gallery.entries[firstEntry...].map(\.file)
            }
        }
        try gallery.writeIndex()
        let files = Set(written.map { URL(fileURLWithPath: $0).lastPathComponent } + gallery.entries.map(\.file))
        print("wrote \(files.count + 1) files to \(outDir)/; open \(outDir)/index.html")
        print(DemoCommand.systemReport(missing: SystemData.missing(), lost: lost))
    }

    /// The demo's last words: which of the README's system packages were not found and what the
    /// gallery drew without each (a gallery that looks wrong for want of a font says why).
    static func systemReport(missing: [SystemData.Package], lost: [SystemData.Package: [String]]) -> String {
        guard !missing.isEmpty else {
            return "system packages: " + SystemData.all.map(\.debian).joined(separator: ", ") + " found"
        }
        var lines = [
            "system packages not found: " + missing.map(\.debian).joined(separator: ", ")
                + " (the README's \"What you need installed\" names them)"
        ]
        for package in missing {
            let files = Array(Set(lost[package] ?? [])).sorted()
            let cost =
                files.isEmpty
                ? "nothing in this gallery needed it"
                : "\(package.fallback) in \(files.count) gallery file\(files.count == 1 ? "" : "s"): " + files.joined(separator: ", ")
            lines.append("  \(package.debian) (\(package.provides)): \(cost)")
        }
        return lines.joined(separator: "\n")
    }
}
