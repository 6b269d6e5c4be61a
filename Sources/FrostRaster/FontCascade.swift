import Foundation

// Font fallback by script, as iOS cascades from San Francisco: a character the text's face lacks
// is drawn by the installed face made for its script (Noto's, which Debian ships per script:
// fonts-noto-core, fonts-noto-cjk), then by the general faces (Noto Sans, its symbol sets,
// DejaVu Sans), then by any other Noto face that has it. Faces are opened on first need and the
// answer for each character is kept. A character no installed face covers is drawn as the
// text face's .notdef box, and the first such character in a process prints one warning naming
// the packages to install. Emoji asked for in colour (their default presentation, U+FE0F, a
// skin tone) take the colour emoji face (fonts-noto-color-emoji) first, chosen in TextLayout
// because the choice depends on the characters that follow.

/// The fallback faces installed on this machine, chosen per character.
public final class FontCascade: @unchecked Sendable {
    /// The cascade over the standard font folders (``Font/searchFolders``).
    public static let system = FontCascade(folders: Font.searchFolders)

    /// Folders searched for fallback faces, in order.
    public let folders: [String]
    private let lock = NSLock()
    private var opened: [String: Font?] = [:]
    private var chosen: [ChoiceKey: Font?] = [:]
    private var others: [String]?
    private var warned = false
    private var uncoveredCount = 0

    private struct ChoiceKey: Hashable { let scalar: UInt32, bold: Bool }

    /// A cascade over `folders` (tests give their own).
    public init(folders: [String]) { self.folders = folders }

    /// How many characters no installed face covered (drawn as boxes) so far in this cascade.
    public var uncoveredCharacters: Int { lock.withLock { uncoveredCount } }

    /// The face to draw `scalar` with when the text's face lacks it, matching `bold`; nil when
    /// no installed face has it (the caller draws its .notdef box).
    public func font(for scalar: Unicode.Scalar, bold: Bool) -> Font? {
        let key = ChoiceKey(scalar: scalar.value, bold: bold)
        lock.lock(); defer { lock.unlock() }
        if let known = chosen[key] { return known }
        var found: Font?
        for file in (Self.scriptFace(for: scalar).map { [$0] } ?? []) + Self.general {
            if let font = open(file, bold: bold), font.covers(scalar) { found = font; break }
        }
        if found == nil {
            for file in otherNotoFaces() {
                if let font = open(file, bold: false), font.covers(scalar) { found = font; break }
            }
        }
        if chosen.count >= 65_536 { chosen.removeAll() }
        chosen[key] = found
        if found == nil, !Self.isInvisible(scalar) {
            uncoveredCount += 1
            if !warned {
                warned = true
                let hex = String(scalar.value, radix: 16, uppercase: true)
                FileHandle.standardError.write(
                    Data(
                        ("FrostRaster: warning: no installed font has U+\(hex); it is drawn as a box (fonts-noto-core, "
                            + "fonts-noto-cjk and fonts-noto-color-emoji cover every script and emoji)\n").utf8))
            }
        }
        return found
    }

    /// The installed colour emoji face (Noto Color Emoji; Apple Color Emoji on a Mac), or nil.
    public func emojiFont() -> Font? {
        lock.lock(); defer { lock.unlock() }
        for file in Self.emojiFaces { if let font = open(file, bold: false) { return font } }
        return nil
    }

    /// Colour emoji faces' file names, in the order tried.
    public static let emojiFaces = ["NotoColorEmoji.ttf", "Apple Color Emoji.ttc"]

    /// Characters drawn as nothing, which need no face: controls, format characters, variation
    /// selectors.
    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || s.properties.generalCategory == .format || s.properties.generalCategory == .control
            || (0xFE00...0xFE0F).contains(s.value) || (0xE0100...0xE01EF).contains(s.value)
    }

    /// Opens `file` (its bold cut when `bold` and installed) once; nil when it is not installed
    /// or cannot be read.
    private func open(_ file: String, bold: Bool) -> Font? {
        let name = bold ? file.replacingOccurrences(of: "-Regular.", with: "-Bold.") : file
        if let known = opened[name] { return known }
        var font: Font?
        for folder in folders {
            let path = folder + "/" + name
            if FileManager.default.isReadableFile(atPath: path) {
                font = try? Font(path: path)
                break
            }
        }
        if font == nil, bold { font = open(file, bold: false) }
        opened[name] = font
        return font
    }

    /// Every other installed Noto Sans face, in name order, found once.
    private func otherNotoFaces() -> [String] {
        if let others { return others }
        var set = Set<String>()
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where name.hasPrefix("NotoSans") && name.hasSuffix("-Regular.ttf") {
                set.insert(name)
            }
        }
        let list = set.sorted()
        others = list
        return list
    }

    /// The general faces, tried after a script's own.
    static let general = [
        "NotoSans-Regular.ttf", "NotoSansSymbols-Regular.ttf", "NotoSansSymbols2-Regular.ttf", "NotoSansMath-Regular.ttf",
        "DejaVuSans.ttf",
    ]

    /// The face made for `s`'s script, if the cascade knows one.
    static func scriptFace(for s: Unicode.Scalar) -> String? {
        switch s.value {
        case 0x0530...0x058F: "NotoSansArmenian-Regular.ttf"
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: "NotoSansHebrew-Regular.ttf"
        case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: "NotoSansArabic-Regular.ttf"
        case 0x0700...0x074F: "NotoSansSyriac-Regular.ttf"
        case 0x0780...0x07BF: "NotoSansThaana-Regular.ttf"
        case 0x0900...0x097F, 0xA8E0...0xA8FF: "NotoSansDevanagari-Regular.ttf"
        case 0x0980...0x09FF: "NotoSansBengali-Regular.ttf"
        case 0x0A00...0x0A7F: "NotoSansGurmukhi-Regular.ttf"
        case 0x0A80...0x0AFF: "NotoSansGujarati-Regular.ttf"
        case 0x0B00...0x0B7F: "NotoSansOriya-Regular.ttf"
        case 0x0B80...0x0BFF: "NotoSansTamil-Regular.ttf"
        case 0x0C00...0x0C7F: "NotoSansTelugu-Regular.ttf"
        case 0x0C80...0x0CFF: "NotoSansKannada-Regular.ttf"
        case 0x0D00...0x0D7F: "NotoSansMalayalam-Regular.ttf"
        case 0x0D80...0x0DFF: "NotoSansSinhala-Regular.ttf"
        case 0x0E00...0x0E7F: "NotoSansThai-Regular.ttf"
        case 0x0E80...0x0EFF: "NotoSansLao-Regular.ttf"
        case 0x1000...0x109F: "NotoSansMyanmar-Regular.ttf"
        case 0x10A0...0x10FF, 0x2D00...0x2D2F: "NotoSansGeorgian-Regular.ttf"
        case 0x1200...0x139F, 0x2D80...0x2DDF: "NotoSansEthiopic-Regular.ttf"
        case 0x1780...0x17FF, 0x19E0...0x19FF: "NotoSansKhmer-Regular.ttf"
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            "NotoSansCJK-Regular.ttc"
        default: nil
        }
    }
}

extension FontCascade {
    /// Whether `scalar`'s script has a face of its own in the cascade (it is drawn by that face
    /// before a text's general fallback).
    public static func hasScriptFace(_ scalar: Unicode.Scalar) -> Bool { scriptFace(for: scalar) != nil }
}
