import Foundation
import FrostGeometry

// Reproduces SwiftUI's `ViewSpacing` for custom layouts: the spacing preferences of a subview
// (`LayoutSubview.spacing`) and of a layout (`Layout.spacing(subviews:cache:)`), and
// `distance(to:along:)`. FrostUI's views prefer the system's standard 8 pt between each other
// on both axes (what `HStack` and `VStack` use between most views); `ViewSpacing.zero` prefers
// none. A layout's own spacing is the union of its subviews'.

/// The spacing a view prefers around it, as SwiftUI's `ViewSpacing`.
public struct ViewSpacing: Equatable, Sendable {
    /// Points preferred on each edge.
    var top: Double, leading: Double, bottom: Double, trailing: Double

    /// The system's standard spacing on every edge.
    public init() { top = 8; leading = 8; bottom = 8; trailing = 8 }
    init(all: Double) { top = all; leading = all; bottom = all; trailing = all }

    /// No preferred spacing.
    public static let zero = ViewSpacing(all: 0)

    /// The larger of this spacing and `other`'s on `edges`.
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        if edges.contains(.top) { top = max(top, other.top) }
        if edges.contains(.leading) { leading = max(leading, other.leading) }
        if edges.contains(.bottom) { bottom = max(bottom, other.bottom) }
        if edges.contains(.trailing) { trailing = max(trailing, other.trailing) }
    }

    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var s = self
        s.formUnion(other, edges: edges)
        return s
    }

    /// The distance this view prefers to `next`, which follows it along `axis` (points).
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        CGFloat(axis == .horizontal ? max(trailing, next.leading) : max(bottom, next.top))
    }
}

extension LayoutSubview {
    /// The spacing the subview prefers around it.
    public var spacing: ViewSpacing { ViewSpacing() }
}

extension Layout {
    /// The spacing the layout prefers around it: the union of its subviews'.
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        subviews.reduce(into: ViewSpacing.zero) { $0.formUnion($1.spacing) }
    }
}
