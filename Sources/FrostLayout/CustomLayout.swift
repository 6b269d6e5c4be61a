import FrostGeometry

/// A container's own layout algorithm, for layouts written outside FrostLayout (SwiftUI's
/// `Layout` protocol in FrostUI). A class: it may keep a cache between the sizing and the
/// placing of one layout pass.
public protocol CustomLayout: AnyObject {
    /// The container's size for `proposal` (points), measuring `children` as it likes
    /// (``LayoutNode/sizeThatFits(_:)`` is cached per proposal).
    func sizeThatFits(_ proposal: ProposedSize, children: [LayoutNode]) -> Size
    /// Where each child goes inside `bounds` (points, the root's coordinates) and the proposal
    /// it is placed with; nil for a child the layout did not place (it is centred in `bounds`
    /// at its ideal size, as SwiftUI does).
    func place(in bounds: Rect, proposal: ProposedSize, children: [LayoutNode]) -> [(frame: Rect, proposal: ProposedSize)?]
}
