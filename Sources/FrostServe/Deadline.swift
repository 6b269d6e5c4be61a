import Foundation
import FrostGeometry

/// Work that must answer by a deadline even when the work itself cannot stop at once: a
/// render runs on until its next cancellation check, and a body read waits on the socket. The
/// first of the work and the timer resumes the caller; the loser is cancelled and left to end
/// on its own (`withThrowingTaskGroup` would wait for it, so the answer would be late).
enum Deadline {
    /// `work`'s result, or `expired` thrown once `seconds` have passed.
    static func run<T: Sendable>(
        seconds: Double, expired: @escaping @Sendable () -> any Error, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let first = Locked<CheckedContinuation<T, any Error>?>(nil)
        let tasks = Locked<[Task<Void, Never>]>([])
        // Whichever won, the other is cancelled (a render stops at its next check).
        defer { tasks.withLock { $0 }.forEach { $0.cancel() } }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                first.withLock { $0 = continuation }
                func finish(_ outcome: Result<T, any Error>) {
                    guard
                        let c = first.withLock({ c -> CheckedContinuation<T, any Error>? in
                            defer { c = nil }; return c
                        })
                    else { return }
                    c.resume(with: outcome)
                }
                let worker = Task.detached {
                    do { finish(.success(try await work())) } catch { finish(.failure(error)) }
                }
                let timer = Task.detached {
                    try? await Task.sleep(nanoseconds: UInt64(max(0, min(seconds, 1e9)) * 1e9))
                    finish(.failure(expired()))
                }
                tasks.withLock { $0 = [worker, timer] }
            }
        } onCancel: {
            tasks.withLock { $0 }.forEach { $0.cancel() }
        }
    }
}
