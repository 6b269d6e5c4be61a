import Testing
import FrostUI
import FrostScene
import FrostMotion
import FrostGeometry
import FrostTestSupport

// SwiftUI's motion API on the host's clock: keyframe animators and timelines, phase animators.
// Expected values are hand-computed from the keyframes (linear segments) or FrostMotion's
// analytic spring, whose own tests check it against the closed form.

private struct Wobble {
    var scale = 1.0
    var offset = CGPoint.zero
    var angle = Angle.zero
}

/// The one opacity, scale (a) and x translation (tx) in a display list's effects.
private func opacity(_ l: DisplayList) -> Double? { opacities(l).first }
private func scaleX(_ l: DisplayList) -> Double? { transforms(l).first?.a }
private func shiftX(_ l: DisplayList) -> Double? { transforms(l).first?.tx }

@Suite("FrostUI: keyframes", .hangLimit)
struct KeyframeTests {
    @Test("KeyframeTimeline: tracks on key paths, linear, cubic, spring and move keyframes, values at hand-computed times")
    func timeline() throws {
        let timeline = KeyframeTimeline(initialValue: Wobble()) {
            KeyframeTrack(\.scale) {
                LinearKeyframe(2.0, duration: 1)
                MoveKeyframe(5.0)
                LinearKeyframe(3.0, duration: 0.5, timingCurve: .easeIn)
            }
            KeyframeTrack(\.offset) {
                LinearKeyframe(CGPoint(x: 10, y: -20), duration: 2)
            }
            KeyframeTrack(\.angle) {
                SpringKeyframe(.degrees(90), duration: 0.8, spring: .bouncy)
            }
        }
        #expect(timeline.duration == 2)
        let v = timeline.value(time: 0.25)
        #expect(abs(v.scale - 1.25) < 1e-12)
        #expect(abs(v.offset.x - 1.25) < 1e-12 && abs(v.offset.y + 2.5) < 1e-12)
        // The spring from 0 toward π/2: FrostMotion's analytic spring.
        let expected = Spring.bouncy.value(target: .pi / 2, time: 0.25)
        #expect(abs(v.angle.radians - expected) < 1e-12)
        // The move jumps at 1 s; the eased segment then leaves 5 slowly (ease-in: 0 slope).
        #expect(abs(timeline.value(time: 1.0).scale - 5) < 1e-12)
        let eased = UnitCurve.easeIn.sample(at: 0.5).value
        #expect(abs(timeline.value(time: 1.25).scale - (5 + (3 - 5) * eased)) < 1e-12)
        // After the end every track holds its last value.
        let end = timeline.value(time: 10)
        // A spring cut short by its duration holds where it was at the end.
        let springEnd = Spring.bouncy.value(target: .pi / 2, time: 0.8)
        #expect(end.scale == 3 && end.offset == CGPoint(x: 10, y: -20) && abs(end.angle.radians - springEnd) < 1e-12)
        #expect(timeline.value(progress: 0.5).offset == timeline.value(time: 1).offset)
    }

    @Test("A point track follows the same curve per component as FrostMotion's scalar tracks (cubic, spring)")
    func vectorMatchesScalar() throws {
        let timeline = KeyframeTimeline(initialValue: CGPoint(x: 0, y: 4)) {
            CubicKeyframe(CGPoint(x: 10, y: -4), duration: 1)
            CubicKeyframe(CGPoint(x: 4, y: 8), duration: 0.5)
            SpringKeyframe(CGPoint(x: 20, y: 0), spring: .snappy)
        }
        let xs = try FrostMotion.KeyframeTrack(initialValue: 0, [.cubic(10, duration: 1), .cubic(4, duration: 0.5), .spring(20, spring: .snappy)])
        let ys = try FrostMotion.KeyframeTrack(initialValue: 4, [.cubic(-4, duration: 1), .cubic(8, duration: 0.5), .spring(0, spring: .snappy)])
        #expect(abs(timeline.duration - xs.duration) < 1e-12)
        for t in stride(from: 0.0, through: 3.0, by: 0.1) {
            let p = timeline.value(time: t)
            #expect(abs(p.x - xs.value(at: t)) < 1e-9 && abs(p.y - ys.value(at: t)) < 1e-9, "t = \(t)")
        }
    }

    struct Looping: View {
        var body: some View {
            KeyframeAnimator(initialValue: 1.0) { value in
                Rectangle().frame(width: 40, height: 40).opacity(value)
            } keyframes: { _ in
                LinearKeyframe(0.0, duration: 1)
                LinearKeyframe(1.0, duration: 1)
            }
        }
    }

    @Test("A repeating KeyframeAnimator draws content(value(t)) at every frame, loops, replays the same in any order and never settles")
    func repeating() throws {
        let host = try ViewHost(Looping(), size: CGSize(width: 100, height: 100))
        #expect(opacity(try host.displayList(at: 0)) == 1)
        #expect(abs(opacity(try host.displayList(at: 0.25))! - 0.75) < 1e-12)
        #expect(abs(opacity(try host.displayList(at: 1.5))! - 0.5) < 1e-12)
        #expect(abs(opacity(try host.displayList(at: 2.25))! - 0.75) < 1e-12)
        // Backwards: a replay from the start gives the same values.
        #expect(abs(opacity(try host.displayList(at: 0.5))! - 0.5) < 1e-12)
        #expect(!host.isSettled)
        #expect(try host.settle(within: 3) == 3.5)
        #expect(abs(opacity(try host.displayList())! - 0.5) < 1e-12)
    }

    struct Paused: View {
        var body: some View {
            KeyframeAnimator(initialValue: 0.2, repeating: false) { value in
                Rectangle().frame(width: 40, height: 40).opacity(value)
            } keyframes: { _ in
                LinearKeyframe(1.0, duration: 1)
            }
        }
    }

    @Test("repeating: false shows the timeline's start and settles at once")
    func paused() throws {
        let host = try ViewHost(Paused(), size: CGSize(width: 100, height: 100))
        #expect(abs(opacity(try host.displayList(at: 0.5))! - 0.2) < 1e-12)
        #expect(host.isSettled)
    }

    struct Bounce: View {
        @State var taps = 0
        var body: some View {
            VStack {
                Rectangle().frame(width: 40, height: 40)
                    .keyframeAnimator(initialValue: 1.0, trigger: taps) { content, scale in
                        content.scaleEffect(scale)
                    } keyframes: { _ in
                        LinearKeyframe(1.5, duration: 0.2)
                        LinearKeyframe(1.0, duration: 0.2)
                    }
                Button("Bounce") { taps += 1 }
            }
        }
    }

    @Test("The trigger form plays once per change from the current value (interrupted runs restart continuously), then rests")
    func trigger() throws {
        let host = try ViewHost(Bounce(), size: CGSize(width: 200, height: 200))
        #expect((scaleX(try host.displayList(at: 0.5)) ?? 1) == 1)
        #expect(host.isSettled)
        try host.tap("Bounce", at: 1)
        #expect(abs(scaleX(try host.displayList(at: 1.1))! - 1.25) < 1e-12)
        #expect(abs(scaleX(try host.displayList(at: 1.3))! - 1.25) < 1e-12)
        let settled = try host.settle()
        #expect(abs(settled - 1.4) < 1e-6)
        #expect((scaleX(try host.displayList()) ?? 1) == 1)
        // A second tap mid-run: the run restarts from the value then (1.25 at 2.1).
        try host.tap("Bounce", at: 2)
        try host.tap("Bounce", at: 2.1)
        #expect(abs(scaleX(try host.displayList(at: 2.2))! - (1.25 + (1.5 - 1.25) * 0.5)) < 1e-12)
    }

    struct Slide: View {
        @State var n = 0
        var body: some View {
            VStack {
                KeyframeAnimator(initialValue: 0.0, trigger: n) { x in
                    Rectangle().frame(width: 20, height: 20).offset(x: x)
                } keyframes: { x in
                    KeyframeTrack {
                        LinearKeyframe(x + 100, duration: 1)
                    }
                }
                Button("Go") { n += 1 }
            }
        }
    }

    @Test("After a run the content keeps its end value, and the next run's keyframes get it")
    func endValueCarries() throws {
        let host = try ViewHost(Slide(), size: CGSize(width: 300, height: 200))
        try host.tap("Go", at: 0)
        #expect(abs(shiftX(try host.displayList(at: 0.5))! - 50) < 1e-12)
        #expect(abs(shiftX(try host.displayList(at: 2))! - 100) < 1e-12)
        try host.tap("Go", at: 3)
        #expect(abs(shiftX(try host.displayList(at: 3.25))! - 125) < 1e-12)
        #expect(abs(shiftX(try host.displayList(at: 5))! - 200) < 1e-12)
    }
}

@Suite("FrostUI: phase animators", .hangLimit)
struct PhaseAnimatorTests {
    struct Pulse: View {
        var body: some View {
            PhaseAnimator([0.0, 1.0]) { phase in
                Rectangle().frame(width: 40, height: 40).opacity(phase)
            } animation: { _ in
                .linear(duration: 1)
            }
        }
    }

    @Test("A looping PhaseAnimator enters each phase with its animation and moves on when it completes")
    func loops() throws {
        let host = try ViewHost(Pulse(), size: CGSize(width: 100, height: 100))
        #expect(abs(opacity(try host.displayList(at: 0.5))! - 0.5) < 1e-12)
        #expect(abs(opacity(try host.displayList(at: 1.25))! - 0.75) < 1e-12)
        #expect(abs(opacity(try host.displayList(at: 2.25))! - 0.25) < 1e-12)
        #expect(abs(opacity(try host.displayList(at: 0.25))! - 0.25) < 1e-12)
        #expect(!host.isSettled)
    }

    struct Steps: View {
        @State var n = 0
        var body: some View {
            VStack {
                Rectangle().frame(width: 40, height: 40)
                    .phaseAnimator([1.0, 2.0, 3.0], trigger: n) { content, s in
                        content.scaleEffect(s)
                    } animation: { _ in
                        .linear(duration: 0.5)
                    }
                Button("Run") { n += 1 }
            }
        }
    }

    @Test("The trigger form runs through every phase and back to the first, then rests")
    func trigger() throws {
        let host = try ViewHost(Steps(), size: CGSize(width: 300, height: 300))
        #expect(host.isSettled)
        try host.tap("Run", at: 1)
        #expect(abs(scaleX(try host.displayList(at: 1.25))! - 1.5) < 1e-12)
        #expect(abs(scaleX(try host.displayList(at: 1.75))! - 2.5) < 1e-12)
        #expect(abs(scaleX(try host.displayList(at: 2.25))! - 2.0) < 1e-12)
        let settled = try host.settle()
        #expect(abs(settled - 2.5) < 1e-6)
        let rest = try host.displayList()
        #expect(scaleX(rest) == nil || scaleX(rest) == 1)
    }

    struct Instant: View {
        var body: some View {
            PhaseAnimator([0.3, 1.0]) { phase in
                Rectangle().frame(width: 40, height: 40).opacity(phase)
            } animation: { _ in
                nil
            }
        }
    }

    @Test("A loop whose phase changes take no time stays in the first phase instead of spinning")
    func instantLoop() throws {
        let host = try ViewHost(Instant(), size: CGSize(width: 100, height: 100))
        #expect(abs(opacity(try host.displayList(at: 1))! - 0.3) < 1e-12)
        #expect(host.isSettled)
    }
}

@Suite("FrostUI: symbol effects", .hangLimit)
struct SymbolEffectTests {
    struct Heart: View {
        @State var beats = 0
        var removed = false
        var body: some View {
            VStack {
                Image(systemName: "heart.fill").symbolEffect(.bounce, value: beats)
                Image(systemName: "arrow.clockwise").symbolEffect(.rotate, options: .speed(2), value: beats)
                Button("Beat") { beats += 1 }
            }
            .symbolEffectsRemoved(removed)
        }
    }

    @Test("A discrete effect plays once per value change: bounce squashes 15 % in 0.1 s and comes back to rest; rotate turns once")
    func discrete() throws {
        let host = try ViewHost(Heart(), size: CGSize(width: 200, height: 200))
        #expect(host.isSettled)
        try host.tap("Beat", at: 1)
        let mid = transforms(try host.displayList(at: 1.1))
        #expect(mid.contains { abs($0.a - 0.85) < 1e-9 })
        // Rotate at double speed: half a turn at 0.25 s (cos 180° = −1).
        let half = transforms(try host.displayList(at: 1.25))
        #expect(half.contains { abs($0.a + 1) < 1e-9 })
        let end = try host.settle()
        #expect(end > 1.5 && end < 2.2, "bounce run length \(end - 1) s")
        #expect(transforms(try host.displayList()).allSatisfy { abs($0.a - 1) < 1e-9 && abs($0.b) < 1e-9 })
    }

    @Test("symbolEffectsRemoved switches the effects off")
    func removed() throws {
        let host = try ViewHost(Heart(removed: true), size: CGSize(width: 200, height: 200))
        try host.tap("Beat", at: 1)
        #expect(transforms(try host.displayList(at: 1.1)).isEmpty)
        #expect(host.isSettled)
    }

    struct Live: View {
        var active = true
        var body: some View {
            HStack {
                Image(systemName: "wifi").symbolEffect(.pulse, isActive: active)
                Image(systemName: "star").symbolEffect(.scale.up, isActive: active)
            }
        }
    }

    @Test("Indefinite effects: pulse loops while active (alpha 0.35 at each half period), scale.up holds 1.2; inactive rests")
    func indefinite() throws {
        let host = try ViewHost(Live(), size: CGSize(width: 200, height: 100))
        #expect(opacities(try host.displayList(at: 0.5)).contains { abs($0 - 0.35) < 1e-9 })
        #expect(opacities(try host.displayList(at: 2.5)).contains { abs($0 - 0.35) < 1e-9 })
        #expect(transforms(try host.displayList(at: 3)).contains { abs($0.a - 1.2) < 1e-9 })
        #expect(!host.isSettled)
        let still = try ViewHost(Live(active: false), size: CGSize(width: 200, height: 100))
        #expect(opacities(try still.displayList(at: 0.5)).allSatisfy { $0 == 1 })
        #expect(transforms(try still.displayList(at: 0.5)).allSatisfy { $0.a == 1 })
        #expect(still.isSettled)
    }
}

@Suite("FrostUI: matched geometry", .hangLimit)
struct MatchedGeometryTests {
    struct Tabs: View {
        @Namespace var ns
        @State var selected = 0
        var body: some View {
            VStack(spacing: 0) {
                HStack(spacing: 0) {
                    ForEach(0..<3, id: \.self) { i in
                        ZStack(alignment: .bottom) {
                            Color.clear
                            if selected == i {
                                Rectangle().fill(Color.blue).frame(height: 4).matchedGeometryEffect(id: "underline", in: ns)
                            }
                        }
                        .frame(width: 60, height: 30)
                    }
                }
                Button("Last") { withAnimation(.linear(duration: 1)) { selected = 2 } }
            }
        }
    }

    func blueFrames(_ list: DisplayList) -> [Rect] {
        shapes(list).filter { $0.frame.height == 4 }.map(\.frame)
    }

    @Test("An underline removed under one tab and inserted under another in one animated change moves between them (both copies), cross-fading")
    func heroMove() throws {
        let host = try ViewHost(Tabs(), size: CGSize(width: 180, height: 100))
        let before = blueFrames(try host.displayList())
        #expect(before.count == 1)
        let x0 = before[0].minX
        try host.tap("Last")
        let mid = blueFrames(try host.displayList(at: 0.5))
        #expect(mid.count == 2)
        // Halfway along the linear move from tab 0 to tab 2: one tab over.
        #expect(mid.allSatisfy { abs($0.minX - (x0 + 60)) < 1e-9 && abs($0.width - 60) < 1e-9 }, "\(mid)")
        #expect(opacities(try host.displayList(at: 0.5)).filter { abs($0 - 0.5) < 1e-9 }.count == 2)
        let end = blueFrames(try host.displayList(at: 1.5))
        #expect(end.count == 1 && abs(end[0].minX - (x0 + 120)) < 1e-9)
    }

    struct Chips: View {
        @Namespace var ns
        @State var selected = "a"
        let items = ["a", "bb", "ccc"]
        var body: some View {
            VStack {
                HStack(spacing: 10) {
                    ForEach(items, id: \.self) { item in
                        Text(item).padding(8).matchedGeometryEffect(id: item, in: ns)
                    }
                }
                .background {
                    Capsule().fill(Color.orange).matchedGeometryEffect(id: selected, in: ns, isSource: false)
                }
                Button("Third") { withAnimation(.linear(duration: 1)) { selected = "ccc" } }
            }
        }
    }

    @Test("A non-source view takes its source's frame, and follows it when the source changes in an animated commit")
    func follower() throws {
        let host = try ViewHost(Chips(), size: CGSize(width: 300, height: 200))
        let list = try host.displayList()
        // The capsule is the only shape on screen.
        let capsule = shapes(list).first
        #expect(capsule != nil)
        let texts = leaves(list).filter { if case .text = $0.content { return true } else { return false } }.map(\.frame)
        #expect(texts.count >= 3)
        // The capsule covers the first chip: its text plus the 8 pt padding on every side.
        let a = texts[0]
        #expect(abs(capsule!.frame.minX - (a.minX - 8)) < 0.5 && abs(capsule!.frame.width - (a.width + 16)) < 0.5)
        try host.tap("Third")
        let c = texts[2]
        let mid = shapes(try host.displayList(at: 0.5)).first!
        #expect(abs(mid.frame.minX - ((a.minX - 8) + (c.minX - a.minX) / 2)) < 0.5)
        let end = shapes(try host.displayList(at: 2)).first!
        #expect(abs(end.frame.minX - (c.minX - 8)) < 0.5 && abs(end.frame.width - (c.width + 16)) < 0.5)
    }
}

@Suite("FrostUI: content transitions", .hangLimit)
struct ContentTransitionTests {
    struct Counter: View {
        let transition: ContentTransition?
        @State var n = 41
        var body: some View {
            VStack {
                if let transition {
                    Text("Score \(n)").contentTransition(transition)
                } else {
                    Text("Score \(n)")
                }
                Button("Add") { withAnimation(.linear(duration: 1)) { n += 1 } }
            }
        }
    }

    /// Every text item with the effects around it, outermost first.
    func texts(_ list: DisplayList) -> [(string: String, effects: [DisplayEffect])] {
        func walk(_ l: DisplayList, _ effects: [DisplayEffect]) -> [(String, [DisplayEffect])] {
            l.items.flatMap { item -> [(String, [DisplayEffect])] in
                switch item.content {
                case .text(let t): return [(t.string, effects)]
                case .effect(let e, let c): return walk(c, effects + [e])
                case .group(let c): return walk(c, effects)
                default: return []
                }
            }
        }
        return walk(list, []).filter { $0.0.hasPrefix("Score") }.map { (string: $0.0, effects: $0.1) }
    }

    @Test("Without a content transition text swaps at once; with .opacity the old string fades out as the new fades in")
    func opacity() throws {
        let plain = try ViewHost(Counter(transition: nil), size: CGSize(width: 200, height: 100))
        try plain.tap("Add")
        #expect(texts(try plain.displayList(at: 0.25)).map(\.string) == ["Score 42"])
        let host = try ViewHost(Counter(transition: .opacity), size: CGSize(width: 200, height: 100))
        try host.tap("Add")
        let mid = texts(try host.displayList(at: 0.25))
        #expect(mid.map(\.string) == ["Score 41", "Score 42"])
        let alphas = mid.map { t in
            t.effects.compactMap { e -> Double? in if case .opacity(let o) = e { return o } else { return nil } }.reduce(1.0) { $0 * $1 }
        }
        #expect(abs(alphas[0] - 0.75) < 1e-9 && abs(alphas[1] - 0.25) < 1e-9)
        #expect(texts(try host.displayList(at: 1.5)).map(\.string) == ["Score 42"])
        _ = try host.frame(at: 0.5)
    }

    @Test(".numericText() keeps the shared characters still and rolls the changed digit: old up and out, new up and in, blurred by distance")
    func numeric() throws {
        let host = try ViewHost(Counter(transition: .numericText()), size: CGSize(width: 200, height: 100))
        try host.tap("Add")
        let mid = texts(try host.displayList(at: 0.5))
        // The head ("Score 4", clipped, still), the old digit going and the new one coming.
        #expect(mid.map(\.string) == ["Score 42", "Score 41", "Score 42"])
        func shift(_ effects: [DisplayEffect]) -> Double {
            effects.compactMap { if case .transform(let t) = $0 { return t.ty } else { return nil } }.reduce(0, +)
        }
        func clipWidth(_ effects: [DisplayEffect]) -> Double? {
            effects.compactMap { e -> Double? in if case .clip(let p, _) = e { return p.axisAlignedRectangle?.width } else { return nil } }.first
        }
        #expect(shift(mid[0].effects) == 0)
        #expect(shift(mid[1].effects) < 0 && shift(mid[2].effects) > 0)
        #expect(abs(shift(mid[1].effects) + shift(mid[2].effects)) < 1e-9, "both halfway at p = 0.5")
        // The still head is most of the string; the rolling band is one digit wide.
        let head = clipWidth(mid[0].effects)!, band = clipWidth(mid[2].effects)!
        #expect(head > 3 * band && band > 4 && band < 12, "head \(head), band \(band)")
        #expect(texts(try host.displayList(at: 1.5)).map(\.string) == ["Score 42"])
        _ = try host.frame(at: 0.5)
    }
}
