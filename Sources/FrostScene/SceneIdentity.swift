import FrostGeometry
import Foundation

/// Where an item came from: the structural identity of its view, as SwiftUI's view identity —
/// a chain of typed components from the root (position in a builder block, `if`/`else` branch,
/// `ForEach` id, explicit `.id`, the view type whose body it is, a modifier's role), so the same
/// view keeps one identity across updates and two different views never share one.
///
/// Identities are hashed once, when made (each one's hash combines its parent's hash and its
/// last component), and compared component by component, never printed and parsed: ids that
/// print alike (`"a/b"` and `"a"`, `"b"`; `1` and `"1"`) stay distinct. ``description`` is for
/// people (`#root/ContentCard/0/id:7/padding`).
public struct SceneIdentity: Hashable, Sendable, CustomStringConvertible {
    /// One step of an identity.
    public enum Component: Hashable, Sendable, CustomStringConvertible {
        /// The n-th member of a builder block (0-based).
        case index(Int)
        /// A branch of a conditional: 0 for `if` (and an `Optional`'s value), 1 for `else`;
        /// `switch` cases count on.
        case branch(Int)
        /// A `ForEach` element's id.
        case element(ID)
        /// An explicit `.id(_:)`.
        case explicit(ID)
        /// The body of a view (or modifier) type.
        case type(TypeName)
        /// A fixed role inside a primitive: "content", "padding", "overlay"…
        case role(String)

        public var description: String {
            switch self {
            case .index(let i): return "\(i)"
            case .branch(let b): return b == 0 ? "if" : b == 1 ? "else" : "case\(b)"
            case .element(let id): return "id:\(id)"
            case .explicit(let id): return "id:\(id)"
            case .type(let t): return t.name
            case .role(let r): return r
            }
        }
    }

    /// A hashable id of any type (`ForEach` ids, `.id(_:)` values), compared by type and value.
    /// Ids are values: an id must not change after it is given (as in SwiftUI).
    /// `@unchecked Sendable` rests on that: `AnyHashable` is not marked `Sendable`, but an id
    /// is read (hashed, compared, printed), never mutated through.
    public struct ID: Hashable, @unchecked Sendable, CustomStringConvertible {
        public let value: AnyHashable
        public init<H: Hashable>(_ value: H) { self.value = AnyHashable(value) }
        public var description: String { "\(value.base)" }
    }

    /// A type, compared by identity; its name is kept for people.
    public struct TypeName: Hashable, Sendable, CustomStringConvertible {
        let id: ObjectIdentifier
        public let name: String
        public init(_ type: Any.Type) {
            id = ObjectIdentifier(type)
            name = TypeName.names.name(of: type, id)
        }
        public static func == (a: TypeName, b: TypeName) -> Bool { a.id == b.id }
        public func hash(into hasher: inout Hasher) { hasher.combine(id) }
        public var description: String { name }

        /// `String(describing:)` of each type, made once (it allocates, and bodies run often).
        private struct Names: Sendable {
            private let names = Locked<[ObjectIdentifier: String]>([:])
            func name(of type: Any.Type, _ id: ObjectIdentifier) -> String {
                names.withLock { names in
                    if let n = names[id] { return n }
                    let n = String(describing: type)
                    names[id] = n
                    return n
                }
            }
        }
        private static let names = Names()
    }

    final class Node: Sendable {
        let parent: Node?
        let component: Component
        let depth: Int
        let hash: Int
        init(_ parent: Node?, _ component: Component) {
            self.parent = parent; self.component = component
            depth = (parent?.depth ?? 0) + 1
            var h = Hasher()
            h.combine(parent?.hash ?? 0)
            h.combine(component)
            hash = h.finalize()
        }
    }

    let node: Node
    init(_ node: Node) { self.node = node }

    /// The root of every host's tree.
    public static let root = SceneIdentity(Node(nil, .role("root")))

    /// A child's identity: this one plus `component` (inside an ``IdentityInterner`` pass, the
    /// same object as the last pass made for it, so comparing it is one pointer comparison).
    public func appending(_ component: Component) -> SceneIdentity {
        if let interner = IdentityInterner.active { return SceneIdentity(interner.node(node, component)) }
        return SceneIdentity(Node(node, component))
    }
    /// A child's identity in the role `role` (a modifier's wrapper, a container's part).
    public func appending(_ role: String) -> SceneIdentity { appending(.role(role)) }

    /// Components from the root (the root's own first).
    public var components: [Component] {
        var out: [Component] = [], n: Node? = node
        while let m = n { out.append(m.component); n = m.parent }
        return out.reversed()
    }
    /// Number of components (the root is 1).
    public var depth: Int { node.depth }
    /// The identity one component up; nil for a root.
    public var parent: SceneIdentity? { node.parent.map(SceneIdentity.init) }
    /// The last component.
    public var last: Component { node.component }

    /// Whether `ancestor` is this identity or one of its ancestors.
    public func isDescendant(ofOrEqualTo ancestor: SceneIdentity) -> Bool {
        var n: Node? = node
        while let m = n, m.depth >= ancestor.node.depth {
            if m.depth == ancestor.node.depth { return SceneIdentity(m) == ancestor }
            n = m.parent
        }
        return false
    }

    /// The ids (`ForEach` element ids and explicit `.id`s) on the way from `ancestor` to this
    /// identity, nearest `ancestor` first; empty when there are none (or `ancestor` is not an
    /// ancestor).
    public func ids(below ancestor: SceneIdentity) -> [ID] {
        var found: [ID] = []
        var n: Node? = node
        while let m = n, m.depth > ancestor.node.depth {
            switch m.component {
            case .element(let id), .explicit(let id): found.append(id)
            default: break
            }
            n = m.parent
        }
        guard let top = n, SceneIdentity(top) == ancestor else { return [] }
        return found.reversed()
    }

    public static func == (a: SceneIdentity, b: SceneIdentity) -> Bool {
        var x: Node? = a.node, y: Node? = b.node
        while let p = x, let q = y {
            if p === q { return true }
            if p.hash != q.hash || p.depth != q.depth || p.component != q.component { return false }
            x = p.parent; y = q.parent
        }
        return x == nil && y == nil
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(node.hash) }

    public var description: String { "#" + components.map(\.description).joined(separator: "/") }
}

/// Makes the identities of one resolution pass the same objects as the last pass's, so that
/// identities equal across passes (every view that stays) compare by pointer instead of
/// component by component up to the root. Each host has one; a pass keeps only what it used,
/// so identities of views that went are let go. Confined to the thread running the pass.
public final class IdentityInterner: @unchecked Sendable {
    private struct Key: Hashable {
        let parent: ObjectIdentifier
        let component: SceneIdentity.Component
    }
    private var previous: [Key: SceneIdentity.Node] = [:]
    private var current: [Key: SceneIdentity.Node] = [:]
    public init() {}

    @TaskLocal static var active: IdentityInterner?

    func node(_ parent: SceneIdentity.Node, _ component: SceneIdentity.Component) -> SceneIdentity.Node {
        // The parent is kept alive by the nodes below it, so its address names it for as long
        // as the tables hold those nodes.
        let key = Key(parent: ObjectIdentifier(parent), component: component)
        if let n = current[key] { return n }
        let n = previous[key].flatMap { $0.parent === parent ? $0 : nil } ?? SceneIdentity.Node(parent, component)
        current[key] = n
        return n
    }

    /// Runs `body` as one pass: identities made in it are interned.
    public func pass<R>(_ body: () throws -> R) rethrows -> R {
        defer {
            previous = current
            current = [:]
        }
        return try IdentityInterner.$active.withValue(self) { try body() }
    }
}
