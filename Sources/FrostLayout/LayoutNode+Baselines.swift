import FrostGeometry

extension LayoutNode {
    /// This node's `which` text baseline at `size`, points from its top; nil when it shows no
    /// text. Containers take it from their children as SwiftUI's alignment guides do: a stack
    /// from its first (or last) child with text, padding and frames from their child offset by
    /// where they put it, overlays and backgrounds from their primary view.
    public func baseline(_ which: Baseline, in size: Size) -> Double? {
        switch kind {
        case .leaf:
            return textBaselines.map { which == .first ? $0(size).first : $0(size).last }
        case .flexible, .spacer, .custom, .deferred:
            return nil
        case let .stack(axis, alignment, spacing):
            let placed = stackPlacement(
                axis: axis, alignment: alignment, spacing: spacing, in: Rect(origin: .zero, size: size),
                proposal: ProposedSize(size))
            let order = which == .first ? Array(children.indices) : children.indices.reversed()
            for i in order {
                if let b = children[i].baseline(which, in: placed[i].frame.size) { return placed[i].frame.minY + b }
            }
            return nil
        case .zstack(let alignment):
            for c in children {
                let s = c.sizeThatFits(ProposedSize(size))
                if let b = c.baseline(which, in: s) { return LayoutNode.align(s, in: Rect(origin: .zero, size: size), alignment).minY + b }
            }
            return nil
        case .padding(let e):
            let inner = Size(width: max(0, size.width - e.leading - e.trailing), height: max(0, size.height - e.top - e.bottom))
            return child.baseline(which, in: inner).map { $0 + e.top }
        case let .frame(width, height, alignment):
            let s = child.sizeThatFits(ProposedSize(width: width ?? size.width, height: height ?? size.height))
            return child.baseline(which, in: s).map { $0 + LayoutNode.align(s, in: Rect(origin: .zero, size: size), alignment).minY }
        case .flexibleFrame(let f):
            let s = child.sizeThatFits(flexibleChildProposal(f, ProposedSize(size)))
            return child.baseline(which, in: s).map { $0 + LayoutNode.align(s, in: Rect(origin: .zero, size: size), f.alignment).minY }
        case let .fixedSize(h, v):
            let s = child.sizeThatFits(ProposedSize(width: h ? nil : size.width, height: v ? nil : size.height))
            return child.baseline(which, in: s).map { $0 + LayoutNode.align(s, in: Rect(origin: .zero, size: size), .center).minY }
        case .decorated:
            return child.baseline(which, in: size)
        }
    }

    /// A child's baseline for cross-axis alignment in a row: its text baseline, or its bottom.
    func alignmentBaseline(_ which: Baseline, _ size: Size) -> Double { baseline(which, in: size) ?? size.height }

    /// Where a stack puts each child in `rect`, with the proposal it was sized under.
    func stackPlacement(
        axis: Axis, alignment: Alignment, spacing: Double?, in rect: Rect,
        proposal p: ProposedSize
    ) -> [(frame: Rect, proposal: ProposedSize)] {
        let (sizes, gaps, offers) = stackLayout(axis: axis, spacing: spacing, proposal: p)
        // Rows aligned by baseline: every child's baseline on the row's lowest one.
        let baselines: [Double]? =
            axis == .horizontal
            ? alignment.baseline.map { which in
                children.indices.map { children[$0].alignmentBaseline(which, sizes[$0]) }
            } : nil
        let rowBaseline = baselines?.max() ?? 0
        let guides = baselines == nil ? guideLayout(alignment, across: axis.other, sizes: sizes) : nil
        var along = axis == .horizontal ? rect.minX : rect.minY
        var out: [(frame: Rect, proposal: ProposedSize)] = []
        for (i, _) in children.enumerated() {
            let s = sizes[i]
            let cross: Double
            if let baselines {
                cross = rect.minY + rowBaseline - baselines[i]
            } else if let guides {
                // Every child's guide on the largest one (leftover room split by the fraction).
                let room = rect.size[axis.other] - guides.extent
                cross = (axis == .horizontal ? rect.minY : rect.minX) + room * alignment.fraction(axis.other) + guides.top - guides.values[i]
            } else {
                let crossRoom = rect.size[axis.other] - s[axis.other]
                cross = (axis == .horizontal ? rect.minY : rect.minX) + crossRoom * alignment.fraction(axis.other)
            }
            let origin = axis == .horizontal ? Point(x: along, y: cross) : Point(x: cross, y: along)
            out.append((Rect(origin: origin, size: s), offers[i]))
            along += s[axis] + (i < gaps.count ? gaps[i] : 0)
        }
        return out
    }
}
