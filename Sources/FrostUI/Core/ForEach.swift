import FrostGeometry
import FrostLayout
import FrostScene
import FrostRaster

// Reproduces SwiftUI's ForEach (one view per element, identified by its id: state follows the
// data when it reorders) and `.id(_:)` explicit identity. Complete for RandomAccessCollection data.

/// One view per element of a collection, identified by `id` (or the element itself when it is
/// `Identifiable`), as SwiftUI's `ForEach`: each element's view has the identity of its id, so
/// state follows the data when it reorders.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    public let data: Data
    let id: (Data.Element) -> ID
    let content: (Data.Element) -> Content
    /// `onDelete`: rows swipe to a Delete button (SwipeActions.swift).
    var deleteAction: ((IndexSet) -> Void)?

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.id = { $0[keyPath: id] }; self.content = content
    }
    public typealias Body = Never

    func resolve(_ context: ResolveContext) -> [Element] {
        zip(data.indices, data).flatMap { index, element in
            ForEach.tagged(resolveRow(element, at: index, context.child(.element(.init(id(element))))), id(element))
        }
    }

    /// A row resolved: with `onDelete`, as one that swipes to Delete.
    func resolveRow(_ element: Data.Element, at index: Data.Index, _ context: ResolveContext) -> [Element] {
        guard let deleteAction else { return resolveView(content(element), context) }
        let offset = data.distance(from: data.startIndex, to: index)
        return resolveView(_SwipeRow(content: content(element), actions: nil, delete: { deleteAction(IndexSet(integer: offset)) }), context)
    }

    /// Each element of one item marked with the item's id: a picker (or tab view) whose options
    /// come from a `ForEach` without `.tag` uses it as the tag, as SwiftUI does.
    static func tagged(_ elements: [Element], _ id: ID) -> [Element] {
        for e in elements where e.implicitTag == nil { e.implicitTag = AnyHashable(id) }
        return elements
    }
}

/// Rows a list can resolve a window of (a ForEach): how many, and the views of some of them.
protocol _LazyRows {
    var rowCount: Int { get }
    func resolveRows(_ range: Range<Int>, _ context: ResolveContext) -> [Element]
}

extension ForEach: _LazyRows {
    var rowCount: Int { data.count }
    func resolveRows(_ range: Range<Int>, _ context: ResolveContext) -> [Element] {
        let lower = data.index(data.startIndex, offsetBy: range.lowerBound), upper = data.index(data.startIndex, offsetBy: range.upperBound)
        return zip(data[lower..<upper].indices, data[lower..<upper]).flatMap { index, element in
            ForEach.tagged(resolveRow(element, at: index, context.child(.element(.init(id(element))))), id(element))
        }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A constant range: the offsets are the identities.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension View {
    /// Gives the view an explicit identity: when `id` changes the view is a new one (its state
    /// starts over), as SwiftUI's `id(_:)`.
    public func id<ID: Hashable>(_ id: ID) -> some View { _IdentifiedView(content: self, id: id) }
}

struct _IdentifiedView<Content: View, ID: Hashable>: View, PrimitiveView {
    let content: Content, id: ID
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { resolveView(content, context.child(.explicit(.init(id)))) }
}
