import Foundation
import Testing
import FrostBlur
import FrostImage
import FrostTestSupport
import CFrostKernels
@testable import FrostEffects

// Interactive blur: precomputed stages cross-faded by progress (the document's algorithm and
// the doubling schedule) and live blur, against true blurs at the same σ.

@Suite("Interactive blur: stages and live", .hangLimit)
struct InteractiveBlurTests {
    /// A 96×64 crop of the sample photo: real edges, small enough for debug builds.
    func photo() throws -> Image {
        try Resample.area(try SampleImages.astronaut().cropped(to: PixelRect(x: 200, y: 100, width: 384, height: 256)), factorX: 4, factorY: 4, threads: 1)
    }

    @Test("stage σ: uniform N + 1 at max·i/N; doubling 0, 2, 4, 8 … then the maximum")
    func schedules() {
        #expect(BlurStages.Schedule.uniform(3).sigmas(maxSigma: 12) == [0, 4, 8, 12])
        #expect(BlurStages.Schedule.doubling.sigmas(maxSigma: 20) == [0, 2, 4, 8, 16, 20])
        #expect(BlurStages.Schedule.doubling.sigmas(maxSigma: 16) == [0, 2, 4, 8, 16])
        #expect(BlurStages.Schedule.doubling.sigmas(maxSigma: 1) == [0, 1])
        #expect(BlurStages.Schedule.doubling.sigmas(maxSigma: 0) == [0])
    }

    @Test("progress p picks stage ⌊pN⌋ with the next over it at pN − ⌊pN⌋; doubling mixes by σ")
    func pairs() throws {
        let img = try Image(width: 4, height: 4, fill: RGBA8(10, 20, 30, 255))
        let ten = try BlurStages.prepare(img, maxSigma: 10, schedule: .uniform(10))
        let p = ten.pair(at: 0.37)
        #expect(p.lower == 3 && p.upper == 4 && abs(p.alpha - 0.7) < 1e-12)
        #expect(ten.pair(at: 0) == (0, 1, 0) && ten.pair(at: 1) == (9, 10, 1) && ten.pair(at: .nan) == (0, 1, 0) && ten.pair(at: 7) == (9, 10, 1))
        let doubling = try BlurStages.prepare(img, maxSigma: 16, schedule: .doubling)
        let d = doubling.pair(at: 6.0 / 16)
        #expect(d.lower == 2 && d.upper == 3 && abs(d.alpha - 0.5) < 1e-12)
        #expect(doubling.pair(at: 1) == (3, 4, 1))
        let single = try BlurStages.prepare(img, maxSigma: 0, schedule: .doubling)
        #expect(single.pair(at: 0.5) == (0, 0, 0))
        #expect(try single.frame(at: 0.5).pixels == img.pixels)
    }

    @Test("frames at p = i/N are the stages exactly; in between, the mix rounds to nearest, the same on every thread count")
    func frames() throws {
        let img = try photo()
        let stages = try BlurStages.prepare(img, maxSigma: 8, schedule: .uniform(4))
        for i in 0...4 { #expect(try stages.frame(at: Double(i) / 4).pixels == stages.images[i].pixels) }
        // Between stages: the mix of the pair, and the stages themselves untouched.
        let sharp = stages.images[0].pixels
        let mid = try stages.frame(at: 0.125)
        var manual = try Image(width: img.width, height: img.height)
        try ImageMix.mix(stages.images[0], stages.images[1], alpha: 0.5, into: &manual)
        #expect(mid.pixels == manual.pixels && mid.pixels != stages.images[0].pixels && stages.images[0].pixels == sharp)
        let black = try Image(width: 300, height: 300, fill: RGBA8(0, 0, 0, 0)), white = try Image(width: 300, height: 300, fill: RGBA8(255, 255, 255, 255))
        var out = black
        try ImageMix.mix(black, white, alpha: 0.5, into: &out)
        #expect(out[7, 9] == RGBA8(128, 128, 128, 128))
        var four = black
        try ImageMix.mix(black, white, alpha: 0.3, into: &four, threads: 4)
        var one = black
        try ImageMix.mix(black, white, alpha: 0.3, into: &one, threads: 1)
        #expect(four.pixels == one.pixels && one[0, 0].r == UInt8((255 * 77 + 128) >> 8))
        #expect(throws: ImageError.self) { try ImageMix.mix(black, img, alpha: 0.5, into: &out) }
    }

    @Test("the mix kernel: AVX2 and portable give the formula's bytes for every weight")
    func mixKernel() {
        var rng = SeededGenerator.forTest(2506)
        let n = 1001
        let a = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }, b = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
        for w in [0, 1, 77, 128, 255, 256, -5, 999] {
            var wide = [UInt8](repeating: 0, count: n), portable = wide
            frost_mix_bytes_with(a, b, &wide, n, Int32(w), 1)
            frost_mix_bytes_with(a, b, &portable, n, Int32(w), 0)
            let k = UInt32(min(max(w, 0), 256))
            let formula = (0..<n).map { UInt8((UInt32(a[$0]) * (256 - k) + UInt32(b[$0]) * k + 128) >> 8) }
            #expect(wide == formula && portable == formula, "\(rng) weight \(w)")
        }
    }

    @Test("more stages are closer to the true blur at every progress; 50 stages ≥ 40 dB")
    func accuracy() throws {
        let img = try photo()
        func worst(_ schedule: BlurStages.Schedule) throws -> Double {
            let stages = try BlurStages.prepare(img, maxSigma: 12, schedule: schedule)
            var w = Double.infinity
            for k in 0...20 {
                let p = Double(k) / 20 + 0.013
                let truth = try GaussianBlur(sigma: 12 * min(p, 1)).apply(to: img)
                w = min(w, PSNR.of(try stages.frame(at: p).pixels, truth.pixels))
            }
            return w
        }
        let one = try worst(.uniform(1)), three = try worst(.uniform(3)), ten = try worst(.uniform(10)), fifty = try worst(.uniform(50))
        #expect(one < three && three < ten && ten < fifty, "\(one) \(three) \(ten) \(fifty)")
        #expect(fifty >= 40, "\(fifty) dB")
        #expect(try worst(.doubling) > one)
    }

    @Test("preparation reports progress up to 1, stops when cancelled, and runs off the caller's thread")
    func preparation() async throws {
        let img = try photo()
        var seen: [Double] = []
        _ = try BlurStages.prepare(img, maxSigma: 6, schedule: .uniform(3), progress: { seen.append($0) })
        #expect(seen == [0.25, 0.5, 0.75, 1])
        var calls = 0
        #expect(throws: BlurStages.PreparationError.cancelled) {
            try BlurStages.prepare(
                img, maxSigma: 6, schedule: .uniform(5),
                isCancelled: {
                    calls += 1; return calls > 2
                })
        }
        let sync = try BlurStages.prepare(img, maxSigma: 6, schedule: .doubling)
        let async = try await BlurStages.prepared(img, maxSigma: 6, schedule: .doubling)
        #expect(sync.images.map(\.pixels) == async.images.map(\.pixels) && async.byteCount == 4 * img.pixels.count)
        let task = Task {
            try await BlurStages.prepared(try Image(width: 1500, height: 1500, fill: RGBA8(1, 2, 3, 255)), maxSigma: 40, schedule: .uniform(200))
        }
        task.cancel()
        await #expect(throws: BlurStages.PreparationError.cancelled) { try await task.value }
    }

    @Test("1×1 images and the largest stage count work")
    func smallest() throws {
        let dot = try Image(width: 1, height: 1, fill: RGBA8(10, 20, 30, 255))
        let many = try BlurStages.prepare(dot, maxSigma: 50, schedule: .uniform(BlurStages.maxStages))
        let half = try many.frame(at: 0.5), live = try LiveBlur(maxSigma: 4).frame(of: dot, at: 1)
        #expect(many.images.count == 257 && half.pixels == dot.pixels && live.pixels == dot.pixels)
    }

    @Test("absurd parameters are errors")
    func errors() throws {
        let img = try Image(width: 2, height: 2)
        for bad in [-1.0, .nan, .infinity, 1e9] {
            #expect(throws: ImageError.self) { try BlurStages.prepare(img, maxSigma: bad, schedule: .doubling) }
            #expect(throws: ImageError.self) { try LiveBlur(maxSigma: bad) }
        }
        #expect(throws: ImageError.self) { try BlurStages.prepare(img, maxSigma: 4, schedule: .uniform(0)) }
        #expect(throws: ImageError.self) { try BlurStages.prepare(img, maxSigma: 4, schedule: .uniform(257)) }
    }

    @Test("live: the exact σ(p) every frame with the realtime quality, into a reused buffer")
    func live() throws {
        let img = try photo()
        let live = try LiveBlur(maxSigma: 10)
        #expect(live.sigma(at: 0.35) == 3.5 && live.sigma(at: -1) == 0 && live.sigma(at: .nan) == 0)
        var out = img
        try live.frame(of: img, at: 0.35, into: &out)
        #expect(out.pixels == (try GaussianBlur(sigma: 3.5, quality: .realtime).apply(to: img)).pixels)
        #expect(PSNR.of(out.pixels, try GaussianBlur(sigma: 3.5, quality: .exact).apply(to: img).pixels) >= 38)
    }
}
