import FrostGeometry
import FrostLayout
import FrostScene
import FrostRaster

// Reproduces SwiftUI's `Divider`: 1 px of the separator colour across the stack it is in (a hairline at every scale).

/// A thin line across its stack (horizontal in a `VStack`, vertical in an `HStack`): 1 px of the
/// separator colour (#3C3C43 at 29 % in light, #545458 at 60 % in dark, REFERENCE.md §4).
public struct Divider: View, PrimitiveView {
    public init() {}
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let c = Color.separator.resolved(context.environment.colorScheme)
        let px = 1 / Double(context.environment.displayScale)
        // Thin along the smaller proposal: a divider in a VStack gets the width, 1 px tall.
        // Across the enclosing stack (vertical in an HStack however it is framed); outside one,
        // thin along the smaller proposal.
        let axis = context.environment.stackAxis
        let node = LayoutNode(
            .leaf { p in
                let w = p.width ?? px, h = p.height ?? px
                let horizontalLine = axis.map { $0 == .vertical } ?? (w >= h)
                return horizontalLine ? Size(width: w.isFinite ? w : px, height: px) : Size(width: px, height: h.isFinite ? h : px)
            }, name: "Divider")
        // On a material, the separator vibrancy style.
        let vibrancy = context.environment.vibrancy(level: nil, for: .separator), appearance = context.environment.vibrancyAppearance
        return [
            Element(context.identity, node: node) { size in
                var line = ShapeContent("rect", path: .rect(x: 0, y: 0, width: size.width, height: size.height), fill: .solid(c))
                line.vibrancy = vibrancy
                line.vibrancyAppearance = appearance
                return .shape(line)
            }
        ]
    }
}

private enum StackAxisKey: EnvironmentKey { static var defaultValue: Axis? { nil } }
extension EnvironmentValues {
    /// The axis of the nearest HStack or VStack (nil in a ZStack or outside stacks).
    var stackAxis: Axis? {
        get { self[StackAxisKey.self] }
        set { self[StackAxisKey.self] = newValue }
    }
}
