import FrostGeometry

/// One node of a layout tree, laid out with SwiftUI's three steps: the parent proposes a size,
/// the node chooses its own size (``sizeThatFits(_:)``), and the parent places it
/// (``place(in:proposal:scale:)``). Leaves measure themselves with a closure (text through FreeType, images by
/// their pixels); containers apply the rules of REFERENCE.md §4 (stacks, frames, padding, ZStack,
/// overlay/background, fixedSize).
///
/// Sizes are cached per proposal, so every node is measured a bounded number of times however
/// deep the tree: layout stays linear in the number of nodes (``measurements`` counts the real
/// evaluations).
///
/// Not `Sendable`: sizing writes the node's cache and counters without a lock, so a tree is
/// built, laid out and read on one thread (FrostUI makes a new tree per host update). Lay out
/// separate trees on separate threads instead.
public final class LayoutNode {
    public enum Kind {
        /// Measures itself: `measure(proposal)` → size in points.
        case leaf(@Sendable (ProposedSize) -> Size)
        /// A shape or colour: takes the whole proposal (10 pt on an unspecified axis, as SwiftUI).
        case flexible
        /// `Spacer(minLength:)`: grows along its stack's axis, zero across it.
        case spacer(minLength: Double?)
        /// `HStack`/`VStack`.
        case stack(Axis, alignment: Alignment, spacing: Double?)
        /// `ZStack`: every child gets the proposal; the size is the union of the aligned children.
        case zstack(alignment: Alignment)
        /// `padding(_:)`.
        case padding(EdgeInsets)
        /// `frame(width:height:alignment:)`: nil keeps the child's behaviour on that axis.
        case frame(width: Double?, height: Double?, alignment: Alignment)
        /// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
        case flexibleFrame(FlexibleFrame)
        /// `fixedSize(horizontal:vertical:)`: proposes nil (ideal) on the fixed axes.
        case fixedSize(horizontal: Bool, vertical: Bool)
        /// The first child is the primary (it alone decides the size); the rest are placed over
        /// (or under) it, proposed its size, aligned (`overlay`/`background`).
        case decorated(alignment: Alignment)
        /// A container laid out by user code (FrostUI's `Layout`): it sizes itself from its
        /// children and says where each goes.
        case custom(any CustomLayout)
        /// A container whose children exist only once it is placed (SwiftUI's `GeometryReader`):
        /// it sizes itself without them, then makes and places them for its bounds.
        case deferred(any DeferredLayout)
    }

    public struct FlexibleFrame: Hashable, Sendable {
        public var minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight: Double?
        public var alignment: Alignment
        public init(
            minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
            minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center
        ) {
            self.minWidth = minWidth; self.idealWidth = idealWidth; self.maxWidth = maxWidth
            self.minHeight = minHeight; self.idealHeight = idealHeight; self.maxHeight = maxHeight; self.alignment = alignment
        }
    }

    public let kind: Kind
    /// The children (a ``Kind/deferred(_:)`` node's appear when it is placed).
    public internal(set) var children: [LayoutNode]
    /// `layoutPriority(_:)`: stacks size higher priorities first.
    public var priority: Double
    /// A label for printing and tests.
    public var name: String
    /// `alignmentGuide(_:computeValue:)` values by guide key: points from the node's leading
    /// (or top) edge for a size.
    public var explicitGuides: [ObjectIdentifier: (Size) -> Double] = [:]
    /// For text: its first and last baselines (points from the top) at a size.
    public var textBaselines: (@Sendable (Size) -> (first: Double, last: Double))?
    /// For text: the default spacing (points) a vertical stack puts between it and a neighbour
    /// that is not text (nil: the usual 8). SwiftUI spaces text from other views by its font:
    /// Apple's render of a `.headline` Text above a shape puts the shape 12 pt below the text's
    /// 21 px line box at 1× (8 + the descender, 4.1 pt, rounded to whole points).
    public var textSpacing: Double?
    /// For text: the default spacing a vertical stack puts between it and text below or above
    /// it. Apple's render of two `.body` Texts in the hosting root puts the second line box
    /// 2 pt below the first (baselines 22.33 pt apart at 3×): the font's leading less its line
    /// box, rounded up to a whole point.
    public var textPairSpacing: Double?
    /// Where the last ``place(in:proposal:scale:)`` put this node, in the root's coordinates (points).
    public internal(set) var frame: Rect = .zero
    /// Lays its content out right to left (SwiftUI's `layoutDirection` changing here): its
    /// children are placed left to right, then every node below is mirrored across this node's
    /// frame, so leading is the right edge, stacks run leftwards and alignments swap, while each
    /// leaf's own drawing (text, images) keeps its orientation. A node below that toggles it
    /// back mirrors its part again, so its content reads left to right inside its mirrored
    /// frame. Toggle it (rather than set it) where a direction changes: two changes on one node
    /// cancel.
    public var mirrorsContent = false

    private var cache: [ProposedSize: Size] = [:]
    /// How many sizes were computed (not served from the cache) in this subtree's nodes.
    public private(set) var measurements = 0

    public init(_ kind: Kind, name: String = "", priority: Double = 0, children: [LayoutNode] = []) {
        self.kind = kind; self.children = children; self.priority = priority; self.name = name
    }

    /// Total size computations in this subtree (the linear-cost check).
    public var totalMeasurements: Int { measurements + children.reduce(0) { $0 + $1.totalMeasurements } }

    /// The size this node chooses for `proposal`, in points (cached per proposal).
    public func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if let hit = cache[proposal] { return hit }
        measurements += 1
        let size = computeSize(proposal)
        cache[proposal] = size
        return size
    }

    /// Forgets cached sizes in this subtree (after content changes).
    public func invalidate() {
        cache.removeAll()
        children.forEach { $0.invalidate() }
    }

    var isSpacer: Bool { if case .spacer = kind { return true } else { return false } }
}
