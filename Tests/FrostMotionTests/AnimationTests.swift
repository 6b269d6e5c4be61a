import Foundation
import Testing
@testable import FrostMotion
import FrostTestSupport

@Suite("Animations", .hangLimit)
struct AnimationTests {
    @Test("SwiftUI's defaults: 0.35 s curves, .default = .spring (response 0.5, critical)")
    func defaults() throws {
        #expect(Animation.easeInOut.duration == 0.35)
        #expect(abs(Animation.linear.value(at: 0.07) - 0.2) < 1e-12)
        #expect(abs(Animation.easeInOut.value(at: 0.175) - 0.5) < 1e-12)
        #expect(Animation.easeIn.value(at: 0.35) == 1 && Animation.easeIn.value(at: 9) == 1)
        let spring = Spring.smooth  // response 0.5, ζ = 1
        for t in [0.05, 0.3, 0.7] {
            #expect(abs(Animation.default.value(at: t) - spring.value(target: 1, time: t)) < 1e-12)
        }
        let interactive = try Spring(response: 0.15, dampingRatio: 0.86)
        #expect(abs(Animation.interactiveSpring.value(at: 0.1) - interactive.value(target: 1, time: 0.1)) < 1e-12)
        let curve = try Animation.timingCurve(0.25, 0.1, 0.25, 1)
        #expect(abs(curve.value(at: 0.1) - UnitCurve.default.value(at: 0.1 / 0.35)) < 1e-12)
    }

    @Test("delay and speed reshape time; velocity scales with speed")
    func delayAndSpeed() throws {
        let base = Animation.easeInOut
        let delayed = try base.delay(0.2)
        #expect(delayed.value(at: 0.1) == 0 && delayed.velocity(at: 0.1) == 0)
        #expect(abs(delayed.value(at: 0.3) - base.value(at: 0.1)) < 1e-12)
        let fast = try base.speed(2)
        #expect(abs(fast.value(at: 0.05) - base.value(at: 0.1)) < 1e-12)
        #expect(abs(fast.velocity(at: 0.05) - 2 * base.velocity(at: 0.1)) < 1e-9)
        #expect(fast.duration == 0.175)
        // A delay before speed is sped up too; after it, not.
        #expect(try base.delay(1).speed(2).delay == 0.5)
        #expect(try base.speed(2).delay(1).delay == 1)
        #expect(try base.delay(1).speed(2).duration == 0.5 + 0.175)
    }

    @Test("repeatCount with and without autoreverse; repeatForever never completes")
    func repeats() throws {
        let d = 0.35, base = Animation.easeIn
        let back = try base.repeatCount(3, autoreverses: true)
        #expect(abs(back.value(at: 0.25 * d) - base.value(at: 0.25 * d)) < 1e-12)
        #expect(abs(back.value(at: 1.25 * d) - base.value(at: 0.75 * d)) < 1e-12)  // reversed
        #expect(back.velocity(at: 1.25 * d) < 0)
        #expect(abs(back.value(at: 2.25 * d) - base.value(at: 0.25 * d)) < 1e-12)  // forward again
        #expect(!back.isComplete(at: 2.99 * d) && back.isComplete(at: 3 * d) && back.value(at: 3.5 * d) == 1)
        #expect(abs(back.duration! - 3 * d) < 1e-12)
        let restart = try base.repeatCount(2, autoreverses: false)
        #expect(abs(restart.value(at: 1.25 * d) - base.value(at: 0.25 * d)) < 1e-12)
        let forever = base.repeatForever(autoreverses: true)
        #expect(!forever.isComplete(at: 1e6) && !forever.isLogicallyComplete(at: 1e6) && forever.duration == nil)
        #expect(abs(forever.value(at: 1001.25 * d) - base.value(at: 0.75 * d)) < 1e-9)
    }

    @Test("springs: logically complete at their perceptual duration, complete when settled")
    func springCompletion() throws {
        let a = Animation.bouncy  // duration 0.5 s, settles in 1.045 s
        #expect(!a.isLogicallyComplete(at: 0.49) && a.isLogicallyComplete(at: 0.5))
        #expect(!a.isComplete(at: 1.0) && a.isComplete(at: 1.05))
        let c = Animation.easeOut
        #expect(!c.isLogicallyComplete(at: 0.34) && c.isLogicallyComplete(at: 0.35) && c.isComplete(at: 0.35))
        let delayed = try a.delay(1)
        #expect(!delayed.isLogicallyComplete(at: 1.49) && delayed.isLogicallyComplete(at: 1.5))
    }

    @Test("interpolating springs start with their initial velocity")
    func interpolating() throws {
        let a = try Animation.interpolatingSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 3)
        let s = try Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(a.velocity(at: 1e-9) - 3) < 1e-5)
        #expect(abs(a.value(at: 0.2) - s.value(target: 1, initialVelocity: 3, time: 0.2)) < 1e-12)
        #expect(abs(a.value(from: 10, to: 20, at: 0.2) - (10 + 10 * a.value(at: 0.2))) < 1e-12)
        // A 600 pt/s flick over a 300 pt move is a normalised velocity of 2; in value units the
        // animation then starts at exactly 600 pt/s.
        let n = Animation.normalizedVelocity(600, from: 100, to: 400)
        #expect(n == 2 && Animation.normalizedVelocity(5, from: 1, to: 1) == 0)
        let flick = try Animation.interpolatingSpring(duration: 0.5, bounce: 0.2, initialVelocity: n)
        #expect(abs(300 * flick.velocity(at: 1e-9) - 600) < 1e-3)
    }

    @Test("velocity is the derivative of value through every modifier")
    func velocityDerivative() throws {
        let animations = [
            try Animation.easeInOut.delay(0.1).speed(1.5).repeatCount(3, autoreverses: true),
            try Animation.snappy(duration: 0.4, extraBounce: 0.1).speed(0.5),
            try Animation.timingCurve(0.68, -0.6, 0.32, 1.6, duration: 0.5).delay(0.05),
        ]
        for a in animations {
            for i in 1..<60 {
                let t = Double(i) * 0.021 + 0.0003, h = 1e-6
                let numeric = (a.value(at: t + h) - a.value(at: t - h)) / (2 * h)
                #expect(abs(a.velocity(at: t) - numeric) < 1e-4 * max(1, abs(numeric)), "\(a) t=\(t)")
            }
        }
    }

    @Test("bad durations, delays, speeds and counts are rejected on the checked path (parse)")
    func invalid() {
        let s = Strict()
        let bad: [() throws -> Animation] = [
            { try .timingCurve(.easeIn, duration: 0, check: s) }, { try .timingCurve(.linear, duration: -1, check: s) },
            { try .timingCurve(.easeOut, duration: .nan, check: s) },
            { try .timingCurve(0.5, 0, 1.5, 1, duration: 0.35, check: s) }, { try Animation.easeIn.delay(-0.1, check: s) },
            { try Animation.easeIn.delay(.infinity, check: s) },
            { try Animation.easeIn.speed(0, check: s) }, { try Animation.easeIn.speed(.nan, check: s) },
            { try Animation.easeIn.repeatCount(0, autoreverses: true, check: s) },
            { try .spring(Spring(duration: 0.5, bounce: 2, check: s), blendDuration: 0, check: s) },
            { try .interpolatingSpring(Spring(mass: 1, stiffness: 0, damping: 1, allowOverDamping: true, check: s), initialVelocity: 0, check: s) },
            { try .spring(Spring(response: .nan, dampingRatio: 0.825, check: s), blendDuration: 0, check: s) },
            { try .interpolatingSpring(.smooth, initialVelocity: .nan, check: s) },
        ]
        for (i, make) in bad.enumerated() {
            #expect(throws: MotionError.self, "case \(i)") { try make() }
        }
        // The same texts through the parser.
        for text in [
            ".easeIn(duration: 0)", ".linear(duration: -1)", ".easeIn.delay(-0.1)", ".easeIn.speed(0)",
            ".easeIn.repeatCount(0)", ".spring(duration: 0.5, bounce: 2)", ".timingCurve(0.5, 0, 1.5, 1)",
        ] {
            #expect(throws: MotionError.self, "\(text)") { try Animation.parse(text) }
        }
    }

    @Test("SwiftUI's builders never throw: withAnimation(.smooth(duration: 0.15)) needs no try; odd values clamp")
    func lenient() {
        // The user's own code shape: no `try` anywhere.
        let seed: [Animation] = [
            .smooth(duration: 0.15), .smooth(duration: 0.3), .smooth(duration: 0.2).delay(0.25),
            .spring(duration: 0.5, bounce: 0.3), .easeIn(duration: 0.2), .linear.repeatCount(3),
        ]
        #expect(seed.count == 6)
        #expect(Animation.easeIn(duration: .nan) == Animation.easeIn)
        #expect(Animation.easeIn.delay(-1) == Animation.easeIn)
        #expect(Animation.easeIn.delay(.nan) == Animation.easeIn)
        #expect(Animation.easeIn.speed(.nan) == Animation.easeIn)
        #expect(Animation.easeIn.repeatCount(0) == Animation.easeIn.repeatCount(1))
        #expect(Animation.timingCurve(0.5, 0, 1.5, 1) == Animation.timingCurve(0.5, 0, 1, 1))
        // A zero-duration curve finishes at once instead of dividing by zero.
        let instant = Animation.linear(duration: 0)
        #expect(instant.value(at: 0.001) == 1)
        #expect(instant.value(at: 0).isFinite)
        let frozen = Animation.linear(duration: 1).speed(0)
        #expect(frozen.value(at: 10).isFinite)
    }
}
