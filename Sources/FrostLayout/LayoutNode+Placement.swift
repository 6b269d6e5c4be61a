import FrostGeometry

extension LayoutNode {
    /// Places this node in `rect` (points, the root's coordinates) and its children inside it,
    /// recording every ``frame`` rounded to whole pixels at `scale` (SwiftUI rounds to the
    /// display's pixels). `proposal` is what the parent proposed when it sized this node
    /// (children are placed from the sizes that proposal gave, as SwiftUI's `placeSubviews`
    /// does, even when the node overflows `rect`); nil means `rect`'s size.
    public func place(in rect: Rect, proposal: ProposedSize? = nil, scale: Double = 1) {
        frame = LayoutNode.rounded(rect, scale: scale)
        placeChildren(in: rect, proposal: proposal ?? ProposedSize(rect.size), scale: scale)
        if mirrorsContent { mirrorDescendants() }
    }

    /// Mirrors every node below this one across this node's frame (as ``mirrorsContent`` does
    /// after placing): for a subtree its owner placed itself (a scroll view's content) in a
    /// right-to-left layout. Call it after each ``place(in:proposal:scale:)``.
    public func mirrorDescendants() {
        // Around the frame's vertical centre line: frames on the pixel grid stay on it.
        let axis = 2 * frame.minX + frame.width
        for c in children { c.mirror(around: axis) }
    }

    /// Mirrors this subtree's frames across the vertical line at x = `axis` / 2.
    private func mirror(around axis: Double) {
        frame.origin.x = axis - frame.maxX
        for c in children { c.mirror(around: axis) }
    }

    private func placeChildren(in rect: Rect, proposal p: ProposedSize, scale: Double) {
        switch kind {
        case .leaf, .flexible, .spacer:
            return
        case let .stack(axis, alignment, spacing):
            for (c, placed) in zip(children, stackPlacement(axis: axis, alignment: alignment, spacing: spacing, in: rect, proposal: p)) {
                c.place(in: placed.frame, proposal: placed.proposal, scale: scale)
            }
        case .zstack(let alignment):
            let sizes = children.map { $0.sizeThatFits(p) }
            let h = guideLayout(alignment, across: .horizontal, sizes: sizes), v = guideLayout(alignment, across: .vertical, sizes: sizes)
            for (i, c) in children.enumerated() {
                var r = LayoutNode.align(sizes[i], in: rect, alignment)
                if let h { r.origin.x = rect.minX + (rect.width - h.extent) * alignment.horizontal + h.top - h.values[i] }
                if let v { r.origin.y = rect.minY + (rect.height - v.extent) * alignment.vertical + v.top - v.values[i] }
                c.place(in: r, proposal: p, scale: scale)
            }
        case .padding(let e):
            let inner = ProposedSize(
                width: p.width.map { max(0, $0 - e.leading - e.trailing) },
                height: p.height.map { max(0, $0 - e.top - e.bottom) })
            var r = rect.inset(by: e)
            // A box clamped to zero by negative padding still holds its child at the child's size.
            if r.width < 0 || r.height < 0 || (e.leading + e.trailing < 0 && rect.width == 0) || (e.top + e.bottom < 0 && rect.height == 0) {
                let c = child.sizeThatFits(inner)
                r = Rect(x: rect.minX + e.leading, y: rect.minY + e.top, width: c.width, height: c.height)
            }
            child.place(in: r, proposal: inner, scale: scale)
        case let .frame(width, height, alignment):
            let q = ProposedSize(width: width ?? p.width, height: height ?? p.height)
            child.place(in: LayoutNode.align(child.sizeThatFits(q), in: rect, alignment), proposal: q, scale: scale)
        case .flexibleFrame(let f):
            let q = flexibleChildProposal(f, p)
            child.place(in: LayoutNode.align(child.sizeThatFits(q), in: rect, f.alignment), proposal: q, scale: scale)
        case let .fixedSize(h, v):
            let q = ProposedSize(width: h ? nil : p.width, height: v ? nil : p.height)
            child.place(in: LayoutNode.align(child.sizeThatFits(q), in: rect, .center), proposal: q, scale: scale)
        case .custom(let layout):
            let placements = layout.place(in: rect, proposal: p, children: children)
            for (i, c) in children.enumerated() {
                if i < placements.count, let placed = placements[i], placed.frame.isFinite {
                    c.place(in: placed.frame, proposal: placed.proposal, scale: scale)
                } else {
                    c.place(in: LayoutNode.align(c.sizeThatFits(.unspecified), in: rect, .center), proposal: .unspecified, scale: scale)
                }
            }
        case .deferred(let layout):
            // The content sees the frame as drawn (rounded to pixels), as a GeometryProxy reports it.
            let placed = layout.content(placedIn: frame, proposal: p)
            children = placed.map(\.node)
            for c in placed { c.node.place(in: c.frame, proposal: c.proposal, scale: scale) }
        case .decorated(let alignment):
            child.place(in: rect, proposal: p, scale: scale)
            let q = ProposedSize(rect.size)
            for c in children.dropFirst() { c.place(in: LayoutNode.align(c.sizeThatFits(q), in: rect, alignment), proposal: q, scale: scale) }
        }
    }

    /// Lays out the tree for a root proposal: sizes the root, then places it at `origin`.
    @discardableResult
    public func layout(proposal: ProposedSize, at origin: Point = .zero, scale: Double = 1) -> Rect {
        let size = sizeThatFits(proposal)
        place(in: Rect(origin: origin, size: size), proposal: proposal, scale: scale)
        return frame
    }

    /// `size` placed in `rect` at the fractions of `a`.
    public static func align(_ size: Size, in rect: Rect, _ a: Alignment) -> Rect {
        Rect(
            x: rect.minX + (rect.width - size.width) * a.horizontal, y: rect.minY + (rect.height - size.height) * a.vertical,
            width: size.width, height: size.height)
    }

    /// Edges rounded to the nearest pixel at `scale` (so adjacent frames never gap or overlap).
    static func rounded(_ r: Rect, scale: Double) -> Rect {
        guard scale > 0, r.isFinite else { return r }
        func q(_ v: Double) -> Double { (v * scale).rounded() / scale }
        // An extent of a pixel or more keeps at least one: a 1 px hairline that falls on a
        // half-pixel boundary rounded both ends to the same pixel and vanished (a Divider in a
        // Grid centred in a form row).
        func extent(_ v0: Double, _ v1: Double, _ length: Double) -> Double {
            let e = q(v1) - v0
            return e <= 0 && length * scale >= 1 - 1e-9 ? 1 / scale : e
        }
        let x0 = q(r.minX), y0 = q(r.minY)
        return Rect(x: x0, y: y0, width: extent(x0, r.maxX, r.width), height: extent(y0, r.maxY, r.height))
    }

    /// The subtree as text, one node a line: `name (x, y, w, h)`.
    public var treeDescription: String { lines(0).joined(separator: "\n") }

    func lines(_ indent: Int) -> [String] {
        [String(repeating: " ", count: indent) + "\(name.isEmpty ? "\(kind)".split(separator: "(").first.map(String.init) ?? "" : name) \(frame)"]
            + children.flatMap { $0.lines(indent + 2) }
    }
}
