import Foundation

// UIKit's trait vocabulary as SwiftUI-era code uses it: `UITraitCollection` (a value here, not a
// class: what snapshot tests and dynamic colours set — interface style, display scale, content
// size category, size classes), `UIUserInterfaceStyle`, `UIContentSizeCategory` and
// `UIUserInterfaceSizeClass`. In FrostUI so that UIColor's dynamic colours and
// FrostSnapshotTesting share one definition; the `UIKit` module re-exports them.

/// Light or dark, as UIKit's `UIUserInterfaceStyle` (what snapshot traits set).
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }

/// The user's preferred text size, as UIKit's `UIContentSizeCategory` (what snapshot traits
/// set to test Dynamic Type): `.unspecified` keeps the default, `.large`.
public struct UIContentSizeCategory: Hashable, Sendable {
    /// The Dynamic Type size (nil: unspecified).
    public let dynamicTypeSize: DynamicTypeSize?
    init(_ size: DynamicTypeSize?) { dynamicTypeSize = size }
    public static let unspecified = UIContentSizeCategory(nil)
    public static let extraSmall = UIContentSizeCategory(.xSmall)
    public static let small = UIContentSizeCategory(.small)
    public static let medium = UIContentSizeCategory(.medium)
    public static let large = UIContentSizeCategory(.large)
    public static let extraLarge = UIContentSizeCategory(.xLarge)
    public static let extraExtraLarge = UIContentSizeCategory(.xxLarge)
    public static let extraExtraExtraLarge = UIContentSizeCategory(.xxxLarge)
    public static let accessibilityMedium = UIContentSizeCategory(.accessibility1)
    public static let accessibilityLarge = UIContentSizeCategory(.accessibility2)
    public static let accessibilityExtraLarge = UIContentSizeCategory(.accessibility3)
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(.accessibility4)
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(.accessibility5)
    public var isAccessibilityCategory: Bool { dynamicTypeSize?.isAccessibilitySize ?? false }
}

/// A size class, as UIKit's `UIUserInterfaceSizeClass`.
public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified, compact, regular }

/// The interface's direction, as UIKit's `UITraitEnvironmentLayoutDirection` (what snapshot
/// tests set to check a right-to-left localisation).
public enum UITraitEnvironmentLayoutDirection: Int, Sendable { case unspecified = -1, leftToRight = 0, rightToLeft = 1 }

/// The traits a view is rendered with, as the parts of UIKit's `UITraitCollection` that
/// snapshot tests set: the interface style, the display scale (0: the default, 2), the
/// preferred content size category (Dynamic Type) and the size classes.
public struct UITraitCollection: Hashable, Sendable {
    public var userInterfaceStyle: UIUserInterfaceStyle
    public var displayScale: CGFloat
    public var preferredContentSizeCategory: UIContentSizeCategory
    public var horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified
    public var verticalSizeClass: UIUserInterfaceSizeClass = .unspecified
    /// Right to left mirrors the layout (see ``LayoutDirection``).
    public var layoutDirection: UITraitEnvironmentLayoutDirection = .unspecified
    public init(
        userInterfaceStyle: UIUserInterfaceStyle = .unspecified, displayScale: CGFloat = 0,
        preferredContentSizeCategory: UIContentSizeCategory = .unspecified
    ) {
        self.userInterfaceStyle = userInterfaceStyle; self.displayScale = displayScale
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }
    /// Text at `preferredContentSizeCategory` (UIKit's single-trait initialiser).
    public init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(userInterfaceStyle: .unspecified, displayScale: 0, preferredContentSizeCategory: preferredContentSizeCategory)
    }
    /// A horizontal size class (what `@Environment(\.horizontalSizeClass)` reads).
    public init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init(); self.horizontalSizeClass = horizontalSizeClass }
    /// A vertical size class.
    public init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init(); self.verticalSizeClass = verticalSizeClass }
    /// A layout direction (UIKit's `init(layoutDirection:)`).
    public init(layoutDirection: UITraitEnvironmentLayoutDirection) { self.init(); self.layoutDirection = layoutDirection }
    /// The traits of `collections`, later ones winning where they specify a trait.
    public init(traitsFrom collections: [UITraitCollection]) {
        self.init()
        for c in collections {
            if c.userInterfaceStyle != .unspecified { userInterfaceStyle = c.userInterfaceStyle }
            if c.displayScale > 0 { displayScale = c.displayScale }
            if c.preferredContentSizeCategory != .unspecified { preferredContentSizeCategory = c.preferredContentSizeCategory }
            if c.horizontalSizeClass != .unspecified { horizontalSizeClass = c.horizontalSizeClass }
            if c.verticalSizeClass != .unspecified { verticalSizeClass = c.verticalSizeClass }
            if c.layoutDirection != .unspecified { layoutDirection = c.layoutDirection }
        }
    }

    /// The traits of the screen being drawn (its scheme and scale; see ``HostScreen``).
    public static var current: UITraitCollection {
        let screen = HostScreen.current
        return UITraitCollection(userInterfaceStyle: screen.colorScheme == .dark ? .dark : .light, displayScale: screen.scale)
    }
}
