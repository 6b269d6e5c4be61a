import Foundation
import FrostUI

/// The asset catalogues `frost preview` gives the previews: those named with `--assets`, and
/// every `.xcassets` folder found beside the previewed files or in a folder above them (up to the
/// package or repository root), as Xcode would have compiled them into the app. It also writes
/// the resource symbols Xcode 15 generates from them (`ColorResource.brand`, `Color.brand`,
/// `ShapeStyle.brand`, `ImageResource.logo`, `UIColor.brand`, `UIImage.logo`).
enum PreviewAssets {
    /// The catalogues for `inputs`: `explicit` first (each must be an `.xcassets` folder, or a
    /// folder holding some), then those found upward from each input.
    static func catalogs(explicit: [String], inputs: [URL]) throws -> [URL] {
        var found: [URL] = []
        for path in explicit {
            let url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CLIError("--assets \(path): no such folder")
            }
            let here = url.pathExtension == "xcassets" ? [url] : catalogsIn(url, depth: 2)
            guard !here.isEmpty else { throw CLIError("--assets \(path): no .xcassets folder there") }
            found += here
        }
        for input in inputs {
            var folder = input.deletingLastPathComponent()
            for _ in 0..<8 {
                found += catalogsIn(folder, depth: 2)
                let fm = FileManager.default
                if fm.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
                    || fm.fileExists(atPath: folder.appendingPathComponent(".git").path)
                {
                    // A package root: its Sources and Resources hold the targets' catalogues.
                    found += catalogsIn(folder.appendingPathComponent("Sources"), depth: 3)
                    break
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.path).inserted }
    }

    private static func catalogsIn(_ folder: URL, depth: Int) -> [URL] {
        guard depth >= 0, let items = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var found: [URL] = []
        for item in items.sorted(by: { $0.path < $1.path }) where !item.lastPathComponent.hasPrefix(".") && item.lastPathComponent != "node_modules" {
            guard (try? item.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true else { continue }
            if item.pathExtension == "xcassets" { found.append(item.standardizedFileURL) } else { found += catalogsIn(item, depth: depth - 1) }
        }
        return found
    }

    /// Names `Color`, `ShapeStyle` and `UIColor` already have: Xcode generates no shortcut for them.
    static let taken: Set<String> = [
        "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown", "gray", "grey", "black", "white",
        "clear", "primary", "secondary", "tertiary", "quaternary", "accentColor", "background", "foreground", "tint", "separator", "link",
        "label", "placeholderText", "systemBackground", "magenta", "darkGray", "lightGray", "lightText", "darkText", "tintColor", "selection",
    ]

    /// Xcode's symbol for an asset name: camel case, the first word lowered, a trailing "Color"
    /// (colours) or "Image" (images) dropped.
    static func symbol(_ name: String, dropping suffix: String) -> String? {
        var words: [String] = []
        var current = ""
        let chars = Array(name)
        for (i, c) in chars.enumerated() {
            if !(c.isLetter || c.isNumber) {
                if !current.isEmpty { words.append(current); current = "" }
                continue
            }
            let boundary =
                c.isUppercase && !current.isEmpty
                && (current.last!.isLowercase || current.last!.isNumber || (i + 1 < chars.count && chars[i + 1].isLowercase && current.last!.isUppercase))
            if boundary { words.append(current); current = "" }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        if words.count > 1, words.last == suffix { words.removeLast() }
        guard let first = words.first else { return nil }
        let head = first == first.uppercased() ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
        var symbol = head + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if symbol.first?.isNumber == true { symbol = "_" + symbol }
        let keywords: Set<String> = [
            "default", "class", "struct", "enum", "protocol", "func", "var", "let", "import", "return", "self", "Self", "init", "case", "if", "else", "for",
            "in", "while", "switch", "where", "is", "as", "try", "throw", "public", "private", "internal", "static", "extension", "operator", "nil", "true",
            "false", "super", "repeat", "do", "break", "continue", "guard", "defer", "fallthrough", "subscript", "typealias", "associatedtype", "inout", "any",
            "some",
        ]
        return keywords.contains(symbol) ? "`\(symbol)`" : symbol
    }

    /// The generated symbols file for `catalogs` (empty extensions when there are none).
    static func symbolsFile(_ catalogs: [URL]) -> String {
        var colors: [(String, String)] = [], images: [(String, String)] = []
        var seen = Set<String>()
        for url in catalogs {
            let names = AssetCatalog.names(inCatalog: url)
            for n in names.colors { if let s = symbol(n, dropping: "Color"), seen.insert("c" + s).inserted { colors.append((s, n)) } }
            for n in names.images { if let s = symbol(n, dropping: "Image"), seen.insert("i" + s).inserted { images.append((s, n)) } }
        }
        func lit(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        var out = [
            "// Generated by `frost preview` from the asset catalogues, as Xcode 15 generates GeneratedAssetSymbols.swift.",
            "import Foundation", "import FrostUI", "import UIKit", "",
            "private let frostAssetBundle = Foundation.Bundle.main", "",
            "extension FrostUI.ColorResource {",
        ]
        out += colors.map { "    static let \($0.0) = FrostUI.ColorResource(name: \(lit($0.1)), bundle: frostAssetBundle)" }
        out += ["}", "", "extension FrostUI.ImageResource {"]
        out += images.map { "    static let \($0.0) = FrostUI.ImageResource(name: \(lit($0.1)), bundle: frostAssetBundle)" }
        out += ["}", ""]
        let shortcuts = colors.filter { !taken.contains($0.0) }
        out += ["extension FrostUI.Color {"] + shortcuts.map { "    static var \($0.0): FrostUI.Color { .init(FrostUI.ColorResource.\($0.0)) }" } + ["}", ""]
        out +=
            ["extension FrostUI.ShapeStyle where Self == FrostUI.Color {"]
            + shortcuts.map { "    static var \($0.0): FrostUI.Color { .init(FrostUI.ColorResource.\($0.0)) }" } + ["}", ""]
        out +=
            ["extension UIKit.UIColor {"] + shortcuts.map { "    static var \($0.0): UIKit.UIColor { .init(resource: FrostUI.ColorResource.\($0.0)) }" } + [
                "}", "",
            ]
        out +=
            ["extension UIKit.UIImage {"] + images.map { "    static var \($0.0): UIKit.UIImage { .init(resource: FrostUI.ImageResource.\($0.0)) }" } + [
                "}", "",
            ]
        return out.joined(separator: "\n")
    }
}
