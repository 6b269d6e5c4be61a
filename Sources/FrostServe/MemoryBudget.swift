import Foundation
import FrostImage

/// The bytes every request in flight may hold together (``ServeLimits/memoryBytes``). A
/// request takes a ``Hold`` before it allocates: its body as it arrives, its decoded input,
/// its stages or frames as they are made, a live-blur connection's image. A hold that could
/// never fit is a 413 and one that does not fit now a 503, answered at once: the server
/// refuses work instead of growing until the machine runs out.
public final class MemoryBudget: Sendable {
    /// Bytes, at least 1.
    public let capacity: Int
    private let used = Locked(0)

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Bytes held now, by every hold together.
    public var inUse: Int { used.withLock { $0 } }

    /// Bytes one request holds; give them back with ``release()`` (also on deinit, so a
    /// thrown error cannot leak them).
    public final class Hold: @unchecked Sendable {
        private let budget: MemoryBudget
        private let lock = NSLock()
        private var bytes = 0
        init(_ budget: MemoryBudget) { self.budget = budget }

        /// Bytes this hold has.
        public var held: Int { lock.withLock { bytes } }

        /// Takes `more` bytes. `what` names them in the problem.
        /// - Throws: ``Problem`` 413 when `more` alone is over the budget, 503 when it does
        ///   not fit beside what is held now.
        public func grow(by more: Int, for what: @autoclosure () -> String) throws {
            guard more > 0 else { return }
            let total = lock.withLock { bytes } + more
            guard total <= budget.capacity else {
                throw Problem.tooLarge(
                    "\(what()) needs about \(MemoryBudget.megabytes(total)) of memory; this server's budget is \(MemoryBudget.megabytes(budget.capacity))",
                    limit: budget.capacity, unit: "memory-bytes")
            }
            let fits = budget.used.withLock { used -> Bool in
                guard used + more <= budget.capacity else { return false }
                used += more
                return true
            }
            guard fits else {
                throw Problem(
                    status: 503, slug: "busy", title: "Server busy",
                    detail: "\(what()) needs \(MemoryBudget.megabytes(more)) of memory that requests in flight hold now; retry after 1 s",
                    retryAfter: 1)
            }
            lock.withLock { bytes += more }
        }

        /// Gives back `fewer` bytes (at most what is held).
        public func shrink(by fewer: Int) {
            let n = lock.withLock { () -> Int in
                let n = min(max(0, fewer), bytes)
                bytes -= n
                return n
            }
            budget.used.withLock { $0 -= n }
        }

        /// Gives everything back.
        public func release() { shrink(by: held) }

        deinit { release() }
    }

    /// A hold of nothing yet.
    public func hold() -> Hold { Hold(self) }

    /// The hold of the request this task serves (set by the server around each render), so
    /// the endpoints count what they allocate without a parameter for it. Nil outside a
    /// request: nothing is counted.
    @TaskLocal public static var current: Hold?

    /// Counts `bytes` against the current request's hold, if it has one.
    static func take(_ bytes: Int, for what: @autoclosure () -> String) throws {
        try current?.grow(by: bytes, for: what())
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 10 << 20 ? "\(bytes >> 20) MiB" : String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
    }
}
