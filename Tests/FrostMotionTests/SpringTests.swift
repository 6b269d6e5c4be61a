import Foundation
import Testing
@testable import FrostMotion
import FrostTestSupport

/// RK4 integration of m·x″ = k(T − x) − c·x′ from x = 0, x′ = v0: the independent reference.
func integrate(_ s: Spring, target: Double, v0: Double, until t: Double, step h: Double = 1e-4) -> (Double, Double) {
    func acc(_ x: Double, _ v: Double) -> Double { (s.stiffness * (target - x) - s.damping * v) / s.mass }
    var x = 0.0, v = v0, time = 0.0
    while time < t - 1e-12 {
        let dt = min(h, t - time)
        let k1x = v, k1v = acc(x, v)
        let k2x = v + dt / 2 * k1v, k2v = acc(x + dt / 2 * k1x, v + dt / 2 * k1v)
        let k3x = v + dt / 2 * k2v, k3v = acc(x + dt / 2 * k2x, v + dt / 2 * k2v)
        let k4x = v + dt * k3v, k4v = acc(x + dt * k3x, v + dt * k3v)
        x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        time += dt
    }
    return (x, v)
}

@Suite("Springs", .hangLimit)
struct SpringTests {
    @Test("Apple's worked examples")
    func appleExamples() throws {
        let a = try Spring(duration: 0.5, bounce: 0.3)
        #expect(abs(a.stiffness - 157.914) < 1e-3)
        #expect(abs(a.damping - 17.593) < 1e-3)
        let b = try Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(b.duration - 0.6283) < 1e-4)
        #expect(abs(b.bounce - 0.5) < 1e-9)
    }

    @Test("parameters follow the published formulas to 1e-9", arguments: [0.2, 0.5, 1.3])
    func formulas(duration: Double) throws {
        for bounce in [-0.7, -0.3, 0, 0.15, 0.3, 0.9] {
            let s = try Spring(duration: duration, bounce: bounce)
            let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            let k = pow(2 * Double.pi / duration, 2), c = 4 * Double.pi * zeta / duration
            #expect(abs(s.stiffness - k) <= 1e-9 * k)
            #expect(abs(s.damping - c) <= 1e-9 * max(c, 1))
            #expect(abs(s.duration - duration) < 1e-9)
            #expect(abs(s.response - duration) < 1e-9)
            #expect(abs(s.dampingRatio - zeta) < 1e-9)
            #expect(abs(s.bounce - bounce) < 1e-9, "bounce \(bounce)")
            let r = try Spring(response: duration, dampingRatio: zeta)
            #expect(r == s || abs(r.damping - s.damping) < 1e-12)
        }
    }

    @Test("overdamping is clamped to critical unless allowed")
    func overDamping() throws {
        let clamped = try Spring(mass: 2, stiffness: 50, damping: 100)
        #expect(abs(clamped.damping - 2 * (50.0 * 2).squareRoot()) < 1e-12)
        #expect(abs(clamped.dampingRatio - 1) < 1e-12)
        let free = try Spring(mass: 2, stiffness: 50, damping: 100, allowOverDamping: true)
        #expect(free.damping == 100)
        #expect(free.bounce < 0)
    }

    @Test("settling durations of the presets: 0.8, 0.877, 1.045 s")
    func presetsSettle() {
        #expect(abs(Spring.smooth.settlingDuration - 0.8) < 1e-3)
        #expect(abs(Spring.snappy.settlingDuration - 0.877) < 1e-3)
        #expect(abs(Spring.bouncy.settlingDuration - 1.045) < 1e-3)
        #expect((try? Spring(duration: 0.5, bounce: 1))?.settlingDuration == .infinity)
    }

    @Test("init(settlingDuration:) inverts settlingDuration")
    func settlingInit() throws {
        for (target, ratio) in [(0.6, 0.5), (1.2, 0.8), (2.0, 0.3)] {
            let s = try Spring(settlingDuration: target, dampingRatio: ratio)
            #expect(abs(s.settlingDuration - target) < 1e-6, "\(target) \(ratio)")
            #expect(abs(s.dampingRatio - ratio) < 1e-9)
        }
    }

    @Test("closed forms match RK4 in every damping regime, with initial velocity")
    func closedFormVersusODE() throws {
        let springs = [
            try Spring(duration: 0.4, bounce: 0.35),  // under
            try Spring(duration: 0.6, bounce: 0),  // critical
            try Spring(mass: 1.5, stiffness: 80, damping: 40, allowOverDamping: true),  // over
            try Spring(mass: 1, stiffness: 30, damping: 0),  // undamped
        ]
        for s in springs {
            for (target, v0) in [(1.0, 0.0), (-3.0, 12.0), (250.0, -900.0)] {
                for t in [0.0, 0.013, 0.1, 0.37, 0.9] {
                    let (x, v) = integrate(s, target: target, v0: v0, until: t)
                    let scale = max(abs(target), abs(v0), 1)
                    #expect(
                        abs(s.value(target: target, initialVelocity: v0, time: t) - x) < 1e-8 * scale,
                        "\(s) T=\(target) v0=\(v0) t=\(t)")
                    #expect(abs(s.velocity(target: target, initialVelocity: v0, time: t) - v) < 1e-7 * scale * 10)
                }
            }
        }
    }

    @Test("no precision loss next to critical damping")
    func nearCritical() throws {
        let ratios: [Double] = [1 - 1e-12, 1 - 1e-7, 1 - 1e-4, 1, 1 + 1e-10, 1 + 1e-7, 1 + 1e-4]
        for ratio in ratios {
            let s = try Spring(response: 0.5, dampingRatio: ratio)
            for t in [0.05, 0.23, 0.6] {
                let (x, v) = integrate(s, target: 1, v0: 4, until: t)
                #expect(abs(s.value(target: 1, initialVelocity: 4, time: t) - x) < 1e-8, "ζ=\(ratio) t=\(t)")
                #expect(abs(s.velocity(target: 1, initialVelocity: 4, time: t) - v) < 1e-7, "ζ=\(ratio) t=\(t)")
            }
        }
    }

    @Test("update advances exactly, whatever the step")
    func updateSteps() throws {
        let s = Spring.bouncy
        var x = 0.0, v = 2.0
        for _ in 0..<37 { s.update(value: &x, velocity: &v, target: 1, deltaTime: 1.0 / 120) }
        let t = 37.0 / 120
        #expect(abs(x - s.value(target: 1, initialVelocity: 2, time: t)) < 1e-12)
        #expect(abs(v - s.velocity(target: 1, initialVelocity: 2, time: t)) < 1e-10)
        #expect(abs(s.force(target: 1, position: 1, velocity: 0)) == 0)
    }

    @Test("NaN, infinite, negative and out-of-range parameters are rejected on the checked path")
    func invalid() {
        let strict = Strict()
        let bad: [() throws -> Spring] = [
            { try Spring(checkedDuration: .nan, bounce: 0) }, { try Spring(checkedDuration: -1, bounce: 0) },
            { try Spring(checkedDuration: 0, bounce: 0) }, { try Spring(checkedDuration: .infinity, bounce: 0) },
            { try Spring(checkedDuration: 0.5, bounce: -1) }, { try Spring(checkedDuration: 0.5, bounce: 1.5) },
            { try Spring(checkedDuration: 0.5, bounce: .nan) }, { try Spring(checkedResponse: 0.5, dampingRatio: -0.1) },
            { try Spring(checkedMass: 0, stiffness: 1, damping: 1) }, { try Spring(checkedMass: 1, stiffness: -5, damping: 1) },
            { try Spring(checkedMass: 1, stiffness: .infinity, damping: 1) }, { try Spring(checkedMass: 1, stiffness: 10, damping: .nan) },
            { try Spring(checkedSettlingDuration: 0, dampingRatio: 1) },
            { try Spring(duration: 0.5, bounce: 0.3 + 0.8, check: strict) },  // bouncy(extraBounce: 0.8)
        ]
        for (i, make) in bad.enumerated() {
            #expect(throws: MotionError.self, "case \(i)") { try make() }
            do { _ = try make() } catch { #expect(!String(describing: error).isEmpty && error is MotionError) }
        }
    }

    @Test("the SwiftUI-named initialisers never throw: NaN takes the default, other values clamp")
    func lenient() {
        let half = Spring(duration: 0.5, bounce: 0)
        #expect(Spring(duration: .nan, bounce: 0) == half)
        #expect(Spring(duration: 0.5, bounce: .nan) == half)
        #expect(Spring(duration: -1, bounce: 0).duration == Lenient.openMargin)
        #expect(abs(Spring(duration: 0, bounce: 0).duration - 1e-6) < 1e-18)
        #expect(abs(Spring(duration: .infinity, bounce: 0).duration - 1e6) < 1e-6)
        #expect(Spring(duration: 0.5, bounce: 1.5) == Spring(duration: 0.5, bounce: 1))
        #expect(Spring.bouncy(extraBounce: 0.8) == Spring(duration: 0.5, bounce: 1))
        let over = Spring(duration: 0.5, bounce: -1)
        #expect(over.dampingRatio.isFinite && over.dampingRatio > 1e5)
        #expect(Spring(response: 0.5, dampingRatio: -0.1).dampingRatio == 0)
        #expect(Spring(mass: .nan, stiffness: .nan, damping: .nan) == Spring(mass: 1, stiffness: 100, damping: 10))
        #expect(Spring(mass: 0, stiffness: 1, damping: 1).mass == Lenient.openMargin)
        for s in [
            Spring(duration: .nan, bounce: .nan), Spring(stiffness: .infinity, damping: -1), over,
            Spring(settlingDuration: 0, dampingRatio: 1), Spring(settlingDuration: .nan, dampingRatio: .nan),
        ] {
            for t in [0.0, 0.1, 1, 10] {
                #expect(s.value(target: 1, initialVelocity: 0, time: t).isFinite, "\(s) at \(t)")
            }
        }
    }
}
