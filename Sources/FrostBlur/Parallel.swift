import Dispatch

/// A raw pointer handed to worker threads that write disjoint parts of one buffer.
struct SharedPointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
    init(_ base: UnsafeMutablePointer<T>) { self.base = base }
    init(_ base: UnsafePointer<T>) { self.base = UnsafeMutablePointer(mutating: base) }
}

/// Splits `lines` into `threads` contiguous bands and runs `body(first, end)` on each in parallel.
func parallelBands(lines: Int, threads: Int, _ body: @Sendable (Int, Int) -> Void) {
    let workers = max(1, min(threads, lines))
    if workers == 1 { body(0, lines); return }
    DispatchQueue.concurrentPerform(iterations: workers) { w in
        body(lines * w / workers, lines * (w + 1) / workers)
    }
}
