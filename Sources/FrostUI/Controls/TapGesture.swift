import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's `onTapGesture`: the view becomes a tap target a host finds by the text inside
// it. Single taps only (`count` is accepted and ignored); no highlight is drawn.

public struct _TapGestureModifier: PrimitiveViewModifier {
    let action: () -> Void
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        wrapEach(content) { e in
            let w = passthrough(e, e.identity.appending("tap"))
            w.tap = (e.allText.joined(separator: " "), action)
            return w
        }
    }
}

extension View {
    /// Runs `action` when the view is tapped (a host's `tap` finds it by the text inside it).
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> ModifiedContent<Self, _TapGestureModifier> {
        modifier(_TapGestureModifier(action: action))
    }
}
