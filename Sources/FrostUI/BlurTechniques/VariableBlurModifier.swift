import FrostGeometry
import FrostEffects
import FrostImage
import FrostScene

// `variableBlur(maxRadius:mask:)`: iOS's progressive (variable) blur behind bars, as a view
// modifier over FrostEffects' VariableBlur. SwiftUI has no public API for it; the look follows
// UIKit's private variable-blur filter as apps use it.

/// Where a view's progressive blur is strongest (1) and where it is none (0).
public enum VariableBlurMask: Equatable, Sendable {
    /// Full blur at the top edge, none `fraction` of the height down (behind a navigation bar).
    case topEdge(fraction: CGFloat)
    /// Full blur at the bottom edge, none `fraction` of the height up (behind a toolbar).
    case bottomEdge(fraction: CGFloat)
    /// Linear from full blur at `from` to none at `to`, in the view's unit space.
    case linear(from: UnitPoint, to: UnitPoint)
    /// An image's alpha, stretched over the view.
    case alpha(FrostImage.Image)

    var effectsMask: VariableBlur.Mask {
        switch self {
        case .topEdge(let f): return .topEdge(fraction: Double(f))
        case .bottomEdge(let f): return .bottomEdge(fraction: Double(f))
        case let .linear(from, to): return .linear(from: (Double(from.x), Double(from.y)), to: (Double(to.x), Double(to.y)))
        case .alpha(let image): return .image(image)
        }
    }
}

extension View {
    /// A progressive blur of the rendered view: σ = `maxRadius` points where `mask` is 1, none
    /// where it is 0 (iOS's variable blur), with `tint` laid over it by the mask. The view is
    /// rendered once per frame and blurred as one image; its edges are clamped, not faded.
    /// `maxRadius` (0…200 px once scaled; animates like `blur(radius:)`).
    public func variableBlur(maxRadius: CGFloat, mask: VariableBlurMask, tint: Color? = nil) -> ModifiedContent<Self, _VariableBlurModifier> {
        let r = Double(maxRadius)
        return modifier(_VariableBlurModifier(radius: r.isFinite ? max(0, r) : 0, mask: mask.effectsMask, tint: tint))
    }
}

public struct _VariableBlurModifier: PrimitiveViewModifier {
    let radius: Double
    let mask: VariableBlur.Mask
    let tint: Color?
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let tint = self.tint?.resolved(context.environment), mask = self.mask
        return wrapEach(content) { e in
            let w = passthrough(e, e.identity.appending("variableBlur"))
            w.effects = [
                EffectSpec("variableBlur", kind: .blur, values: [radius]) { v, _ in
                    v[0] < 0.01 && tint == nil ? .identity : .variableBlur(maxRadius: max(0, v[0]), mask: mask, tint: tint)
                }
            ]
            return w
        }
    }
}
