import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's text styling: on any view (iOS 16) fontWeight, fontDesign, bold(),
// italic(), tracking, kerning, underline, strikethrough, baselineOffset, textCase,
// lineSpacing, minimumScaleFactor, truncationMode and allowsTightening, applied to the text
// inside wherever it is; the same on Text itself, returning Text so runs can be joined with
// `+`. Also the modifiers the corpus uses around text: border(_:width:) (drawn inside the
// bounds). Not reproduced:
// line patterns and colours (solid, in the text's colour), head and middle truncation past
// one line (tail), allowsTightening (accepted; tightening is not applied).

extension EnvironmentValues {
    /// The font text draws with: the environment's font (`.body` when none) with the weight,
    /// design, bold and italic the view-level modifiers set, as SwiftUI applies them.
    var resolvedFont: Font {
        var font = (self.font ?? .body).scaled(for: dynamicTypeSize)
        if let weight = self[FontWeightKey.self] { font.weight = weight }
        if self[BoldKey.self] { font.weight = max(font.weight, .bold) }
        if let design = self[FontDesignKey.self] { font.design = design }
        if let width = self[FontWidthKey.self] { font.width = width }
        if self[ItalicKey.self] { font = font.italic() }
        return font
    }
}

extension EnvironmentValues {
    /// Points added after every glyph of text (SwiftUI's `tracking`), on top of the system font's own.
    var textTracking: Double {
        get { self[TrackingKey.self] }
        set { self[TrackingKey.self] = newValue }
    }
    /// Points added between characters (SwiftUI's `kerning`; drawn as tracking).
    var textKerning: Double {
        get { self[KerningKey.self] }
        set { self[KerningKey.self] = newValue }
    }
    var textUnderline: Bool {
        get { self[UnderlineKey.self] }
        set { self[UnderlineKey.self] = newValue }
    }
    var textStrikethrough: Bool {
        get { self[StrikethroughKey.self] }
        set { self[StrikethroughKey.self] = newValue }
    }
    /// Points text is raised above its baseline.
    var textBaselineOffset: Double {
        get { self[BaselineOffsetKey.self] }
        set { self[BaselineOffsetKey.self] = newValue }
    }
    /// The case text is shown in (nil: as written), as SwiftUI's `textCase`.
    public var textCase: Text.Case? {
        get { self[TextCaseKey.self] }
        set { self[TextCaseKey.self] = newValue }
    }
    /// Extra points between lines of text, as SwiftUI's `lineSpacing`.
    public var lineSpacing: CGFloat {
        get { self[LineSpacingKey.self] }
        set { self[LineSpacingKey.self] = newValue }
    }
    /// The smallest fraction of its size text may shrink to before it truncates (0.01…1).
    public var minimumScaleFactor: CGFloat {
        get { self[MinimumScaleKey.self] }
        set { self[MinimumScaleKey.self] = newValue }
    }
    public var truncationMode: Text.TruncationMode {
        get { self[TruncationKey.self] }
        set { self[TruncationKey.self] = newValue }
    }
    public var allowsTightening: Bool {
        get { self[TighteningKey.self] }
        set { self[TighteningKey.self] = newValue }
    }
}

private enum TrackingKey: EnvironmentKey { static var defaultValue: Double { 0 } }
private enum KerningKey: EnvironmentKey { static var defaultValue: Double { 0 } }
private enum UnderlineKey: EnvironmentKey { static var defaultValue: Bool { false } }
private enum StrikethroughKey: EnvironmentKey { static var defaultValue: Bool { false } }
private enum BaselineOffsetKey: EnvironmentKey { static var defaultValue: Double { 0 } }
private enum TextCaseKey: EnvironmentKey { static var defaultValue: Text.Case? { nil } }
private enum LineSpacingKey: EnvironmentKey { static var defaultValue: CGFloat { 0 } }
private enum MinimumScaleKey: EnvironmentKey { static var defaultValue: CGFloat { 1 } }
private enum TruncationKey: EnvironmentKey { static var defaultValue: Text.TruncationMode { .tail } }
private enum TighteningKey: EnvironmentKey { static var defaultValue: Bool { false } }

extension Text {
    /// The case text is shown in, as SwiftUI's `Text.Case`.
    public enum Case: Hashable, Sendable { case uppercase, lowercase }
    /// Where text that does not fit is cut, as SwiftUI's `Text.TruncationMode`: head and
    /// middle apply to one-line text (`lineLimit(1)`); longer text is cut at the tail.
    public enum TruncationMode: Hashable, Sendable { case head, tail, middle }
    /// An underline's or strikethrough's look, as SwiftUI's `Text.LineStyle` (drawn solid, in
    /// the text's colour).
    public struct LineStyle: Hashable, Sendable {
        public enum Pattern: Hashable, Sendable { case solid, dot, dash, dashDot, dashDotDot }
        public var pattern: Pattern
        public var color: Color?
        public init(pattern: Pattern = .solid, color: Color? = nil) { self.pattern = pattern; self.color = color }
        public static let single = LineStyle()
    }

    /// This text in `font` (the environment's when nil).
    public func font(_ font: Font?) -> Text { styled { $0.font = font } }
    public func fontWeight(_ weight: Font.Weight?) -> Text { styled { $0.weight = weight } }
    public func fontDesign(_ design: Font.Design?) -> Text { styled { $0.design = design } }
    /// The width (condensed, expanded…) this text draws at, as SwiftUI's `Text.fontWidth(_:)`.
    public func fontWidth(_ width: Font.Width?) -> Text { styled { $0.width = width } }
    public func bold(_ isActive: Bool = true) -> Text { styled { $0.bold = isActive } }
    public func italic(_ isActive: Bool = true) -> Text { styled { $0.italic = isActive } }
    public func monospaced(_ isActive: Bool = true) -> Text { styled { $0.monospaced = isActive } }
    public func monospacedDigit() -> Text { styled { $0.monospacedDigit = true } }
    /// This text in `color` (the environment's foreground when nil).
    public func foregroundColor(_ color: Color?) -> Text { styled { $0.foreground = color.map { AnyShapeStyle($0) } } }
    /// This text in `style`'s colour (a gradient draws in its first colour).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { styled { $0.foreground = AnyShapeStyle(style) } }
    /// `tracking` points after every glyph (negative: tighter), on top of the system font's own.
    public func tracking(_ tracking: CGFloat) -> Text { styled { $0.tracking = Double(tracking) } }
    /// `kerning` points between characters (drawn as tracking: FrostUI does not disable ligatures).
    public func kerning(_ kerning: CGFloat) -> Text { styled { $0.kerning = Double(kerning) } }
    /// A line under this text, when `isActive`.
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        styled { $0.underline = isActive }
    }
    /// A line through this text, when `isActive`.
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        styled { $0.strikethrough = isActive }
    }
    /// This text raised `offset` points above the baseline (negative: lowered).
    public func baselineOffset(_ offset: CGFloat) -> Text { styled { $0.baselineOffset = Double(offset) } }
}

private enum FontWeightKey: EnvironmentKey { static var defaultValue: Font.Weight? { nil } }
private enum FontDesignKey: EnvironmentKey { static var defaultValue: Font.Design? { nil } }
private enum FontWidthKey: EnvironmentKey { static var defaultValue: Font.Width? { nil } }
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
    /// The width (condensed, expanded…) text in this view draws at, whatever font it has.
    public func fontWidth(_ width: Font.Width?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0[FontWidthKey.self] = width })
    }
    /// Bold text in this view (at least `.bold`), when `isActive`.
    public func bold(_ isActive: Bool = true) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0[BoldKey.self] = isActive })
    }
    /// Italic text in this view, when `isActive`.
    public func italic(_ isActive: Bool = true) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0[ItalicKey.self] = isActive })
    }

    /// `tracking` points after every glyph of the text inside (negative: tighter).
    public func tracking(_ tracking: CGFloat) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.textTracking = Double(tracking) })
    }
    /// `kerning` points between characters of the text inside (drawn as tracking).
    public func kerning(_ kerning: CGFloat) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.textKerning = Double(kerning) })
    }
    /// Underlines the text inside, when `isActive` (solid, in the text's colour).
    public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> ModifiedContent<Self, _EnvironmentModifier>
    {
        modifier(_EnvironmentModifier { $0.textUnderline = isActive })
    }
    /// Strikes through the text inside, when `isActive` (solid, in the text's colour).
    public func strikethrough(
        _ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil
    ) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.textStrikethrough = isActive })
    }
    /// Raises the text inside `offset` points above its baseline.
    public func baselineOffset(_ offset: CGFloat) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.textBaselineOffset = Double(offset) })
    }
    /// Shows the text inside in `textCase` (nil: as written).
    public func textCase(_ textCase: Text.Case?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.textCase = textCase })
    }
    /// `spacing` extra points between lines of the text inside (negative counts as 0).
    public func lineSpacing(_ spacing: CGFloat) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.lineSpacing = spacing })
    }
    /// How far the text inside may shrink (a fraction of its size, 0.01…1) to fit its width
    /// before it truncates; it shrinks in 1/64 steps to the largest size that fits.
    public func minimumScaleFactor(_ factor: CGFloat) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.minimumScaleFactor = factor.isFinite ? min(1, max(0.01, factor)) : 1 })
    }
    /// Where one-line text inside is cut when it does not fit: its start, centre or end
    /// (text of more lines is cut at the tail).
    public func truncationMode(_ mode: Text.TruncationMode) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.truncationMode = mode })
    }
    /// Accepted for source compatibility; FrostUI does not tighten text before truncating.
    public func allowsTightening(_ flag: Bool) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.allowsTightening = flag })
    }

    /// A border of `width` points in `content` (a colour or any shape style) drawn inside the
    /// view's bounds, over it, as SwiftUI's `border(_:width:)`.
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> ModifiedContent<Self, _DecorationModifier> {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }
}
