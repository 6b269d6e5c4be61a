import Foundation
import FrostImage
/// Light or dark: how adaptive materials resolve.
public enum Appearance: String, CaseIterable, Hashable, Sendable {
    case light, dark
}

/// The `UIBlurEffect` styles: 15 system materials (5 thicknesses × adaptive, light, dark) and
/// the 6 legacy styles. Raw values are Apple's names; SwiftUI's names are accepted by
/// ``init(named:)``.
public enum Material: String, CaseIterable, Hashable, Sendable {
    case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
    case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark
    case extraLight, light, dark, extraDark, regular, prominent

    /// SwiftUI's material names and the short forms, mapped to the system styles.
    public static let aliases: [String: Material] = [
        "ultraThinMaterial": .systemUltraThinMaterial, "thinMaterial": .systemThinMaterial,
        "regularMaterial": .systemMaterial, "thickMaterial": .systemThickMaterial, "ultraThickMaterial": .systemThickMaterial,
        "bar": .systemChromeMaterial,
        "ultraThin": .systemUltraThinMaterial, "thin": .systemThinMaterial, "thick": .systemThickMaterial,
        "chrome": .systemChromeMaterial, "chromeMaterial": .systemChromeMaterial,
    ]

    /// Reads a style by Apple's or SwiftUI's name (case-insensitive, a leading '.' allowed).
    /// - Throws: `ImageError.unknownName` listing the valid names and suggesting the nearest one.
    public init(named text: String) throws(ImageError) {
        var name = text.trimmingCharacters(in: .whitespaces)
        if name.hasPrefix(".") { name.removeFirst() }
        let lower = name.lowercased()
        if let m = Material.allCases.first(where: { $0.rawValue.lowercased() == lower }) { self = m; return }
        if let m = Material.aliases.first(where: { $0.key.lowercased() == lower })?.value { self = m; return }
        let names = Material.allCases.map(\.rawValue) + Material.aliases.keys.sorted()
        let nearest = names.min { editDistance($0.lowercased(), lower) < editDistance($1.lowercased(), lower) }!
        throw .unknownName(kind: "material", name: text, suggestion: nearest, valid: names)
    }

    /// The fixed-appearance style this one is under `appearance`.
    public func resolved(for appearance: Appearance) -> Material {
        let light = appearance == .light
        switch self {
        case .systemUltraThinMaterial: return light ? .systemUltraThinMaterialLight : .systemUltraThinMaterialDark
        case .systemThinMaterial: return light ? .systemThinMaterialLight : .systemThinMaterialDark
        case .systemMaterial: return light ? .systemMaterialLight : .systemMaterialDark
        case .systemThickMaterial: return light ? .systemThickMaterialLight : .systemThickMaterialDark
        case .systemChromeMaterial: return light ? .systemChromeMaterialLight : .systemChromeMaterialDark
        case .regular: return light ? .light : .dark
        case .prominent: return light ? .extraLight : .dark
        default: return self
        }
    }

    /// Whether the style renders light or dark under `appearance` (fixed styles ignore it): the
    /// appearance vibrancy on top of it should use.
    public func effectiveAppearance(for appearance: Appearance) -> Appearance {
        switch resolved(for: appearance) {
        case .dark, .extraDark: return .dark
        case .extraLight, .light: return .light
        case let m: return m.rawValue.hasSuffix("Dark") ? .dark : .light
        }
    }

    /// What the style does to its backdrop, after resolving by `appearance`.
    public func recipe(for appearance: Appearance) -> MaterialRecipe {
        MaterialRecipe.table[resolved(for: appearance)]!
    }
}

/// One material's parameters. System materials: luminance curve → saturation → brightness →
/// Gaussian blur with normalised edges (reverse-engineered values, REFERENCE.md §2). Legacy
/// light styles: Apple's `UIImage+ImageEffects` (box blur ×3, saturation, tint).
public enum MaterialRecipe: Hashable, Sendable {
    case system(sigma: Double, saturation: Double, brightness: Double, luminance: LuminanceCurve, source: String)
    case imageEffects(ImageEffects, source: String)

    /// Where the numbers come from.
    public var source: String {
        switch self {
        case .system(_, _, _, _, let s), .imageEffects(_, let s): return s
        }
    }

    static func system(
        _ sigma: Double, _ saturation: Double, _ brightness: Double, _ amount: Double,
        _ v: (Double, Double, Double, Double)
    ) -> MaterialRecipe {
        .system(
            sigma: sigma, saturation: saturation, brightness: brightness,
            luminance: LuminanceCurve(amount: amount, values: v),
            source: "reverse-engineered from iOS (REFERENCE.md §2)")
    }

    /// Every fixed-appearance style's recipe, in one place.
    static let table: [Material: MaterialRecipe] = [
        .systemUltraThinMaterialLight: system(22.5, 1.1, 0.12, 0.5, (0.45, 0.55, 0.65, 0.68)),
        .systemThinMaterialLight: system(30, 1.35, 0.12, 0.6, (0.725, 0.825, 0.76, 0.73)),
        .systemMaterialLight: system(30, 1.5, 0.10, 0.75, (0.9, 0.83, 0.925, 0.815)),
        .systemThickMaterialLight: system(45, 1.5, 0.045, 0.88, (0.99, 0.95, 0.98, 0.905)),
        .systemChromeMaterialLight: system(22.5, 1.1, 0.10, 0.75, (0.8, 0.9, 1.1, 0.825)),
        .systemUltraThinMaterialDark: system(22.5, 1.1, 0, 0.5, (0.24, 0.24, 0.3, 0.39)),
        .systemThinMaterialDark: system(30, 1.35, 0, 0.6, (0.2, 0.21, 0.1, 0.15)),
        .systemMaterialDark: system(30, 1.5, 0, 0.75, (0.16, 0.26, 0.1, 0.1)),
        .systemThickMaterialDark: system(45, 1.5, 0, 0.88, (0.14, 0.16, 0.1, 0.03)),
        .systemChromeMaterialDark: system(22.5, 2.0, -0.10, 0.75, (0.23, 0.52, 0.27, 0.255)),
        .extraLight: .imageEffects(.extraLight, source: "Apple's UIImage+ImageEffects sample (WWDC 2013)"),
        .light: .imageEffects(.light, source: "Apple's UIImage+ImageEffects sample (WWDC 2013)"),
        .dark: .imageEffects(.dark, source: "Apple's UIImage+ImageEffects sample (WWDC 2013)"),
        // Not published: derived from `dark` with a deeper, more opaque tint (tvOS's look).
        .extraDark: .imageEffects(
            ImageEffects(radius: 20, tint: Color(white: 0.05, opacity: 0.85), saturation: 1.8),
            source: "derived: dark with white 0.05 at 85 % (not published)"),
    ]
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var row = Array(0...b.count)
    for i in 1...a.count {
        var previous = row[0]
        row[0] = i
        for j in 1...b.count {
            let saved = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
            previous = saved
        }
    }
    return row[b.count]
}
