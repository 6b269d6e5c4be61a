import ArgumentParser
import Foundation
import FrostUI
import FrostImage

/// `frost preview`: SwiftUI previews on Linux. The given files (or a package target's) are
/// compiled against FrostUI in a cached preview package and every preview they declare is
/// rendered to a PNG, with an `index.html` contact page; `--watch` re-renders on every edit and
/// serves the page on loopback, reloading itself.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render the previews (#Preview, PreviewProvider) of Swift files to PNGs; --watch keeps them live.",
        discussion: """
            The files are compiled against FrostUI in a preview package cached under \
            $XDG_CACHE_HOME/frost (or ~/.cache/frost): the first build compiles Frost and takes a few \
            minutes, later ones only the files. `import SwiftUI` is read as `import FrostUI`. Every \
            preview becomes one PNG named after it, plus index.html. Compiler errors are printed as the \
            compiler gives them, against your files; a file that does not compile (or is not UTF-8) is \
            left out and named, and the other files' previews still render. A preview that fails, \
            crashes, runs past --preview-seconds or uses more than --memory-mb is stopped (with every \
            process it started), reported by name, and the others still render. Ctrl-C or SIGTERM \
            stops the build and the previews too.

            Examples:
              frost preview Examples/Card.swift
              frost preview Examples/Card.swift --appearance both --device iphone-se -o card-previews
            """)

    @Argument(help: "Swift files with views and their previews.")
    var files: [String] = []

    @Option(name: [.customShort("o"), .customLong("out-dir")], help: "Folder for the PNGs and index.html.")
    var outDir = "frost-previews"

    @Option(help: "Device whose screen previews use (iphone-se, iphone-13, iphone-15-pro, iphone-16-pro-max, ipad).")
    var device = "iphone-13"

    @Option(help: "light, dark or both.")
    var appearance = "light"

    @Option(help: "ltr, or rtl to lay every preview out right to left (as an Arabic or Hebrew localisation: `\\.layoutDirection`).")
    var layoutDirection = "ltr"

    @Option(help: "Display scale: pixels per point, in (0, 16] (default: the device's).")
    var scale: Double?

    @Flag(help: "Re-render whenever a file changes and serve the page on 127.0.0.1, reloading itself.")
    var watch = false

    @Option(help: "Port of the --watch page (0: any free port).")
    var port = 8765

    @Option(help: "Render the previews of a target of this SwiftPM package (its sources, compiled against FrostUI).")
    var package: String?

    @Option(help: "With --package: the target (default: the package's only target that imports FrostUI).")
    var target: String?

    @Option(
        name: .customLong("assets"),
        help:
            "An asset catalogue (.xcassets) for Color(\"name\") and Image(\"name\"), or a folder holding some; repeatable (default: those found beside the files or above them)."
    )
    var assets: [String] = []

    @Option(help: "Seconds one preview may take to render; past it the preview is stopped and reported, and the rest go on.")
    var previewSeconds = 60.0

    @Option(name: .customLong("memory-mb"), help: "Megabytes of memory the previews may use; past it the preview is stopped and reported, and the rest go on.")
    var memoryMB = 4096

    @Option(name: .customLong("frost"), help: "The Frost checkout to compile against (default: the one this frost was built from, or $FROST_ROOT).")
    var frostRoot: String?

    func run() throws {
        let preset = try DevicePreset.named(device)
        guard ["light", "dark", "both"].contains(appearance) else { throw CLIError("--appearance must be light, dark or both, got '\(appearance)'") }
        guard ["ltr", "rtl"].contains(layoutDirection) else { throw CLIError("--layout-direction must be ltr or rtl, got '\(layoutDirection)'") }
        if let scale, !DisplayScale.isValid(scale) { throw CLIError("--scale must be in \(DisplayScale.rangeDescription), got \(scale)") }
        guard (0...65535).contains(port) else { throw CLIError("--port must be 0…65535, got \(port)") }
        var inputs = try files.map { try PreviewCommand.existingSwiftFile($0) }
        if let package { inputs += try PreviewPackage.targetSources(package: package, target: target) }
        guard !inputs.isEmpty else { throw CLIError("give the Swift files to preview (or --package PATH)") }
        if target != nil && package == nil { throw CLIError("--target needs --package") }
        guard previewSeconds.isFinite, previewSeconds > 0, previewSeconds <= 86400 else {
            throw CLIError("--preview-seconds must be in (0, 86400], got \(previewSeconds)")
        }
        guard (64...(1 << 20)).contains(memoryMB) else { throw CLIError("--memory-mb must be 64…1048576, got \(memoryMB)") }
        // Ctrl-C or SIGTERM takes the build and the preview program down too.
        PreviewChildren.killOnInterrupt()

        let session = try PreviewSession(
            inputs: inputs, outDirectory: URL(fileURLWithPath: outDir, isDirectory: true),
            frostRoot: try PreviewPackage.frostRoot(explicit: frostRoot),
            hostArguments: ["--device", preset.name, "--appearance", appearance, "--layout-direction", layoutDirection]
                + (scale.map { ["--scale", String($0)] } ?? []))
        session.assetCatalogs = try PreviewAssets.catalogs(explicit: assets, inputs: inputs)
        session.previewSeconds = previewSeconds
        session.memoryBytes = memoryMB << 20
        let outcome = session.update()
        guard watch else {
            if !outcome.ok { throw ExitCode(1) }
            return
        }
        try session.watch(port: port)
    }

    static func existingSwiftFile(_ path: String) throws -> URL {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CLIError("no such file: \(path)")
        }
        guard url.pathExtension == "swift" else { throw CLIError("\(path) is not a .swift file") }
        guard FileManager.default.isReadableFile(atPath: url.path) else { throw CLIError("cannot read \(path)") }
        return url
    }
}

extension DevicePreset {
    /// The preset a command-line name stands for (`iphone-13`, `iPhone 13`, `iphone13`…).
    static func named(_ name: String) throws -> DevicePreset {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        guard let preset = DevicePreset.all.first(where: { $0.name.lowercased().filter { $0.isLetter || $0.isNumber } == key }) else {
            throw CLIError(
                "unknown device '\(name)'; devices: \(DevicePreset.all.map { $0.name.lowercased().replacingOccurrences(of: " ", with: "-") }.joined(separator: ", "))"
            )
        }
        return preset
    }
}
