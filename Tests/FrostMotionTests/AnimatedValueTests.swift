import Foundation
import Testing
@testable import FrostMotion
import FrostTestSupport

@Suite("Interruption and retargeting", .hangLimit)
struct AnimatedValueTests {
    /// Position and velocity just before and just after a `set` at `t` must agree.
    func expectContinuous(
        _ before: AnimatedValue<Double>, _ after: AnimatedValue<Double>, at t: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(abs(before.value(at: t) - after.value(at: t)) < 1e-9, sourceLocation: sourceLocation)
        #expect(abs(before.velocity(at: t) - after.velocity(at: t)) < 1e-7, sourceLocation: sourceLocation)
    }

    @Test("nil animation jumps and drops what is in flight")
    func jump() throws {
        var v = AnimatedValue(0)
        try v.set(10, animation: .easeIn, at: 0)
        try v.set(4, animation: nil, at: 0.1)
        #expect(v.value(at: 0.1) == 4 && v.velocity(at: 0.1) == 0 && v.isComplete(at: 0.1))
    }

    @Test("curves are additive: each runs its own change and the results are summed")
    func additiveCurves() throws {
        var v = AnimatedValue(0)
        try v.set(1, animation: .easeInOut, at: 0)
        let before = v
        try v.set(3, animation: .easeInOut, at: 0.1)
        expectContinuous(before, v, at: 0.1)
        let e = Animation.easeInOut
        for t in [0.12, 0.3, 0.4] {
            let expected = 3 - (1 - e.value(at: t)) * 1 - (1 - e.value(at: t - 0.1)) * 2
            #expect(abs(v.value(at: t) - expected) < 1e-12)
        }
        #expect(v.value(at: 0.45) == 3 && v.isComplete(at: 0.45) && !v.isComplete(at: 0.44))
    }

    @Test("a spring retargeting a spring merges: one spring from the current position and velocity")
    func springMerge() throws {
        var v = AnimatedValue(0)
        try v.set(1, animation: .spring, at: 0)
        let before = v
        try v.set(3, animation: .bouncy, at: 0.2)
        expectContinuous(before, v, at: 0.2)
        let x0 = before.value(at: 0.2), v0 = before.velocity(at: 0.2)
        for t in [0.25, 0.5, 0.9] {
            let expected = x0 + Spring.bouncy.value(target: 3 - x0, initialVelocity: v0, time: t - 0.2)
            #expect(abs(v.value(at: t) - expected) < 1e-9)
        }
        #expect(v.motions.count == 1)
        // Interrupting several times keeps a single spring.
        try v.set(-2, animation: .snappy, at: 0.3)
        try v.set(5, animation: .smooth, at: 0.31)
        #expect(v.motions.count == 1)
        #expect(abs(v.value(at: 5) - 5) < 1e-9 && v.isComplete(at: 5))
    }

    @Test("a curve interrupting a spring adds to it; the spring keeps running")
    func mixed() throws {
        var v = AnimatedValue(0)
        try v.set(100, animation: .bouncy, at: 0)
        let before = v
        try v.set(50, animation: .easeOut, at: 0.15)
        expectContinuous(before, v, at: 0.15)
        #expect(v.motions.count == 2)
        #expect(abs(v.value(at: 3) - 50) < 1e-6)
    }

    @Test("a gesture's release velocity is the presentation velocity at that instant")
    func velocityInjection() throws {
        for animation in [Animation.spring, .bouncy, .easeInOut, try .interpolatingSpring(stiffness: 170, damping: 15)] {
            var v = AnimatedValue(0)
            try v.set(40, animation: .snappy, at: 0)
            try v.set(200, animation: animation, at: 0.1, initialVelocity: 900)
            #expect(abs(v.velocity(at: 0.1) - 900) < 1e-6, "\(animation)")
            #expect(
                abs(
                    v.value(at: 0.1)
                        - (try {
                            var w = AnimatedValue(0); try w.set(40, animation: .snappy, at: 0); return w.value(at: 0.1)
                        }())) < 1e-9)
            #expect(abs(v.value(at: 6) - 200) < 0.5, "\(animation)")
        }
    }

    @Test("bad times and values are rejected")
    func invalid() throws {
        var v = AnimatedValue(0)
        try v.set(1, animation: .easeIn, at: 1)
        #expect(throws: MotionError.self) { try v.set(2, animation: .easeIn, at: 0.5) }
        #expect(throws: MotionError.self) { try v.set(.nan, animation: .easeIn, at: 2) }
        #expect(throws: MotionError.self) { try v.set(2, animation: .easeIn, at: 2, initialVelocity: .infinity) }
    }

    @Test("sample(at:) equals value and velocity, for values, animations and curves")
    func sampleMatches() throws {
        var v = AnimatedValue(3)
        try v.set(40, animation: .bouncy, at: 0, initialVelocity: 200)
        try v.set(-7, animation: .easeInOut, at: 0.1)
        let a = try Animation.timingCurve(0.3, -0.4, 0.6, 1.3, duration: 0.5).repeatCount(2)
        for t in stride(from: 0.0, through: 1.2, by: 0.037) {
            #expect(v.sample(at: t) == (v.value(at: t), v.velocity(at: t)))
            #expect(a.sample(at: t) == (a.value(at: t), a.velocity(at: t)))
            let c = UnitCurve.easeInOut.sample(at: t)
            #expect(abs(c.value - UnitCurve.easeInOut.value(at: t)) < 1e-15 && abs(c.velocity - UnitCurve.easeInOut.velocity(at: t)) < 1e-12)
        }
    }

    @Test("blendDuration blends the previous spring's response into the new one (vs RK4)")
    func blending() throws {
        let slow = try Spring(response: 0.8, dampingRatio: 0.9), fast = try Spring(response: 0.2, dampingRatio: 0.6)
        var v = AnimatedValue(0.0)
        try v.set(100, animation: .spring(slow), at: 0)
        let before = v
        try v.set(40, animation: .spring(fast, blendDuration: 0.25), at: 0.3)
        expectContinuous(before, v, at: 0.3)
        // Reference: RK4 on x″ = k(t)(40 − x) − c(t)x′ with response and ζ interpolated linearly.
        var x = before.value(at: 0.3), u = before.velocity(at: 0.3), t = 0.0
        let h = 1e-5
        func acc(_ tau: Double, _ x: Double, _ u: Double) -> Double {
            let f = min(1, tau / 0.25)
            let r = 0.8 + (0.2 - 0.8) * f, z = 0.9 + (0.6 - 0.9) * f
            let w = 2 * Double.pi / r
            return w * w * (40 - x) - 2 * z * w * u
        }
        for check in [0.1, 0.25, 0.4, 0.7] {
            while t < check - 1e-12 {
                let k1x = u, k1u = acc(t, x, u)
                let k2x = u + h / 2 * k1u, k2u = acc(t + h / 2, x + h / 2 * k1x, u + h / 2 * k1u)
                let k3x = u + h / 2 * k2u, k3u = acc(t + h / 2, x + h / 2 * k2x, u + h / 2 * k2u)
                let k4x = u + h * k3u, k4u = acc(t + h, x + h * k3x, u + h * k3u)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x); u += h / 6 * (k1u + 2 * k2u + 2 * k3u + k4u)
                t += h
            }
            #expect(abs(v.value(at: 0.3 + check) - x) < 2e-3, "t=\(check): \(v.value(at: 0.3 + check)) vs \(x)")
            #expect(abs(v.velocity(at: 0.3 + check) - u) < 5e-2, "t=\(check)")
        }
        // No seam where the blend ends.
        let end = 0.3 + 0.25
        #expect(abs(v.value(at: end - 1e-9) - v.value(at: end + 1e-9)) < 1e-6)
        #expect(abs(v.velocity(at: end - 1e-9) - v.velocity(at: end + 1e-9)) < 1e-4)
        #expect(v.isComplete(at: 3) && abs(v.value(at: 3) - 40) < 1e-6)
    }
}
