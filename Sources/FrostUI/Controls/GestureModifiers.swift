import FrostGeometry
import FrostLayout
import FrostRaster

// Reproduces SwiftUI's gesture modifiers — `.gesture`, `.simultaneousGesture`,
// `.highPriorityGesture` (with `GestureMask`), `onLongPressGesture` — and the hit-testing
// modifiers `allowsHitTesting` and `contentShape`, as element traits the host's touch
// handling reads (HostTouches.swift). A disabled view's gestures are not attached, as in SwiftUI.

/// A gesture attached to a view, type-erased for the host's touch handling.
struct AttachedGesture {
    /// How the gesture competes with the others under the touch.
    enum Priority { case normal, simultaneous, high }
    let priority: Priority
    /// The gesture's type: a touch sequence keeps using the newest value of the same type
    /// (its closures see the newest view), and keeps its own if the type changed.
    let type: ObjectIdentifier
    let step: (_GestureInput, _GestureNode) -> _GestureStep<Void>
    let deliver: (_GestureNode) -> Void
    /// The named coordinate spaces around the view (set when it is resolved).
    var spaces = CoordinateSpaces()
    /// The view is laid out right to left: its local space runs from its right edge, as
    /// SwiftUI's flipped space does, so a drag rightwards has a negative translation.
    var rightToLeft = false

    init<G: Gesture>(_ gesture: G, priority: Priority) {
        self.priority = priority
        type = ObjectIdentifier(G.self)
        step = { gesture._step($0, $1).map { _ in () } }
        deliver = { gesture._deliver($0) }
    }
}

enum GesturesTrait: ElementTraitKey {
    static var defaultValue: [AttachedGesture] { [] }
}

/// Where a view can be touched: nowhere (`allowsHitTesting(false)`), or within a shape
/// (`contentShape`) instead of where it draws.
enum HitTestingRule {
    case disabled
    case shape((Size) -> FrostRaster.Path, FillRule)
}

enum HitTestingTrait: ElementTraitKey {
    static var defaultValue: HitTestingRule? { nil }
}

/// Set where a gesture modifier's mask leaves out `.subviews`: gestures inside are not recognised.
enum SubviewGesturesOffTrait: ElementTraitKey {
    static var defaultValue: Bool { false }
}

extension Element {
    /// The gestures attached by modifiers to this element (innermost modifier first).
    var gestures: [AttachedGesture] {
        get { traits[GesturesTrait.self] }
        set { traits[GesturesTrait.self] = newValue }
    }
    var hitTesting: HitTestingRule? {
        get { traits[HitTestingTrait.self] }
        set { traits[HitTestingTrait.self] = newValue }
    }
    var subviewGesturesOff: Bool {
        get { traits[SubviewGesturesOffTrait.self] }
        set { traits[SubviewGesturesOffTrait.self] = newValue }
    }
}

public struct _GestureModifier: PrimitiveViewModifier {
    /// The action a host's tap by label runs (tap gestures only).
    let tap: (() -> Void)?
    let attached: AttachedGesture?
    var mask: GestureMask = .all

    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        guard context.environment.isEnabled, tap != nil || attached != nil || !mask.contains(.subviews) else { return content }
        return wrapEach(content) { e in
            let w = passthrough(e, e.identity.appending(tap != nil ? "tap" : "gesture"))
            if let tap { w.tap = (e.allText.joined(separator: " "), tap) }
            if var attached {
                attached.spaces = context.environment.coordinateSpaces
                attached.rightToLeft = context.environment.layoutDirection == .rightToLeft
                w.gestures = [attached]
            }
            w.subviewGesturesOff = !mask.contains(.subviews)
            return w
        }
    }
}

/// `onLongPressGesture`'s gesture: `pressing(true)` at touch-down, `perform` once the press
/// has lasted, `pressing(false)` when it ends or fails.
struct _LongPressAction: Gesture {
    typealias Value = Bool
    let press: LongPressGesture
    let perform: () -> Void
    let pressing: ((Bool) -> Void)?
    func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Bool> { node.record(press._step(input, node.child(0))) }
    func _deliver(_ node: _GestureNode) {
        switch node.pendingStep(Bool.self) {
        case .changed: pressing?(true); node.updated = true
        case .ended:
            // Held back behind another gesture until now, the press is reported as it wins.
            if !node.updated { pressing?(true) }
            perform()
            pressing?(false)
        case .failed: if node.updated { pressing?(false) }
        case .possible: break
        }
        node.pending = nil
    }
}

public struct _HitTestingModifier: PrimitiveViewModifier {
    let rule: HitTestingRule?
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        guard let rule else { return content }
        for e in content { e.hitTesting = rule }
        return content
    }
}

extension View {
    /// Attaches `gesture`: it wins over the gestures of views around this one, and loses to
    /// those of views inside it. A tap gesture's `onEnded` is also found by the view's label.
    public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> ModifiedContent<Self, _GestureModifier> {
        attach(gesture, .normal, mask)
    }
    /// Attaches `gesture` to be recognised alongside the others under the touch.
    public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> ModifiedContent<Self, _GestureModifier> {
        attach(gesture, .simultaneous, mask)
    }
    /// Attaches `gesture` ahead of the gestures of the views inside this one.
    public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> ModifiedContent<Self, _GestureModifier> {
        attach(gesture, .high, mask)
    }
    private func attach<G: Gesture>(_ gesture: G, _ priority: AttachedGesture.Priority, _ mask: GestureMask) -> ModifiedContent<Self, _GestureModifier> {
        let on = mask.contains(.gesture)
        return modifier(
            _GestureModifier(tap: on ? gesture._tapAction : nil, attached: on ? AttachedGesture(gesture, priority: priority) : nil, mask: mask))
    }
    /// Runs `action` after a press held `minimumDuration` seconds within `maximumDistance`
    /// points; `onPressingChanged` sees the press start (true) and end (false).
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping () -> Void,
        onPressingChanged: ((Bool) -> Void)? = nil
    ) -> ModifiedContent<Self, _GestureModifier> {
        let g = _LongPressAction(
            press: LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance), perform: action, pressing: onPressingChanged)
        return modifier(_GestureModifier(tap: nil, attached: AttachedGesture(g, priority: .normal)))
    }
    /// As `onLongPressGesture(minimumDuration:maximumDistance:perform:onPressingChanged:)`, pressing first.
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, pressing: ((Bool) -> Void)?, perform action: @escaping () -> Void
    ) -> ModifiedContent<Self, _GestureModifier> {
        onLongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance, perform: action, onPressingChanged: pressing)
    }
    /// Runs `action` with where the tap landed in `coordinateSpace` (a host's tap by label
    /// reports the origin).
    public func onTapGesture(
        count: Int = 1, coordinateSpace: CoordinateSpace = .local, perform action: @escaping (CGPoint) -> Void
    ) -> ModifiedContent<Self, _GestureModifier> {
        let g = SpatialTapGesture(count: count, coordinateSpace: coordinateSpace).onEnded { action($0.location) }
        return modifier(_GestureModifier(tap: { action(.zero) }, attached: AttachedGesture(g, priority: .normal)))
    }
    /// Whether the view (and everything in it) can be touched; false lets touches through to
    /// what is behind it.
    public func allowsHitTesting(_ enabled: Bool) -> ModifiedContent<Self, _HitTestingModifier> {
        modifier(_HitTestingModifier(rule: enabled ? nil : .disabled))
    }
    /// Makes `shape` (in the view's frame) where the view can be touched, instead of only
    /// where it draws.
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> ModifiedContent<Self, _HitTestingModifier> {
        modifier(
            _HitTestingModifier(
                rule: .shape({ size in shape.path(in: CGRect(x: 0, y: 0, width: size.width, height: size.height)).raster }, eoFill ? .evenOdd : .nonZero)))
    }
}

/// Which uses a `contentShape` is for, as SwiftUI's `ContentShapeKinds`; only `.interaction`
/// changes where a headless host's touches land.
public struct ContentShapeKinds: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let interaction = ContentShapeKinds(rawValue: 1)
    public static let dragPreview = ContentShapeKinds(rawValue: 2)
    public static let contextMenuPreview = ContentShapeKinds(rawValue: 4)
    public static let hoverEffect = ContentShapeKinds(rawValue: 8)
    public static let focusEffect = ContentShapeKinds(rawValue: 16)
    public static let accessibility = ContentShapeKinds(rawValue: 32)
}

extension View {
    /// `contentShape(_:eoFill:)` for the uses in `kinds` (touches only for `.interaction`).
    public func contentShape<S: Shape>(_ kinds: ContentShapeKinds, _ shape: S, eoFill: Bool = false) -> ModifiedContent<Self, _HitTestingModifier> {
        kinds.contains(.interaction) ? contentShape(shape, eoFill: eoFill) : modifier(_HitTestingModifier(rule: nil))
    }
}
