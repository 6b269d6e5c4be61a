import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's safe area as a hosting controller on a device sets it: the root view is
// proposed and placed inside the safe area; `ignoresSafeArea(_:edges:)` lets a view whose frame
// reaches the safe area's edge extend to the screen's edge there (its layout size, and its
// siblings, unchanged; as a background colour does on iOS); `GeometryProxy.safeAreaInsets`
// is how far a reader reaches into the unsafe region; `safeAreaInset(edge:)` puts a view at an
// edge and lays the main view out in what is left; `safeAreaPadding` pads as padding does.
// Simplified: SwiftUI lays the main view of `safeAreaInset` out full size with a larger safe
// area — the same for views that respect the safe area, but here a ScrollView's content stops
// at the inset view instead of scrolling under it. The keyboard region is not modelled; scroll
// content has no safe area.

/// A device's screen as a hosting controller sees it: size, scale and safe-area insets (points,
/// portrait), from Apple's published screen sizes and each model's safe area.
public struct DevicePreset: Hashable, Sendable {
    public var name: String
    /// Points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: CGFloat
    /// Points on each edge the system's bars and rounded corners take.
    public var safeAreaInsets: EdgeInsets

    public init(name: String, size: CGSize, scale: CGFloat, safeAreaInsets: EdgeInsets) {
        self.name = name; self.size = size; self.scale = scale; self.safeAreaInsets = safeAreaInsets
    }

    /// iPhone SE (2nd and 3rd generation): 375 × 667 pt at 2×, status bar 20 pt.
    public static let iPhoneSE = DevicePreset(
        name: "iPhone SE", size: CGSize(width: 375, height: 667), scale: 2,
        safeAreaInsets: EdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0))
    /// iPhone 13 / 14: 390 × 844 pt at 3×, 47 pt top, 34 pt home indicator.
    public static let iPhone13 = DevicePreset(
        name: "iPhone 13", size: CGSize(width: 390, height: 844), scale: 3,
        safeAreaInsets: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0))
    /// iPhone 15 Pro: 393 × 852 pt at 3×, Dynamic Island 59 pt, 34 pt home indicator.
    public static let iPhone15Pro = DevicePreset(
        name: "iPhone 15 Pro", size: CGSize(width: 393, height: 852), scale: 3,
        safeAreaInsets: EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0))
    /// iPhone 16 Pro Max: 440 × 956 pt at 3×, 62 pt top, 34 pt home indicator.
    public static let iPhone16ProMax = DevicePreset(
        name: "iPhone 16 Pro Max", size: CGSize(width: 440, height: 956), scale: 3,
        safeAreaInsets: EdgeInsets(top: 62, leading: 0, bottom: 34, trailing: 0))
    /// iPad (10th generation): 820 × 1180 pt at 2×, 24 pt status bar, 20 pt home indicator.
    public static let iPad = DevicePreset(
        name: "iPad", size: CGSize(width: 820, height: 1180), scale: 2,
        safeAreaInsets: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0))
    /// Every preset.
    public static let all: [DevicePreset] = [.iPhoneSE, .iPhone13, .iPhone15Pro, .iPhone16ProMax, .iPad]
}

/// Regions of the safe area, as SwiftUI's `SafeAreaRegions`.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The system's bars and the screen's shape.
    public static let container = SafeAreaRegions(rawValue: 1)
    /// The keyboard (not modelled: no host shows one).
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// The safe region of the host, in host points (nil inside scroll content, which has none).
private enum SafeRectKey: EnvironmentKey { static var defaultValue: SafeRect? { nil } }
struct SafeRect: Hashable { var screen: Rect; var safe: Rect }

extension EnvironmentValues {
    var safeRect: SafeRect? {
        get { self[SafeRectKey.self] }
        set { self[SafeRectKey.self] = newValue }
    }
}

extension GeometryProxy {
    /// How far `frame` reaches into the unsafe region on each edge (points, ≥ 0).
    static func insets(of frame: Rect, in safe: SafeRect?) -> EdgeInsets {
        guard let safe = safe?.safe else { return EdgeInsets() }
        return EdgeInsets(
            top: max(0, safe.minY - frame.minY), leading: max(0, safe.minX - frame.minX),
            bottom: max(0, frame.maxY - safe.maxY), trailing: max(0, frame.maxX - safe.maxX))
    }
}

/// A view that extends into the unsafe region on the edges where its frame meets the safe area's.
final class IgnoresSafeAreaLayout: CustomLayout {
    let edges: Edge.Set
    let safe: SafeRect?
    init(edges: Edge.Set, safe: SafeRect?) { self.edges = edges; self.safe = safe }

    func sizeThatFits(_ proposal: ProposedSize, children: [LayoutNode]) -> Size { children.first?.sizeThatFits(proposal) ?? .zero }

    func place(in bounds: Rect, proposal: ProposedSize, children: [LayoutNode]) -> [(frame: Rect, proposal: ProposedSize)?] {
        guard let safe else { return [(bounds, proposal)] }
        let s = safe.safe, screen = safe.screen, e = 0.5
        var r = bounds
        if edges.contains(.top), r.minY <= s.minY + e { r = Rect(x: r.minX, y: screen.minY, width: r.width, height: r.maxY - screen.minY) }
        if edges.contains(.bottom), r.maxY >= s.maxY - e { r = Rect(x: r.minX, y: r.minY, width: r.width, height: screen.maxY - r.minY) }
        if edges.contains(.leading), r.minX <= s.minX + e { r = Rect(x: screen.minX, y: r.minY, width: r.maxX - screen.minX, height: r.height) }
        if edges.contains(.trailing), r.maxX >= s.maxX - e { r = Rect(x: r.minX, y: r.minY, width: screen.maxX - r.minX, height: r.height) }
        return [(r, ProposedSize(r.size))]
    }
}

public struct _IgnoresSafeAreaModifier: PrimitiveViewModifier {
    let edges: Edge.Set
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let safe = context.environment.safeRect
        return wrapEach(content) { e in
            Element(
                e.identity.appending("ignoresSafeArea"),
                node: LayoutNode(
                    .custom(IgnoresSafeAreaLayout(edges: edges, safe: safe)),
                    name: "ignoresSafeArea", children: [e.node]), children: [e])
        }
    }
}

/// `safeAreaInset(edge:)`: the inset view at the edge, the main view in what is left.
final class SafeAreaInsetLayout: CustomLayout {
    let edge: Edge
    let alignment: Double
    let spacing: Double
    init(edge: Edge, alignment: Double, spacing: Double) { self.edge = edge; self.alignment = alignment; self.spacing = spacing }
    var vertical: Bool { edge == .top || edge == .bottom }

    /// The inset view's length along the edge's axis for `p`.
    private func insetLength(_ inset: LayoutNode, _ p: ProposedSize) -> Double {
        let s = inset.sizeThatFits(vertical ? ProposedSize(width: p.width, height: nil) : ProposedSize(width: nil, height: p.height))
        return vertical ? s.height : s.width
    }
    private func mainProposal(_ p: ProposedSize, _ used: Double) -> ProposedSize {
        vertical
            ? ProposedSize(width: p.width, height: p.height.map { max(0, $0 - used) })
            : ProposedSize(width: p.width.map { max(0, $0 - used) }, height: p.height)
    }

    func sizeThatFits(_ p: ProposedSize, children: [LayoutNode]) -> Size {
        guard children.count == 2 else { return children.first?.sizeThatFits(p) ?? .zero }
        let used = insetLength(children[1], p) + spacing
        let m = children[0].sizeThatFits(mainProposal(p, used))
        let inset = children[1].sizeThatFits(vertical ? ProposedSize(width: p.width, height: nil) : ProposedSize(width: nil, height: p.height))
        return vertical ? Size(width: max(m.width, inset.width), height: m.height + used) : Size(width: m.width + used, height: max(m.height, inset.height))
    }

    func place(in bounds: Rect, proposal p: ProposedSize, children: [LayoutNode]) -> [(frame: Rect, proposal: ProposedSize)?] {
        guard children.count == 2 else { return [(bounds, p)] }
        let q = ProposedSize(bounds.size)
        let length = insetLength(children[1], q), used = length + spacing
        let iq = vertical ? ProposedSize(width: bounds.width, height: nil) : ProposedSize(width: nil, height: bounds.height)
        let inset = children[1].sizeThatFits(iq)
        let main: Rect, insetFrame: Rect
        switch edge {
        case .top:
            main = Rect(x: bounds.minX, y: bounds.minY + used, width: bounds.width, height: max(0, bounds.height - used))
            insetFrame = Rect(x: bounds.minX + (bounds.width - inset.width) * alignment, y: bounds.minY, width: inset.width, height: length)
        case .bottom:
            main = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: max(0, bounds.height - used))
            insetFrame = Rect(x: bounds.minX + (bounds.width - inset.width) * alignment, y: bounds.maxY - length, width: inset.width, height: length)
        case .leading:
            main = Rect(x: bounds.minX + used, y: bounds.minY, width: max(0, bounds.width - used), height: bounds.height)
            insetFrame = Rect(x: bounds.minX, y: bounds.minY + (bounds.height - inset.height) * alignment, width: length, height: inset.height)
        case .trailing:
            main = Rect(x: bounds.minX, y: bounds.minY, width: max(0, bounds.width - used), height: bounds.height)
            insetFrame = Rect(x: bounds.maxX - length, y: bounds.minY + (bounds.height - inset.height) * alignment, width: length, height: inset.height)
        }
        return [(main, ProposedSize(main.size)), (insetFrame, iq)]
    }
}

public struct _SafeAreaInsetModifier: PrimitiveViewModifier {
    let edge: Edge
    let alignment: Double
    let spacing: Double
    let inset: Any
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let id = context.identity.appending("safeAreaInset")
        var c = context
        c.identity = id
        let extra = resolveView(inset, c)
        let primary =
            content.count == 1
            ? content[0]
            : Element(
                id.appending("content"),
                node: LayoutNode(.zstack(alignment: .center), children: content.map(\.node)), children: content)
        let bar =
            extra.count == 1
            ? extra[0]
            : Element(
                id.appending("inset"),
                node: LayoutNode(.zstack(alignment: .center), children: extra.map(\.node)), children: extra)
        let node = LayoutNode(
            .custom(SafeAreaInsetLayout(edge: edge, alignment: alignment, spacing: spacing)), name: "safeAreaInset",
            children: [primary.node, bar.node])
        return [Element(id, node: node, children: [primary, bar])]
    }
}

extension View {
    /// Extends this view into the unsafe region on `edges` where it reaches the safe area's edge.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> ModifiedContent<Self, _IgnoresSafeAreaModifier> {
        modifier(_IgnoresSafeAreaModifier(edges: regions.contains(.container) ? edges : []))
    }

    /// Puts `content` at `edge` of this view (a custom bar) and lays this view out in the rest.
    public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> ModifiedContent<Self, _SafeAreaInsetModifier> {
        modifier(_SafeAreaInsetModifier(edge: edge == .top ? .top : .bottom, alignment: alignment.fraction, spacing: Double(spacing ?? 0), inset: content()))
    }

    /// Puts `content` at the leading or trailing `edge` of this view and lays this view out in the rest.
    public func safeAreaInset<V: View>(
        edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> ModifiedContent<Self, _SafeAreaInsetModifier> {
        modifier(
            _SafeAreaInsetModifier(
                edge: edge == .leading ? .leading : .trailing, alignment: alignment.fraction, spacing: Double(spacing ?? 0), inset: content()))
    }

    /// Pads this view's safe area by `length` points on `edges` (laid out as padding).
    public func safeAreaPadding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> ModifiedContent<Self, _PaddingModifier> {
        padding(edges, length)
    }

    /// Pads this view's safe area by `insets` (laid out as padding).
    public func safeAreaPadding(_ insets: EdgeInsets) -> ModifiedContent<Self, _PaddingModifier> { padding(insets) }
}

/// A vertical edge, as SwiftUI's `VerticalEdge`.
public enum VerticalEdge: Hashable, Sendable, CaseIterable { case top, bottom }
/// A horizontal edge, as SwiftUI's `HorizontalEdge`.
public enum HorizontalEdge: Hashable, Sendable, CaseIterable { case leading, trailing }
