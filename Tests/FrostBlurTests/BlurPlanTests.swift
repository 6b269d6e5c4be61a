import Testing
@testable import FrostBlur
import FrostImage
import FrostTestSupport

@Suite("Blur plans: what runs for each σ and quality", .hangLimit)
struct BlurPlanTests {
    func schedule(_ sigma: Double, _ quality: BlurQuality, encoding: ColorEncoding = .sRGB, w: Int = 1920, h: Int = 1080) -> BlurPlan.Schedule {
        GaussianBlur(sigma: sigma, quality: quality, encoding: encoding).plan(width: w, height: h).schedule
    }

    @Test("the planner's table: identity, fixed-point FIR, pyramid, downsampled")
    func table() {
        #expect(schedule(0, .default) == .identity)
        #expect(schedule(1e-170, .exact) == .identity)
        // σ ≤ √(2 + 4·0.7²) ≈ 1.68: no halving leaves σₛ ≥ 0.7, the full-resolution FIR runs.
        #expect(schedule(1, .default) == .fixedPointFIR(radiusX: 3, radiusY: 3))
        #expect(schedule(1.6, .default) == .fixedPointFIR(radiusX: 5, radiusY: 5))
        #expect(schedule(1.6, .realtime) == .fixedPointFIR(radiusX: 5, radiusY: 5))
        // σ² = 2·(4ᵏ − 1)/3 + 4ᵏ·σₛ².
        #expect(schedule(2, .default) == .pyramid(levelsX: 1, levelsY: 1, smallSigmaX: 0.5.squareRoot(), smallSigmaY: 0.5.squareRoot()))
        #expect(schedule(8, .default) == .pyramid(levelsX: 2, levelsY: 2, smallSigmaX: (54.0 / 16).squareRoot(), smallSigmaY: (54.0 / 16).squareRoot()))
        #expect(schedule(8, .realtime) == schedule(8, .default))
        if case let .pyramid(kx, ky, _, _) = schedule(200, .default) {
            #expect(kx == 5 && ky == 5)
        } else {
            Issue.record("σ 200 on 1080p should take the pyramid")
        }
        // Anisotropic: each axis its own depth.
        if case let .pyramid(kx, ky, sx, _) = GaussianBlur(sigmaX: 1, sigmaY: 16).plan(width: 1920, height: 1080).schedule {
            #expect(kx == 0 && ky == 3 && sx == 1)
        } else {
            Issue.record("σ 1×16 should take the pyramid")
        }
        #expect(schedule(2, .exact) == .separable(horizontal: .fir(radius: 8), vertical: .fir(radius: 8), floatIntermediate: true))
        #expect(schedule(2, .default, encoding: .linear) == .separable(horizontal: .fir(radius: 7), vertical: .fir(radius: 7), floatIntermediate: true))
        // Linear light is float: the area-downsampled schedule as before.
        if case let .downsampled(fx, fy, sx, _) = schedule(32, .default, encoding: .linear) {
            #expect(fx == 4 && fy == 4 && sx >= 7.9)
        } else {
            Issue.record("σ 32 default linear should downsample")
        }
        // σ far beyond the image: the window would dwarf the image, so the area-downsampled schedule.
        if case .downsampled = schedule(3000, .default, w: 640, h: 480) {} else { Issue.record("σ 3000 on 640×480 should downsample") }
    }

    @Test("the plan is what runs: an 8-bit blur through the printed schedule equals apply")
    func planRuns() throws {
        let image = try TestPattern.noise.render(width: 40, height: 30)
        let plan = GaussianBlur(sigma: 1.5).plan(width: 40, height: 30)
        #expect(plan.description.contains("fixed-point FIR"))
        // The fixed-point kernel run directly gives apply's bytes.
        var direct = try Image(width: 40, height: 30)
        GaussianBlur(sigma: 1.5).fixedPointPlan()!.run(image, into: &direct, region: image.bounds, threads: 1)
        #expect(try GaussianBlur(sigma: 1.5).apply(to: image, threads: 1) == direct)
        // The pyramid run directly gives apply's bytes too.
        let blur = GaussianBlur(sigma: 5)
        #expect(blur.plan(width: 40, height: 30).description.contains("binomial pyramid"))
        var pyramid = try Image(width: 40, height: 30)
        blur.pyramid(for: image.bounds, width: 40, height: 30)!.run(image, into: &pyramid, region: image.bounds, threads: 1)
        #expect(try blur.apply(to: image, threads: 1) == pyramid)
        // Realtime runs the default schedule it prints: same bytes.
        for sigma in [1.5, 2, 3, 4, 9] {
            let realtime = GaussianBlur(sigma: sigma, quality: .realtime)
            #expect(realtime.plan(width: 40, height: 30).schedule == GaussianBlur(sigma: sigma).plan(width: 40, height: 30).schedule)
            #expect(try realtime.apply(to: image, threads: 1) == GaussianBlur(sigma: sigma).apply(to: image, threads: 1), "σ \(sigma)")
        }
    }
}
