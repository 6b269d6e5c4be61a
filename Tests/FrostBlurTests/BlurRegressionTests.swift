import Foundation
import Testing
@testable import FrostBlur
import FrostImage
import FrostTestSupport

/// The failures found by trying `frost blur` as a user would (issue 25), each pinned by name.
@Suite("Blur regressions: region plans and the exact blur's budget", .hangLimit)
struct BlurRegressionTests {
    /// Opaque noise, seeded.
    static func noise(_ w: Int, _ h: Int, seed: UInt64) throws -> Image {
        var rng = SeededGenerator(seed: seed)
        return try RandomImages.make(w, h, kind: .opaqueNoise, using: &rng)
    }

    @Test("regionSigma150NearCentreOf2000px: the region's own plan runs (it trapped on the whole image's pyramid)")
    func regionSigma150NearCentreOf2000px() throws {
        let image = try Self.noise(2000, 2000, seed: 25_001)
        let blur = GaussianBlur(sigma: 150)
        let rect = PixelRect(x: 995, y: 995, width: 10, height: 10)
        // The whole image takes the pyramid; a 10 px region's pyramid window would be 100 000×
        // the region, so the region is downsampled — and that is what its plan says.
        guard case .pyramid = blur.plan(width: 2000, height: 2000).schedule else { Issue.record("whole image: pyramid expected"); return }
        guard case .downsampled = blur.plan(width: 2000, height: 2000, region: rect).schedule else {
            Issue.record("region: downsampled expected, got \(blur.plan(width: 2000, height: 2000, region: rect))"); return
        }
        let out = try blur.apply(to: image, region: rect, threads: 2)
        #expect(RandomImages.sameOutside(image, out, rect))
        // Against the float64 Gaussian (no edge within 6σ of the region, so no edge mode matters).
        let g = (-900...900).map { exp(-Double($0 * $0) / (2 * 150.0 * 150)) }
        let norm = g.reduce(0, +)
        var worst = 0.0
        // The region's corners (separable: each column's horizontal sums, then the vertical sum).
        image.pixels.withUnsafeBufferPointer { p in
            for x in [rect.x, rect.maxX - 1] {
                var rows = [[Double]](repeating: [0, 0, 0], count: 2000)
                for j in (rect.y - 900)..<(rect.maxY + 900) {
                    for dx in -900...900 {
                        let i = 4 * (j * 2000 + x + dx)
                        for c in 0..<3 { rows[j][c] += g[dx + 900] * Double(p[i + c]) }
                    }
                }
                for y in [rect.y, rect.maxY - 1] {
                    for c in 0..<3 {
                        var sum = 0.0
                        for dy in -900...900 { sum += g[dy + 900] * rows[y + dy][c] }
                        worst = max(worst, abs(sum / (norm * norm) - Double(out.pixels[4 * (y * 2000 + x) + c])))
                    }
                }
            }
        }
        #expect(worst <= 1.0, "max error \(worst) levels against float64 (tolerance 1: the ≥ 45 dB downsampled schedule on a flat result)")
    }

    @Test("regionSigma150OnePixelHighRealtime7Threads: no trap, same bytes on 1 and 7 threads")
    func regionSigma150OnePixelHighRealtime7Threads() throws {
        let image = try Self.noise(1500, 900, seed: 25_002)
        let blur = GaussianBlur(sigma: 150, quality: .realtime)
        let rect = PixelRect(x: 614, y: 640, width: 5, height: 1)
        let seven = try blur.apply(to: image, region: rect, threads: 7)
        let one = try blur.apply(to: image, region: rect, threads: 1)
        #expect(seven == one)
        #expect(RandomImages.sameOutside(image, seven, rect))
        #expect(seven != image, "the region is blurred")
    }

    @Test("regionSigma8x300FiveRowsMirror: an anisotropic σ on a thin full-width region")
    func regionSigma8x300FiveRowsMirror() throws {
        let image = try Self.noise(1500, 900, seed: 25_003)
        let blur = GaussianBlur(sigmaX: 8, sigmaY: 300, edges: .mirror)
        let rect = PixelRect(x: 0, y: 315, width: 1500, height: 5)
        let out = try blur.apply(to: image, region: rect, threads: 2)
        #expect(RandomImages.sameOutside(image, out, rect))
        // σ 300 vertically over 900 rows of noise: every channel is near the mean (127.5).
        let inside = (0..<1500).flatMap { x in (315..<320).map { y in out[x, y] } }
        let spread = inside.map { abs(Int($0.r) - 128) }.max() ?? 255
        #expect(!inside.isEmpty && spread <= 24, "blurred values stay near the mean (spread \(spread))")
    }

    @Test("exactSigma4096ExpandedIsRefusedNotRun: exact work over the budget is a typed error, at once")
    func exactSigma4096ExpandedIsRefusedNotRun() throws {
        let image = try Self.noise(300, 200, seed: 25_004)
        let blur = GaussianBlur(sigmaX: 4096, sigmaY: 150, quality: .exact, extent: .expanded, encoding: .linear)
        let plan = blur.plan(width: 300, height: 200)
        #expect(plan.region.width == 300 + 2 * 12_288 && plan.region.height == 200 + 2 * 450)
        #expect(plan.firWork > GaussianBlur.exactWorkLimit)
        let start = Date()
        do {
            _ = try blur.apply(to: image, threads: 2)
            Issue.record("expected the over-budget error")
        } catch {
            guard case .overBudget = error else { Issue.record("wrong error: \(error)"); return }
            #expect(error.description.contains("quality default"))
            #expect(!error.description.contains("\n"))
        }
        #expect(Date().timeIntervalSince(start) < 5, "refused before any work")
        // The same σ at default quality runs (its cost does not grow with σ).
        var fast = blur
        fast.quality = .default
        #expect(fast.plan(width: 300, height: 200).firWork <= GaussianBlur.exactWorkLimit)
    }

    @Test("exact quality within the budget still runs its FIR (σ 64 on 256×256)")
    func exactWithinBudgetRuns() throws {
        let blur = GaussianBlur(sigma: 64, quality: .exact)
        let plan = blur.plan(width: 256, height: 256)
        #expect(plan.firWork > 0 && plan.firWork <= GaussianBlur.exactWorkLimit)
        _ = try blur.apply(to: try Self.noise(256, 256, seed: 25_005), threads: 2)
    }
}
