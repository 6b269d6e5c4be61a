import Foundation
import Testing
@testable import FrostMotion
import FrostTestSupport

/// Counts completion calls. `@unchecked Sendable`: `calls` is touched under `lock` only.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls_: [String] = []
    var calls: [String] { lock.withLock { calls_ } }
    func callback(_ name: String) -> () -> Void { { self.lock.withLock { self.calls_.append(name) } } }
}

@Suite("Transactions and completion", .hangLimit)
struct AnimatorTests {
    let x = Animator.Key("x", kind: .movement)
    let alpha = Animator.Key("alpha", kind: .opacity)
    let blur = Animator.Key("blur", kind: .blur)

    @Test("completion fires exactly once, when the criteria are met")
    func exactlyOnce() throws {
        let c = Counter()
        var a = Animator([x: 0])
        try a.withAnimation(.easeInOut, at: 0, changes: [x: 100], completion: c.callback("ease"))
        a.advance(to: 0.2)
        #expect(c.calls.isEmpty)
        a.advance(to: 0.35)
        #expect(c.calls == ["ease"])
        for t in [0.4, 1, 5] { a.advance(to: t) }
        #expect(c.calls == ["ease"])
        #expect(a.value(x, at: 5) == 100 && !a.isAnimating(at: 5))
    }

    @Test("nothing animates → completion runs at once (nil, disabled, unchanged value)")
    func immediate() throws {
        let c = Counter()
        var a = Animator([x: 0])
        try a.withAnimation(nil, at: 0, changes: [x: 5], completion: c.callback("nil"))
        try a.perform(Transaction(animation: .smooth, disablesAnimations: true), at: 0, changes: [x: 9], completion: c.callback("disabled"))
        try a.withAnimation(.smooth, at: 0, changes: [x: 9], completion: c.callback("same"))
        #expect(c.calls == ["nil", "disabled", "same"])
        #expect(a.value(x, at: 0) == 9)
    }

    @Test("springs: logicallyComplete at the perceptual duration, removed when settled")
    func criteria() throws {
        let c = Counter()
        var a = Animator([x: 0, alpha: 0])
        try a.withAnimation(.bouncy, at: 0, changes: [x: 1], completionCriteria: .logicallyComplete, completion: c.callback("logical"))
        try a.withAnimation(.bouncy, at: 0, changes: [alpha: 1], completionCriteria: .removed, completion: c.callback("removed"))
        a.advance(to: 0.49); #expect(c.calls.isEmpty)
        a.advance(to: 0.5); #expect(c.calls == ["logical"])
        a.advance(to: 1.0); #expect(c.calls == ["logical"])
        a.advance(to: 1.05); #expect(c.calls == ["logical", "removed"])
    }

    @Test("a merged spring carries the interrupted transaction: both complete with it")
    func mergedCompletion() throws {
        let c = Counter()
        var a = Animator([x: 0])
        try a.withAnimation(.smooth, at: 0, changes: [x: 100], completion: c.callback("first"))
        try a.withAnimation(.snappy, at: 0.3, changes: [x: 50], completion: c.callback("second"))
        a.advance(to: 0.79); #expect(c.calls.isEmpty)  // the first spring alone would be done at 0.5
        a.advance(to: 0.8); #expect(c.calls == ["first", "second"])
        // A jump cancels what is in flight; its completion runs (removed).
        try a.withAnimation(.smooth, at: 1, changes: [x: 0], completionCriteria: .removed, completion: c.callback("cancelled"))
        try a.withAnimation(nil, at: 1.1, changes: [x: 3], completion: c.callback("jump"))
        #expect(c.calls == ["first", "second", "jump", "cancelled"], "\(c.calls)")
    }

    @Test("Reduce Motion: movement and blur jump, opacity still fades")
    func reduceMotion() throws {
        var a = Animator([x: 0, alpha: 0, blur: 0], reduceMotion: .crossFade)
        try a.withAnimation(.easeInOut, at: 0, changes: [x: 200, alpha: 1, blur: 8])
        #expect(a.value(x, at: 0.1) == 200 && a.value(blur, at: 0.1) == 8)
        #expect(a.value(alpha, at: 0.1)! > 0 && a.value(alpha, at: 0.1)! < 1)
        // Per transaction: .off restores motion.
        try a.perform(Transaction(animation: .easeInOut, reduceMotion: .off), at: 1, changes: [x: 0])
        #expect(a.value(x, at: 1.1)! > 0 && a.value(x, at: 1.1)! < 200)
    }

    @Test("time cannot run backwards")
    func monotonic() throws {
        var a = Animator([x: 0])
        a.advance(to: 2)
        #expect(throws: MotionError.self) { try a.withAnimation(.smooth, at: 1, changes: [x: 1]) }
    }
}

@Suite("Typed animatable storage", .hangLimit)
struct TypedAnimatorTests {
    let frame = AnimatableKey<Rect>("frame", kind: .movement)
    let tint = AnimatableKey<AnimatableColor>("tint")
    let width = AnimatableKey<Double>("frame")  // same name, other type: a different property

    @Test("rectangles and colours animate with the motion a Double gets, component by component")
    func typedKeys() throws {
        let start = Rect(x: 0, y: 0, width: 100, height: 50), end = Rect(x: 40, y: -20, width: 200, height: 80)
        var a = Animator()
        try a.perform(Transaction(animation: nil), at: 0) {
            $0[frame] = start; $0[width] = 1
        }
        var completed = 0
        try a.withAnimation(.smooth, at: 0, completion: { completed += 1 }) {
            $0[frame] = end
            $0[tint] = AnimatableColor(Color(red: 1, green: 0, blue: 0))
            $0[width] = 3
        }
        var reference = AnimatedValue(0.0)
        try reference.set(1, animation: .smooth, at: 0)
        for t in [0.0, 0.05, 0.2, 0.4, 1.5] {
            let p = reference.value(at: t)
            let r = try #require(a.value(frame, at: t))
            #expect(abs(r.minX - 40 * p) < 1e-9 && abs(r.width - (100 + 100 * p)) < 1e-9 && abs(r.minY + 20 * p) < 1e-9)
            #expect(abs(try #require(a.value(width, at: t)) - (1 + 2 * p)) < 1e-9)
        }
        a.advance(to: 0.3)
        #expect(completed == 0)
        a.advance(to: 2)
        #expect(completed == 1)
        let c = try #require(a.value(tint, at: 2)?.color)
        #expect(abs(c.red - 1) < 1e-12 && abs(c.green) < 1e-12 && abs(c.blue) < 1e-12 && c.opacity == 1)
        #expect(a.values.count == 1)
        #expect(abs(try #require(a.value(width, at: 2)) - 3) < 1e-9, "the width settles at its target")
    }

    @Test("Reduce Motion jumps typed movement but still fades other kinds; non-finite targets throw")
    func policyAndErrors() throws {
        var a = Animator(reduceMotion: .crossFade)
        try a.withAnimation(.smooth, at: 0) { $0[frame] = Rect(x: 0, y: 0, width: 10, height: 10) }
        try a.withAnimation(.smooth, at: 1) {
            $0[frame] = Rect(x: 50, y: 0, width: 10, height: 10); $0[tint] = AnimatableColor(Color(white: 1))
        }
        #expect(a.value(frame, at: 1.01)?.minX == 50)
        #expect(throws: MotionError.self) { try a.withAnimation(.smooth, at: 2) { $0[frame] = Rect(x: .nan, y: 0, width: 1, height: 1) } }
    }
}
