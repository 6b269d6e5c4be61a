import Foundation
import FrostImage

/// Image-sized scratch buffers kept between blurs: a pyramid's levels are a third of the
/// image, and allocating them afresh each call costs page faults and zeroing (~10 % of a 4K
/// blur) — what a blur redrawn every frame pays again and again. Buffers are handed out with
/// arbitrary contents (every user overwrites every pixel) and kept up to ``limit`` bytes in
/// all, the most recently returned first.
final class ScratchImages: @unchecked Sendable {
    static let shared = ScratchImages()
    /// Bytes kept at most.
    let limit = 48 << 20
    private var free: [[UInt8]] = []
    private var freeWords: [[UInt16]] = []
    private let lock = NSLock()

    /// An image of `width × height` whose pixels are arbitrary (to be overwritten).
    func take(width: Int, height: Int) -> Image {
        let count = 4 * width * height
        lock.lock()
        let found = free.lastIndex { $0.count == count }
        let bytes = found.map { free.remove(at: $0) }
        lock.unlock()
        if let bytes { return Image(uncheckedWidth: width, height: height, pixels: bytes) }
        return Image(unwrittenWidth: width, height: height)
    }

    /// `count` 16-bit values, arbitrary (to be overwritten).
    func takeWords(_ count: Int) -> [UInt16] {
        lock.lock()
        let found = freeWords.lastIndex { $0.count == count }
        let words = found.map { freeWords.remove(at: $0) }
        lock.unlock()
        return words ?? [UInt16](unsafeUninitializedCapacity: count) { _, n in n = count }
    }

    /// Keeps 16-bit storage for a later `takeWords`, within the same limit.
    func give(words: [UInt16]) {
        lock.lock()
        defer { lock.unlock() }
        freeWords.append(words)
        trim()
    }

    /// Drops the oldest buffers past the limit.
    private func trim() {
        var total = free.reduce(0) { $0 + $1.count } + 2 * freeWords.reduce(0) { $0 + $1.count }
        while total > limit, !free.isEmpty || !freeWords.isEmpty {
            if let first = free.first, freeWords.isEmpty || free.count >= freeWords.count {
                total -= first.count; free.removeFirst()
            } else {
                total -= 2 * freeWords.removeFirst().count
            }
        }
    }

    /// Keeps `image`'s storage for a later `take` (the oldest kept buffers go past the limit).
    /// Storage still shared elsewhere is safe to keep: a later writer copies it first.
    func give(_ image: consuming Image) {
        let bytes = image.pixels
        lock.lock()
        defer { lock.unlock() }
        free.append(bytes)
        trim()
    }
}
