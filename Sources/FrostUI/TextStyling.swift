import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's view-level text styling — fontWeight, fontDesign, bold() and italic() on
// any view (iOS 16) — applied to the font in effect wherever it was set, and the modifiers
// the corpus uses around it: border(_:width:) (drawn inside the bounds) and previewLayout
// (accepted; previews are hosted by the caller).

extension EnvironmentValues {
    /// The font text draws with: the environment's font (`.body` when none) with the weight,
    /// design, bold and italic the view-level modifiers set, as SwiftUI applies them.
    var resolvedFont: Font {
        var font = self.font ?? .body
        if let weight = self[FontWeightKey.self] { font.weight = weight }
        if self[BoldKey.self] { font.weight = max(font.weight, .bold) }
        if let design = self[FontDesignKey.self] { font.design = design }
        if self[ItalicKey.self] { font = font.italic() }
        return font
    }
}

private enum FontWeightKey: EnvironmentKey { static var defaultValue: Font.Weight? { nil } }
private enum FontDesignKey: EnvironmentKey { static var defaultValue: Font.Design? { nil } }
private enum BoldKey: EnvironmentKey { static var defaultValue: Bool { false } }
private enum ItalicKey: EnvironmentKey { static var defaultValue: Bool { false } }

extension View {
    /// The weight text in this view draws with, whatever font it has (nil: the font's own).
    public func fontWeight(_ weight: Font.Weight?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0[FontWeightKey.self] = weight })
    }
    /// The design (default, serif, rounded, monospaced) text in this view draws with.
    public func fontDesign(_ design: Font.Design?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0[FontDesignKey.self] = design })
    }
    /// Bold text in this view (at least `.bold`), when `isActive`.
    public func bold(_ isActive: Bool = true) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0[BoldKey.self] = isActive })
    }
    /// Italic text in this view, when `isActive`.
    public func italic(_ isActive: Bool = true) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0[ItalicKey.self] = isActive })
    }

    /// A border of `width` points in `content` (a colour or any shape style) drawn inside the
    /// view's bounds, over it, as SwiftUI's `border(_:width:)`.
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> ModifiedContent<Self, _DecorationModifier> {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }

    /// Accepted for source compatibility: the preview's layout is chosen by whoever hosts it
    /// (`frost preview`, a snapshot strategy), as in Xcode.
    public func previewLayout(_ value: PreviewLayout) -> Self { self }
    /// Accepted for source compatibility (see `previewLayout(_:)`).
    public func previewDisplayName(_ name: String?) -> Self { self }
}

/// How a preview is sized, as SwiftUI's `PreviewLayout`.
public enum PreviewLayout: Sendable, Hashable {
    case device, sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}
