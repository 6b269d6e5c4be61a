import FrostGeometry

// Reproduces the environment SwiftUI's controls read: isEnabled (`disabled(_:)`), controlSize,
// buttonBorderShape; the iOS system colours controls and lists draw with (fills, grouped
// backgrounds, separators, placeholder text; REFERENCE.md §4 and Apple's UIColor values for
// iOS 13–18), also as `UIColor` statics so `Color(.systemGroupedBackground)` compiles unchanged;
// and a few view modifiers apps use around controls: hidden(), redacted(reason: .placeholder).

extension EnvironmentValues {
    /// Whether controls inside respond (false under `disabled(true)`).
    public var isEnabled: Bool {
        get { self[EnabledKey.self] }
        set { self[EnabledKey.self] = newValue }
    }
    /// The size controls inside draw at.
    public var controlSize: ControlSize {
        get { self[ControlSizeKey.self] }
        set { self[ControlSizeKey.self] = newValue }
    }
    /// The shape bordered buttons inside take.
    public var buttonBorderShape: ButtonBorderShape {
        get { self[BorderShapeKey.self] }
        set { self[BorderShapeKey.self] = newValue }
    }
    /// Why content is redacted (empty: it is not).
    public var redactionReasons: RedactionReasons {
        get { self[RedactionKey.self] }
        set { self[RedactionKey.self] = newValue }
    }
}

private enum EnabledKey: EnvironmentKey { static var defaultValue: Bool { true } }
private enum ControlSizeKey: EnvironmentKey { static var defaultValue: ControlSize { .regular } }
private enum BorderShapeKey: EnvironmentKey { static var defaultValue: ButtonBorderShape { .automatic } }
private enum RedactionKey: EnvironmentKey { static var defaultValue: RedactionReasons { [] } }

/// The sizes controls come in, as SwiftUI's `ControlSize`.
public enum ControlSize: Hashable, Sendable, CaseIterable { case mini, small, regular, large, extraLarge }

/// The outline of bordered buttons, as SwiftUI's `ButtonBorderShape`.
public struct ButtonBorderShape: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, capsule, circle, roundedRectangle(Double?) }
    let kind: Kind
    public static let automatic = ButtonBorderShape(kind: .automatic)
    public static let capsule = ButtonBorderShape(kind: .capsule)
    public static let circle = ButtonBorderShape(kind: .circle)
    public static let roundedRectangle = ButtonBorderShape(kind: .roundedRectangle(nil))
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape(kind: .roundedRectangle(Double(radius))) }
}

/// Why a view's content is redacted, as SwiftUI's `RedactionReasons`.
public struct RedactionReasons: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let placeholder = RedactionReasons(rawValue: 1)
    public static let privacy = RedactionReasons(rawValue: 2)
}

extension View {
    /// Controls inside stop responding and dim when `disabled` (a host's `tap` no longer finds
    /// them), as SwiftUI's `disabled(_:)`; an enclosing `disabled(true)` wins.
    public func disabled(_ disabled: Bool) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { if disabled { $0.isEnabled = false } })
    }
    public func controlSize(_ size: ControlSize) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.controlSize = size })
    }
    public func buttonBorderShape(_ shape: ButtonBorderShape) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.buttonBorderShape = shape })
    }
    /// Keeps the view's space but draws nothing, as SwiftUI's `hidden()`.
    public func hidden() -> ModifiedContent<Self, _EffectModifier> { opacity(0) }
    /// Draws text inside as rounded placeholder bars when `reason` has `.placeholder`, as
    /// SwiftUI's `redacted(reason:)` does for loading states.
    public func redacted(reason: RedactionReasons) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.redactionReasons = reason })
    }
    public func unredacted() -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.redactionReasons = [] })
    }
}

extension Color {
    /// systemGroupedBackground: what grouped lists and forms sit on.
    static let systemGroupedBackground = system("#F2F2F7", "#000000")
    /// secondarySystemGroupedBackground: grouped rows and cells.
    static let secondarySystemGroupedBackground = system("#FFFFFF", "#1C1C1E")
    static let tertiarySystemGroupedBackground = system("#F2F2F7", "#2C2C2E")
    static let systemBackground = system("#FFFFFF", "#000000")
    static let secondarySystemBackground = system("#F2F2F7", "#1C1C1E")
    static let separator = system("#3C3C43", "#545458", 0.29, 0.6)
    static let opaqueSeparator = system("#C6C6C8", "#38383A")
    static let systemFill = system("#787880", "#787880", 0.2, 0.36)
    static let secondarySystemFill = system("#787880", "#787880", 0.16, 0.32)
    static let tertiarySystemFill = system("#767680", "#767680", 0.12, 0.24)
    static let quaternarySystemFill = system("#747480", "#767680", 0.08, 0.18)
    static let tertiaryLabel = system("#3C3C43", "#EBEBF5", 0.3, 0.3)
    static let quaternaryLabel = system("#3C3C43", "#EBEBF5", 0.18, 0.16)
    /// UIKit's placeholderText has tertiaryLabel's values.
    static let placeholderText = tertiaryLabel
    static let systemGray2 = system("#AEAEB2", "#636366")
    static let systemGray3 = system("#C7C7CC", "#48484A")
    static let systemGray4 = system("#D1D1D6", "#3A3A3C")
    static let systemGray5 = system("#E5E5EA", "#2C2C2E")
    static let systemGray6 = system("#F2F2F7", "#1C1C1E")
}
