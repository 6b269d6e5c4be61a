// Reproduces SwiftUI's Dynamic Type: `DynamicTypeSize` (xSmall … accessibility5) and the legacy
// `ContentSizeCategory`, `@Environment(\.dynamicTypeSize)` / `\.sizeCategory`, and the
// `dynamicTypeSize(_:)` modifiers (a size or a range that clamps the inherited one). Text
// styles take their point size from Apple's HIG Dynamic Type table for iOS at each of the
// twelve sizes; leading scales with the size (the HIG's leadings differ by at most a point);
// `Font.custom(_:size:)` scales with `.body` (or its `relativeTo:` style) and
// `custom(_:fixedSize:)` and `system(size:)` do not, as SwiftUI. Not reproduced: symbol
// weights, and the layout changes apps make by reading the size (theirs to make).

/// A Dynamic Type size, as SwiftUI's `DynamicTypeSize`: the user's preferred text size, from
/// extra small to the fifth accessibility size; `.large` is the default.
public enum DynamicTypeSize: Int, Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// The five accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }
    public static func < (a: DynamicTypeSize, b: DynamicTypeSize) -> Bool { a.rawValue < b.rawValue }
}

/// SwiftUI's older name for the same twelve sizes (`ContentSizeCategory`).
public enum ContentSizeCategory: Int, Hashable, CaseIterable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    public var isAccessibilityCategory: Bool { rawValue >= ContentSizeCategory.accessibilityMedium.rawValue }
    public init(_ size: DynamicTypeSize) { self = ContentSizeCategory(rawValue: size.rawValue)! }
}

extension DynamicTypeSize {
    public init(_ category: ContentSizeCategory) { self = DynamicTypeSize(rawValue: category.rawValue)! }
}

extension EnvironmentValues {
    /// The text size the user prefers (`.large` unless set): text styles scale by it.
    public var dynamicTypeSize: DynamicTypeSize {
        get { self[DynamicTypeSizeKey.self] }
        set { self[DynamicTypeSizeKey.self] = newValue }
    }
    /// The same size by its older name.
    public var sizeCategory: ContentSizeCategory {
        get { ContentSizeCategory(dynamicTypeSize) }
        set { dynamicTypeSize = DynamicTypeSize(newValue) }
    }
}

private enum DynamicTypeSizeKey: EnvironmentKey { static var defaultValue: DynamicTypeSize { .large } }

extension View {
    /// Sets the Dynamic Type size of the text inside.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.dynamicTypeSize = size })
    }
    /// Keeps the inherited Dynamic Type size within `range` (`...DynamicTypeSize.xxLarge` caps
    /// a layout that cannot grow further).
    public func dynamicTypeSize<R: RangeExpression>(_ range: R) -> ModifiedContent<Self, _EnvironmentModifier> where R.Bound == DynamicTypeSize {
        modifier(
            _EnvironmentModifier { env in
                let all = DynamicTypeSize.allCases.filter { range.contains($0) }
                guard let low = all.first, let high = all.last else { return }
                env.dynamicTypeSize = min(max(env.dynamicTypeSize, low), high)
            })
    }
}

extension Font.TextStyle {
    /// Points at each Dynamic Type size, xSmall … accessibility5 (Apple's HIG, iOS).
    var dynamicSizes: [Double] {
        switch self {
        case .largeTitle: return [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title: return [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: return [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: return [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: return [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: return [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: return [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption: return [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: return [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
        }
    }

    /// This style's size at `size` over its size at `.large`.
    func scale(at size: DynamicTypeSize) -> Double {
        let sizes = dynamicSizes
        return sizes[size.rawValue] / sizes[DynamicTypeSize.large.rawValue]
    }
}

extension Font {
    /// This font at a Dynamic Type size: a text style takes the table's size, a custom font
    /// scales with its relative style, a fixed size stays.
    func scaled(for size: DynamicTypeSize) -> Font {
        guard size != .large, let style = scalingStyle else { return self }
        var f = self
        let target = textStyle == style ? style.dynamicSizes[size.rawValue] : self.size * style.scale(at: size)
        f.leading = (leading * target / self.size).rounded()
        f.size = target
        return f
    }
}
