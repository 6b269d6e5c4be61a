import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's right-to-left layout (`\.layoutDirection`, set with
// `.environment(\.layoutDirection, .rightToLeft)` or a snapshot's
// `UITraitCollection(layoutDirection: .rightToLeft)`), as iOS mirrors an interface for Arabic
// and Hebrew: where the direction changes, the content is laid out as usual and then mirrored
// across its frame (`LayoutNode.mirrorsContent`), so stacks run leftwards, leading padding,
// alignment and `Edge` insets fall on the right, navigation bars put the back button at the
// right and list rows their disclosure chevron at the left — while text, images and shapes keep
// their own orientation. Multi-line text aligns leading to the right. SF Symbols made to follow
// the direction (`*.forward`, `*.backward`, `list.bullet…`) and views marked
// `flipsForRightToLeftLayoutDirection(true)` are drawn mirrored. Not mirrored: `offset(x:)` and
// transitions' slide directions, horizontal scroll gestures, swipe actions' sides.

/// The direction a layout runs in, as SwiftUI's `LayoutDirection`.
public enum LayoutDirection: Hashable, Sendable, CaseIterable {
    case leftToRight, rightToLeft

    /// SF Symbols that iOS mirrors in a right-to-left layout: the direction-relative ones
    /// (`chevron.forward`, `arrow.backward`…) and the lists whose bullets lead. Names saying
    /// left or right mean those sides and are never mirrored.
    static func mirrorsSymbol(_ name: String) -> Bool {
        name.contains("forward") || name.contains("backward") || name.hasPrefix("list.bullet") || name.hasPrefix("list.dash")
            || name.hasPrefix("text.alignleading") || name.hasPrefix("text.aligntrailing")
    }
}

extension EnvironmentValues {
    /// The direction views lay out in: left to right unless an ancestor (or the host's traits)
    /// says right to left. Changing it mirrors the content's layout (see `LayoutDirection`).
    public var layoutDirection: LayoutDirection {
        get { self[LayoutDirectionKey.self] }
        set { self[LayoutDirectionKey.self] = newValue }
    }
}
private enum LayoutDirectionKey: EnvironmentKey { static var defaultValue: LayoutDirection { .leftToRight } }

/// `elements` drawn mirrored about their centres when the layout runs right to left.
func mirroredForRightToLeft(_ elements: [Element], _ context: ResolveContext) -> [Element] {
    guard context.environment.layoutDirection == .rightToLeft else { return elements }
    return wrapEach(elements) { e in
        let w = passthrough(e, e.identity.appending("flipsForRightToLeft"))
        w.effects = [EffectSpec("flipsForRightToLeft") { size in .transform(about(.center, AffineTransform2D(scaleX: -1, y: 1), size)) }]
        return w
    }
}

public struct _FlipsForRightToLeftModifier: PrimitiveViewModifier {
    let enabled: Bool
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        enabled ? mirroredForRightToLeft(content, context) : content
    }
}

extension View {
    /// Draws the view mirrored horizontally when the layout runs right to left (a directional
    /// picture, an arrow), as SwiftUI's `flipsForRightToLeftLayoutDirection(_:)`.
    public func flipsForRightToLeftLayoutDirection(_ enabled: Bool) -> ModifiedContent<Self, _FlipsForRightToLeftModifier> {
        modifier(_FlipsForRightToLeftModifier(enabled: enabled))
    }
}
