import Foundation
import Testing
import FrostTestSupport
@testable import FrostBlur
import FrostImage

@Suite("Binomial pyramid", .hangLimit)
struct BinomialPyramidTests {
    static let photo = try! SampleImages.astronaut().cropped(to: PixelRect(x: 100, y: 40, width: 200, height: 160))

    /// Measured 2026-11-23 with the expansion at 4 fractional bits and Q12 small-level weights:
    /// 57.2–60.1 dB (min: wrap at σ 100 and 200; clamp 59.1–60.1), against a rounding ceiling
    /// near 60 dB. With 8-bit expansion levels it was 55.3–59.1.
    @Test("default quality through the pyramid reaches 57 dB for every σ and edge mode", arguments: EdgeMode.allCases)
    func accuracy(edges: EdgeMode) throws {
        // 3.97 and 8.2: two and three halvings with the small σ near its floor of 0.6.
        for sigma in [2.0, 3, 3.97, 4, 6, 8, 8.2, 12, 16, 24, 32, 64, 100, 200] {
            let blur = GaussianBlur(sigma: sigma, edges: edges)
            // σ 100–200 with mirror or wrap would need a window of 3.5σ of real content around a
            // 200×160 image: more than 4× it, so the downsampled schedule runs (and is held to the same bar).
            if case .pyramid = blur.plan(width: 200, height: 160).schedule {
            } else if sigma <= 64 || edges == .clamp || edges == .transparent {
                Issue.record("σ \(sigma) \(edges) did not take the pyramid")
            }
            let ref = Reference.blur(Self.photo, sigmaX: sigma, sigmaY: sigma, edges: edges)
            let p = Reference.psnr(try blur.apply(to: Self.photo).pixels, ref)
            #expect(p >= 57, "σ \(sigma) \(edges): \(p) dB")
            // Clamp, the default edge mode, keeps 58.5 dB.
            if edges == .clamp { #expect(p >= 58.5, "σ \(sigma) clamp: \(p) dB") }
        }
    }

    /// The photo crop with an alpha channel, premultiplied: a soft vignette (alpha 255 at the
    /// centre falling to 0 at the corners) with a hard-edged transparent hole, as a cut-out
    /// photo with a fringe has.
    static let photoWithAlpha: Image = {
        var pixels = photo.pixels
        let w = photo.width, h = photo.height
        for y in 0..<h {
            for x in 0..<w {
                let dx = Double(x - w / 2) / Double(w / 2), dy = Double(y - h / 2) / Double(h / 2)
                var a = max(0, min(1, 1.25 - 0.9 * (dx * dx + dy * dy)))
                if (30..<70).contains(x) && (20..<60).contains(y) { a = 0 }
                let alpha = UInt8((a * 255).rounded())
                let i = 4 * (y * w + x)
                for c in 0..<3 { pixels[i + c] = Premultiplication.mul(pixels[i + c], alpha) }
                pixels[i + 3] = alpha
            }
        }
        return try! Image(width: w, height: h, premultipliedRGBA: pixels)
    }()

    /// Measured: 58.3–59.1 dB for every edge mode. With Q8 small-level weights σ 64 mirrored
    /// or wrapped fell to 55.2 dB.
    @Test("a photo with alpha keeps 57 dB at every σ and edge mode", arguments: EdgeMode.allCases)
    func accuracyWithAlpha(edges: EdgeMode) throws {
        for sigma in [2.0, 3.97, 4, 8, 8.2, 16, 32, 64, 100, 200] {
            let ref = Reference.blur(Self.photoWithAlpha, sigmaX: sigma, sigmaY: sigma, edges: edges)
            let p = Reference.psnr(try GaussianBlur(sigma: sigma, edges: edges).apply(to: Self.photoWithAlpha).pixels, ref)
            #expect(p >= 57, "σ \(sigma) \(edges) with alpha: \(p) dB")
        }
    }

    @Test("no bias: the mean error stays under 0.05 of a level at any depth")
    func unbiased() throws {
        for sigma in [3.0, 8, 16, 32, 64] {
            let ref = Reference.blur(Self.photo, sigmaX: sigma, sigmaY: sigma, edges: .clamp)
            let out = try GaussianBlur(sigma: sigma).apply(to: Self.photo).pixels
            let mean = zip(out, ref).map { Double($0) - $1 }.reduce(0, +) / Double(ref.count)
            #expect(abs(mean) < 0.05, "σ \(sigma): mean error \(mean)")
        }
    }

    @Test("AVX2 and portable kernels give the same bytes (and the FIR's streamed rows too)", arguments: EdgeMode.allCases)
    func kernelsAgree(edges: EdgeMode) throws {
        let image = try TestPattern.textEdges.render(width: 77, height: 53)
        let cases: [(Double, Double, PixelRect)] = [
            (3, 3, image.bounds), (8, 2.5, image.bounds), (0, 12, image.bounds), (20, 0.5, image.bounds),
            (5, 5, PixelRect(x: 7, y: 3, width: 31, height: 40)), (30, 30, PixelRect(x: 1, y: 50, width: 76, height: 3)),
        ]
        for (sx, sy, rect) in cases {
            let blur = GaussianBlur(sigmaX: sx, sigmaY: sy, edges: edges)
            guard var pyramid = blur.pyramid(for: rect, width: image.width, height: image.height) else {
                Issue.record("σ \(sx)×\(sy) has no pyramid"); continue
            }
            var wide = image, portable = image
            pyramid.run(image, into: &wide, region: rect, threads: 2)
            pyramid.wide = false
            pyramid.run(image, into: &portable, region: rect, threads: 1)
            #expect(wide == portable, "σ \(sx)×\(sy) \(edges) \(rect)")
        }
        // The fixed-point FIR: C kernels against the Swift ones.
        for sigma in [0.6, 1, 2, 5] {
            guard var fir = GaussianBlur(sigma: sigma, edges: edges).fixedPointPlan() else { continue }
            var c = image, swift = image
            fir.run(image, into: &c, region: image.bounds, threads: 2)
            fir.wide = false
            fir.run(image, into: &swift, region: image.bounds, threads: 2)
            #expect(c == swift, "FIR σ \(sigma) \(edges)")
            // Streamed rows, both kernels: the same bytes as written into an image.
            for wide in [true, false] {
                fir.wide = wide
                let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: image.pixels.count)
                defer { rows.deallocate() }
                let out = SharedPointer(rows), w = image.width
                fir.run(image, region: image.bounds, threads: 2) { y, x, p, n in (out.base + 4 * (y * w + x)).update(from: p, count: 4 * n) }
                #expect(Array(UnsafeBufferPointer(start: rows, count: image.pixels.count)) == c.pixels, "streamed FIR σ \(sigma) \(edges) wide \(wide)")
            }
        }
    }

    @Test("the same bytes on 1, 2 and 5 threads")
    func deterministic() throws {
        let blur = GaussianBlur(sigma: 9, edges: .mirror)
        let one = try blur.apply(to: Self.photo, threads: 1)
        #expect(try blur.apply(to: Self.photo, threads: 2) == one)
        #expect(try blur.apply(to: Self.photo, threads: 5) == one)
    }

    @Test(
        "expanding only part of the window (each level made over just what the part reads) gives the bytes of the whole expansion, at depths 1–3, even and odd sizes, at the edges and inside; shared halvings give each σ its own blur's bytes"
    )
    func partialExpansion() throws {
        for (sigma, edges) in [(2.5, EdgeMode.clamp), (5.0, .mirror), (12.0, .transparent), (3.0, .wrap)] {
            let (k, small) = BinomialPyramid.levels(sigma: sigma, minSmallSigma: 0.7, deeperMinSmallSigma: 0.6)
            #expect(k >= 1)
            var p = BinomialPyramid(sigmaX: sigma, sigmaY: sigma, levelsX: k, levelsY: k, smallSigmaX: small, smallSigmaY: small, edges: edges)
            p.wide = true
            let image = Self.photo, bounds = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
            let win = p.window(for: bounds, width: image.width, height: image.height)
            let levels = p.halvings(image, window: win, threads: 1)
            defer { for level in levels { ScratchImages.shared.give(level) } }
            func expand(_ rect: PixelRect) -> Image {
                var out = Image(unwrittenWidth: rect.width, height: rect.height)
                let w = rect.width
                out.withUnsafeMutablePixels { o in
                    p.expand(levels, window: win, rect: rect, into: SharedPointer(o.baseAddress!), threads: 1) { y in 4 * y * w }
                }
                return out
            }
            let whole = expand(bounds)
            for rect in [
                PixelRect(x: 0, y: 0, width: 37, height: 23), PixelRect(x: 40, y: 51, width: 1, height: 1),
                PixelRect(x: 100, y: 100, width: 100, height: 60), PixelRect(x: 62, y: 0, width: 71, height: 160),
                PixelRect(x: 198, y: 3, width: 2, height: 150),
            ] where (rect.x - win.x) % 2 == 0 {
                #expect(expand(rect) == (try whole.cropped(to: rect)), "σ \(sigma) \(edges) \(rect)")
            }
        }
        // SharedPyramid: rungs of depths 1 and 2 from one set of halvings, each over a part,
        // equal the same expansion of a pyramid made for that σ alone over the same window grid.
        let image = Self.photo
        var shared = SharedPyramid(
            image, covering: PixelRect(x: 16, y: 8, width: 150, height: 120), depth: 2, largestSigma: 6,
            edges: .clamp)
        defer { shared.release() }
        for (sigma, rect) in [
            (2.0, PixelRect(x: 16, y: 8, width: 40, height: 30)), (5.5, PixelRect(x: 60, y: 50, width: 101, height: 77)),
            (2.83, PixelRect(x: 100, y: 9, width: 66, height: 119)),
        ] {
            var part = Image(unwrittenWidth: rect.width, height: rect.height)
            shared.blur(sigma: sigma, rect: rect, into: &part)
            var alone = SharedPyramid(image, covering: rect, depth: SharedPyramid.depth(sigma: sigma), largestSigma: sigma, edges: .clamp)
            var again = Image(unwrittenWidth: rect.width, height: rect.height)
            alone.blur(sigma: sigma, rect: rect, into: &again)
            alone.release()
            #expect(part == again, "σ \(sigma) over \(rect)")
            let plain = try GaussianBlur(sigma: sigma, edges: .clamp).apply(to: image).cropped(to: rect)
            #expect(try part.psnr(against: plain) >= 50, "σ \(sigma): the plain blur's accuracy")
        }
    }

    @Test("a region blur leaves the rest untouched and matches the whole blur inside")
    func region() throws {
        let rect = PixelRect(x: 31, y: 17, width: 90, height: 61)
        for edges in [EdgeMode.clamp, .wrap] {
            let blur = GaussianBlur(sigma: 7, edges: edges)
            let part = try blur.apply(to: Self.photo, region: rect)
            let whole = try blur.apply(to: Self.photo)
            var worst = 0
            for y in 0..<Self.photo.height {
                for x in 0..<Self.photo.width {
                    for c in 0..<4 {
                        let i = 4 * (y * Self.photo.width + x) + c
                        if rect.contains(PixelRect(x: x, y: y, width: 1, height: 1)) {
                            worst = max(worst, abs(Int(part.pixels[i]) - Int(whole.pixels[i])))
                        } else if part.pixels[i] != Self.photo.pixels[i] {
                            Issue.record("pixel \(x),\(y) outside the region changed"); return
                        }
                    }
                }
            }
            #expect(worst <= 2, "\(edges): largest difference from the whole blur \(worst)")
        }
    }

    @Test("constant images stay constant; tiny and thin images blur")
    func edgeCases() throws {
        let grey = try Image(width: 37, height: 29, fill: RGBA8(120, 80, 40, 200))
        for sigma in [2.0, 6, 40] {
            #expect(try GaussianBlur(sigma: sigma).apply(to: grey) == grey, "σ \(sigma)")
            #expect(try GaussianBlur(sigma: sigma, edges: .wrap).apply(to: grey) == grey, "σ \(sigma) wrap")
        }
        for (w, h) in [(1, 1), (2, 3), (1, 100), (100, 1)] {
            let image = try TestPattern.textEdges.render(width: w, height: h)
            for edges in EdgeMode.allCases {
                let ref = Reference.blur(image, sigmaX: 8, sigmaY: 8, edges: edges)
                let out = try GaussianBlur(sigma: 8, edges: edges).apply(to: image)
                #expect(Reference.psnr(out.pixels, ref) >= 45, "\(w)x\(h) \(edges)")
            }
        }
        // A σ far beyond the image keeps the area-downsampled schedule (the window would be huge).
        guard case .downsampled = GaussianBlur(sigma: 4000).plan(width: 50, height: 40).schedule else {
            Issue.record("σ 4000 on 50×40 should downsample"); return
        }
    }

    @Test("levels: as many halvings as keep the small σ ≥ 0.7, then back up past three while it stays ≤ 8")
    func levels() {
        #expect(BinomialPyramid.levels(sigma: 1.4, minSmallSigma: 0.7).levels == 0)
        let two = BinomialPyramid.levels(sigma: 2, minSmallSigma: 0.7)
        #expect(two.levels == 1 && abs(two.smallSigma - 0.5.squareRoot()) < 1e-12)
        // σ² = 2·(4ᵏ − 1)/3 + 4ᵏ·σₛ²: σ 12 → k 3 (σₛ² = (144 − 42)/64; k 4 leaves less than 0.7).
        let twelve = BinomialPyramid.levels(sigma: 12, minSmallSigma: 0.7)
        #expect(twelve.levels == 3 && abs(twelve.smallSigma - (102.0 / 64).squareRoot()) < 1e-12)
        // σ 32: k 4 leaves 1.83, k 3 leaves (1024 − 42)/64 → 3.92 ≤ 6, so 3.
        let big = BinomialPyramid.levels(sigma: 32, minSmallSigma: 0.7)
        #expect(big.levels == 3 && abs(big.smallSigma - (982.0 / 64).squareRoot()) < 1e-12)
        // σ 200: k 7 leaves 0.58 < 0.7; back to 6 (3.02), then 5 (6.2); k 4 would leave 12.5 > 8.
        #expect(BinomialPyramid.levels(sigma: 200, minSmallSigma: 0.7).levels == 5)
        // σ 64: k 5 (1.83) → 4 (3.92) → 3 (7.96).
        #expect(BinomialPyramid.levels(sigma: 64, minSmallSigma: 0.7).levels == 3)
        // A lower floor from the second halving on: σ 4 leaves 1.87 after one halving and 0.61
        // after two (under 0.7, over 0.6); σ 1.9 would leave 0.63 after its first, which keeps 0.7.
        #expect(BinomialPyramid.levels(sigma: 4, minSmallSigma: 0.7).levels == 1)
        let four = BinomialPyramid.levels(sigma: 4, minSmallSigma: 0.7, deeperMinSmallSigma: 0.6)
        #expect(four.levels == 2 && abs(four.smallSigma - 6.0.squareRoot() / 4) < 1e-12)
        #expect(BinomialPyramid.levels(sigma: 1.9, minSmallSigma: 0.7, deeperMinSmallSigma: 0.6).levels == 0)
        #expect(
            GaussianBlur(sigma: 4).plan(width: 3840, height: 2160).schedule
                == .pyramid(levelsX: 2, levelsY: 2, smallSigmaX: four.smallSigma, smallSigmaY: four.smallSigma))
    }
}
