// Reproduces SwiftUI's programmatic navigation: `NavigationPath` (a type-erased list of
// hashable values), `NavigationStack(path:)` over a `NavigationPath` or any collection of
// hashable values (pushing a value link appends to it, a pop removes the last; setting it pushes
// or pops, animated as links are), and `navigationDestination(isPresented:)` and
// `navigationDestination(item:)`, which push their view on top of the screen that declares them
// while the binding holds (a pop sets it false, or nil). Views pushed by destination links
// (`NavigationLink { … }`) sit above the path and are not part of it, as in SwiftUI. Not
// reproduced: `NavigationPath.codable` (always nil: values are not Codable-checked here).

/// A list of hashable values a navigation stack shows, one screen each, as SwiftUI's `NavigationPath`.
public struct NavigationPath: Equatable {
    var elements: [AnyHashable]

    /// An empty path.
    public init() { elements = [] }
    /// A path of `elements`, the first at the bottom of the stack.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable { self.elements = elements.map { AnyHashable($0) } }

    /// How many values the path holds.
    public var count: Int { elements.count }
    /// Whether the path is empty (the stack shows its root).
    public var isEmpty: Bool { elements.isEmpty }
    /// A Codable form of the path; nil here (values are not checked for `Codable`).
    public var codable: CodableRepresentation? { nil }

    /// Pushes `value`.
    public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }
    /// Pops `k` values (all there are, at most).
    public mutating func removeLast(_ k: Int = 1) { elements.removeLast(min(max(0, k), elements.count)) }

    /// A path's Codable form, as SwiftUI's `NavigationPath.CodableRepresentation` (never made here).
    public struct CodableRepresentation: Codable, Equatable {}
    /// A path from its Codable form: empty here.
    public init(_ codable: CodableRepresentation) { elements = [] }
}

/// How a stack reads and writes the path it was given.
struct NavigationPathAccess {
    let get: () -> [AnyHashable]
    let set: ([AnyHashable]) -> Void
}

extension NavigationStack {
    /// A stack whose pushed values are `path` (value links append to it; setting it navigates).
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {
        self.init(root: root(), path: NavigationPathAccess(get: { path.wrappedValue.elements }, set: { path.wrappedValue = NavigationPath(elements: $0) }))
    }

    /// A stack whose pushed values are the elements of `path`, a collection of one type.
    public init<Data>(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
        self.init(
            root: root(),
            path: NavigationPathAccess(
                get: { path.wrappedValue.map { AnyHashable($0) } },
                set: { path.wrappedValue = Data($0.compactMap { $0.base as? Data.Element }) }))
    }
}

extension NavigationPath {
    init(elements: [AnyHashable]) { self.elements = elements }
}

/// A destination pushed while a binding holds (`navigationDestination(isPresented:)`).
struct PresentedDestination {
    let view: AnyView
    let dismiss: () -> Void
}

struct PresentedDestinationKey: PreferenceKey {
    static var defaultValue: [PresentedDestination] { [] }
    static func reduce(value: inout [PresentedDestination], nextValue: () -> [PresentedDestination]) { value += nextValue() }
}

extension View {
    /// Pushes `destination` on top of this view's screen while `isPresented` is true; popping
    /// it sets `isPresented` to false.
    /// - Parameters:
    ///   - isPresented: whether the destination shows.
    ///   - destination: the view pushed.
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> ModifiedContent<Self, _PreferenceModifier> {
        let shown = isPresented.wrappedValue ? PresentedDestination(view: AnyView(destination()), dismiss: { isPresented.wrappedValue = false }) : nil
        return transformPreference(PresentedDestinationKey.self) { if let shown { $0.append(shown) } }
    }

    /// Pushes `destination(item)` on top of this view's screen while `item` is not nil; popping
    /// it sets `item` to nil.
    /// - Parameters:
    ///   - item: the value the destination shows, or nil.
    ///   - destination: the view pushed for the value.
    public func navigationDestination<D: Hashable, C: View>(
        item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
    ) -> ModifiedContent<Self, _PreferenceModifier> {
        let shown = item.wrappedValue.map { PresentedDestination(view: AnyView(destination($0)), dismiss: { item.wrappedValue = nil }) }
        return transformPreference(PresentedDestinationKey.self) { if let shown { $0.append(shown) } }
    }
}
