import FrostGeometry
@_spi(Reflection) import Swift
import FrostScene

// Reproduces SwiftUI's DynamicProperty: the stored properties of a view (or a modifier, or a
// custom dynamic property) that the framework updates before each body evaluation — `@State`,
// `@Binding`, `@Environment`, `@StateObject`, `@ObservedObject`, `@EnvironmentObject`,
// `@Bindable` and user types conforming to `DynamicProperty`, nested to any depth. As
// OpenSwiftUI's DynamicPropertyCache does, each type's layout (which fields, at which byte
// offsets) is found once per type through the runtime's field metadata and cached; binding a
// view value is then a walk over that short list, with no `Mirror` per evaluation.
// Complete for structs; class-typed views (rare in SwiftUI code) are bound through `Mirror`.

/// A stored property of a view that the framework updates before the view's body runs, as
/// SwiftUI's `DynamicProperty`. Conform a struct of your own that holds `@State`,
/// `@Environment` and other dynamic properties to bundle them; ``update()`` runs after they
/// are bound, before each body evaluation.
public protocol DynamicProperty {
    /// Called before the owning view's body runs, after the properties inside this one are bound.
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// What binding a view's properties needs: where state lives and what the environment holds.
struct PropertyBinder {
    unowned let host: HostCore
    let identity: SceneIdentity
    let environment: EnvironmentValues
    /// The flattened index of the field being bound (state is stored per identity and field).
    var field = 0
    /// Set by a property that cannot be bound (an environment object nobody provided).
    var failure: ViewHostError?
}

/// The built-in dynamic properties: each binds itself to the host (its storage lives in a
/// reference it holds, so binding needs no write into the view value).
protocol HostBoundProperty: DynamicProperty {
    func bind(_ binder: inout PropertyBinder)
}

extension HostBoundProperty {
    static func bindField(_ pointer: UnsafeMutableRawPointer, _ binder: inout PropertyBinder) {
        pointer.assumingMemoryBound(to: Self.self).pointee.bind(&binder)
    }
}

extension DynamicProperty {
    static func updateField(_ pointer: UnsafeMutableRawPointer) {
        pointer.assumingMemoryBound(to: Self.self).pointee.update()
    }
}

/// The dynamic properties of one type, by byte offset, in declaration order.
/// `@unchecked Sendable`: immutable once computed; it holds only offsets and metatypes (which
/// the compiler cannot prove Sendable through the existential `any … .Type`).
struct DynamicLayout: @unchecked Sendable {
    enum Field {
        case bound(any HostBoundProperty.Type)
        /// A user's `DynamicProperty`: its own fields, then its `update()`.
        case custom(any DynamicProperty.Type, DynamicLayout)
    }
    var fields: [(offset: Int, field: Field)] = []
    /// False when the runtime could not describe the type (a class): bind through `Mirror`.
    var described = true
    var isEmpty: Bool { described && fields.isEmpty }

    /// The layout of `type`, found once and cached.
    static func of(_ type: Any.Type) -> DynamicLayout { cache.layout(of: type) }

    /// Two threads may compute one type's layout at once; both results are equal.
    private static let cache = Cache()
    private struct Cache: Sendable {
        private let layouts = Locked<[ObjectIdentifier: DynamicLayout]>([:])
        func layout(of type: Any.Type) -> DynamicLayout {
            let id = ObjectIdentifier(type)
            if let l = layouts.withLock({ $0[id] }) { return l }
            let l = DynamicLayout.compute(type)
            layouts.withLock { $0[id] = l }
            return l
        }
    }

    private static func compute(_ type: Any.Type) -> DynamicLayout {
        var layout = DynamicLayout()
        layout.described = _forEachField(of: type, options: []) { _, offset, fieldType, _ in
            if let bound = fieldType as? any HostBoundProperty.Type {
                layout.fields.append((offset, .bound(bound)))
            } else if let custom = fieldType as? any DynamicProperty.Type {
                layout.fields.append((offset, .custom(custom, DynamicLayout.of(custom))))
            }
            return true
        }
        if !layout.described { layout.fields = [] }
        return layout
    }

    /// Binds every dynamic property in the value at `base` (inner properties before their
    /// container's `update()`).
    func bind(_ base: UnsafeMutableRawPointer, _ binder: inout PropertyBinder) {
        for (offset, field) in fields {
            switch field {
            case .bound(let type):
                type.bindField(base + offset, &binder)
                binder.field += 1
            case let .custom(type, inner):
                inner.bind(base + offset, &binder)
                type.updateField(base + offset)
            }
        }
    }
}

extension HostCore {
    /// Binds the dynamic properties of `value` (a view or modifier) at `identity`; false when
    /// one cannot be bound (the host reports why after the resolution).
    func bindProperties<V>(of value: inout V, at identity: SceneIdentity, environment: EnvironmentValues) -> Bool {
        let layout = DynamicLayout.of(V.self)
        if layout.isEmpty { return true }
        var binder = PropertyBinder(host: self, identity: identity, environment: environment)
        if layout.described {
            withUnsafeMutableBytes(of: &value) { layout.bind($0.baseAddress!, &binder) }
        } else {
            // Types the runtime does not describe field by field: reflection, slower.
            for child in Mirror(reflecting: value).children {
                guard let property = child.value as? HostBoundProperty else { continue }
                property.bind(&binder)
                binder.field += 1
            }
        }
        if let failure = binder.failure {
            pass.bindingFailure = pass.bindingFailure ?? failure
            return false
        }
        return true
    }
}
