import FrostScene

// Reproduces SwiftUI's View protocol, ViewBuilder (blocks through parameter packs, if/else,
// switch, optionals, availability), TupleView, _ConditionalContent, EmptyView, AnyView and
// Group, with structural identity for each.

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

/// Builds view hierarchies from closures, as SwiftUI's `@ViewBuilder`.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView(packing: repeat each content)
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent(storage: .trueContent(first)) }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent(storage: .falseContent(second)) }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views from one builder block.
public struct TupleView<T>: View, PrimitiveView {
    public var value: T
    /// The members, collected once from the builder's parameter pack (nil when made from a
    /// plain tuple with ``init(_:)``: then they are read through reflection).
    let members: [Any]?
    public init(_ value: T) { self.value = value; members = nil }
    init<each V: View>(packing content: repeat each V) where T == (repeat each V) {
        value = (repeat each content)
        var all: [Any] = []
        for member in repeat each content { all.append(member) }
        members = all
    }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        // Each member is resolved at its position in the block (structural identity).
        let all = members ?? Mirror(reflecting: value).children.map(\.value)
        return all.enumerated().flatMap { index, member in resolveView(member, context.child(.index(index))) }
    }
}

/// The two branches of an `if`/`else` (or `switch`): distinct identities.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }
    let storage: Storage
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        switch storage {
        case .trueContent(let v): return resolveView(v, context.child(.branch(0)))
        case .falseContent(let v): return resolveView(v, context.child(.branch(1)))
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { preconditionFailure("Optional is a primitive view") }
}

extension Optional: PrimitiveView where Wrapped: View {
    func resolve(_ context: ResolveContext) -> [Element] {
        switch self {
        case .some(let v): return resolveView(v, context.child(.branch(0)))
        case .none: return []
        }
    }
}

/// Nothing.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { [] }
}

/// A type-erased view.
public struct AnyView: View, PrimitiveView {
    let view: Any
    public init<V: View>(_ view: V) { self.view = view }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { resolveView(view, context.child(.type(.init(type(of: view))))) }
}

/// A transparent container: it does not affect layout, and its modifiers apply to each member.
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { resolveView(content, context) }
}
