import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's LazyVGrid and LazyHGrid with GridItem (.fixed, .flexible, .adaptive):
// the columns (rows) are sized from the proposed width (height) — fixed items first, then the
// flexible and adaptive items share what is left in order, each an equal share of the rest,
// clamped to its bounds; an adaptive item holds as many sub-columns of at least its minimum
// as fit in its share. Children fill the columns row by row, each row as tall as its tallest
// cell, aligned in their cell by the item's alignment (centre by default); rows are `spacing`
// apart (8 pt by default) and item spacing defaults to 8 pt. The grid takes the whole proposed
// width (height) and aligns its columns in it. Drawn eagerly, as the lazy stacks.

/// One column of a `LazyVGrid` (or row of a `LazyHGrid`), as SwiftUI's `GridItem`.
public struct GridItem: Hashable, Sendable {
    /// How an item is sized.
    public enum Size: Hashable, Sendable {
        /// Exactly this many points.
        case fixed(CGFloat)
        /// A share of the space left, within `minimum…maximum` points.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many sub-columns of at least `minimum` points as fit in its share.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: Size
    /// Points to the next item (nil: 8).
    public var spacing: CGFloat?
    /// Where a cell sits in its column (nil: centred).
    public var alignment: Alignment?
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size; self.spacing = spacing; self.alignment = alignment
    }
}

/// A grid that grows vertically, its columns given by `GridItem`s, as SwiftUI's `LazyVGrid`.
public struct LazyVGrid<Content: View>: View, PrimitiveView {
    let columns: [GridItem], alignment: HorizontalAlignment, spacing: CGFloat?, content: Content
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.columns = columns; self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let layout = ItemGridLayout(items: columns, vertical: true, alignment: alignment.fraction, spacing: spacing.map { Double($0) })
        return stack(.custom(layout), "LazyVGrid", content, context)
    }
}

/// A grid that grows horizontally, its rows given by `GridItem`s, as SwiftUI's `LazyHGrid`.
public struct LazyHGrid<Content: View>: View, PrimitiveView {
    let rows: [GridItem], alignment: VerticalAlignment, spacing: CGFloat?, content: Content
    public init(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.rows = rows; self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let layout = ItemGridLayout(items: rows, vertical: false, alignment: alignment.fraction, spacing: spacing.map { Double($0) })
        return stack(.custom(layout), "LazyHGrid", content, context)
    }
}

/// The layout of both lazy grids. "Across" is the axis the items divide (x for a LazyVGrid),
/// "along" the axis the grid grows on.
final class ItemGridLayout: CustomLayout {
    let items: [GridItem]
    let vertical: Bool
    /// Where the tracks sit across when the grid is wider than they are (0…1).
    let alignment: Double
    let lineSpacing: Double?
    static let defaultSpacing = 8.0

    init(items: [GridItem], vertical: Bool, alignment: Double, spacing: Double?) {
        self.items = items.isEmpty ? [GridItem()] : items
        self.vertical = vertical; self.alignment = alignment; self.lineSpacing = spacing
    }

    /// A track (column of a LazyVGrid): its length across and its cell alignment.
    struct Track { var length: Double; var spacingAfter: Double; var alignment: FrostLayout.Alignment }

    /// Tracks for `available` points across (nil: every flexible item at its minimum).
    func tracks(_ available: Double?) -> [Track] {
        func spacing(_ i: GridItem) -> Double { i.spacing.map { Double($0) } ?? ItemGridLayout.defaultSpacing }
        func align(_ i: GridItem) -> FrostLayout.Alignment { i.alignment?.layout ?? FrostLayout.Alignment(horizontal: 0.5, vertical: 0.5) }
        var remaining = (available ?? 0) - items.dropLast().reduce(0) { $0 + spacing($1) }
        var shares = items.filter { if case .fixed = $0.size { return false } else { return true } }.count
        for i in items { if case .fixed(let f) = i.size { remaining -= Double(f) } }
        var out: [Track] = []
        for (index, item) in items.enumerated() {
            let after = index == items.count - 1 ? 0 : spacing(item)
            switch item.size {
            case .fixed(let f):
                out.append(Track(length: max(0, Double(f)), spacingAfter: after, alignment: align(item)))
            case let .flexible(minimum, maximum):
                let share = available == nil ? Double(minimum) : max(0, remaining) / Double(max(shares, 1))
                let length = min(max(share, Double(minimum)), max(Double(minimum), Double(maximum)))
                out.append(Track(length: length, spacingAfter: after, alignment: align(item)))
                remaining -= length; shares -= 1
            case let .adaptive(minimum, maximum):
                let share = available == nil ? Double(minimum) : max(0, remaining) / Double(max(shares, 1))
                let s = spacing(item), m = max(1, Double(minimum))
                let count = max(1, Int(((share + s) / (m + s)).rounded(.down)))
                let length = min(max((share - Double(count - 1) * s) / Double(count), m), max(m, Double(maximum)))
                for k in 0..<count {
                    out.append(Track(length: length, spacingAfter: k == count - 1 ? after : s, alignment: align(item)))
                }
                remaining -= Double(count) * length + Double(count - 1) * s; shares -= 1
            }
        }
        return out
    }

    /// Lines (rows of a LazyVGrid) of child indices.
    func lines(_ count: Int, _ tracks: Int) -> [[Int]] {
        stride(from: 0, to: count, by: max(tracks, 1)).map { Array($0..<min($0 + max(tracks, 1), count)) }
    }

    private func across(_ p: ProposedSize) -> Double? { vertical ? p.width : p.height }
    private func proposal(across: Double) -> ProposedSize { vertical ? ProposedSize(width: across, height: nil) : ProposedSize(width: nil, height: across) }
    private func alongLength(_ s: Size) -> Double { vertical ? s.height : s.width }

    func measure(_ p: ProposedSize, _ children: [LayoutNode]) -> (tracks: [Track], lines: [[Int]], heights: [Double], width: Double, height: Double) {
        let ts = tracks(across(p))
        let ls = lines(children.count, ts.count)
        let heights = ls.map { line in line.enumerated().map { k, i in alongLength(children[i].sizeThatFits(proposal(across: ts[k].length))) }.max() ?? 0 }
        let gap = lineSpacing ?? ItemGridLayout.defaultSpacing
        let tracksLength = ts.reduce(0) { $0 + $1.length + $1.spacingAfter }
        let along = heights.reduce(0, +) + Double(max(0, heights.count - 1)) * gap
        return (ts, ls, heights, max(across(p) ?? tracksLength, tracksLength), along)
    }

    func sizeThatFits(_ proposal: ProposedSize, children: [LayoutNode]) -> Size {
        let m = measure(proposal, children)
        return vertical ? Size(width: m.width, height: m.height) : Size(width: m.height, height: m.width)
    }

    func place(in bounds: Rect, proposal: ProposedSize, children: [LayoutNode]) -> [(frame: Rect, proposal: ProposedSize)?] {
        let m = measure(
            vertical ? ProposedSize(width: bounds.width, height: proposal.height) : ProposedSize(width: proposal.width, height: bounds.height), children)
        let tracksLength = m.tracks.reduce(0) { $0 + $1.length + $1.spacingAfter }
        let acrossBounds = vertical ? bounds.width : bounds.height
        let start = (acrossBounds - tracksLength) * alignment
        let gap = lineSpacing ?? ItemGridLayout.defaultSpacing
        var out: [(frame: Rect, proposal: ProposedSize)?] = Array(repeating: nil, count: children.count)
        var along = 0.0
        for (l, line) in m.lines.enumerated() {
            var acrossPos = start
            for (k, i) in line.enumerated() {
                let t = m.tracks[k]
                let q = self.proposal(across: t.length)
                let s = children[i].sizeThatFits(q)
                let cell =
                    vertical
                    ? Rect(x: bounds.minX + acrossPos, y: bounds.minY + along, width: t.length, height: m.heights[l])
                    : Rect(x: bounds.minX + along, y: bounds.minY + acrossPos, width: m.heights[l], height: t.length)
                let x = cell.minX + (cell.width - s.width) * t.alignment.horizontal
                let y = cell.minY + (cell.height - s.height) * t.alignment.vertical
                out[i] = (Rect(x: x, y: y, width: s.width, height: s.height), q)
                acrossPos += t.length + t.spacingAfter
            }
            along += m.heights[l] + gap
        }
        return out
    }
}
