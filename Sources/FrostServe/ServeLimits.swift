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
    /// Seconds from a request's admission to its answer: past it the client gets a 503 at
    /// once and the render is cancelled. Also the longest a request may wait in the queue.
    public var requestSeconds = 30.0
    /// Renders running at once (default: the cores).
    public var concurrency = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// The most renders waiting for a worker. Within it a request is queued only when it can
    /// be expected to start before ``requestSeconds`` (from the renders' measured mean time);
    /// beyond either, 503 with Retry-After.
    public var queueDepth = 64 * max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Seconds a request body has, from its head, to arrive in full (408 beyond): a body sent
    /// at a byte a second cannot hold a connection and its memory.
    public var bodySeconds = 30
    /// Seconds a shutdown (SIGTERM, SIGINT) waits for requests and WebSockets in flight
    /// before the process exits anyway, with status 0.
    public var graceSeconds = 10
    /// Bytes every request in flight may hold together: bodies as they arrive, decoded
    /// images, stages and frames, and each live-blur connection's image. A request that could
    /// never fit is answered 413 at once; one that does not fit now, 503 with Retry-After.
    /// Default: a quarter of the machine's memory, at most 4 GiB. A quarter of it is the
    /// decoded-image cache's; the rest is the requests'.
    public var memoryBytes = ServeLimits.defaultMemoryBytes
    /// Live-blur WebSocket connections open at once (1013 "try again later" beyond).
    public var liveClients = 8 * max(1, ProcessInfo.processInfo.activeProcessorCount)
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

    static let defaultMemoryBytes = Int(min(ProcessInfo.processInfo.physicalMemory / 4, 4 << 30))
}

/// The only state requests share: decoded input images by content hash, least recently used
/// dropped first.
public final class ImageCache: Sendable {
    private let capacity: Int
    /// Pixel bytes kept at most; the least recently used go first past it.
    private let maxBytes: Int
    private struct State {
        var entries: [Key: Image] = [:]
        var order: [Key] = []
        var bytes = 0
        var hits = 0, misses = 0
    }
    private let state = Locked(State())

    public struct Key: Hashable, Sendable { let a: UInt64, b: UInt64, count: Int }

    public init(capacity: Int, maxBytes: Int = .max) { self.capacity = max(0, capacity); self.maxBytes = max(0, maxBytes) }

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
            guard capacity > 0, made.pixels.count <= maxBytes else { return }
            if let old = state.entries[key] { state.bytes -= old.pixels.count } else { state.order.append(key) }
            state.entries[key] = made
            state.bytes += made.pixels.count
            while state.order.count > capacity || state.bytes > maxBytes {
                if let dropped = state.entries.removeValue(forKey: state.order.removeFirst()) { state.bytes -= dropped.pixels.count }
            }
        }
        return made
    }

    /// Lookups answered from the cache, and those that decoded (read under the lock: requests
    /// update them concurrently).
    public var hits: Int { state.withLock { $0.hits } }
    public var misses: Int { state.withLock { $0.misses } }
    public var count: Int { state.withLock { $0.entries.count } }
    /// Pixel bytes kept.
    public var bytes: Int { state.withLock { $0.bytes } }
}
