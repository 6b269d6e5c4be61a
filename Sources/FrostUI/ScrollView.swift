import FrostGeometry
import FrostLayout
import FrostScene

/// A scrolling container, as SwiftUI's `ScrollView`: it takes the space offered, lays its content
/// out at its ideal length along the scroll axes (and the offered width across), clips it, and
/// shows it moved by the scroll offset a host sets with ``ViewHost/scroll(to:scrollView:)`` (clamped to the
/// content; 0 at rest).
public struct ScrollView<Content: View>: View, PrimitiveView {
    let axes: Axis.Set, content: Content
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes; self.content = content()
    }
    public typealias Body = Never

    func resolve(_ context: ResolveContext) -> [Element] {
        let inner = resolveView(content, context.child("content"))
        let stack = LayoutNode(.stack(axes.contains(.horizontal) && !axes.contains(.vertical) ? .horizontal : .vertical,
                                      alignment: .center, spacing: nil), name: "ScrollContent", children: inner.map(\.node))
        let contentElement = Element(context.identity.appending("content"), node: stack, children: inner)
        let vertical = axes.contains(.vertical), horizontal = axes.contains(.horizontal)
        // Sized by the proposal (10 pt when unspecified, as a shape); the content at its ideal
        // length on the scroll axes.
        let node = LayoutNode(.leaf { p in p.replacingUnspecifiedDimensions() }, name: "ScrollView")
        let element = Element(context.identity, node: node, children: [contentElement])
        let host = context.host, key = context.identity
        let scale = max(1, Double(context.environment.displayScale))
        /// Lays the content out for the scroll view's size (content space: origin at its top leading).
        func placeContent(_ size: Size) -> Size {
            let proposal = ProposedSize(width: horizontal ? nil : size.width, height: vertical ? nil : size.height)
            let contentSize = stack.sizeThatFits(proposal)
            stack.place(in: Rect(x: 0, y: 0, width: contentSize.width, height: contentSize.height), proposal: proposal, scale: scale)
            return contentSize
        }
        // Once the host is laid out, so that the content's readers and preferences exist
        // before the commit (drawing places it again, at the same place).
        host.afterLayout.append { [unowned element] in _ = placeContent(element.node.frame.size) }
        element.content = ContentSpec { [unowned element] size in
            let contentSize = placeContent(size)
            let maxX = max(0, contentSize.width - size.width), maxY = max(0, contentSize.height - size.height)
            let asked = host.scrollOffsets[key] ?? .zero
            // Offsets land on whole pixels, as UIScrollView's do: the content then moves by
            // whole pixels and its drawing is reused from frame to frame (a retained layer).
            func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
            let offset = Point(x: horizontal ? snap(min(max(asked.x, 0), maxX)) : 0, y: vertical ? snap(min(max(asked.y, 0), maxY)) : 0)
            let layer = DisplayItem(identity: contentElement.identity, frame: Rect(x: -offset.x, y: -offset.y, width: contentSize.width, height: contentSize.height),
                                    content: .effect(.retainedLayer, children: DisplayList([contentElement.displayItem(
                                        parentOrigin: .zero, scroll: ScrollGeometry(visible: Rect(x: offset.x, y: offset.y, width: size.width, height: size.height),
                                                                                    frame: Rect(origin: element.node.frame.origin, size: size),
                                                                                    axis: vertical ? .vertical : .horizontal,
                                                                                    history: (host.scrollHistory[key] ?? []).map { entry in
                                                                                        (entry.time, Point(x: horizontal ? snap(min(max(entry.offset.x, 0), maxX)) : 0,
                                                                                                           y: vertical ? snap(min(max(entry.offset.y, 0), maxY)) : 0))
                                                                                    },
                                                                                    time: host.now))])))
            return .effect(.clip(.rect(x: 0, y: 0, width: size.width, height: size.height), rule: .nonZero), children: DisplayList([layer]))
        }
        host.scrollViews.append(key)
        return [element]
    }
}

extension Axis {
    /// Axes, as SwiftUI's `Axis.Set`.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1), vertical = Set(rawValue: 2)
    }
}

/// An axis, as SwiftUI's `Axis`.
public enum Axis: Hashable, Sendable { case horizontal, vertical }
