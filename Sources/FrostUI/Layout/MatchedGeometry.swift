import FrostGeometry
import FrostLayout
import FrostScene

// Reproduces SwiftUI's `@Namespace` and `matchedGeometryEffect(id:in:properties:anchor:isSource:)`:
// - while views with one id are on screen together, each non-source view is laid out in the
//   source's frame (proposed its size, placed at its position; `.position` or `.size` alone
//   take only that), so when the source moves in an animated commit the others follow it;
// - when a view with an id goes and another with the same id comes in one animated commit, the
//   new one starts at the old one's presented frame and the old one moves to the new frame,
//   while their transitions (a cross-fade by default) run — the "hero" move.
// Complete for those two; `geometryGroup()` is in this file too (a view whose children animate
// in its own space: the engine already animates children relative to their parent).

/// A namespace for matched geometry, as SwiftUI's `@Namespace`: stable for its view's identity.
@propertyWrapper
public struct Namespace: DynamicProperty, HostBoundProperty, @unchecked Sendable {
    /// A namespace's identity.
    public struct ID: Hashable, Sendable {
        let value: Int
    }
    /// The id, set when the view's properties are bound; a view value never bound (a view made
    /// outside a host) keeps the one it was made with.
    final class Location { var id: ID; init(_ id: ID) { self.id = id } }
    private static let counter = Locked(0)
    static func next() -> ID {
        ID(
            value: counter.withLock {
                $0 += 1; return $0
            })
    }
    let location: Location
    public init() { location = Location(Namespace.next()) }
    public var wrappedValue: ID { location.id }

    func bind(_ binder: inout PropertyBinder) {
        location.id = binder.host.stateBox(StateKey(identity: binder.identity, field: binder.field), initial: location.id).value
    }
}

/// Which geometry a matched view takes, as SwiftUI's `MatchedGeometryProperties`.
public struct MatchedGeometryProperties: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let position = MatchedGeometryProperties(rawValue: 1)
    public static let size = MatchedGeometryProperties(rawValue: 2)
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

/// One matched view's declaration.
struct MatchedGeometry {
    struct Key: Hashable {
        let namespace: Namespace.ID
        let id: AnyHashable
    }
    let key: Key
    let properties: MatchedGeometryProperties
    let anchor: UnitPoint
    let isSource: Bool

    /// `own` moved onto `other` for this view's properties: both (`.frame`), the anchor point
    /// only (`.position`, own size) or the size only (`.size`, own origin).
    func adopt(_ other: Rect, own: Rect) -> Rect {
        let size = properties.contains(.size) ? other.size : own.size
        guard properties.contains(.position) else { return Rect(origin: own.origin, size: size) }
        let ax = other.minX + other.width * anchor.x, ay = other.minY + other.height * anchor.y
        return Rect(x: ax - size.width * anchor.x, y: ay - size.height * anchor.y, width: size.width, height: size.height)
    }
}

enum MatchedGeometryTrait: ElementTraitKey {
    static var defaultValue: MatchedGeometry? { nil }
}

extension Element {
    var matchedGeometry: MatchedGeometry? {
        get { traits[MatchedGeometryTrait.self] }
        set { traits[MatchedGeometryTrait.self] = newValue }
    }
}

/// `matchedGeometryEffect`: marks the view and registers it for this pass's matching.
public struct _MatchedGeometryModifier: PrimitiveViewModifier {
    let match: MatchedGeometry
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        wrapEach(content) { e in
            let w = passthrough(e, e.identity.appending("matched"))
            w.matchedGeometry = match
            context.host.pass.matched.append(w)
            return w
        }
    }
}

extension HostCore {
    /// After layout: every non-source view of an id that has a source on screen is laid out in
    /// the source's frame (first source in tree order, as SwiftUI leaves several undefined).
    func applyMatchedGeometry(scale: Double) {
        guard !pass.matched.isEmpty else { return }
        var sources: [MatchedGeometry.Key: Rect] = [:]
        for e in pass.matched {
            if let m = e.matchedGeometry, m.isSource, sources[m.key] == nil { sources[m.key] = e.node.frame }
        }
        for e in pass.matched {
            guard let m = e.matchedGeometry, !m.isSource, let source = sources[m.key] else { continue }
            let target = m.adopt(source, own: e.node.frame)
            e.node.place(in: target, proposal: ProposedSize(target.size), scale: scale)
        }
    }
}

extension View {
    /// Matches this view's geometry with the other views of `id` in `namespace`: a non-source
    /// view takes the source's frame while both are shown, and a view replacing another of the
    /// same id in an animated change moves from where the other was.
    /// - Parameters:
    ///   - id: the identifier shared by the matched views.
    ///   - namespace: the `@Namespace` the id belongs to.
    ///   - properties: what is matched: position, size or both (the frame).
    ///   - anchor: the point of the frame matched positions align (unit coordinates).
    ///   - isSource: whether this view gives its geometry (true) or takes it.
    public func matchedGeometryEffect<ID: Hashable>(
        id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame, anchor: UnitPoint = .center, isSource: Bool = true
    ) -> ModifiedContent<Self, _MatchedGeometryModifier> {
        modifier(
            _MatchedGeometryModifier(
                match: MatchedGeometry(key: .init(namespace: namespace, id: AnyHashable(id)), properties: properties, anchor: anchor, isSource: isSource)))
    }

    /// Makes this view's children animate in its own coordinate space, as SwiftUI's
    /// `geometryGroup()` (FrostUI animates every child's frame relative to its parent already,
    /// so this isolates nothing further).
    public func geometryGroup() -> some View { self }
}
