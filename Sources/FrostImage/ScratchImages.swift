import Foundation
import CFrostSupport

/// Image-sized scratch buffers kept between blurs and between a canvas's layers: a pyramid's
/// levels are a third of the image, and allocating them afresh each call costs page faults and
/// zeroing (~10 % of a 4K blur) — what a blur redrawn every frame pays again and again. Buffers are handed out with
/// arbitrary contents (every user overwrites every pixel) and kept up to ``limit`` bytes in
/// all, the most recently returned first.
///
/// A request takes the smallest kept buffer that holds it (and is at most twice its size),
/// not only one of its exact size: each σ has its own window, so blurs whose σ changes every
/// frame (interactive blur), or a benchmark that alternates σ, would otherwise miss every
/// time — and buffers of 10–20 MB come fresh from the system (glibc maps them anew), about
/// 3 ms of page faults per 4K blur on 2 threads.
///
/// `@unchecked Sendable`: the free lists are touched under `lock` only, and a buffer handed out
/// belongs to its taker until it is given back.
package final class ScratchImages: @unchecked Sendable {
    package static let shared = ScratchImages()

    package init() {}

    /// New buffers from this size (bytes) up are mapped in one call rather than a page fault
    /// per page (a new buffer is almost always fresh memory, from the system).
    static let prefaultBytes = 1 << 20

    /// Maps the `bytes` at `base` (fresh memory about to be written whole) in one call when
    /// there are enough of them for that to pay.
    package static func prefault(_ base: UnsafeMutableRawPointer?, bytes: Int) {
        if bytes >= prefaultBytes { frost_prefault(base, bytes) }
    }
    /// Bytes kept at most.
    package let limit = 48 << 20
    private var free: [[UInt8]] = []
    private var freeWords: [[UInt16]] = []
    private let lock = NSLock()

    /// An image of `width × height` whose pixels are arbitrary (to be overwritten).
    package func take(width: Int, height: Int) -> Image {
        let count = 4 * width * height
        lock.lock()
        let found = ScratchImages.fit(free, count)
        var bytes = found.map { free.remove(at: $0) }
        lock.unlock()
        guard bytes != nil else {
            var fresh = Image(unwrittenWidth: width, height: height)
            fresh.withUnsafeMutablePixels { ScratchImages.prefault($0.baseAddress, bytes: $0.count) }
            return fresh
        }
        ScratchImages.resize(&bytes!, to: count, filler: 0)
        return Image(uncheckedWidth: width, height: height, pixels: bytes.take()!)
    }

    /// `count` 16-bit values, arbitrary (to be overwritten).
    package func takeWords(_ count: Int) -> [UInt16] {
        lock.lock()
        let found = ScratchImages.fit(freeWords, count)
        var words = found.map { freeWords.remove(at: $0) }
        lock.unlock()
        guard words != nil else {
            return [UInt16](unsafeUninitializedCapacity: count) { b, n in
                ScratchImages.prefault(b.baseAddress, bytes: 2 * count)
                n = count
            }
        }
        ScratchImages.resize(&words!, to: count, filler: 0)
        return words.take()!
    }

    /// The kept buffer for `count` elements: the smallest whose storage holds them, at most
    /// twice as large (so a small request does not pin a big buffer); among equals, the most
    /// recently kept.
    static func fit<T>(_ kept: [[T]], _ count: Int) -> Int? {
        var best: Int?
        for (i, b) in kept.enumerated() where b.capacity >= count && b.capacity <= 2 * max(count, 1) {
            if let j = best, kept[j].capacity < b.capacity { continue }
            best = i
        }
        return best
    }

    /// `b` made exactly `count` elements long in its own storage (which `fit` made sure holds
    /// them): contents arbitrary, as the caller overwrites them — growing within the storage
    /// writes `filler`, a memset over pages already mapped.
    static func resize<T>(_ b: inout [T], to count: Int, filler: T) {
        if b.count > count {
            b.removeLast(b.count - count)
        } else if b.count < count {
            b.append(contentsOf: repeatElement(filler, count: count - b.count))
        }
    }

    /// Keeps 16-bit storage for a later `takeWords`, within the same limit.
    package func give(words: [UInt16]) {
        lock.lock()
        defer { lock.unlock() }
        freeWords.append(words)
        trim()
    }

    /// Drops the oldest buffers past the limit.
    private func trim() {
        // Storage, not elements: a buffer handed out smaller keeps its storage.
        var total = free.reduce(0) { $0 + $1.capacity } + 2 * freeWords.reduce(0) { $0 + $1.capacity }
        while total > limit, !free.isEmpty || !freeWords.isEmpty {
            if let first = free.first, freeWords.isEmpty || free.count >= freeWords.count {
                total -= first.capacity; free.removeFirst()
            } else {
                total -= 2 * freeWords.removeFirst().capacity
            }
        }
    }

    /// Keeps `image`'s storage for a later `take` (the oldest kept buffers go past the limit).
    /// Storage still shared elsewhere is safe to keep: a later writer copies it first.
    package func give(_ image: consuming Image) {
        let bytes = image.pixels
        lock.lock()
        defer { lock.unlock() }
        free.append(bytes)
        trim()
    }
}
