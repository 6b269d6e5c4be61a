import FrostGeometry

/// A container whose content depends on where it is placed (SwiftUI's `GeometryReader`, and
/// content built from preferences of views laid out before it): sized without its content,
/// which is made when the node is placed. A class: it keeps the content it made.
public protocol DeferredLayout: AnyObject {
    /// The container's size for `proposal` (points), without its content.
    func sizeThatFits(_ proposal: ProposedSize) -> Size
    /// The content for `bounds` (points, the root's coordinates), each node with its frame and
    /// the proposal it is placed with.
    func content(placedIn bounds: Rect, proposal: ProposedSize) -> [(node: LayoutNode, frame: Rect, proposal: ProposedSize)]
}

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
