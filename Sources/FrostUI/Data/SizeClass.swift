// Reproduces SwiftUI's size classes: `@Environment(\.horizontalSizeClass)` and
// `\.verticalSizeClass`, as a hosting controller's trait collection sets them. A host derives
// them from its size as iOS's devices have them: compact height below 500 pt (a phone in
// landscape), where the width is regular only on the 414 pt-and-taller phones (Plus, XR, Max);
// otherwise compact width below 660 pt (every phone in portrait; an iPad's narrow split views:
// 320…639 pt compact, 678 pt and wider regular, as upstream swift-snapshot-testing's presets
// have them). `.environment(\.horizontalSizeClass, …)` overrides them. Not reproduced: the
// size-class-driven changes UIKit makes to its own containers (a split view collapsing).

/// A size class, as SwiftUI's `UserInterfaceSizeClass`.
public enum UserInterfaceSizeClass: Hashable, Sendable, CaseIterable {
    case compact, regular

    /// The width class of a screen or window `width × height` points.
    static func horizontal(width: Double, height: Double) -> UserInterfaceSizeClass {
        if vertical(height: height) == .compact { return height >= 414 ? .regular : .compact }
        return width < 660 ? .compact : .regular
    }
    /// The height class of a screen or window `height` points tall.
    static func vertical(height: Double) -> UserInterfaceSizeClass { height < 500 ? .compact : .regular }
}

extension EnvironmentValues {
    /// The horizontal size class (nil where no host set one).
    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get { self[HorizontalSizeClassKey.self] }
        set { self[HorizontalSizeClassKey.self] = newValue }
    }
    /// The vertical size class (nil where no host set one).
    public var verticalSizeClass: UserInterfaceSizeClass? {
        get { self[VerticalSizeClassKey.self] }
        set { self[VerticalSizeClassKey.self] = newValue }
    }
}

private enum HorizontalSizeClassKey: EnvironmentKey { static var defaultValue: UserInterfaceSizeClass? { nil } }
private enum VerticalSizeClassKey: EnvironmentKey { static var defaultValue: UserInterfaceSizeClass? { nil } }
