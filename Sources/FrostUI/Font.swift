/// A font, as SwiftUI's `Font`: the Dynamic Type text styles at the default ("Large") size
/// (REFERENCE.md §4, Apple's HIG typography table) or a system font of a size and weight. DejaVu
/// Sans stands in for San Francisco (Bold for semibold and heavier), which is not redistributable.
public struct Font: Hashable, Sendable {
    /// Points.
    public var size: Double
    /// Points from baseline to baseline.
    public var leading: Double
    public var weight: Weight

    public struct Weight: Hashable, Sendable, Comparable {
        let value: Int
        public static let ultraLight = Weight(value: 100), thin = Weight(value: 200), light = Weight(value: 300)
        public static let regular = Weight(value: 400), medium = Weight(value: 500), semibold = Weight(value: 600)
        public static let bold = Weight(value: 700), heavy = Weight(value: 800), black = Weight(value: 900)
        public static func < (l: Weight, r: Weight) -> Bool { l.value < r.value }
    }

    /// Drawn with the bold face: semibold and heavier.
    var isBold: Bool { weight >= .semibold }

    public static let largeTitle = Font(size: 34, leading: 41, weight: .regular)
    public static let title = Font(size: 28, leading: 34, weight: .regular)
    public static let title2 = Font(size: 22, leading: 28, weight: .regular)
    public static let title3 = Font(size: 20, leading: 25, weight: .regular)
    public static let headline = Font(size: 17, leading: 22, weight: .semibold)
    public static let body = Font(size: 17, leading: 22, weight: .regular)
    public static let callout = Font(size: 16, leading: 21, weight: .regular)
    public static let subheadline = Font(size: 15, leading: 20, weight: .regular)
    public static let footnote = Font(size: 13, leading: 18, weight: .regular)
    public static let caption = Font(size: 12, leading: 16, weight: .regular)
    public static let caption2 = Font(size: 11, leading: 13, weight: .regular)

    /// A system font of `size` points (leading ≈ 1.2 × size) and `weight`.
    public static func system(size: CGFloat, weight: Weight = .regular) -> Font {
        let s = Double(size)
        return Font(size: s, leading: (s * 1.2).rounded(), weight: weight)
    }
    public func weight(_ weight: Weight) -> Font { var f = self; f.weight = weight; return f }
    public func bold() -> Font { weight(.bold) }
}
