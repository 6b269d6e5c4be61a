import FrostScene

// Reproduces SwiftUI's ViewBuilder (blocks through parameter packs, if/else, switch, optionals,
// availability) and the views it builds: TupleView, _ConditionalContent and Optional, each member
// with its structural identity.

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
