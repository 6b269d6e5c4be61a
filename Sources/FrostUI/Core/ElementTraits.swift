// SwiftUI's view traits (`_ViewTraitKey`, `ViewTraitCollection`): what a modifier says about a
// view to its container (a tag, a list row's insets, a tab item, a grid cell, a z-index, a
// transition…), kept in a small list keyed by type instead of one `Element` field per feature.
// Each feature declares its key and an `Element` accessor in its own file.

/// A per-view trait: its value type and the value a view has when nothing set it.
protocol ElementTraitKey {
    associatedtype Value
    static var defaultValue: Value { get }
    /// Whether the trait passes out through modifiers around the view (SwiftUI's transition
    /// and grid-cell traits do: `.transition(.scale).padding()` still transitions by scaling).
    static var passesThroughModifiers: Bool { get }
}

extension ElementTraitKey {
    static var passesThroughModifiers: Bool { false }
}

/// The traits set on one view, by key type. Most views carry none or one or two, so a short
/// list searched in order beats a dictionary here.
struct ElementTraits {
    private var entries: [(key: ObjectIdentifier, value: Any, passes: Bool)] = []

    subscript<Key: ElementTraitKey>(_ key: Key.Type) -> Key.Value {
        get {
            let id = ObjectIdentifier(key)
            for entry in entries where entry.key == id {
                // The entry was stored through this subscript under this key: the cast holds.
                return entry.value as! Key.Value
            }
            return Key.defaultValue
        }
        set {
            let id = ObjectIdentifier(key)
            if let i = entries.firstIndex(where: { $0.key == id }) {
                entries[i].value = newValue
            } else {
                entries.append((id, newValue, Key.passesThroughModifiers))
            }
        }
    }

    /// Takes the traits of a wrapped view that pass through modifiers, where this one has no
    /// value of its own for them.
    mutating func adoptPassing(from inner: ElementTraits) {
        for entry in inner.entries where entry.passes && !entries.contains(where: { $0.key == entry.key }) {
            entries.append(entry)
        }
    }

    var isEmpty: Bool { entries.isEmpty }
}
