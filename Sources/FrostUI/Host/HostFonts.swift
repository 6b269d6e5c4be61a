import FrostScene
import Foundation
import FrostRaster

// The fonts a host draws text with: its system faces (Inter standing in for San Francisco where
// installed, else DejaVu Sans, or the host's own files), DejaVu variants for other designs, and
// fonts registered for `Font.custom`. Loaded on first use, kept for the host's life.

/// The fonts one host draws with (see ``HostCore/registerFont(atPath:)``).
final class HostFonts {
    let regularFont: FrostRaster.Font?
    let boldFont: FrostRaster.Font?
    /// Other faces by key: installed DejaVu variants ("DejaVuSansMono-Bold"), Inter faces and
    /// registered fonts ("custom:" + name), loaded on first use; nil when the file is not there.
    var faces: [String: FrostRaster.Font?] = [:]
    var registered: [String: FrostRaster.Font] = [:]
    /// The folder Inter's files are in, when Inter draws the system font.
    let interFolder: String?
    /// Inter was wanted (no font of the host's own, no FROST_SYSTEM_FONT=dejavu) but is not
    /// installed: system text falls back to DejaVu, which ``SystemData`` counts.
    let interMissing: Bool
    /// First-baseline offsets (points) by face, size, scale and line pitch.
    var ascenders: [String: Double] = [:]

    /// - Throws: ``ViewHostError/font(_:)`` when a given file is missing or broken, or when
    ///   neither Inter nor DejaVu Sans is installed (every text would measure zero otherwise).
    init(systemFont: SystemFontFiles?) throws {
        // Inter stands in for San Francisco where installed, unless the host was given its own
        // system font or FROST_SYSTEM_FONT=dejavu asks for DejaVu (what Frost drew before Inter).
        let wantsDejaVu = ProcessInfo.processInfo.environment["FROST_SYSTEM_FONT"]?.lowercased() == "dejavu"
        interFolder =
            systemFont == nil && !wantsDejaVu
            ? FrostRaster.Font.installedPath("Inter-Regular.otf").map { ($0 as NSString).deletingLastPathComponent } : nil
        interMissing = systemFont == nil && !wantsDejaVu && interFolder == nil
        if let systemFont {
            func load(_ path: String) throws -> FrostRaster.Font {
                do { return try FrostRaster.Font(path: path) } catch { throw ViewHostError.font("\(error)") }
            }
            regularFont = try load(systemFont.regular)
            boldFont = try systemFont.bold.map(load) ?? regularFont
        } else {
            regularFont = try? FrostRaster.Font.dejaVuSans()
            boldFont = (try? FrostRaster.Font.dejaVuSans(bold: true)) ?? regularFont
            if regularFont == nil && interFolder == nil {
                throw ViewHostError.font(
                    "no system font: neither Inter nor DejaVu Sans is installed (install `fonts-dejavu-core` and `fonts-inter`, or pass systemFont:)")
            }
        }
    }

    /// Registers the font at `path` under its PostScript, family and file names; returns the
    /// PostScript name (the file name when it has none).
    func register(atPath path: String) throws -> String {
        let font: FrostRaster.Font
        do { font = try FrostRaster.Font(path: path) } catch { throw ViewHostError.font("\(error)") }
        let file = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        for name in [font.postScriptName, font.familyName, file].compactMap({ $0 }) { registered[name] = font }
        return font.postScriptName ?? file
    }

    /// The face key and face a `Font` draws with: a registered custom font, an Inter face, an
    /// installed DejaVu variant, or nil for the system faces (also when a file is missing).
    func face(for font: Font) -> (key: String?, face: FrostRaster.Font?) {
        if let name = font.customName, let custom = registered[name] {
            let key = "custom:" + name
            faces[key] = custom
            return (key, custom)
        }
        let system = font.isBold ? boldFont : regularFont
        if interMissing, font.design == .default || font.design == .rounded {
            SystemData.recordFallback(
                SystemData.inter,
                warning:
                    "Inter, San Francisco's stand-in, is not installed: install `fonts-inter` (Debian/Ubuntu) or `font-inter` (Homebrew); drawing system text with DejaVu Sans, about 10 % wider"
            )
        }
        if let interFolder, font.design == .default || font.design == .rounded {
            // Inter Display at display sizes; Inter's text face where the Display files are
            // not installed (fonts-inter before 4.0 ships none).
            let display = font.interFace
            for key in [display, display.replacingOccurrences(of: "InterDisplay-", with: "Inter-")] {
                if faces[key] == nil { faces[key] = .some(try? FrostRaster.Font(path: interFolder + "/" + key + ".otf")) }
                if let loaded = faces[key] ?? nil { return (key, loaded) }
            }
        }
        guard let variant = font.dejaVuFace else { return (nil, system) }
        if faces[variant] == nil { faces[variant] = .some(try? FrostRaster.Font.installed(variant + ".ttf")) }
        guard let loaded = faces[variant] ?? nil else { return (nil, system) }
        return (variant, loaded)
    }

    /// A renderer drawing with these fonts at `scale`, on `threads` workers.
    func renderer(scale: Double, cache: RenderCache, threads: Int) -> SceneRenderer {
        var renderer = SceneRenderer(scale: scale, font: regularFont, boldFont: boldFont, cache: cache)
        renderer.faces = faces.compactMapValues { $0 }
        renderer.threads = threads
        return renderer
    }
}
