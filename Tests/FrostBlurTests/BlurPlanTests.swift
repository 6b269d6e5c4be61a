import Testing
@testable import FrostBlur
import FrostImage

@Suite("Blur plans: what runs for each σ and quality", .timeLimit(.minutes(10)))
struct BlurPlanTests {
    func schedule(_ sigma: Double, _ quality: BlurQuality, encoding: ColorEncoding = .sRGB, w: Int = 1920, h: Int = 1080) -> BlurPlan.Schedule {
        GaussianBlur(sigma: sigma, quality: quality, encoding: encoding).plan(width: w, height: h).schedule
    }

    @Test("the planner's table: identity, fixed-point FIR, recursive, downsampled")
    func table() {
        #expect(schedule(0, .default) == .identity)
        #expect(schedule(1e-170, .exact) == .identity)
        #expect(schedule(2, .default) == .fixedPointFIR(radiusX: 6, radiusY: 6))     // ⌈3.5·2⌉ = 7, outer tap rounds away in Q8
        #expect(schedule(8, .default) == .fixedPointFIR(radiusX: 20, radiusY: 20))
        #expect(schedule(12, .default) == .separable(horizontal: .recursive, vertical: .recursive, floatIntermediate: false))
        #expect(schedule(2, .exact) == .separable(horizontal: .fir(radius: 8), vertical: .fir(radius: 8), floatIntermediate: true))
        #expect(schedule(2, .default, encoding: .linear) == .separable(horizontal: .fir(radius: 7), vertical: .fir(radius: 7), floatIntermediate: true))
        if case let .downsampled(fx, fy, sx, _) = schedule(32, .default) {
            #expect(fx == 4 && fy == 4 && sx >= 7.9)
        } else { Issue.record("σ 32 default should downsample") }
        if case let .downsampled(fx, _, sx, _) = schedule(8, .realtime) {
            #expect(fx == 2 && sx >= 3)
        } else { Issue.record("σ 8 realtime should downsample") }
        // Too small to shrink: the full-resolution default schedule.
        // (σ 4 realtime on 4×4: the window with its 3σ margins is 28 px, under 2 × 16 samples.)
        #expect(schedule(4, .realtime, w: 4, h: 4) == .fixedPointFIR(radiusX: 11, radiusY: 11))  // ⌈3.5·4⌉ = 14; taps past 11 round to 0 in Q8
    }

    @Test("the plan is what runs: an 8-bit blur through the printed schedule equals apply")
    func planRuns() throws {
        let image = try TestPattern.noise.render(width: 40, height: 30)
        let plan = GaussianBlur(sigma: 2).plan(width: 40, height: 30)
        #expect(plan.description.contains("fixed-point FIR"))
        // The fixed-point kernel run directly gives apply's bytes.
        var direct = try Image(width: 40, height: 30)
        GaussianBlur(sigma: 2).fixedPointPlan()!.run(image, into: &direct, region: image.bounds, threads: 1)
        #expect(try GaussianBlur(sigma: 2).apply(to: image, threads: 1) == direct)
        // A realtime blur too small to shrink runs the default schedule it prints: same bytes.
        for sigma in [2.0, 3, 4] {
            let realtime = GaussianBlur(sigma: sigma, quality: .realtime)
            #expect(realtime.plan(width: 40, height: 30).schedule == GaussianBlur(sigma: sigma).plan(width: 40, height: 30).schedule)
            #expect(try realtime.apply(to: image, threads: 1) == GaussianBlur(sigma: sigma).apply(to: image, threads: 1), "σ \(sigma)")
        }
    }
}
