import Testing
@testable import FrostBlur
import FrostImage
import FrostTestSupport

@Suite("Scratch buffers", .hangLimit)
struct ScratchImagesTests {
    func base(_ image: Image) -> UnsafeRawPointer { image.pixels.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress!) } }

    @Test("a smaller request reuses a kept buffer's storage (up to half its size), a larger one gets new storage; sizes are exact")
    func reuseAcrossSizes() {
        let pool = ScratchImages()
        let big = pool.take(width: 100, height: 80)
        let storage = base(big)
        pool.give(consume big)
        let smaller = pool.take(width: 90, height: 70)
        #expect(smaller.width == 90 && smaller.height == 70 && smaller.pixels.count == 4 * 90 * 70)
        #expect(base(smaller) == storage, "the kept storage serves a smaller window")
        pool.give(consume smaller)
        // Back to the larger size: the same storage, grown within its capacity.
        let again = pool.take(width: 100, height: 80)
        #expect(again.pixels.count == 4 * 100 * 80 && base(again) == storage)
        pool.give(consume again)
        // Under half the kept size: not pinned to the big buffer.
        let tiny = pool.take(width: 10, height: 10)
        #expect(tiny.pixels.count == 400 && base(tiny) != storage)
        // Larger than anything kept: fresh storage of the right size.
        let larger = pool.take(width: 120, height: 80)
        #expect(larger.pixels.count == 4 * 120 * 80 && base(larger) != storage)
        let words = pool.takeWords(1000)
        pool.give(words: words)
        #expect(pool.takeWords(800).count == 800)
    }
}
