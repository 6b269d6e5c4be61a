import Foundation

/// Bounded concurrency with a queue measured in time: `concurrency` renders at once, and a
/// request waits for a worker only when it can be expected to start within `maxWait` seconds
/// (the queue ahead of it × the renders' mean time ÷ the workers) and the queue holds fewer
/// than `queueDepth`. Past either, or once it has waited `maxWait` after all, it is refused (the
/// caller answers 503 with Retry-After): a burst costs latency while the server can keep up,
/// and errors only when it cannot.
public actor AdmissionGate {
    private let concurrency: Int, queueDepth: Int, maxWait: Double
    private var running = 0
    private var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID = 0
    /// Mean seconds a render holds a worker (exponentially weighted over the last ~10); 0
    /// until one has finished.
    public private(set) var meanSeconds = 0.0

    public init(concurrency: Int, queueDepth: Int, maxWait: Double = .infinity) {
        self.concurrency = max(1, concurrency); self.queueDepth = max(0, queueDepth); self.maxWait = max(0, maxWait)
    }

    /// Seconds a request arriving now can expect to wait for a worker.
    public var expectedWait: Double {
        running < concurrency ? 0 : Double(waiting.count + 1) / Double(concurrency) * meanSeconds
    }

    /// Waits for a worker; false when the queue is full, the expected wait is over `maxWait`,
    /// or no worker came free within `maxWait`.
    public func enter() async -> Bool {
        if running < concurrency { running += 1; return true }
        guard waiting.count < queueDepth, expectedWait <= maxWait else { return false }
        let id = nextID
        nextID += 1
        if maxWait.isFinite {
            let wait = maxWait
            Task { [weak self] in
                try? await Task.sleep(nanoseconds: UInt64(wait * 1e9))
                await self?.expire(id)
            }
        }
        return await withCheckedContinuation { waiting.append((id, $0)) }
    }

    private func expire(_ id: Int) {
        guard let i = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: i).continuation.resume(returning: false)
    }

    /// Gives a worker back; `seconds`: how long it was held, for the expected wait.
    public func leave(seconds: Double? = nil) {
        if let seconds, seconds.isFinite, seconds >= 0 {
            meanSeconds = meanSeconds == 0 ? seconds : meanSeconds * 0.9 + seconds * 0.1
        }
        if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().continuation.resume(returning: true) }
    }

    public var load: (running: Int, waiting: Int) { (running, waiting.count) }
}
