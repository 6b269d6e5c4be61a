import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's Grid (iOS 16): rows of cells in shared columns. A column is as wide as
// its widest cell (cells at their ideal width; a column with a flexible cell — a shape, a
// frame with maxWidth — shares the width left over with the other flexible columns, never below
// its ideal); a row is as tall as its tallest cell proposed its column's width. `GridRow`
// (with its vertical alignment), views outside a GridRow (spanning every column, proposed the
// grid's width: a Divider draws across), `gridCellColumns(_:)` (a cell over several columns,
// left out of the column widths), `gridColumnAlignment(_:)` (a column's horizontal alignment)
// and `gridCellUnsizedAxes(_:)` (a cell that fills what the others decide). Spacing 8 pt by
// default. `gridCellAnchor` is not provided.

/// Rows of cells in shared columns, as SwiftUI's `Grid`.
public struct Grid<Content: View>: View, PrimitiveView {
    let alignment: Alignment, horizontalSpacing: CGFloat?, verticalSpacing: CGFloat?, content: Content
    public init(
        alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment; self.horizontalSpacing = horizontalSpacing; self.verticalSpacing = verticalSpacing; self.content = content()
    }
    public typealias Body = Never

    func resolve(_ context: ResolveContext) -> [Element] {
        // Views between rows span the grid: a Divider there is a horizontal line, whatever
        // stack holds the grid (in a form row's HStack it drew nothing, a 1 px-wide column).
        var inner = context
        inner.environment.stackAxis = .vertical
        let children = resolveView(content, inner)
        let layout = GridLayout(
            alignment: alignment, horizontalSpacing: Double(horizontalSpacing ?? 8), verticalSpacing: Double(verticalSpacing ?? 8),
            rows: children.map { e in
                if case .custom(let l) = e.node.kind, let row = l as? GridRowLayout { return .row(row) }
                return .spanning
            })
        return [Element(context.identity, node: LayoutNode(.custom(layout), name: "Grid", children: children.map(\.node)), children: children)]
    }
}

/// One row of a ``Grid``, as SwiftUI's `GridRow`.
public struct GridRow<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment?, content: Content
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) { self.alignment = alignment; self.content = content() }
    public typealias Body = Never

    func resolve(_ context: ResolveContext) -> [Element] {
        var inner = context
        inner.environment.stackAxis = .horizontal
        let cells = resolveView(content, inner)
        let layout = GridRowLayout(alignment: alignment?.fraction, cells: cells.map { $0.gridCell ?? GridCell() })
        return [Element(context.identity, node: LayoutNode(.custom(layout), name: "GridRow", children: cells.map(\.node)), children: cells)]
    }
}

/// What a cell's modifiers say about it.
struct GridCell {
    var columns = 1
    var columnAlignment: Double?
    var unsized: Axis.Set = []
}

/// The column and row sizes of one grid layout pass, shared with its rows.
struct GridMetrics {
    var columns: [Double] = []
    var columnAlignments: [Double?] = []
    var rowHeights: [Double] = []
    var spacing = 8.0
    var alignment = FrostLayout.Alignment(horizontal: 0.5, vertical: 0.5)
    var width: Double { columns.reduce(0, +) + spacing * Double(max(0, columns.count - 1)) }
    /// x of column `c` from the grid's leading edge.
    func x(_ c: Int) -> Double { columns.prefix(c).reduce(0, +) + spacing * Double(c) }
    /// The width of `span` columns from `c`.
    func width(_ c: Int, _ span: Int) -> Double {
        let n = max(1, min(span, columns.count - c))
        return columns[c..<min(columns.count, c + n)].reduce(0, +) + spacing * Double(n - 1)
    }
}

final class GridRowLayout: CustomLayout {
    let alignment: Double?
    let cells: [GridCell]
    /// Set by the grid before it places this row.
    var metrics: GridMetrics?
    init(alignment: Double?, cells: [GridCell]) { self.alignment = alignment; self.cells = cells }

    /// The first column of each cell.
    var starts: [Int] {
        var c = 0
        return cells.map { cell in
            defer { c += max(1, cell.columns) }; return c
        }
    }

    func sizeThatFits(_ proposal: ProposedSize, children: [LayoutNode]) -> Size {
        // Outside a grid: side by side at their sizes, 8 pt apart.
        let sizes = children.map { $0.sizeThatFits(.unspecified) }
        return Size(width: sizes.reduce(0) { $0 + $1.width } + 8 * Double(max(0, sizes.count - 1)), height: sizes.map(\.height).max() ?? 0)
    }

    func place(in bounds: Rect, proposal: ProposedSize, children: [LayoutNode]) -> [(frame: Rect, proposal: ProposedSize)?] {
        guard let m = metrics, !m.columns.isEmpty else {
            var x = bounds.minX
            return children.map { c in
                let s = c.sizeThatFits(.unspecified)
                defer { x += s.width + 8 }
                return (Rect(x: x, y: bounds.minY + (bounds.height - s.height) / 2, width: s.width, height: s.height), .unspecified)
            }
        }
        return zip(children, zip(cells, starts)).map { node, cellStart in
            let (cell, start) = cellStart
            guard start < m.columns.count else { return nil }
            let w = m.width(start, cell.columns)
            let q = ProposedSize(width: w, height: cell.unsized.contains(.vertical) ? bounds.height : nil)
            var s = node.sizeThatFits(q)
            if cell.unsized.contains(.horizontal) { s.width = w }
            let h = cell.columns == 1 ? (m.columnAlignments[start] ?? m.alignment.horizontal) : m.alignment.horizontal
            let v = alignment ?? m.alignment.vertical
            let x = bounds.minX + m.x(start) + (w - s.width) * h
            let y = bounds.minY + (bounds.height - s.height) * v
            return (Rect(x: x, y: y, width: s.width, height: s.height), ProposedSize(width: w, height: bounds.height))
        }
    }
}

final class GridLayout: CustomLayout {
    enum Row { case row(GridRowLayout), spanning }
    let alignment: Alignment
    let horizontalSpacing: Double, verticalSpacing: Double
    let rows: [Row]
    init(alignment: Alignment, horizontalSpacing: Double, verticalSpacing: Double, rows: [Row]) {
        self.alignment = alignment; self.horizontalSpacing = horizontalSpacing; self.verticalSpacing = verticalSpacing; self.rows = rows
    }

    func measure(_ p: ProposedSize, _ children: [LayoutNode]) -> GridMetrics {
        var m = GridMetrics()
        m.spacing = horizontalSpacing
        m.alignment = alignment.layout
        let count = rows.compactMap { if case .row(let r) = $0 { return r.cells.reduce(0) { $0 + max(1, $1.columns) } } else { return nil } }.max() ?? 0
        var ideal = Array(repeating: 0.0, count: count)
        var flexible = Array(repeating: false, count: count)
        m.columnAlignments = Array(repeating: nil, count: count)
        for (row, node) in zip(rows, children) {
            guard case .row(let r) = row else { continue }
            for ((cell, start), cellNode) in zip(zip(r.cells, r.starts), node.children) {
                if let a = cell.columnAlignment, start < count { m.columnAlignments[start] = a }
                guard cell.columns <= 1, !cell.unsized.contains(.horizontal), start < count else { continue }
                let w = cellNode.sizeThatFits(.unspecified).width
                ideal[start] = max(ideal[start], w)
                if cellNode.sizeThatFits(ProposedSize(width: .infinity, height: nil)).width > w + 1e-9 { flexible[start] = true }
            }
        }
        var widths = ideal
        if let available = p.width, flexible.contains(true) {
            // Flexible columns share what the rigid ones leave, the widest ideal first, never
            // below their own ideal width.
            var left = available - horizontalSpacing * Double(max(0, count - 1)) - zip(ideal, flexible).filter { !$0.1 }.reduce(0) { $0 + $1.0 }
            var open = (0..<count).filter { flexible[$0] }.sorted { ideal[$0] > ideal[$1] }
            while let c = open.first {
                let share = max(0, left) / Double(open.count)
                widths[c] = max(ideal[c], share)
                left -= widths[c]
                open.removeFirst()
            }
        }
        m.columns = widths
        let gridWidth = m.width
        m.rowHeights = zip(rows, children).map { row, node in
            switch row {
            case .spanning:
                return node.sizeThatFits(ProposedSize(width: gridWidth, height: nil)).height
            case .row(let r):
                return zip(zip(r.cells, r.starts), node.children).map { cs, cellNode in
                    let (cell, start) = cs
                    guard !cell.unsized.contains(.vertical), start < count else { return 0 }
                    return cellNode.sizeThatFits(ProposedSize(width: m.width(start, cell.columns), height: nil)).height
                }.max() ?? 0
            }
        }
        return m
    }

    func sizeThatFits(_ proposal: ProposedSize, children: [LayoutNode]) -> Size {
        let m = measure(proposal, children)
        return Size(width: m.width, height: m.rowHeights.reduce(0, +) + verticalSpacing * Double(max(0, m.rowHeights.count - 1)))
    }

    func place(in bounds: Rect, proposal: ProposedSize, children: [LayoutNode]) -> [(frame: Rect, proposal: ProposedSize)?] {
        let m = measure(ProposedSize(width: bounds.width, height: proposal.height), children)
        let x0 = bounds.minX + (bounds.width - m.width) * alignment.layout.horizontal
        var y = bounds.minY
        return zip(rows, zip(children, m.rowHeights)).map { row, nodeHeight in
            let (node, h) = nodeHeight
            defer { y += h + verticalSpacing }
            switch row {
            case .row(let r):
                r.metrics = m
                return (Rect(x: x0, y: y, width: m.width, height: h), ProposedSize(width: m.width, height: h))
            case .spanning:
                let s = node.sizeThatFits(ProposedSize(width: m.width, height: nil))
                return (
                    Rect(x: x0 + (m.width - s.width) * alignment.layout.horizontal, y: y, width: s.width, height: h), ProposedSize(width: m.width, height: nil)
                )
            }
        }
    }
}

public struct _GridCellModifier: PrimitiveViewModifier {
    let edit: (inout GridCell) -> Void
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        for e in content { var c = e.gridCell ?? GridCell(); edit(&c); e.gridCell = c }
        return content
    }
}

extension View {
    /// Makes this cell of a ``GridRow`` span `count` columns.
    public func gridCellColumns(_ count: Int) -> ModifiedContent<Self, _GridCellModifier> {
        modifier(_GridCellModifier { $0.columns = max(1, count) })
    }
    /// Aligns every cell of this cell's column horizontally.
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> ModifiedContent<Self, _GridCellModifier> {
        modifier(_GridCellModifier { $0.columnAlignment = guide.fraction })
    }
    /// Lets the grid size this cell on `axes` from the other cells (it fills what they decide).
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> ModifiedContent<Self, _GridCellModifier> {
        modifier(_GridCellModifier { $0.unsized = axes })
    }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum GridCellTrait: ElementTraitKey {
    static var defaultValue: GridCell? { nil }
    static var passesThroughModifiers: Bool { true }
}

extension Element {
    /// What `gridCellColumns`, `gridColumnAlignment` and `gridCellUnsizedAxes` say about this cell.
    var gridCell: GridCell? {
        get { traits[GridCellTrait.self] }
        set { traits[GridCellTrait.self] = newValue }
    }
}
