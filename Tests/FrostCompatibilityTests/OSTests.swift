import FrostTestSupport
import Testing
import os

/// The C-era half of `os` that packages call under `#if canImport(os)` (swift-argument-parser's
/// lock, IssueReporting's `os_log`): it must behave, and it must need nothing of this module's
/// object code (it is emitted into the caller).
@Suite("os on Linux", .hangLimit)
struct OSTests {
    @Test("os_unfair_lock excludes: two threads adding 10,000 times each lose no update")
    func unfairLock() async {
        let lock = os_unfair_lock_t.allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        nonisolated(unsafe) let l = lock, c = counter
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<10_000 {
                        os_unfair_lock_lock(l)
                        c.pointee += 1
                        os_unfair_lock_unlock(l)
                    }
                }
            }
        }
        #expect(counter.pointee == 20_000)
        #expect(os_unfair_lock_trylock(lock))
        #expect(!os_unfair_lock_trylock(lock), "a held lock is not taken twice")
        os_unfair_lock_unlock(lock)
        lock.deallocate()
        counter.deallocate()
    }

    @Test("os_log's formats take their arguments in order; private values are redacted; %% is a percent sign")
    func formats() {
        #expect(_osLogFormat("%@ took %d ms (%.1f%%)", ["render", 12, 99.5]) == "render took 12 ms (99.5%)")
        #expect(_osLogFormat("user %{private}@ in %{public}s", ["ada", "Paris"]) == "user <private> in Paris")
        #expect(_osLogFormat("%ld of %lu, then %@", [3, 4]) == "3 of 4, then ", "a missing argument prints nothing")
        os_log(.info, log: OSLog(subsystem: "dev.frost.tests", category: "os"), "%@", "os_log writes to standard error")
        os_log(.fault, log: .disabled, "dropped")
        #expect(_dyld_image_count() == 0 && _dyld_get_image_name(0) == nil && _dyld_get_image_header(0) == nil)
    }
}
