import FrostGeometry

extension LayoutNode {
    func computeSize(_ p: ProposedSize) -> Size {
        switch kind {
        case .leaf(let measure):
            let s = measure(p)
            return Size(width: s.width.isFinite ? max(0, s.width) : 0, height: s.height.isFinite ? max(0, s.height) : 0)
        case .flexible:
            return p.replacingUnspecifiedDimensions()
        case .spacer(let minLength):
            // Outside a stack a spacer takes what it is offered (and its minimum when unspecified).
            let m = minLength ?? LayoutNode.defaultSpacing
            return Size(width: max(m, p.width ?? m), height: max(0, p.height ?? 0))
        case let .stack(axis, alignment, spacing):
            let (sizes, gaps) = stackSizes(axis: axis, spacing: spacing, proposal: p)
            let along = sizes.reduce(0) { $0 + $1[axis] } + gaps.reduce(0, +)
            var across = sizes.map { $0[axis.other] }.max() ?? 0
            if let g = guideLayout(alignment, across: axis.other, sizes: sizes) { across = g.extent }
            if axis == .horizontal, let which = alignment.baseline, !sizes.isEmpty {
                // Baseline-aligned row: tallest ascent above the shared baseline plus the deepest descent.
                let b = children.indices.map { children[$0].alignmentBaseline(which, sizes[$0]) }
                across = (b.max() ?? 0) + (children.indices.map { sizes[$0].height - b[$0] }.max() ?? 0)
            }
            return Size(axis, along: along, across: across)
        case .zstack(let alignment):
            let sizes = children.map { $0.sizeThatFits(p) }
            return Size(
                width: guideLayout(alignment, across: .horizontal, sizes: sizes)?.extent ?? sizes.map(\.width).max() ?? 0,
                height: guideLayout(alignment, across: .vertical, sizes: sizes)?.extent ?? sizes.map(\.height).max() ?? 0)
        case .padding(let e):
            let inner = ProposedSize(
                width: p.width.map { max(0, $0 - e.leading - e.trailing) },
                height: p.height.map { max(0, $0 - e.top - e.bottom) })
            let c = child.sizeThatFits(inner)
            // Negative padding shrinks the box (never below zero); the child keeps its size.
            return Size(width: max(0, c.width + e.leading + e.trailing), height: max(0, c.height + e.top + e.bottom))
        case let .frame(width, height, _):
            let c = child.sizeThatFits(ProposedSize(width: width ?? p.width, height: height ?? p.height))
            return Size(width: width ?? c.width, height: height ?? c.height)
        case .flexibleFrame(let f):
            let c = child.sizeThatFits(flexibleChildProposal(f, p))
            return Size(
                width: LayoutNode.flexible(c.width, p.width ?? f.idealWidth, f.minWidth, f.maxWidth),
                height: LayoutNode.flexible(c.height, p.height ?? f.idealHeight, f.minHeight, f.maxHeight))
        case let .fixedSize(h, v):
            return child.sizeThatFits(ProposedSize(width: h ? nil : p.width, height: v ? nil : p.height))
        case .decorated:
            return child.sizeThatFits(p)
        case .deferred(let layout):
            return layout.sizeThatFits(p)
        case .custom(let layout):
            let s = layout.sizeThatFits(p, children: children)
            return Size(width: s.width.isFinite ? max(0, s.width) : 0, height: s.height.isFinite ? max(0, s.height) : 0)
        }
    }

    var child: LayoutNode {
        precondition(!children.isEmpty, "\(kind) needs a child")
        return children[0]
    }

    /// SwiftUI's default spacing between stack children and a spacer's default minimum, points.
    public static let defaultSpacing = 8.0

    /// What a flexible frame proposes to its child: the proposal clamped to min…max, or the
    /// ideal on an unspecified axis.
    func flexibleChildProposal(_ f: FlexibleFrame, _ p: ProposedSize) -> ProposedSize {
        func axis(_ v: Double?, _ ideal: Double?, _ lo: Double?, _ hi: Double?) -> Double? {
            guard let v else { return ideal }
            var x = v
            if let lo { x = max(x, lo) }
            if let hi { x = min(x, hi) }
            return x
        }
        return ProposedSize(
            width: axis(p.width, f.idealWidth, f.minWidth, f.maxWidth),
            height: axis(p.height, f.idealHeight, f.minHeight, f.maxHeight))
    }

    /// A flexible frame's length on one axis (Apple's rule, REFERENCE.md §4): the child's length;
    /// with a minimum, max(min, min(child, proposal)); with a maximum, min(max, max(that,
    /// proposal)). Both → the proposal clamped; neither → the child's. An unspecified proposal
    /// counts as the ideal, or as the child's length.
    static func flexible(_ child: Double, _ proposal: Double?, _ lo: Double?, _ hi: Double?) -> Double {
        let p = proposal ?? child
        var w = child
        if let lo { w = max(lo, min(w, p)) }
        if let hi { w = min(hi, max(w, p)) }
        return w
    }

    /// Child sizes and the gaps between them for a stack along `axis` under `p`: the algorithm
    /// of REFERENCE.md §4 (OpenSwiftUI's StackLayout): gaps are `spacing` or 8 pt (0 next to a
    /// spacer); children are sized by layout priority (spacers last), within a priority from the
    /// least to the most flexible, each offered what is left ÷ the children of its group still
    /// to size, after reserving the minimum of every lower-priority group. Stacks may overflow.
    func stackSizes(axis: Axis, spacing: Double?, proposal p: ProposedSize) -> (sizes: [Size], gaps: [Double]) {
        let (sizes, gaps, _) = stackLayout(axis: axis, spacing: spacing, proposal: p)
        return (sizes, gaps)
    }

    /// The text whose spacing this node takes: itself, or the text a background, overlay or
    /// fixed-size wrapper holds (they keep their content's spacing, as in SwiftUI).
    var spacingText: LayoutNode? {
        if textSpacing != nil { return self }
        switch kind {
        case .decorated, .fixedSize: return children.first?.spacingText
        default: return nil
        }
    }

    /// ``stackSizes(axis:spacing:proposal:)`` plus the proposal each child was given (what its
    /// placement proposes again).
    func stackLayout(axis: Axis, spacing: Double?, proposal p: ProposedSize) -> (sizes: [Size], gaps: [Double], offers: [ProposedSize]) {
        let n = children.count
        guard n > 0 else { return ([], [], []) }
        let gaps = (0..<max(0, n - 1)).map { i -> Double in
            if let spacing { return spacing }
            let a = children[i], b = children[i + 1]
            if a.isSpacer || b.isSpacer { return 0 }
            // Text next to a view that is not text, one above the other: the text's own spacing.
            if axis == .vertical {
                let ta = a.spacingText, tb = b.spacingText
                if let ta, let tb, let s1 = ta.textPairSpacing, let s2 = tb.textPairSpacing { return max(s1, s2) }
                if (ta == nil) != (tb == nil), let s = (ta ?? tb)?.textSpacing { return s }
            }
            return LayoutNode.defaultSpacing
        }
        let across = p[axis.other]
        func offer(_ along: Double?) -> ProposedSize {
            var q = ProposedSize(width: nil, height: nil)
            q[axis] = along
            q[axis.other] = across
            return q
        }
        func measure(_ i: Int, _ along: Double?) -> Size {
            let c = children[i]
            if case .spacer(let minLength) = c.kind {
                let m = minLength ?? LayoutNode.defaultSpacing
                return Size(axis, along: max(m, along ?? m), across: 0)
            }
            return c.sizeThatFits(offer(along))
        }
        guard let total = p[axis] else {
            return ((0..<n).map { measure($0, nil) }, gaps, Array(repeating: offer(nil), count: n))
        }
        let priority = (0..<n).map { children[$0].isSpacer ? -Double.infinity : children[$0].priority }
        let minimum = (0..<n).map { measure($0, 0)[axis] }
        let flexibility = (0..<n).map { i -> Double in
            let hi = measure(i, .infinity)[axis]
            return hi.isFinite ? hi - minimum[i] : .infinity
        }
        var sizes = [Size](repeating: .zero, count: n)
        var offers = [ProposedSize](repeating: offer(nil), count: n)
        var remaining = total - gaps.reduce(0, +)
        let levels = Array(Set(priority)).sorted(by: >)
        for (g, level) in levels.enumerated() {
            let lower = levels[(g + 1)...]
            let reserved = (0..<n).filter { lower.contains(priority[$0]) }.reduce(0) { $0 + minimum[$1] }
            var available = remaining - reserved
            let group = (0..<n).filter { priority[$0] == level }.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
            var left = group.count
            for i in group {
                let along = max(0, available / Double(left))
                let s = measure(i, along)
                sizes[i] = s
                offers[i] = offer(along)
                available -= s[axis]
                remaining -= s[axis]
                left -= 1
            }
        }
        return (sizes, gaps, offers)
    }
}
