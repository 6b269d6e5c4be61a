import FrostScene

// Reproduces SwiftUI's Group (complete): its members take its place in the parent, each with the
// group's modifiers.

/// A transparent container: it does not affect layout, and its modifiers apply to each member.
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { resolveView(content, context) }
}
