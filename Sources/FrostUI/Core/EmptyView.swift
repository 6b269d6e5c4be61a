import FrostScene

// Reproduces SwiftUI's EmptyView (complete): no layout space, nothing drawn.

/// Nothing.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { [] }
}
