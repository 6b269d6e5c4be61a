import FrostScene

// Reproduces SwiftUI's View protocol (complete): a value whose body describes its content;
// FrostUI's built-in views are primitives that resolve without a body. The builder and the views
// it makes are in ViewBuilder.swift; EmptyView, AnyView and Group have their own files.

/// A piece of user interface, as SwiftUI's `View`: a value whose `body` describes its content.
/// Built-in views (text, shapes, stacks, modifiers) have no body of their own (`Body == Never`);
/// they resolve straight into layout nodes and display items.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { preconditionFailure("Never has no body") }
}

/// The views Frost resolves itself (everything with `Body == Never`).
protocol PrimitiveView {
    func resolve(_ context: ResolveContext) -> [Element]
}

extension PrimitiveView {
    public var body: Never { preconditionFailure("\(Self.self) is a primitive view: it has no body") }
}
