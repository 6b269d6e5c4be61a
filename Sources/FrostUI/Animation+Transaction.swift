import FrostMotion

/// The transaction state changes happen in. Set by `withAnimation`/`withTransaction`; the host
/// records it with each change (animation arrives with the animated views issue: until then
/// changes apply at once, in the recorded transaction).
enum TransactionContext {
    nonisolated(unsafe) static var stack: [Transaction] = []
    static var current: Transaction { stack.last ?? Transaction() }
}

/// Runs `body` with `animation` as the transaction's animation, as SwiftUI's `withAnimation`
/// (default `.default`: a spring, response 0.5 s, critically damped).
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// `withAnimation` with a completion, run once its changes are logically complete (at once while
/// changes apply immediately).
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
                                  _ body: () throws -> Result, completion: @escaping () -> Void) rethrows -> Result {
    let result = try withAnimation(animation, body)
    completion()
    return result
}

/// Runs `body` in `transaction`.
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    TransactionContext.stack.append(transaction)
    defer { TransactionContext.stack.removeLast() }
    return try body()
}
