import FrostScene
import FrostMotion

// SwiftUI's `withAnimation`, `withTransaction`, `.animation(_:value:)` and `.transaction { }`.
// Each state change commits with the transaction it happened in: changes made before a nested
// `withAnimation` commit with the outer transaction, those inside with its own, so the three
// stacked `withAnimation` calls of the user's ContentCard each animate what they changed.

/// The transaction state changes happen in (innermost `withTransaction` last), and the hosts
/// with uncommitted changes. Per thread: hosts on different threads (parallel tests, a server
/// rendering several views) never see each other's transactions.
final class TransactionContext {
    var stack: [Transaction] = []
    /// Weak: a thread that changed a model and never flushes must not keep its host alive.
    var dirtyHosts: [WeakHost] = []

    static var local: TransactionContext {
        let key = "FrostUI.TransactionContext"
        if let c = Thread.current.threadDictionary[key] as? TransactionContext { return c }
        let c = TransactionContext()
        Thread.current.threadDictionary[key] = c
        return c
    }
    static var current: Transaction { local.stack.last ?? Transaction() }
}

/// A host queued on a thread's transaction.
struct WeakHost {
    weak var host: HostCore?
    init(_ host: HostCore) { self.host = host }
}

/// Runs `body` with `animation` as the transaction's animation, as SwiftUI's `withAnimation`
/// (default `.default`: a spring, response 0.5 s, critically damped).
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// `withAnimation` with a completion that runs exactly once: when the changes' animations are
/// logically complete (or removed, by `completionCriteria`), at once when nothing animates.
@discardableResult
public func withAnimation<Result>(
    _ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    _ body: () throws -> Result, completion: @escaping () -> Void
) rethrows -> Result {
    try runInTransaction(Transaction(animation: animation), body, completion: (completionCriteria, completion))
}

/// Runs `body` in `transaction`.
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try runInTransaction(transaction, body, completion: nil)
}

/// Runs `body` with `value` set on the current transaction (SwiftUI's key-path form).
@discardableResult
public func withTransaction<V, Result>(_ keyPath: WritableKeyPath<Transaction, V>, _ value: V, _ body: () throws -> Result) rethrows -> Result {
    var t = TransactionContext.current
    t[keyPath: keyPath] = value
    return try withTransaction(t, body)
}

/// Runs `body` with `transaction` current and commits what it changed in it (as a blur bridge
/// when `bridge` is given).
func runInTransaction<Result>(
    _ transaction: Transaction, _ body: () throws -> Result,
    completion: (AnimationCompletionCriteria, () -> Void)?, bridge: BlurBridgePreset? = nil
) rethrows -> Result {
    // Changes made so far belong to the enclosing transaction.
    HostCore.flush(TransactionContext.current)
    let context = TransactionContext.local
    context.stack.append(transaction)
    defer {
        HostCore.flush(transaction, completion: completion, bridge: bridge)
        context.stack.removeLast()
    }
    return try body()
}

/// `.animation(_:value:)`: below it, a commit in which `value` changed uses `animation`
/// (nil: none) instead of the transaction's.
public struct _AnimationModifier<V: Equatable>: PrimitiveViewModifier {
    let animation: Animation?
    let value: V
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let changed = context.host.animationValueChanged(context.identity, value)
        let animation = self.animation
        addEdit(content) { if changed { $0.animation = animation } }
        return content
    }
}

/// `.transaction { }`: edits the transaction of every commit below it.
public struct _TransactionModifier: PrimitiveViewModifier {
    let transform: (inout Transaction) -> Void
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        addEdit(content, transform)
        return content
    }
}

/// Puts `edit` before the edits already on every element below (outer modifiers run first).
private func addEdit(_ elements: [Element], _ edit: @escaping (inout Transaction) -> Void) {
    for e in elements {
        e.transactionEdits.insert(edit, at: 0)
        addEdit(e.children, edit)
    }
}

extension View {
    /// Animates this view's changes with `animation` in commits where `value` changed.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> ModifiedContent<Self, _AnimationModifier<V>> {
        modifier(_AnimationModifier(animation: animation, value: value))
    }
    /// Edits the transaction of every change below this view (`$0.animation = nil`,
    /// `$0.disablesAnimations = true`, …).
    public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> ModifiedContent<Self, _TransactionModifier> {
        modifier(_TransactionModifier(transform: transform))
    }
    /// `transaction(_:)` only in commits where `value` changed (iOS 17).
    public func transaction<V: Equatable>(value: V, _ transform: @escaping (inout Transaction) -> Void) -> ModifiedContent<Self, _TransactionValueModifier<V>> {
        modifier(_TransactionValueModifier(value: value, transform: transform))
    }
}

public struct _TransactionValueModifier<V: Equatable>: PrimitiveViewModifier {
    let value: V
    let transform: (inout Transaction) -> Void
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let changed = context.host.animationValueChanged(context.identity, value)
        let transform = self.transform
        addEdit(content) { if changed { transform(&$0) } }
        return content
    }
}

/// The last value each `.animation(_:value:)` saw, by identity.
final class AnimationValueWatch: HostFeature {
    var lastValues: [SceneIdentity: Any] = [:]
    init() {}
}

extension HostCore {
    var animationValueWatch: AnimationValueWatch { session.features[AnimationValueWatch.self] }

    /// Whether `.animation(_:value:)` at `key` sees a new value since the last commit.
    func animationValueChanged<V: Equatable>(_ key: SceneIdentity, _ value: V) -> Bool {
        defer { animationValueWatch.lastValues[key] = value }
        // Unwrapped before the cast, or a first optional value would read as a change from nil.
        guard let stored = animationValueWatch.lastValues[key], let old = stored as? V else { return false }
        return old != value
    }
}
