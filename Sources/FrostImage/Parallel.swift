import Dispatch

// Shared by the package's modules (not public API): the hot loops of FrostBlur and FrostEffects
// hand raw buffers to worker threads in contiguous bands.

/// A raw pointer handed to worker threads that write disjoint parts of one buffer.
package struct SharedPointer<T>: @unchecked Sendable {
    package let base: UnsafeMutablePointer<T>
    package init(_ base: UnsafeMutablePointer<T>) { self.base = base }
    package init(_ base: UnsafePointer<T>) { self.base = UnsafeMutablePointer(mutating: base) }
}

/// Splits `lines` into `threads` contiguous bands and runs `body(first, end)` on each in parallel.
package func parallelBands(lines: Int, threads: Int, _ body: @Sendable (Int, Int) -> Void) {
    let workers = max(1, min(threads, lines))
    if workers == 1 { body(0, lines); return }
    DispatchQueue.concurrentPerform(iterations: workers) { w in
        body(lines * w / workers, lines * (w + 1) / workers)
    }
}

/// A value handed to worker threads that use disjoint parts of it (buffer pointers whose
/// bands or frames they write).
package struct UncheckedSendable<T>: @unchecked Sendable {
    package let value: T
    package init(_ value: T) { self.value = value }
}
