import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's `onTapGesture`: the view becomes a tap target a host finds by the text
// inside it (``ViewHost/tap(_:)``) or by a point inside it (``ViewHost/tap(at:count:)``, which
// honours `count`). No highlight is drawn.

public struct _TapGestureModifier: PrimitiveViewModifier {
    let action: () -> Void
    let count: Int
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        // A tap gesture attached as `.gesture` would be: found by label and by point.
        _GestureModifier(tap: action, attached: AttachedGesture(TapGesture(count: count).onEnded(action), priority: .normal)).wrap(content, context)
    }
}

extension View {
    /// Runs `action` when the view is tapped `count` times.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> ModifiedContent<Self, _TapGestureModifier> {
        modifier(_TapGestureModifier(action: action, count: count))
    }
}
