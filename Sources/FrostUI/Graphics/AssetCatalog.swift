import Foundation
import FrostGeometry
import FrostImage

// Reproduces how iOS finds named colours and images in an app's asset catalogues
// (`Color("Brand")`, `Image("Logo")`, `UIColor(named:)`, Xcode 15's `ColorResource` /
// `ImageResource` symbols) by reading the `.xcassets` folders themselves, as Xcode writes them:
// colour sets with sRGB, extended sRGB, Display P3, grey and linear components (floats, 8-bit
// integers or hex) and system-colour references, their Any/Light/Dark appearances (a
// high-contrast variant is read but drawn only when no normal one exists: hosts have no
// Increase Contrast setting); image sets of PNG or JPEG at 1×, 2× and 3× (the one nearest the
// screen's scale wins, drawn at its point size), with dark variants; folders that provide a
// namespace ("Icons/Star"). Vector-only images (PDF, SVG) are not drawn: they show the
// missing-asset placeholder with a warning saying why.
//
// Catalogues are found in: those passed to `AssetCatalog.register(_:)`; the folders in
// `$FROST_ASSETS` (colon-separated; `frost preview` sets it); and any `.xcassets` folder in the
// bundle asked for (`Bundle.module` of a SwiftPM target that copies its catalogue as a
// resource), or, for `bundle: nil` / `.main`, beside the executable and in its SwiftPM resource
// bundles. A name found nowhere draws a visible placeholder (magenta, or a magenta-and-white
// checkerboard image) and warns once on stderr; it never stops a build or a render.

/// The asset catalogues views read named colours and images from.
public enum AssetCatalog {
    /// Makes the catalogue at `url` (an `.xcassets` folder) searched first by every lookup.
    public static func register(_ url: URL) {
        registered.withLock { if !$0.contains(url.standardizedFileURL) { $0.append(url.standardizedFileURL) } }
    }

    /// A named colour (light and dark), or nil when no catalogue has it.
    public static func color(named name: String, bundle: Bundle? = nil) -> Color? {
        for catalog in catalogs(for: bundle) { if let c = catalog.colors[name] { return c } }
        return nil
    }

    /// The catalogue folders a lookup in `bundle` searches, in order.
    public static func folders(for bundle: Bundle?) -> [URL] {
        var urls = registered.current
        if let env = ProcessInfo.processInfo.environment["FROST_ASSETS"] {
            urls += env.split(separator: ":").map { URL(fileURLWithPath: String($0), isDirectory: true).standardizedFileURL }
        }
        urls += bundleFolders(bundle)
        var seen = Set<String>()
        return urls.filter { seen.insert($0.path).inserted }
    }

    /// The catalogues inside `bundle` (or beside the executable), found once per bundle: a
    /// `Color("name")` in a body must not walk the file system on every resolution.
    private static func bundleFolders(_ bundle: Bundle?) -> [URL] {
        let main = bundle == nil || bundle == .main
        let key = main ? "" : (bundle!.resourceURL ?? bundle!.bundleURL).path
        if let found = scanned.withLock({ $0[key] }) { return found }
        var roots: [URL] = []
        if let bundle, !main {
            roots = [bundle.resourceURL ?? bundle.bundleURL]
        } else {
            let exe = Bundle.main.executableURL?.deletingLastPathComponent() ?? Bundle.main.bundleURL
            roots = [Bundle.main.resourceURL, exe].compactMap { $0 }
            if let items = try? FileManager.default.contentsOfDirectory(at: exe, includingPropertiesForKeys: nil) {
                roots += items.filter { $0.pathExtension == "resources" || $0.pathExtension == "bundle" }.sorted { $0.path < $1.path }
            }
        }
        let found = roots.flatMap { catalogFolders(in: $0, depth: 2) }
        scanned.withLock { $0[key] = found }
        return found
    }

    /// The image file `name` would draw on a screen of `scale` in `scheme` (pixels per point
    /// with it); nil when no catalogue has a PNG or JPEG for it. What `UIImage(named:)` reads.
    public static func imageFile(named name: String, bundle: Bundle? = nil, scale: Double, scheme: ColorScheme) -> (url: URL, scale: Double)? {
        for catalog in catalogs(for: bundle) {
            if let v = catalog.images[name]?.best(scale: scale, scheme: scheme) { return (v.file, v.scale) }
        }
        return nil
    }

    /// Warns once per missing name.
    static func warnMissing(_ kind: String, _ name: String, why: String? = nil) {
        let first = warned.withLock { $0.insert("\(kind):\(name)").inserted }
        guard first else { return }
        let searched = folders(for: nil).map(\.lastPathComponent).joined(separator: ", ")
        let reason = why ?? "no asset catalogue has it (searched: \(searched.isEmpty ? "none found" : searched))"
        FileHandle.standardError.write(Data("FrostUI: warning: \(kind) '\(name)': \(reason); drawing a placeholder\n".utf8))
    }

    /// The magenta that stands for a missing colour.
    static let missingColor = Color(red: 1, green: 0, blue: 1)

    // MARK: Reading catalogues

    private static let registered = Locked<[URL]>([])
    private static let warned = Locked<Set<String>>([])
    private static let cache = Locked<[String: Catalog]>([:])
    /// Catalogue folders found in each bundle (by its resource path; "" for the main one).
    private static let scanned = Locked<[String: [URL]]>([:])

    static func catalogs(for bundle: Bundle?) -> [Catalog] {
        folders(for: bundle).map { url in
            if let c = cache.withLock({ $0[url.path] }) { return c }
            let c = Catalog(url)
            cache.withLock { $0[url.path] = c }
            return c
        }
    }

    /// The colour and image names the catalogue at `url` holds, sorted (namespaced names as
    /// "Folder/Name"): what Xcode generates resource symbols from.
    public static func names(inCatalog url: URL) -> (colors: [String], images: [String]) {
        let c = Catalog(url.standardizedFileURL)
        return (c.colors.keys.sorted(), c.images.keys.sorted())
    }

    /// Forgets parsed catalogues (after an edit, `frost preview --watch` reads them again).
    public static func reload() {
        cache.set([:])
        scanned.set([:])
    }

    private static func catalogFolders(in root: URL, depth: Int) -> [URL] {
        guard depth >= 0, let items = try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var found: [URL] = []
        for item in items.sorted(by: { $0.path < $1.path }) {
            if item.pathExtension == "xcassets" {
                found.append(item.standardizedFileURL)
            } else if (try? item.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true, !item.lastPathComponent.hasPrefix(".") {
                found += catalogFolders(in: item, depth: depth - 1)
            }
        }
        return found
    }

    /// One parsed catalogue: its colours and image sets by name.
    final class Catalog: @unchecked Sendable {
        let url: URL
        var colors: [String: Color] = [:]
        var images: [String: ImageSet] = [:]

        init(_ url: URL) {
            self.url = url
            walk(url, namespace: "")
        }

        private func walk(_ folder: URL, namespace: String) {
            guard let items = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) else { return }
            for item in items.sorted(by: { $0.path < $1.path }) {
                let name = namespace + item.deletingPathExtension().lastPathComponent
                switch item.pathExtension {
                case "colorset": if let c = AssetCatalog.parseColorSet(item) { colors[name] = c }
                case "imageset": images[name] = ImageSet(folder: item)
                case "":
                    if (try? item.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                        let json = AssetCatalog.json(item.appendingPathComponent("Contents.json"))
                        let props = json?["properties"] as? [String: Any]
                        let provides = (props?["provides-namespace"] as? Bool) == true
                        walk(item, namespace: provides ? name + "/" : namespace)
                    }
                default: continue
                }
            }
        }
    }

    /// An image set: its files by scale and appearance.
    struct ImageSet {
        struct Variant {
            let file: URL
            let scale: Double
            let dark: Bool
        }
        let variants: [Variant]
        /// The set has only vector files (PDF, SVG), which are not drawn.
        let vectorOnly: Bool

        init(folder: URL) {
            let entries = AssetCatalog.json(folder.appendingPathComponent("Contents.json"))?["images"] as? [[String: Any]] ?? []
            var variants: [Variant] = []
            var vectors = 0
            for e in entries {
                guard let file = e["filename"] as? String else { continue }
                let ext = (file as NSString).pathExtension.lowercased()
                if ext == "pdf" || ext == "svg" { vectors += 1; continue }
                guard ["png", "jpg", "jpeg"].contains(ext) else { continue }
                let idiom = e["idiom"] as? String ?? "universal"
                guard ["universal", "iphone"].contains(idiom) else { continue }
                let scale = Double((e["scale"] as? String ?? "1x").dropLast()) ?? 1
                let dark = AssetCatalog.appearance(e) == .dark
                variants.append(Variant(file: folder.appendingPathComponent(file), scale: scale, dark: dark))
            }
            self.variants = variants
            vectorOnly = variants.isEmpty && vectors > 0
        }

        /// The file to draw on a screen of `scale` in `scheme`: dark variants in dark mode when
        /// there are any, then the scale nearest above (else the largest).
        func best(scale: Double, scheme: ColorScheme) -> Variant? {
            let wanted = scheme == .dark && variants.contains { $0.dark }
            let pool = variants.filter { $0.dark == wanted }
            return pool.filter { $0.scale >= scale }.min { $0.scale < $1.scale } ?? pool.max { $0.scale < $1.scale }
        }
    }

    enum Appearance { case any, light, dark, highContrast }

    static func appearance(_ entry: [String: Any]) -> Appearance {
        var result = Appearance.any
        for a in entry["appearances"] as? [[String: Any]] ?? [] {
            let kind = a["appearance"] as? String, value = a["value"] as? String
            if kind == "luminosity" { result = value == "dark" ? .dark : (value == "light" ? .light : result) }
            if kind == "contrast", value == "high" { return .highContrast }
        }
        return result
    }

    static func json(_ url: URL) -> [String: Any]? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// A colour set's light and dark colours; nil when it has none this reader understands.
    static func parseColorSet(_ folder: URL) -> Color? {
        let entries = json(folder.appendingPathComponent("Contents.json"))?["colors"] as? [[String: Any]] ?? []
        var byAppearance: [Appearance: FrostGeometry.Color] = [:]
        var contrast: FrostGeometry.Color?
        for e in entries {
            let idiom = e["idiom"] as? String ?? "universal"
            guard ["universal", "iphone"].contains(idiom), let spec = e["color"] as? [String: Any] else { continue }
            guard let c = parseColor(spec) else { continue }
            let a = appearance(e)
            if a == .highContrast { contrast = contrast ?? c; continue }
            // A universal entry wins over an iPhone one of the same appearance only if first.
            if byAppearance[a] == nil || idiom == "iphone" { byAppearance[a] = c }
        }
        guard let any = byAppearance[.any] ?? byAppearance[.light] ?? contrast else { return nil }
        let light = byAppearance[.light] ?? any
        return Color(light: light, dark: byAppearance[.dark] ?? any)
    }

    /// One colour entry's colour, in sRGB.
    static func parseColor(_ spec: [String: Any]) -> FrostGeometry.Color? {
        if let reference = spec["reference"] as? String {
            return systemColors[reference].map { $0.color.resolved(.light) }
        }
        guard let comps = spec["components"] as? [String: Any] else { return nil }
        func value(_ key: String) -> Double? {
            switch comps[key] {
            case let n as NSNumber:
                let d = n.doubleValue
                return d > 1 && d == d.rounded() ? d / 255 : d
            case let s as String:
                let t = s.trimmingCharacters(in: .whitespaces)
                if t.lowercased().hasPrefix("0x") { return UInt8(t.dropFirst(2), radix: 16).map { Double($0) / 255 } }
                if t.contains(".") { return Double(t) }
                return Int(t).map { Double($0) / 255 }
            default: return nil
            }
        }
        let alpha = value("alpha") ?? 1
        let space = (spec["color-space"] as? String ?? "srgb").lowercased()
        if let w = value("white") {
            return Color(white: w, opacity: alpha).resolved(.light)
        }
        guard let r = value("red"), let g = value("green"), let b = value("blue") else { return nil }
        switch space {
        case "display-p3": return Color(.displayP3, red: r, green: g, blue: b, opacity: alpha).resolved(.light)
        case "extended-linear-srgb": return Color(.sRGBLinear, red: r, green: g, blue: b, opacity: alpha).resolved(.light)
        default: return Color(red: min(max(r, 0), 1), green: min(max(g, 0), 1), blue: min(max(b, 0), 1), opacity: alpha).resolved(.light)
        }
    }

    /// Xcode's system-colour references ("systemBlueColor", "labelColor").
    static let systemColors: [String: UIColor] = [
        "systemBlueColor": .systemBlue, "systemRedColor": .systemRed, "systemGreenColor": .systemGreen, "systemOrangeColor": .systemOrange,
        "systemYellowColor": .systemYellow, "systemPinkColor": .systemPink, "systemPurpleColor": .systemPurple, "systemIndigoColor": .systemIndigo,
        "systemTealColor": .systemTeal, "systemMintColor": .systemMint, "systemCyanColor": .systemCyan, "systemBrownColor": .systemBrown,
        "systemGrayColor": .systemGray, "labelColor": .label, "secondaryLabelColor": .secondaryLabel, "tertiaryLabelColor": .tertiaryLabel,
        "systemBackgroundColor": .systemBackground, "secondarySystemBackgroundColor": .secondarySystemBackground,
        "systemGroupedBackgroundColor": .systemGroupedBackground, "separatorColor": .separator, "linkColor": .link,
        "whiteColor": .white, "blackColor": .black, "clearColor": .clear,
    ]
}

/// A colour of an asset catalogue, as Xcode 15 generates them (`ColorResource.brand`).
public struct ColorResource: Hashable, @unchecked Sendable {
    public let name: String
    public let bundle: Bundle
    public init(name: String, bundle: Bundle) { self.name = name; self.bundle = bundle }
}

/// An image of an asset catalogue, as Xcode 15 generates them (`ImageResource.logo`).
public struct ImageResource: Hashable, @unchecked Sendable {
    public let name: String
    public let bundle: Bundle
    public init(name: String, bundle: Bundle) { self.name = name; self.bundle = bundle }
}

extension Color {
    /// The colour named `name` in the asset catalogues (see ``AssetCatalog``); magenta, with a
    /// warning, when none has it.
    public init(_ name: String, bundle: Bundle? = nil) {
        if let c = AssetCatalog.color(named: name, bundle: bundle) {
            self = c
        } else {
            AssetCatalog.warnMissing("colour", name)
            self = AssetCatalog.missingColor
        }
    }

    /// A generated colour symbol's colour (`Color(.brand)`).
    public init(_ resource: ColorResource) { self.init(resource.name, bundle: resource.bundle) }
}

extension UIColor {
    /// A generated colour symbol's colour.
    public convenience init(resource: ColorResource) { self.init(Color(resource)) }
}

/// Decoded asset images, by file (decoded once per process).
enum AssetImages {
    private static let decoded = Locked<[String: FrostImage.Image]>([:])

    /// The image named `name` for a screen of `scale` in `scheme`, with its pixels per point; the
    /// placeholder (and a warning, once) when it cannot be found or read.
    static func load(_ name: String, bundle: Bundle?, scale: Double, scheme: ColorScheme) -> (image: FrostImage.Image, scale: Double) {
        var vectorOnly = false
        for catalog in AssetCatalog.catalogs(for: bundle) {
            guard let set = catalog.images[name] else { continue }
            vectorOnly = vectorOnly || set.vectorOnly
            guard let variant = set.best(scale: scale, scheme: scheme) else { continue }
            if let image = decoded.withLock({ $0[variant.file.path] }) { return (image, variant.scale) }
            do {
                let image = try ImageFile.read(variant.file.path)
                decoded.withLock { $0[variant.file.path] = image }
                return (image, variant.scale)
            } catch {
                AssetCatalog.warnMissing("image", name, why: "\(variant.file.lastPathComponent) could not be read (\(error))")
                return (placeholder, 1)
            }
        }
        AssetCatalog.warnMissing("image", name, why: vectorOnly ? "its image set has only vector files (PDF, SVG), which FrostUI does not draw" : nil)
        return (placeholder, 1)
    }

    /// A 32 × 32 pt magenta-and-white checkerboard (4 pt squares): visibly not the app's image.
    static let placeholder: FrostImage.Image = {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32 * 32 * 4)
        for y in 0..<32 {
            for x in 0..<32 {
                let magenta = ((x / 4) + (y / 4)) % 2 == 0
                bytes += magenta ? [255, 0, 255, 255] : [255, 255, 255, 255]
            }
        }
        return try! FrostImage.Image(width: 32, height: 32, premultipliedRGBA: bytes)
    }()
}
