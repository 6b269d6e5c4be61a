import Foundation
import Testing
import FrostUI
import FrostMotion
import FrostImage
import FrostTestSupport

/// Transitions, animation expressions and host sizes under seeded random input (issue 25).
@Suite("FrostUI: randomized transitions, animations and host sizes", .hangLimit)
struct RandomizedHostTests {
    static let transitions = [
        ".identity", ".opacity", ".scale", ".scale(0.3, anchor: .topLeading)", ".slide", ".move(edge: .leading)",
        ".move(edge: .bottom)", ".offset(x: 20, y: -7)", ".push(from: .top)", ".blurReplace", ".blurReplace(.upUp)",
    ]
    static let animations = [
        ".default", ".linear", ".easeIn(duration: 0.2)", ".easeInOut(duration: 0.35)", ".smooth", ".snappy",
        ".bouncy", ".spring(duration: 0.5, bounce: 0.3)", ".interactiveSpring", ".spring(response: 0.3, dampingFraction: 0.6)",
    ]

    static func transition(_ rng: inout SeededGenerator, depth: Int = 0) -> String {
        switch depth < 2 ? Int.random(in: 0..<6, using: &rng) : 0 {
        case 4: return ".asymmetric(insertion: \(transition(&rng, depth: depth + 1)), removal: \(transition(&rng, depth: depth + 1)))"
        case 5: return "\(transition(&rng, depth: depth + 1)).combined(with: \(transition(&rng, depth: depth + 1)))"
        default: return rng.pick(transitions)
        }
    }

    static func animation(_ rng: inout SeededGenerator) -> String {
        var a = rng.pick(animations)
        if rng.chance(0.3) { a += ".delay(\(rng.pick(["0", "0.1", "0.25"])))" }
        if rng.chance(0.2) { a += ".speed(\(rng.pick(["0.5", "2"])))" }
        if rng.chance(0.15) { a += ".repeatCount(\(rng.pick(["2", "3"])), autoreverses: true)" }
        return a
    }

    /// `text` with one character dropped, doubled or replaced.
    static func mutate(_ text: String, _ rng: inout SeededGenerator) -> String {
        var chars = Array(text)
        guard !chars.isEmpty else { return "(" }
        let i = Int.random(in: 0..<chars.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: chars.remove(at: i)
        case 1: chars.insert(chars[i], at: i)
        default: chars[i] = rng.pick(Array("(),.:x9 \u{0}é-"))
        }
        return String(chars)
    }

    @Test("random transitions with random animations: parsed, inserted and removed, the same frames on a replay")
    func randomTransitions() throws {
        try PropertyRun.check("randomTransitions", seed: 25_400, cases: 30) { c in
            let t = Self.transition(&c.rng), a = Self.animation(&c.rng)
            let what = "\(c): \(t) with \(a)"
            let transition: AnyTransition, animation: Animation
            do { transition = try AnyTransition.parse(t); animation = try Animation.parse(a) } catch {
                Issue.record("a valid expression was refused (\(error)): \(what)"); return
            }
            let host = try ViewHost(TransitionToggler(transition: transition, animation: animation), size: CGSize(width: 160, height: 120), scale: 2)
            try host.tap("Toggle", at: 0.05)
            try host.tap("Toggle", at: Double.random(in: 0.1...1.5, using: &c.rng))
            let times = (0..<4).map { _ in Double.random(in: 0...3, using: &c.rng) }
            let frames = try times.map { try host.frame(at: $0) }
            for f in frames { #expect(f.width == 320 && f.height == 240 && RandomImages.isPremultiplied(f), "\(what)") }
            // Any order of calls gives the same bytes: a replay from the start agrees.
            let again = try times.reversed().map { try host.frame(at: $0) }.reversed()
            #expect(Array(again) == frames, "frames depend on the order they were asked for: \(what)")
        }
    }

    @Test("mutated expressions: parsed or refused with one line, never a trap")
    func mutatedExpressions() throws {
        try PropertyRun.check("mutatedExpressions", seed: 25_401, cases: 300) { c in
            let t = Self.mutate(Self.transition(&c.rng), &c.rng), a = Self.mutate(Self.animation(&c.rng), &c.rng)
            do { _ = try AnyTransition.parse(t) } catch let error as TransitionParseError {
                #expect(!error.description.contains("\n"), "\(c): \(t.debugDescription)")
            }
            do { _ = try Animation.parse(a) } catch let error as MotionError {
                #expect(!error.description.contains("\n"), "\(c): \(a.debugDescription)")
            }
        }
    }

    @Test("random host sizes and scales: a frame of ⌈size × scale⌉ pixels, or a typed error for bad ones")
    func randomHostSizes() throws {
        try PropertyRun.check("randomHostSizes", seed: 25_402, cases: 40) { c in
            let w = c.rng.pick([0.5, 1, 17.3, 120, 390, 0, -5, .nan, .infinity, 1e9])
            let h = c.rng.pick([0.5, 1, 33.7, 80, 844, 0, -1, .nan, 1e9])
            let scale = c.rng.pick([1, 2, 3, 0.5, 1.5, 0, -2, 17, .nan])
            let valid =
                w.isFinite && h.isFinite && w > 0 && h > 0 && scale.isFinite && scale > 0 && scale <= 16
                && (w * scale).rounded(.up) * (h * scale).rounded(.up) <= Double(Image.maxPixelCount)
            let what = "\(c): \(w)×\(h) pt at \(scale)×"
            do {
                let host = try ViewHost(TransitionToggler(transition: .opacity, animation: .default), size: CGSize(width: w, height: h), scale: scale)
                #expect(valid, "accepted: \(what)")
                // Frames past a few megapixels cost a debug build seconds: size them by arithmetic alone.
                guard (w * scale) * (h * scale) <= 4e6 else { return }
                let frame = try host.frame(at: 0)
                #expect(
                    frame.width == Int((w * scale).rounded(.up)) && frame.height == Int((h * scale).rounded(.up)), "\(what) → \(frame.width)x\(frame.height)")
            } catch let error as ViewHostError {
                #expect(!valid, "refused (\(error)): \(what)")
                #expect(!error.description.contains("\n"), "\(what)")
            }
        }
    }
}
