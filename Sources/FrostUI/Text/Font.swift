// Reproduces SwiftUI's Font: the Dynamic Type styles at their default sizes and leadings
// (REFERENCE.md §4), weights, italic, monospaced, custom fonts by name, and San Francisco's
// vertical metrics (line box, first baseline) and size-specific tracking. Drawn with Inter where
// installed (drawn to SF Pro's proportions; every weight; Inter Display from 20 pt, where SF Pro
// switches to its Display cut: 28 pt and 34 pt titles within 0.5 % of Apple's widths, the text
// cut 7–12 % wider; Inter's text cut where Display is not installed), else DejaVu Sans (about
// 10 % wider than SF), which also supplies glyphs Inter lacks.

/// A font, as SwiftUI's `Font`: the Dynamic Type text styles at the default ("Large") size
/// (REFERENCE.md §4, Apple's HIG typography table) or a system font of a size and weight. DejaVu
/// Sans stands in for San Francisco (Bold for semibold and heavier), which is not redistributable.
public struct Font: Hashable, Sendable {
    /// Points.
    public var size: Double
    /// Points from baseline to baseline.
    public var leading: Double
    public var weight: Weight
    /// The typeface design (DejaVu Sans, Serif or Sans Mono stand in for SF, New York and SF Mono;
    /// `.rounded` has no DejaVu counterpart and draws as `.default`).
    public var design: Design = .default
    var isItalic = false
    /// Every digit as wide as the widest (`monospacedDigit()`).
    var hasMonospacedDigits = false
    /// OpenType features asked for: "smcp" and "c2sc" (small capitals).
    var features: [String] = []
    /// The width (`width(_:)`, `fontWidth(_:)`).
    var width: Width = .standard
    /// The width as a horizontal glyph scale: 1 + its value (condensed 0.8, expanded 1.2).
    /// Inter has no width axis, so widths are synthesised by scaling glyphs, where SF Pro has
    /// drawn condensed and expanded cuts.
    var widthScale: Double { min(4, max(0.25, 1 + Double(width.value))) }
    /// `Font.custom(_:size:)`: a font registered with the host by name (else the system font,
    /// as SwiftUI falls back when a custom font is missing).
    var customName: String?
    /// The Dynamic Type style this font is (its size follows the table at every size).
    var textStyle: TextStyle?
    /// The style a custom font's size scales with (`custom(_:size:relativeTo:)`; nil: fixed).
    var scalesRelativeTo: TextStyle?
    var scalingStyle: TextStyle? { textStyle ?? scalesRelativeTo }

    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }

    /// The Dynamic Type styles, as SwiftUI's `Font.TextStyle`.
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
        var font: Font {
            switch self {
            case .largeTitle: return .largeTitle
            case .title: return .title
            case .title2: return .title2
            case .title3: return .title3
            case .headline: return .headline
            case .subheadline: return .subheadline
            case .body: return .body
            case .callout: return .callout
            case .footnote: return .footnote
            case .caption: return .caption
            case .caption2: return .caption2
            }
        }
    }

    init(size: Double, leading: Double, weight: Weight, style: TextStyle? = nil) {
        self.size = size; self.leading = leading; self.weight = weight; self.textStyle = style
    }

    public struct Weight: Hashable, Sendable, Comparable {
        let value: Int
        public static let ultraLight = Weight(value: 100), thin = Weight(value: 200), light = Weight(value: 300)
        public static let regular = Weight(value: 400), medium = Weight(value: 500), semibold = Weight(value: 600)
        public static let bold = Weight(value: 700), heavy = Weight(value: 800), black = Weight(value: 900)
        public static func < (l: Weight, r: Weight) -> Bool { l.value < r.value }
    }

    /// Drawn with the bold face: semibold and heavier.
    var isBold: Bool { weight >= .semibold }

    public static let largeTitle = Font(size: 34, leading: 41, weight: .regular, style: .largeTitle)
    public static let title = Font(size: 28, leading: 34, weight: .regular, style: .title)
    public static let title2 = Font(size: 22, leading: 28, weight: .regular, style: .title2)
    public static let title3 = Font(size: 20, leading: 25, weight: .regular, style: .title3)
    public static let headline = Font(size: 17, leading: 22, weight: .semibold, style: .headline)
    public static let body = Font(size: 17, leading: 22, weight: .regular, style: .body)
    public static let callout = Font(size: 16, leading: 21, weight: .regular, style: .callout)
    public static let subheadline = Font(size: 15, leading: 20, weight: .regular, style: .subheadline)
    public static let footnote = Font(size: 13, leading: 18, weight: .regular, style: .footnote)
    public static let caption = Font(size: 12, leading: 16, weight: .regular, style: .caption)
    public static let caption2 = Font(size: 11, leading: 13, weight: .regular, style: .caption2)

    /// A system font of `size` points (leading ≈ 1.2 × size; NaN or negative sizes count as
    /// 17 pt, sizes are limited to 1…1000 pt) and `weight`.
    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        var s = Double(size)
        if !s.isFinite || s <= 0 { s = 17 }
        s = min(max(s, 1), 1000)
        var f = Font(size: s, leading: (s * 1.2).rounded(), weight: weight)
        f.design = design
        return f
    }
    /// A text style in a design (iOS 16's `system(_:design:weight:)`).
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        var f = style.font
        if let design { f.design = design }
        if let weight { f.weight = weight }
        return f
    }
    /// A font registered with the host (``HostCore/registerFont(atPath:)``) by PostScript name,
    /// family name or file name, at `size` points at the default Dynamic Type size, scaling
    /// with `.body` (the system font when none is registered).
    public static func custom(_ name: String, size: CGFloat) -> Font { custom(name, size: size, relativeTo: .body) }
    /// A custom font whose `size` (points at the default Dynamic Type size) scales with `textStyle`.
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font {
        var f = custom(name, fixedSize: size)
        f.scalesRelativeTo = textStyle
        return f
    }
    /// A custom font of `fixedSize` points at every Dynamic Type size.
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font {
        var f = system(size: fixedSize)
        f.customName = name
        return f
    }

    public func weight(_ weight: Weight) -> Font { var f = self; f.weight = weight; return f }
    public func bold() -> Font { weight(.bold) }
    public func italic() -> Font { var f = self; f.isItalic = true; return f }
    /// Digits of equal width, so numbers line up and counters do not jitter (DejaVu's digits
    /// are tabular already; a custom font's may not be).
    public func monospacedDigit() -> Font { var f = self; f.hasMonospacedDigits = true; return f }
    /// Every letter a small capital (OpenType `smcp` and `c2sc`), as SwiftUI's `smallCaps()`.
    /// Synthesised from the face's capitals at its x-height where it has none (Inter has none).
    public func smallCaps() -> Font { adding(["smcp", "c2sc"]) }
    /// Lowercase letters as small capitals (`smcp`); capitals stay.
    public func lowercaseSmallCaps() -> Font { adding(["smcp"]) }
    /// Capitals as small capitals (`c2sc`); lowercase letters stay.
    public func uppercaseSmallCaps() -> Font { adding(["c2sc"]) }
    private func adding(_ tags: [String]) -> Font {
        var f = self
        for tag in tags where !f.features.contains(tag) { f.features.append(tag) }
        return f
    }
    /// This font at `width` (condensed, expanded…), as SwiftUI's `Font.width(_:)`.
    public func width(_ width: Width) -> Font { var f = self; f.width = width; return f }

    /// A font's width, as SwiftUI's `Font.Width`: 0 is standard, negative narrower, positive
    /// wider (UIFont.Width's values, −1…1).
    public struct Width: Hashable, Sendable {
        public var value: CGFloat
        public init(_ value: CGFloat) { self.value = value.isFinite ? min(1, max(-1, value)) : 0 }
        public static let compressed = Width(-0.3)
        public static let condensed = Width(-0.2)
        public static let standard = Width(0)
        public static let expanded = Width(0.2)
    }
    /// The monospaced design (DejaVu Sans Mono).
    public func monospaced() -> Font { var f = self; f.design = .monospaced; return f }

    /// San Francisco's ascender, in ems (1950/2048 in SF Pro's hhea table): where the first
    /// baseline sits below the top of a line.
    static let sfAscender = 1950.0 / 2048
    /// SF Pro's line box, ascender + descender in ems ((1950 + 494)/2048): a one-line `.body`
    /// Text is 17 × 1.19336 = 20.29 pt tall before rounding to pixels, as `UIFont.lineHeight`.
    static let sfLineBox = 2444.0 / 2048

    /// SF Pro's tracking by point size, in thousandths of an em (Apple's HIG typography table):
    /// looser below 12 pt, tighter from 13 to 23 pt, looser again for display sizes, none from
    /// 72 pt. Sizes between entries interpolate linearly; below 6 pt take 6 pt's.
    static let sfTrackingTable: [(size: Double, milliEm: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16), (16, -20),
        (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3), (25, 6), (26, 8),
        (27, 11), (28, 14), (29, 14), (30, 14), (31, 13), (32, 13), (33, 12), (34, 12), (35, 11), (36, 10),
        (40, 10), (41, 9), (43, 9), (44, 8), (46, 8), (47, 7), (49, 7), (50, 6), (52, 6), (53, 4), (56, 4),
        (58, 3), (60, 3), (62, 2), (64, 2), (66, 1), (70, 1), (72, 0),
    ]

    /// The tracking San Francisco applies at this size, in points per glyph: what the system
    /// font's text takes on iOS before any `tracking(_:)` of its own (−0.44 pt at 17 pt).
    var sfTracking: Double {
        let table = Font.sfTrackingTable
        guard size > table[0].size else { return table[0].milliEm * size / 1000 }
        guard let upper = table.firstIndex(where: { $0.size >= size }) else { return 0 }
        let a = table[upper - 1], b = table[upper]
        let milliEm = a.milliEm + (b.milliEm - a.milliEm) * (size - a.size) / (b.size - a.size)
        return milliEm * size / 1000
    }

    /// Points from the top of a one-line Text to the bottom of its line box.
    var lineBox: Double { size * Font.sfLineBox }
    /// Points from the top of a Text to its first baseline.
    var ascent: Double { size * Font.sfAscender }

    /// The Inter file (without ".otf") this font draws with where Inter is installed: Inter
    /// Display from 20 pt (as SF Pro switches from Text to Display), the nearest weight, italic.
    var interFace: String {
        let names: [(Int, String)] = [
            (100, "Thin"), (200, "ExtraLight"), (300, "Light"), (400, "Regular"), (500, "Medium"),
            (600, "SemiBold"), (700, "Bold"), (800, "ExtraBold"), (900, "Black"),
        ]
        let name = names.min { abs($0.0 - weight.value) < abs($1.0 - weight.value) }!.1
        // SF Pro's switch size. Inter Display brings 28 pt regular and 34 pt bold titles to
        // within 0.5 % of Apple's widths, where Inter's text face was 7–12 % wider.
        let family = size >= 20 ? "InterDisplay" : "Inter"
        if isItalic { return family + "-" + (name == "Regular" ? "" : name) + "Italic" }
        return family + "-" + name
    }

    /// The installed DejaVu face this font draws with, by file name without ".ttf"; nil for the
    /// host's system faces (regular or bold).
    var dejaVuFace: String? {
        let bold = isBold
        switch design {
        case .monospaced: return "DejaVuSansMono" + (bold ? (isItalic ? "-BoldOblique" : "-Bold") : (isItalic ? "-Oblique" : ""))
        case .serif: return "DejaVuSerif" + (bold ? (isItalic ? "-BoldItalic" : "-Bold") : (isItalic ? "-Italic" : ""))
        case .default, .rounded: return isItalic ? "DejaVuSans" + (bold ? "-BoldOblique" : "-Oblique") : nil
        }
    }
}
