import FrostScene

// Reproduces SwiftUI's AnyView (complete): the wrapped view's type becomes part of its identity,
// so changing the type replaces the view, as SwiftUI's does.

/// A type-erased view.
public struct AnyView: View, PrimitiveView {
    let view: Any
    public init<V: View>(_ view: V) { self.view = view }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { resolveView(view, context.child(.type(.init(type(of: view))))) }
}
