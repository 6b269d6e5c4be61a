import Foundation
import FrostGeometry
import FrostRaster

// Reproduces SF Symbols' lookup for Image(systemName:): a name (with the variant the
// environment asks for: .fill, .circle, .square, .slash) resolves to an open-licensed look-alike
// from Bootstrap Icons, found at run time. Apple's symbols are not redistributable, so shapes
// differ; sizes follow SF's rules (see Image.swift). Unknown names and a missing icon set draw a
// neutral placeholder and warn once on stderr.

/// Where FrostUI finds the SF Symbol look-alikes and which names it draws.
final class SymbolLibrary: Sendable {
    static let shared = SymbolLibrary()

    /// Folders searched for the icon set's SVG files, first match wins: `FROST_SYMBOLS_DIR`,
    /// Debian/Ubuntu's `bootstrap-icons`, then the npm package's `icons` folder where Homebrew
    /// and npm put global packages on macOS and Linux.
    static var searchPaths: [String] {
        var paths: [String] = []
        if let dir = ProcessInfo.processInfo.environment["FROST_SYMBOLS_DIR"], !dir.isEmpty { paths.append(dir) }
        paths += [
            "/usr/share/bootstrap-icons/svg", "/usr/local/share/bootstrap-icons/svg", "/opt/homebrew/share/bootstrap-icons/svg",
            "/opt/homebrew/lib/node_modules/bootstrap-icons/icons", "/usr/local/lib/node_modules/bootstrap-icons/icons",
            "/usr/lib/node_modules/bootstrap-icons/icons",
        ]
        return paths
    }

    /// What a name draws.
    enum Resolved {
        case icon(SVGIcon)
        /// No look-alike (unknown name, or the icon set is missing): a placeholder of the size a
        /// symbol has.
        case placeholder
    }

    /// The folders this library searches (the defaults unless a test gives others).
    private let paths: [String]?
    init(searchPaths: [String]? = nil) { paths = searchPaths }
    /// The folder found (once), the icons loaded, the warnings given.
    private struct State {
        var folder: String??
        var icons: [String: SVGIcon?] = [:]
        var warned: Set<String> = []
    }
    private let state = Locked(State())

    /// The folder holding the icon set, or nil (warned once) when none is installed.
    var iconFolder: String? {
        state.withLock { state in
            if let folder = state.folder { return folder }
            let found = (paths ?? SymbolLibrary.searchPaths).first { FileManager.default.fileExists(atPath: $0 + "/heart-fill.svg") }
            state.folder = .some(found)
            return found
        }
    }

    /// The look-alike for an SF Symbol name (already with its variant), loaded once.
    func resolve(_ name: String) -> Resolved {
        guard let file = SymbolLibrary.lookAlikes[name] else {
            warnOnce(
                "unknown:" + name,
                "no look-alike for the SF Symbol \"\(name)\"; drawing a placeholder (\(SymbolLibrary.lookAlikes.count) names are drawn; see Sources/CFrostData/symbol-names.txt)"
            )
            return .placeholder
        }
        guard let folder = iconFolder else {
            SystemData.recordFallback(SystemData.bootstrapIcons)
            warnOnce(
                "folder",
                "the SF Symbol look-alikes (Bootstrap Icons) are not installed: install `bootstrap-icons` (Debian/Ubuntu) or set FROST_SYMBOLS_DIR to a folder of its SVG files; drawing placeholders"
            )
            return .placeholder
        }
        let cached: SVGIcon?? = state.withLock { $0.icons[file] }
        if let cached { return cached.map(Resolved.icon) ?? .placeholder }
        let icon: SVGIcon?
        do { icon = try SVGIcon(contentsOfFile: folder + "/" + file + ".svg") } catch {
            warnOnce("file:" + file, "cannot draw the SF Symbol \"\(name)\": \(error); drawing a placeholder")
            icon = nil
        }
        state.withLock { $0.icons[file] = .some(icon) }
        return icon.map(Resolved.icon) ?? .placeholder
    }

    /// Whether a name (with its variant) has a look-alike in the table.
    static func knows(_ name: String) -> Bool { lookAlikes[name] != nil }

    private func warnOnce(_ key: String, _ message: String) {
        let first = state.withLock { $0.warned.insert(key).inserted }
        if first { FileHandle.standardError.write(Data("FrostUI: warning: \(message)\n".utf8)) }
    }
}

/// A variant of a symbol, as SwiftUI's `SymbolVariants`: `.fill`, `.circle`, `.square`,
/// `.slash`, combinable (`.circle.fill`); applied to names that have that variant.
public struct SymbolVariants: Hashable, Sendable {
    /// The name suffixes, in SF's order (shape, then slash, then fill).
    let shape: String?
    let slashed: Bool
    let filled: Bool
    public static let none = SymbolVariants(shape: nil, slashed: false, filled: false)
    public static let fill = SymbolVariants(shape: nil, slashed: false, filled: true)
    public static let circle = SymbolVariants(shape: "circle", slashed: false, filled: false)
    public static let square = SymbolVariants(shape: "square", slashed: false, filled: false)
    public static let rectangle = SymbolVariants(shape: "rectangle", slashed: false, filled: false)
    public static let slash = SymbolVariants(shape: nil, slashed: true, filled: false)
    public var fill: SymbolVariants { SymbolVariants(shape: shape, slashed: slashed, filled: true) }
    public var circle: SymbolVariants { SymbolVariants(shape: "circle", slashed: slashed, filled: filled) }
    public var square: SymbolVariants { SymbolVariants(shape: "square", slashed: slashed, filled: filled) }
    public var slash: SymbolVariants { SymbolVariants(shape: shape, slashed: true, filled: filled) }

    /// `name` with this variant's suffixes, when the look-alike table has that name; else
    /// `name` as written (SwiftUI also falls back to the plain symbol).
    func applied(to name: String) -> String {
        guard self != .none else { return name }
        var parts = [name]
        if let shape, !name.contains("." + shape) { parts.append(shape) }
        if slashed, !name.contains(".slash") { parts.append("slash") }
        if filled, !name.hasSuffix(".fill") { parts.append("fill") }
        let candidate = parts.joined(separator: ".")
        return SymbolLibrary.knows(candidate) ? candidate : name
    }
}

/// How symbols are colored, as SwiftUI's `SymbolRenderingMode`. FrostUI draws every mode in
/// the foreground style (look-alikes have one layer).
public struct SymbolRenderingMode: Hashable, Sendable {
    let name: String
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    public static let palette = SymbolRenderingMode(name: "palette")
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
}
