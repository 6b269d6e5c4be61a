import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's containerRelativeFrame (iOS 17): a frame sized from the nearest
// container's size on the given axes — the enclosing scroll view's visible size, else the
// host's safe area — by a closure, or as `span` of `count` equal parts `spacing` apart. The
// view is proposed that size and aligned in the frame; other axes keep the view's own size.

/// A container's size, known once the container is laid out (the host's before resolution, a
/// scroll view's when it is placed).
final class ContainerSize { var size: Size = .zero }

private enum ContainerSizeKey: EnvironmentKey { static var defaultValue: ContainerSize? { nil } }
extension EnvironmentValues {
    var container: ContainerSize? {
        get { self[ContainerSizeKey.self] }
        set { self[ContainerSizeKey.self] = newValue }
    }
}

final class ContainerRelativeLayout: CustomLayout {
    let axes: Axis.Set
    let alignment: FrostLayout.Alignment
    let container: ContainerSize?
    let length: (Double, Axis) -> Double
    init(axes: Axis.Set, alignment: FrostLayout.Alignment, container: ContainerSize?, length: @escaping (Double, Axis) -> Double) {
        self.axes = axes; self.alignment = alignment; self.container = container; self.length = length
    }

    /// The frame's length on each axis it sets (nil: the view's own).
    private func lengths() -> (width: Double?, height: Double?) {
        guard let c = container?.size else { return (nil, nil) }
        return (
            axes.contains(.horizontal) ? max(0, length(c.width, .horizontal)) : nil,
            axes.contains(.vertical) ? max(0, length(c.height, .vertical)) : nil
        )
    }

    func sizeThatFits(_ p: ProposedSize, children: [LayoutNode]) -> Size {
        let l = lengths()
        let c = children.first?.sizeThatFits(ProposedSize(width: l.width ?? p.width, height: l.height ?? p.height)) ?? .zero
        return Size(width: l.width ?? c.width, height: l.height ?? c.height)
    }

    func place(in bounds: Rect, proposal p: ProposedSize, children: [LayoutNode]) -> [(frame: Rect, proposal: ProposedSize)?] {
        let l = lengths()
        let q = ProposedSize(width: l.width ?? bounds.width, height: l.height ?? bounds.height)
        return children.map { c in (LayoutNode.align(c.sizeThatFits(q), in: bounds, alignment), q) }
    }
}

public struct _ContainerRelativeFrameModifier: PrimitiveViewModifier {
    let axes: Axis.Set
    let alignment: Alignment
    let length: (Double, Axis) -> Double
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let layout = ContainerRelativeLayout(axes: axes, alignment: alignment.layout, container: context.environment.container, length: length)
        return wrapEach(content) { e in
            Element(
                e.identity.appending("containerRelativeFrame"), node: LayoutNode(.custom(layout), name: "containerRelativeFrame", children: [e.node]),
                children: [e])
        }
    }
}

extension View {
    /// A frame as long as the container on `axes`.
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> ModifiedContent<Self, _ContainerRelativeFrameModifier> {
        modifier(_ContainerRelativeFrameModifier(axes: axes, alignment: alignment) { l, _ in l })
    }

    /// A frame `span` of `count` equal parts of the container on `axes`, parts `spacing` points apart.
    public func containerRelativeFrame(
        _ axes: Axis.Set, count: Int, span: Int = 1, spacing: CGFloat, alignment: Alignment = .center
    ) -> ModifiedContent<Self, _ContainerRelativeFrameModifier> {
        let n = Double(max(1, count)), s = Double(min(max(1, span), max(1, count))), gap = Double(spacing)
        return modifier(_ContainerRelativeFrameModifier(axes: axes, alignment: alignment) { l, _ in (l - gap * (n - 1)) / n * s + gap * (s - 1) })
    }

    /// A frame of `length(containerLength, axis)` points on `axes`.
    public func containerRelativeFrame(
        _ axes: Axis.Set, alignment: Alignment = .center,
        _ length: @escaping (CGFloat, Axis) -> CGFloat
    ) -> ModifiedContent<Self, _ContainerRelativeFrameModifier> {
        modifier(_ContainerRelativeFrameModifier(axes: axes, alignment: alignment) { l, a in Double(length(CGFloat(l), a)) })
    }
}
