import FrostGeometry

// Alignment guides (SwiftUI's `alignmentGuide` and custom `AlignmentID`s): a stack or ZStack
// aligned by a named guide lines its children up by each one's value of that guide — an
// explicit value set on the child (or on the view a padding, frame or decoration wraps, moved
// by where the wrapper puts it), else the guide's default. Explicit values inside a child stack
// do not travel out of it (SwiftUI's cross-stack alignment is not modelled).

extension LayoutNode {
    /// Whether this node (or the view it wraps) sets `key` explicitly.
    func setsGuide(_ key: ObjectIdentifier) -> Bool {
        if explicitGuides[key] != nil { return true }
        switch kind {
        case .padding, .frame, .flexibleFrame, .fixedSize, .decorated: return children.first?.setsGuide(key) ?? false
        default: return false
        }
    }

    /// This node's value of `guide` on `axis` at `size` (points from its leading or top edge).
    func guideValue(_ guide: AlignmentGuide, _ axis: Axis, in size: Size) -> Double {
        if let explicit = explicitGuides[guide.key] { return explicit(size) }
        guard let child = children.first, child.setsGuide(guide.key) else { return guide.defaultValue(size) }
        // The wrapped view's value, moved by where this wrapper puts it.
        let rect = Rect(origin: .zero, size: size)
        let placed: Rect
        switch kind {
        case .padding(let e):
            placed = rect.inset(by: e)
        case let .frame(width, height, alignment):
            let s = child.sizeThatFits(ProposedSize(width: width ?? size.width, height: height ?? size.height))
            placed = LayoutNode.align(s, in: rect, alignment)
        case .flexibleFrame(let f):
            placed = LayoutNode.align(child.sizeThatFits(flexibleChildProposal(f, ProposedSize(size))), in: rect, f.alignment)
        case .fixedSize(let h, let v):
            placed = LayoutNode.align(child.sizeThatFits(ProposedSize(width: h ? nil : size.width, height: v ? nil : size.height)), in: rect, .center)
        default:
            placed = rect
        }
        let offset = axis == .horizontal ? placed.minX : placed.minY
        return offset + child.guideValue(guide, axis, in: placed.size)
    }

    /// When `alignment` names a guide across `axis` that a child sets: each child's value and
    /// the largest value and largest remainder (the container's extent across is their sum).
    func guideLayout(_ alignment: Alignment, across axis: Axis, sizes: [Size]) -> (values: [Double], top: Double, extent: Double)? {
        guard let g = alignment.guide(axis), g.isCustom || children.contains(where: { $0.setsGuide(g.key) }) else { return nil }
        let values = children.indices.map { children[$0].guideValue(g, axis, in: sizes[$0]) }
        let top = values.max() ?? 0
        let rest = children.indices.map { sizes[$0][axis] - values[$0] }.max() ?? 0
        return (values, top, top + rest)
    }
}
