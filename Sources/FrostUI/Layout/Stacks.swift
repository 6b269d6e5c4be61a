import FrostLayout

// Reproduces SwiftUI's HStack, VStack, ZStack and Spacer with their alignments (text baselines
// included) and spacing rules (REFERENCE.md §4): layout matches Apple's renders exactly.

/// Horizontal alignment of a `VStack`'s children, as SwiftUI's `HorizontalAlignment`.
public struct HorizontalAlignment: Hashable, Sendable {
    let fraction: Double
    /// The guide children may set (`alignmentGuide`), and custom guides' defaults.
    var guide: AlignmentGuide? = nil
    public static let leading = HorizontalAlignment.builtIn(0, LeadingGuide.self)
    public static let center = HorizontalAlignment.builtIn(0.5, CenterGuideH.self)
    public static let trailing = HorizontalAlignment.builtIn(1, TrailingGuide.self)
}

/// Vertical alignment of an `HStack`'s children, as SwiftUI's `VerticalAlignment`: a fraction of
/// the height, or a text baseline (views without text align by their bottom edge).
public struct VerticalAlignment: Hashable, Sendable {
    let fraction: Double
    var baseline: Baseline? = nil
    /// The guide children may set (`alignmentGuide`), and custom guides' defaults.
    var guide: AlignmentGuide? = nil
    public static let top = VerticalAlignment.builtIn(0, TopGuide.self)
    public static let center = VerticalAlignment.builtIn(0.5, CenterGuideV.self)
    public static let bottom = VerticalAlignment.builtIn(1, BottomGuide.self)
    public static let firstTextBaseline = VerticalAlignment(fraction: 1, baseline: .first)
    public static let lastTextBaseline = VerticalAlignment(fraction: 1, baseline: .last)
}

/// Two-axis alignment, as SwiftUI's `Alignment`.
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) { self.horizontal = horizontal; self.vertical = vertical }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    var layout: FrostLayout.Alignment {
        FrostLayout.Alignment(
            horizontal: horizontal.fraction, vertical: vertical.fraction,
            horizontalGuide: horizontal.guide, verticalGuide: vertical.guide)
    }
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)
}

func stack(_ kind: LayoutNode.Kind, _ name: String, _ content: Any, _ context: ResolveContext) -> [Element] {
    // A Divider takes its direction from the stack it is in, however it is framed.
    var inner = context
    inner.environment.stackAxis = name == "HStack" ? .horizontal : (name == "VStack" ? .vertical : nil)
    let children = resolveView(content, inner)
    return [Element(context.identity, node: LayoutNode(kind, name: name, children: children.map(\.node)), children: children)]
}

/// Children side by side (REFERENCE.md §4: 8 pt spacing, 0 next to a Spacer; priorities, then flexibility).
public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment, spacing: CGFloat?, content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        stack(HStackLayout(alignment: alignment, spacing: spacing).kind, "HStack", content, context)
    }
}

/// Children one above the other.
public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment, spacing: CGFloat?, content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        stack(VStackLayout(alignment: alignment, spacing: spacing).kind, "VStack", content, context)
    }
}

/// Children on top of each other; later ones draw above.
public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment, content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { self.alignment = alignment; self.content = content() }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { stack(ZStackLayout(alignment: alignment).kind, "ZStack", content, context) }
}

/// Flexible space along its stack's axis (at least `minLength`, 8 pt by default).
public struct Spacer: View, PrimitiveView {
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        [Element(context.identity, node: LayoutNode(.spacer(minLength: minLength.map { Double($0) }), name: "Spacer"))]
    }
}
