import FrostGeometry
import Foundation
import FrostImage

/// What one request may ask of the server; every limit is a flag of `frost-serve`.
public struct ServeLimits: Sendable, Equatable {
    /// Bytes of a request body (413 beyond).
    public var maxUploadBytes = 16 << 20
    /// Pixels of a decoded input image (413 beyond).
    public var maxPixels = 4096 * 4096
    /// The largest σ, in pixels.
    public var maxSigma = 256.0
    /// Frames of a transition.
    public var maxFrames = 240
    /// Stages of interactive blur.
    public var maxStages = 64
    /// Seconds a render may take before the client gets a 503.
    public var requestSeconds = 30.0
    /// Renders running at once (default: the cores).
    public var concurrency = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Renders waiting for a worker; beyond, 503 with Retry-After.
    public var queueDepth = 4 * max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Decoded inputs kept by content hash.
    public var cacheEntries = 32
    /// Seconds a kept-alive connection may sit idle between requests before it is closed.
    public var idleSeconds = 60
    /// Bytes of a request head (the request line and headers); 431 beyond.
    public var maxHeaderBytes = 64 << 10
    /// Seconds a begun request head has to finish; 408 beyond (a slow client cannot hold a
    /// connection forever).
    public var headerSeconds = 10
    public init() {}
}

/// Bounded concurrency: `concurrency` renders at once, `queueDepth` more waiting in order;
/// past that a request is refused at once (the caller answers 503 with Retry-After).
public actor AdmissionGate {
    private let concurrency: Int, queueDepth: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(concurrency: Int, queueDepth: Int) {
        self.concurrency = max(1, concurrency); self.queueDepth = max(0, queueDepth)
    }

    /// Waits for a worker; false when the queue is full.
    public func enter() async -> Bool {
        if running < concurrency { running += 1; return true }
        guard waiting.count < queueDepth else { return false }
        await withCheckedContinuation { waiting.append($0) }
        return true
    }

    public func leave() {
        if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
    }

    public var load: (running: Int, waiting: Int) { (running, waiting.count) }
}

/// The only state requests share: decoded input images by content hash, least recently used
/// dropped first.
public final class ImageCache: Sendable {
    private let capacity: Int
    private struct State {
        var entries: [Key: Image] = [:]
        var order: [Key] = []
        var hits = 0, misses = 0
    }
    private let state = Locked(State())

    public struct Key: Hashable, Sendable { let a: UInt64, b: UInt64, count: Int }

    public init(capacity: Int) { self.capacity = max(0, capacity) }

    /// Two independent 64-bit FNV-1a hashes and the length: a collision needs all three.
    public static func key(_ bytes: [UInt8]) -> Key {
        var a: UInt64 = 0xcbf29ce484222325, b: UInt64 = 0x84222325cbf29ce4
        for x in bytes {
            a = (a ^ UInt64(x)) &* 0x100000001b3
            b = (b ^ UInt64(x ^ 0x5a)) &* 0x100000001b3
        }
        return Key(a: a, b: b, count: bytes.count)
    }

    public func value(for key: Key, make: () throws -> Image) rethrows -> Image {
        if let hit = state.withLock({ state -> Image? in
            guard let v = state.entries[key] else { return nil }
            state.order.removeAll { $0 == key }
            state.order.append(key)
            state.hits += 1
            return v
        }) {
            return hit
        }
        let made = try make()
        state.withLock { state in
            state.misses += 1
            guard capacity > 0 else { return }
            if state.entries[key] == nil { state.order.append(key) }
            state.entries[key] = made
            while state.order.count > capacity { state.entries[state.order.removeFirst()] = nil }
        }
        return made
    }

    /// Lookups answered from the cache, and those that decoded (read under the lock: requests
    /// update them concurrently).
    public var hits: Int { state.withLock { $0.hits } }
    public var misses: Int { state.withLock { $0.misses } }
    public var count: Int { state.withLock { $0.entries.count } }
}
