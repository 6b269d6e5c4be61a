/// The context of a state change, as SwiftUI's `Transaction`: the animation to use, or none.
public struct Transaction: Hashable, Sendable {
    /// How changed values move; nil jumps.
    public var animation: Animation?
    /// When true, changes jump even if ``animation`` is set (SwiftUI's `disablesAnimations`).
    public var disablesAnimations: Bool
    /// Reduce Motion for this transaction (nil: the animator's default).
    public var reduceMotion: ReduceMotionPolicy?
    /// Values of ``TransactionKey``s set on this transaction, by key type.
    private var values = Values()

    public init(animation: Animation? = nil, disablesAnimations: Bool = false, reduceMotion: ReduceMotionPolicy? = nil) {
        self.animation = animation
        self.disablesAnimations = disablesAnimations
        self.reduceMotion = reduceMotion
    }

    /// The value of `key` in this transaction, or its default (SwiftUI's `TransactionKey`).
    public subscript<K: TransactionKey>(key: K.Type) -> K.Value {
        get { values.storage[ObjectIdentifier(key)].map { $0 as! K.Value } ?? K.defaultValue }
        set { values.storage[ObjectIdentifier(key)] = newValue }
    }

    /// Key values ride along with the transaction; they take no part in its equality (a
    /// transaction is compared by how it animates). `@unchecked Sendable`: a value type whose
    /// entries are values set through `TransactionKey`s (SwiftUI's keys' values are values too).
    private struct Values: Hashable, @unchecked Sendable {
        var storage: [ObjectIdentifier: Any] = [:]
        static func == (a: Values, b: Values) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }
}

/// A value a transaction carries from where a change is made to the views it changes, as
/// SwiftUI's `TransactionKey` (iOS 17): declare a type with a `defaultValue`, then read and write
/// `transaction[MyKey.self]` (or a computed property on ``Transaction``).
public protocol TransactionKey {
    associatedtype Value
    /// The value of a transaction that did not set one.
    static var defaultValue: Value { get }
}

/// When a transaction's completion runs, as SwiftUI's `AnimationCompletionCriteria`.
public enum AnimationCompletionCriteria: Hashable, Sendable {
    /// When its motions read as finished (a spring's perceptual duration); the default.
    case logicallyComplete
    /// When its motions have fully finished and been removed.
    case removed
}
