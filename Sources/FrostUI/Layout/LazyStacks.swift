import FrostLayout

// Reproduces SwiftUI's LazyVStack and LazyHStack as layouts: unlike VStack/HStack they take
// the whole proposed length across their axis (a LazyVStack is as wide as its scroll view) and
// align their children in it. They are drawn eagerly: every child is resolved and laid out
// (Frost renders whole frames, so there is nothing to defer); `pinnedViews` section headers
// do not pin (they scroll with the content).

/// Views a lazy stack or grid pins while scrolling, as SwiftUI's `PinnedScrollableViews`
/// (accepted; Frost does not pin).
public struct PinnedScrollableViews: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A vertical stack as wide as what it is offered, as SwiftUI's `LazyVStack`.
public struct LazyVStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment, spacing: CGFloat?, content: Content
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let inner = stack(VStackLayout(alignment: alignment, spacing: spacing).kind, "LazyVStack", content, context)
        return fill(inner, context, FrostLayout.Alignment(horizontal: alignment.fraction, vertical: 0), horizontal: true)
    }
}

/// A horizontal stack as tall as what it is offered, as SwiftUI's `LazyHStack`.
public struct LazyHStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment, spacing: CGFloat?, content: Content
    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let inner = stack(HStackLayout(alignment: alignment, spacing: spacing).kind, "LazyHStack", content, context)
        return fill(inner, context, FrostLayout.Alignment(horizontal: 0, vertical: alignment.fraction), horizontal: false)
    }
}

/// Wraps a stack in a frame that takes the whole proposal across its axis.
private func fill(_ inner: [Element], _ context: ResolveContext, _ alignment: FrostLayout.Alignment, horizontal: Bool) -> [Element] {
    inner.map { e in
        let frame = LayoutNode.FlexibleFrame(maxWidth: horizontal ? .infinity : nil, maxHeight: horizontal ? nil : .infinity, alignment: alignment)
        return Element(context.identity.appending("lazy"), node: LayoutNode(.flexibleFrame(frame), name: "lazy", children: [e.node]), children: [e])
    }
}
