import Testing
@testable import FrostMotion
import FrostTestSupport

@Suite("Phase and keyframe animators", .hangLimit)
struct PhaseAndKeyframeTests {
    let x = Animator.Key("x", kind: .movement)

    @Test("phases advance when each animation is logically complete, and loop")
    func phases() throws {
        let ease = try Animation.easeInOut(duration: 0.2)
        let p = try PhaseAnimator(phases: [[x: 0], [x: 100], [x: 50]]) { _ in ease }
        #expect(p.phase(at: 0.1) == (1, 0) && p.phase(at: 0.3) == (2, 0.2) && p.phase(at: 0.5) == (0, 0.4))
        #expect(abs(p.values(at: 0.1)[x]! - 50) < 1e-9)  // halfway 0 → 100
        #expect(abs(p.values(at: 0.3)[x]! - 75) < 1e-9)  // halfway 100 → 50
        #expect(abs(p.values(at: 0.65)[x]! - 100 * ease.value(at: 0.05)) < 1e-9)  // second lap
        let once = try PhaseAnimator(phases: [[x: 0], [x: 100], [x: 50]], repeats: false) { _ in ease }
        #expect(once.values(at: 10)[x] == 50 && once.phase(at: 10).index == 2)
    }

    @Test("a spring phase hands over at its perceptual duration without a jump")
    func springPhases() throws {
        let p = try PhaseAnimator(phases: [[x: 0], [x: 1], [x: 0]]) { _ in .bouncy }
        #expect(p.phase(at: 0.49).index == 1 && p.phase(at: 0.5).index == 2)
        let before = p.values(at: 0.5 - 1e-9)[x]!, after = p.values(at: 0.5)[x]!
        #expect(abs(before - after) < 1e-6)
        #expect(throws: MotionError.self) { try PhaseAnimator(phases: [[x: 0]]) { _ in .smooth } }
        #expect(throws: MotionError.self) { try PhaseAnimator(phases: [[x: 0], [x: 1]]) { _ in nil } }
        #expect(throws: MotionError.self) { try PhaseAnimator(phases: [[x: 0], [x: .nan]]) { _ in .smooth } }
    }

    @Test("values at any elapsed time come from a bounded replay that agrees with replaying from 0 (1e-6)")
    func boundedReplay() throws {
        let y = Animator.Key("y", kind: .opacity)
        let mixed = try PhaseAnimator(phases: [[x: 0, y: 0], [x: 100, y: 1], [x: 30, y: 0.5], [x: -40, y: 0]]) { i in
            [Animation.bouncy, .easeInOut(duration: 0.25), .snappy, .spring(duration: 0.3, bounce: 0.5)][i]
        }
        #expect(mixed.horizon > 0 && mixed.horizon.isFinite)
        for t in stride(from: 0.0, through: 40, by: 0.37) {
            let fast = mixed.values(at: t)
            let full = mixed.replay(from: 1, through: mixed.lastTransition(atOrBefore: t), at: t)
            #expect(abs(fast[x]! - full[x]!) < 1e-6 && abs(fast[y]! - full[y]!) < 1e-6, "t = \(t)")
        }
        // After a day the cost is the same: a handful of transitions, not 10⁵.
        let late = 86_400.123
        let k = mixed.lastTransition(atOrBefore: late), first = mixed.lastTransition(atOrBefore: late - mixed.horizon)
        #expect(k - first < 20 && k > 10_000)
        #expect(mixed.start(k)! <= late && mixed.start(k + 1)! > late)
        #expect(mixed.values(at: late)[x]!.isFinite)
        #expect(mixed.phase(at: late).index == k % 4)
    }

    @Test("linear and move keyframes")
    func linearAndMove() throws {
        let t = try KeyframeTrack(initialValue: 0, [.linear(10, duration: 1), .move(40), .linear(-10, duration: 0.5)])
        #expect(t.duration == 1.5)
        #expect(abs(t.value(at: 0.5) - 5) < 1e-12 && abs(t.velocity(at: 0.5) - 10) < 1e-12)
        #expect(abs(t.value(at: 1.25) - 15) < 1e-12)  // from the moved 40 toward −10
        #expect(t.value(at: 3) == -10 && t.velocity(at: 3) == 0)
        let eased = try KeyframeTrack(initialValue: 0, [.linear(1, duration: 0.35, curve: .easeIn)])
        #expect(abs(eased.value(at: 0.1) - Animation.easeIn.value(at: 0.1)) < 1e-12)
    }

    @Test("cubic keyframes pass through their values with continuous velocity (Catmull–Rom)")
    func cubic() throws {
        let t = try KeyframeTrack(initialValue: 0, [.cubic(10, duration: 1), .cubic(4, duration: 0.5), .cubic(20, duration: 1)])
        for (time, value) in [(1.0, 10.0), (1.5, 4.0), (2.5, 20.0)] {
            #expect(abs(t.value(at: time) - value) < 1e-9)
        }
        for b in [1.0, 1.5] {
            let left = t.velocity(at: b - 1e-9), right = t.velocity(at: b + 1e-9)
            #expect(abs(left - right) < 1e-5, "velocity jumps at \(b)")
        }
        #expect(abs(t.velocity(at: 1.0 + 1e-9) - (4 - 0) / 1.5) < 1e-5)  // (v₂ − v₀)/(t₂ − t₀)
        for i in 1..<50 {
            let time = Double(i) * 0.05, h = 1e-6
            let numeric = (t.value(at: time + h) - t.value(at: time - h)) / (2 * h)
            #expect(abs(t.velocity(at: time) - numeric) < 1e-4, "t=\(time)")
        }
    }

    @Test("a spring keyframe starts from where and how fast the previous segment left off")
    func springKeyframe() throws {
        let t = try KeyframeTrack(initialValue: 0, [.linear(10, duration: 1), .spring(0, duration: 0.8, spring: .bouncy)])
        let o = Spring.bouncy.offset(target: -10, initialVelocity: 10, time: 0.3)
        #expect(abs(t.value(at: 1.3) - (0 + o.value)) < 1e-9 && abs(t.velocity(at: 1.3) - o.velocity) < 1e-9)
        #expect(throws: MotionError.self) { try KeyframeTrack(initialValue: 0, [.linear(1, duration: -1)]) }
        #expect(throws: MotionError.self) { try KeyframeTrack(initialValue: 0, [.cubic(.infinity, duration: 1)]) }
        let timeline = KeyframeTimeline([x: t])
        #expect(timeline.duration == 1.8)
        #expect(abs(timeline.values(at: 1.8 + 0.5, repeating: true)[x]! - t.value(at: 0.5)) < 1e-9)
    }
}
