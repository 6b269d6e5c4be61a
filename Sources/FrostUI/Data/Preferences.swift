import FrostGeometry
import FrostLayout
import FrostScene

// Reproduces SwiftUI's preferences: values views pass up to their ancestors, keyed by a
// `PreferenceKey` type — `preference(key:value:)` (sets the value for the view's subtree,
// hiding what its content set), `transformPreference`, `anchorPreference` (geometry as an
// `Anchor`, resolved in a `GeometryProxy`), `onPreferenceChange` and `overlayPreferenceValue`/
// `backgroundPreferenceValue`. Siblings combine with the key's `reduce`, in view order; a
// subtree that sets nothing contributes nothing (the default is what an ancestor reads when no
// view set a value). Values are read after layout, so a GeometryReader's preferences reach
// `onPreferenceChange` in the same pass; a change that makes itself change again stops with
// ``ViewHostError/updateLoop(_:)``.

/// A value views pass to their ancestors, as SwiftUI's `PreferenceKey`.
public protocol PreferenceKey {
    associatedtype Value
    /// The value an ancestor reads where no view set one.
    static var defaultValue: Value { get }
    /// Combines `value` (the views so far) with the next sibling's value.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

/// One edit of a preference on an element, applied after its children's values are combined.
struct PreferenceOp {
    let key: ObjectIdentifier
    /// Takes the combined value so far (nil when nothing below set one) and returns the new one.
    let apply: (Any?) -> Any
}

extension Element {
    /// The value of `K` this element's subtree passes up (nil when nothing in it sets one).
    func preference<K: PreferenceKey>(_ key: K.Type) -> K.Value? {
        var value: K.Value? = nil
        for child in children where !child.isGhost {
            guard let next = child.preference(key) else { continue }
            if value == nil { value = next } else { K.reduce(value: &value!, nextValue: { next }) }
        }
        let id = ObjectIdentifier(key)
        for op in preferenceOps where op.key == id { value = op.apply(value) as? K.Value }
        return value
    }
}

/// The combined value of `K` from `elements`, or its default.
func preferenceValue<K: PreferenceKey>(_ key: K.Type, of elements: [Element]) -> K.Value {
    var value: K.Value? = nil
    for e in elements where !e.isGhost {
        guard let next = e.preference(key) else { continue }
        if value == nil { value = next } else { K.reduce(value: &value!, nextValue: { next }) }
    }
    return value ?? K.defaultValue
}

public struct _PreferenceModifier: PrimitiveViewModifier {
    let op: (Element) -> PreferenceOp
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        for e in content { e.preferenceOps.append(op(e)) }
        return content
    }
}

public struct _OnPreferenceChangeModifier<K: PreferenceKey>: PrimitiveViewModifier where K.Value: Equatable {
    let action: (K.Value) -> Void
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let host = context.host, identity = context.identity, action = self.action
        // Read once the tree is laid out (GeometryReaders have made their content by then).
        host.pass.afterLayout.append {
            host.noteChange(identity.appending("preference"), preferenceValue(K.self, of: content), initial: true) { _, new in action(new) }
        }
        return content
    }
}

/// A view over (or under) its content built from a preference of the content, read once the
/// content is laid out.
public struct _PreferenceDecorationModifier<K: PreferenceKey, V: View>: PrimitiveViewModifier {
    let isOverlay: Bool
    let alignment: Alignment
    let make: (K.Value) -> V
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let id = context.identity.appending(isOverlay ? "preferenceOverlay" : "preferenceBackground")
        var c = context
        c.identity = id
        let make = self.make
        let deferred = DeferredContent(c) { _, inner in resolveView(make(preferenceValue(K.self, of: content)), inner) }
        let extraNode = LayoutNode(.deferred(deferred), name: "preferenceValue")
        let extra = Element(id.appending("value"), node: extraNode)
        deferred.element = extra
        let primary =
            content.count == 1
            ? content[0]
            : Element(
                id.appending("content"),
                node: LayoutNode(.zstack(alignment: .center), children: content.map(\.node)), children: content)
        let node = LayoutNode(.decorated(alignment: alignment.layout), name: isOverlay ? "overlay" : "background", children: [primary.node, extraNode])
        return [Element(id, node: node, children: isOverlay ? [primary, extra] : [extra, primary])]
    }
}

/// A geometry value taken from the view that sets it and resolved in a ``GeometryProxy``, as
/// SwiftUI's `Anchor`.
public struct Anchor<Value> {
    let node: LayoutNode
    let source: Source

    /// What part of the view's frame an anchor holds, as SwiftUI's `Anchor.Source`.
    public struct Source {
        let value: (Rect) -> Value
        init(_ value: @escaping (Rect) -> Value) { self.value = value }
    }

    /// The value with the view's frame moved by `offset` (into a proxy's local space).
    func resolve(offset: Point) -> Value { source.value(node.frame.offsetBy(dx: offset.x, dy: offset.y)) }
}

extension Anchor.Source where Value == CGRect {
    /// The view's bounds.
    public static var bounds: Anchor<CGRect>.Source { .init { CGRect(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) } }
    /// `rect` in the view's local space.
    public static func rect(_ rect: CGRect) -> Anchor<CGRect>.Source {
        .init { CGRect(x: $0.minX + rect.minX, y: $0.minY + rect.minY, width: rect.width, height: rect.height) }
    }
}

extension Anchor.Source where Value == CGPoint {
    /// A unit point of the view's bounds.
    public static func unitPoint(_ p: UnitPoint) -> Anchor<CGPoint>.Source {
        .init { CGPoint(x: $0.minX + Double(p.x) * $0.width, y: $0.minY + Double(p.y) * $0.height) }
    }
    /// `point` in the view's local space.
    public static func point(_ point: CGPoint) -> Anchor<CGPoint>.Source { .init { CGPoint(x: $0.minX + point.x, y: $0.minY + point.y) } }
    public static var center: Anchor<CGPoint>.Source { unitPoint(.center) }
    public static var top: Anchor<CGPoint>.Source { unitPoint(.top) }
    public static var bottom: Anchor<CGPoint>.Source { unitPoint(.bottom) }
    public static var leading: Anchor<CGPoint>.Source { unitPoint(.leading) }
    public static var trailing: Anchor<CGPoint>.Source { unitPoint(.trailing) }
    public static var topLeading: Anchor<CGPoint>.Source { unitPoint(.topLeading) }
    public static var topTrailing: Anchor<CGPoint>.Source { unitPoint(.topTrailing) }
    public static var bottomLeading: Anchor<CGPoint>.Source { unitPoint(.bottomLeading) }
    public static var bottomTrailing: Anchor<CGPoint>.Source { unitPoint(.bottomTrailing) }
}

extension View {
    /// Sets `K`'s value for this view's subtree (hiding what its content set).
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> ModifiedContent<Self, _PreferenceModifier> {
        modifier(_PreferenceModifier { _ in PreferenceOp(key: ObjectIdentifier(K.self)) { _ in value } })
    }

    /// Edits `K`'s value coming up from this view's content (the default when it set none).
    public func transformPreference<K: PreferenceKey>(
        _ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void
    ) -> ModifiedContent<Self, _PreferenceModifier> {
        modifier(
            _PreferenceModifier { _ in
                PreferenceOp(key: ObjectIdentifier(K.self)) { old in
                    var v = (old as? K.Value) ?? K.defaultValue
                    callback(&v)
                    return v
                }
            })
    }

    /// Sets `K` from an anchor of this view's geometry (`.bounds`, `.center`…).
    public func anchorPreference<A, K: PreferenceKey>(
        key: K.Type = K.self, value: Anchor<A>.Source,
        transform: @escaping (Anchor<A>) -> K.Value
    ) -> ModifiedContent<Self, _PreferenceModifier> {
        modifier(
            _PreferenceModifier { e in
                let anchor = Anchor(node: e.node, source: value)
                return PreferenceOp(key: ObjectIdentifier(K.self)) { _ in transform(anchor) }
            })
    }

    /// Edits `K` with an anchor of this view's geometry.
    public func transformAnchorPreference<A, K: PreferenceKey>(
        key: K.Type = K.self, value: Anchor<A>.Source,
        transform: @escaping (inout K.Value, Anchor<A>) -> Void
    ) -> ModifiedContent<Self, _PreferenceModifier> {
        modifier(
            _PreferenceModifier { e in
                let anchor = Anchor(node: e.node, source: value)
                return PreferenceOp(key: ObjectIdentifier(K.self)) { old in
                    var v = (old as? K.Value) ?? K.defaultValue
                    transform(&v, anchor)
                    return v
                }
            })
    }

    /// Runs `action` with `K`'s value from this view's subtree when it changes (and first, once
    /// the view appears), after the commit.
    public func onPreferenceChange<K: PreferenceKey>(
        _ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void
    ) -> ModifiedContent<Self, _OnPreferenceChangeModifier<K>> where K.Value: Equatable {
        modifier(_OnPreferenceChangeModifier(action: action))
    }

    /// Draws the view `transform` makes from `K`'s value of this view's subtree over it.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(
        _ key: K.Type, alignment: Alignment = .center,
        @ViewBuilder _ transform: @escaping (K.Value) -> V
    ) -> ModifiedContent<Self, _PreferenceDecorationModifier<K, V>> {
        modifier(_PreferenceDecorationModifier(isOverlay: true, alignment: alignment, make: transform))
    }

    /// Draws the view `transform` makes from `K`'s value of this view's subtree under it.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(
        _ key: K.Type, alignment: Alignment = .center,
        @ViewBuilder _ transform: @escaping (K.Value) -> V
    ) -> ModifiedContent<Self, _PreferenceDecorationModifier<K, V>> {
        modifier(_PreferenceDecorationModifier(isOverlay: false, alignment: alignment, make: transform))
    }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum PreferenceOpsTrait: ElementTraitKey {
    static var defaultValue: [PreferenceOp] { [] }
}

extension Element {
    /// Preference edits (`preference`, `transformPreference`, `anchorPreference`), in the order applied.
    var preferenceOps: [PreferenceOp] {
        get { traits[PreferenceOpsTrait.self] }
        set { traits[PreferenceOpsTrait.self] = newValue }
    }
}
