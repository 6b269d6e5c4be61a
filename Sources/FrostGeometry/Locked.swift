import Foundation

/// A value guarded by a lock: the one way Frost shares mutable state between threads (swift-nio's
/// `NIOLockedValueBox` is the model). The value is reachable only inside ``withLock(_:)``, so no
/// read or write can forget the lock; the box is `Sendable` when its value is (the lock is the
/// proof, which is why this one type carries the `@unchecked`). A value that is not `Sendable`
/// could leave the lock by reference, so the box is not `Sendable` then.
///
/// An `NSLock`, not `Synchronization.Mutex`, which needs macOS 15.
public final class Locked<Value> {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, under the lock. Keep `body` short and never call back into
    /// code that takes the same lock (it is not recursive).
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value, read under the lock.
    public var current: Value { withLock { $0 } }

    /// Replaces the value, under the lock.
    public func set(_ newValue: Value) { withLock { $0 = newValue } }
}

extension Locked: @unchecked Sendable where Value: Sendable {}
