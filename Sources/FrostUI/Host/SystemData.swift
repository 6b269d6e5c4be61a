import FrostGeometry
import Foundation
import FrostRaster

// Reproduces no SwiftUI API: iOS ships San Francisco and SF Symbols, Linux does not, so FrostUI
// draws with system packages found at run time (the README names them). This is FrostUI's
// account of them: which are installed, and how often this process drew without one, so a
// program (`frost demo`) can say what its output lost instead of leaving the reader to notice.

/// The system packages FrostUI draws with, found at run time, and what it drew without them.
public enum SystemData {
    /// A system package FrostUI looks for.
    public struct Package: Sendable, Hashable, CustomStringConvertible {
        /// Debian's and Ubuntu's package name (`apt install ...`).
        public let debian: String
        /// How to install it on macOS.
        public let macOS: String
        /// What it provides, in a few words.
        public let provides: String
        /// What FrostUI draws when it is missing.
        public let fallback: String
        public var description: String { debian }
    }

    /// DejaVu Sans: the fallback face for characters Inter lacks, labels drawn by Frost's
    /// commands, and the monospaced and serif designs. Without it such text cannot be drawn and
    /// the render fails with an error naming the folders searched.
    public static let dejaVu = Package(
        debian: "fonts-dejavu-core", macOS: "brew install font-dejavu",
        provides: "DejaVu Sans, the fallback, monospaced and serif face",
        fallback: "text that needs it cannot be drawn (the render stops with an error naming the folders searched)")
    /// Inter, drawn to SF Pro's proportions as the system font.
    public static let inter = Package(
        debian: "fonts-inter", macOS: "brew install font-inter",
        provides: "Inter, San Francisco's stand-in",
        fallback: "text drawn with DejaVu Sans, about 10 % wider than San Francisco")
    /// Bootstrap Icons, the SF Symbol look-alikes behind `Image(systemName:)`.
    public static let bootstrapIcons = Package(
        debian: "bootstrap-icons", macOS: "npm install -g bootstrap-icons",
        provides: "Bootstrap Icons, the SF Symbol look-alikes",
        fallback: "SF Symbols drawn as dashed placeholders")
    /// Noto's faces for the world's scripts (Arabic, Hebrew, Indic, Thai…), the fallback
    /// cascade's first choice for characters Inter lacks.
    public static let noto = Package(
        debian: "fonts-noto-core", macOS: "brew install --cask font-noto-sans font-noto-sans-arabic",
        provides: "Noto, the faces for Arabic, Hebrew, Indic, Thai and other scripts",
        fallback: "those scripts drawn by DejaVu Sans where it has them, else as boxes")
    /// Noto Sans CJK, for Chinese, Japanese and Korean.
    public static let notoCJK = Package(
        debian: "fonts-noto-cjk", macOS: "brew install --cask font-noto-sans-cjk",
        provides: "Noto Sans CJK, the face for Chinese, Japanese and Korean",
        fallback: "CJK characters drawn as boxes")
    /// Noto Color Emoji, the colour emoji face (Apple Color Emoji's stand-in).
    public static let notoColorEmoji = Package(
        debian: "fonts-noto-color-emoji", macOS: "none needed (Apple Color Emoji is found in /System/Library/Fonts)",
        provides: "Noto Color Emoji, the colour emoji",
        fallback: "emoji drawn in black and white where a symbol face has them, else as boxes")
    /// Every package, in the README's order.
    public static let all: [Package] = [dejaVu, inter, noto, notoCJK, notoColorEmoji, bootstrapIcons]

    /// The packages not installed now (none with the README's packages installed).
    public static func missing() -> [Package] {
        missing(fontFolders: FrostRaster.Font.searchFolders, symbolFolders: SymbolLibrary.searchPaths)
    }

    /// The packages missing from these folders (tests give their own).
    static func missing(fontFolders: [String], symbolFolders: [String]) -> [Package] {
        func has(_ file: String, in folders: [String]) -> Bool {
            folders.contains { FileManager.default.isReadableFile(atPath: $0 + "/" + file) }
        }
        var out: [Package] = []
        if !has("DejaVuSans.ttf", in: fontFolders) { out.append(dejaVu) }
        if !has("Inter-Regular.otf", in: fontFolders) { out.append(inter) }
        if !has("NotoSansArabic-Regular.ttf", in: fontFolders) { out.append(noto) }
        if !has("NotoSansCJK-Regular.ttc", in: fontFolders) { out.append(notoCJK) }
        if !FrostRaster.FontCascade.emojiFaces.contains(where: { has($0, in: fontFolders) }) { out.append(notoColorEmoji) }
        if !has("heart-fill.svg", in: symbolFolders) { out.append(bootstrapIcons) }
        return out
    }

    /// How many times this process drew with `package`'s fallback because the package is not
    /// installed: text resolved without Inter, symbols drawn as placeholders for want of the
    /// icon set. Never decreases; compare two readings to attribute fallbacks to the work
    /// between them. Choosing DejaVu on purpose (`FROST_SYSTEM_FONT=dejavu`, a host's own
    /// system font) is not a fallback.
    public static func fallbackCount(_ package: Package) -> Int {
        counts.withLock { $0[package.debian, default: 0] }
    }

    /// Counts one fallback; the first for a package prints `warning` (one line on stderr) when
    /// given, so a process that drew without a package says so once.
    static func recordFallback(_ package: Package, warning: String? = nil) {
        let first = counts.withLock {
            $0[package.debian, default: 0] += 1
            return $0[package.debian] == 1
        }
        if first, let warning { FileHandle.standardError.write(Data("FrostUI: warning: \(warning)\n".utf8)) }
    }

    private static let counts = Locked<[String: Int]>([:])
}
