import Foundation
import FrostGeometry

/// Runs a render on a thread of its own, never on Swift concurrency's cooperative pool: that
/// pool has one thread per core, and renders that held them for seconds starved everything
/// else scheduled there (the deadline timers, so a 503 went out only when a render ended, and
/// the HTTP handlers). The admission gate bounds how many of these threads exist at once. Each
/// has an 8 MiB stack, as a main thread has, for FrostUI's recursion.
enum RenderThread {
    /// Set when the awaiting task is cancelled; renders check it between stages and frames
    /// (``checkCancellation()``).
    final class Cancellation: Sendable {
        private let flag = Locked(false)
        var isCancelled: Bool { flag.withLock { $0 } }
        func cancel() { flag.set(true) }
    }

    /// The cancellation of the render on this thread (nil outside one).
    @TaskLocal static var cancellation: Cancellation?

    /// `work`'s result, computed on a new thread. Cancelling the awaiting task sets the
    /// render's ``cancellation`` and returns at once; the render ends at its next check.
    static func run<T: Sendable>(stackSize: Int = 8 << 20, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        let cancellation = Cancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let thread = Thread {
                    continuation.resume(with: Result { try $cancellation.withValue(cancellation) { try work() } })
                }
                thread.stackSize = stackSize
                thread.name = "frost-serve render"
                thread.start()
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// Throws `CancellationError` once the render's request has been answered without it.
    static func checkCancellation() throws {
        if cancellation?.isCancelled == true || Task.isCancelled { throw CancellationError() }
    }
}
