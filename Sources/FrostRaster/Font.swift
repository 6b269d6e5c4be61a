import CFreeType
import Foundation
import FrostImage

/// A font file loaded through the system FreeType (any .ttf/.otf it reads).
///
/// A `Font` owns a FreeType face, which FreeType does not allow to be used from two threads at
/// once: every use of the face goes through `lock`, which is why the class may be
/// `@unchecked Sendable` — one `Font` can be shared, and threads that each have their own never
/// wait on each other. Sizes are set per layout, so one `Font` serves all sizes.
public final class Font: @unchecked Sendable {
    let library: FT_Library
    let face: FT_Face
    /// The file the font was read from.
    public let path: String
    let lock = NSLock()
    /// Rendered glyphs and advances (see `Font+GlyphCache.swift`); guarded by `lock`.
    let cache = GlyphCache()
    /// HarfBuzz's view of the same file, with its own lock (see `Font+Shaping.swift`).
    let shaping: Shaping

    /// Folders searched for the default font, in order.
    public static let searchFolders: [String] = [
        "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
        "/usr/share/fonts/opentype/inter", "/usr/share/fonts/inter", "/usr/share/fonts/OTF", "/usr/share/fonts/opentype",
        "/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto", "/usr/share/fonts/noto", "/usr/share/fonts/noto-cjk",
        "/usr/share/fonts/truetype", "/usr/local/share/fonts", "/opt/homebrew/share/fonts",
        "/Library/Fonts", "/System/Library/Fonts/Supplemental", "/System/Library/Fonts", NSHomeDirectory() + "/.fonts",
        NSHomeDirectory() + "/.local/share/fonts", NSHomeDirectory() + "/Library/Fonts",
    ]

    /// DejaVu Sans (or DejaVu Sans Bold) from the standard font folders.
    /// - Throws: `ImageError` naming every folder searched when none has it.
    public static func dejaVuSans(bold: Bool = false) throws(ImageError) -> Font {
        try installed(bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf")
    }

    /// The path of the font file `file` in the standard font folders, or nil.
    public static func installedPath(_ file: String) -> String? {
        for folder in searchFolders {
            let path = folder + "/" + file
            if FileManager.default.isReadableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The font file `file` (e.g. "DejaVuSansMono.ttf") from the standard font folders.
    /// - Throws: `ImageError` naming every folder searched when none has it.
    public static func installed(_ file: String) throws(ImageError) -> Font {
        for folder in searchFolders {
            let path = folder + "/" + file
            if FileManager.default.isReadableFile(atPath: path) { return try Font(path: path) }
        }
        throw .fontNotFound(file: file, searched: searchFolders)
    }

    /// Loads the font at `path`.
    /// - Throws: `ImageError` when the file is missing or FreeType cannot read it.
    public init(path: String) throws(ImageError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw .unreadable(path: path, reason: "no such font file")
        }
        // FreeType would block forever reading a FIFO or a terminal: only regular files (after
        // symbolic links) are fonts.
        let target = (path as NSString).resolvingSymlinksInPath
        guard (try? FileManager.default.attributesOfItem(atPath: target))?[.type] as? FileAttributeType == .typeRegular else {
            throw .unreadable(path: path, reason: "not a regular file (a pipe, device or socket cannot be a font)")
        }
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw .invalidArgument("FreeType could not start") }
        var face: FT_Face?
        let error = FT_New_Face(lib, path, 0, &face)
        guard error == 0, let face else {
            FT_Done_FreeType(lib)
            throw .corrupt(path: path, format: "font", reason: "FreeType cannot read it (error \(error))")
        }
        let flags = face.pointee.face_flags
        let scalable = flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        // A bitmap font is taken only when its bitmaps are colour (an emoji font's CBDT or sbix
        // strikes, scaled to the text's size); monochrome bitmap fonts look wrong at any size
        // but their own.
        let color = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        guard scalable || (color && face.pointee.num_fixed_sizes > 0) else {
            FT_Done_Face(face); FT_Done_FreeType(lib)
            throw .corrupt(path: path, format: "font", reason: "not a scalable (outline) or colour bitmap font")
        }
        self.library = lib
        self.face = face
        self.path = path
        self.shaping = Shaping(path: path)
        self.isColor = color
        self.strikes = scalable ? [] : (0..<Int(face.pointee.num_fixed_sizes)).map { Int(face.pointee.available_sizes[$0].y_ppem) }
    }

    /// Whether the face's glyphs are colour images (an emoji font: CBDT, sbix or COLR), drawn
    /// as they are rather than tinted by the text's colour.
    public let isColor: Bool
    /// A bitmap-only face's strikes: their pixel sizes in 26.6, in the file's order (empty for
    /// an outline face). Glyphs are rendered at the nearest strike and scaled to the text's size.
    let strikes: [Int]

    /// The face's family name ("DejaVu Sans"), when the file has one.
    public var familyName: String? { face.pointee.family_name.map { String(cString: $0) } }
    /// The face's PostScript name ("DejaVuSans-Bold"), when the file has one.
    public var postScriptName: String? { lock.withLock { FT_Get_Postscript_Name(face).map { String(cString: $0) } } }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The family and style names the file declares.
    public var name: String {
        let family = face.pointee.family_name.map { String(cString: $0) } ?? "?"
        let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
        return style.isEmpty ? family : family + " " + style
    }

    /// Whether the face is bold or heavier (OS/2 weight class 600 or more, or FreeType's bold
    /// style flag): fallback faces are chosen to match.
    public var isBold: Bool {
        lock.lock(); defer { lock.unlock() }
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee, os2.usWeightClass > 0 {
            return os2.usWeightClass >= 600
        }
        return face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
    }

    /// The size small capitals are synthesised at, as a fraction of the text's: the face's
    /// x-height over its cap height (OS/2), so they stand as tall as its lowercase letters, as
    /// drawn small capitals do; 0.7 when the face does not say.
    public var smallCapsScale: Double {
        lock.lock(); defer { lock.unlock() }
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee, os2.version >= 2,
            os2.sxHeight > 0, os2.sCapHeight > os2.sxHeight
        {
            return Double(os2.sxHeight) / Double(os2.sCapHeight)
        }
        return 0.7
    }

    /// Whether the font has a glyph for `scalar` (otherwise its .notdef glyph is drawn).
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }
}
