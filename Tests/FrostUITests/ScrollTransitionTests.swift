import Testing
import FrostUI
import FrostScene
import FrostImage
import FrostMotion
import FrostGeometry
import FrostTestSupport

// scrollTransition and visualEffect: effects computed from each row's position in its scroll
// view, against hand-computed visible fractions and the configuration's timing curve.

/// Ten 50 pt rows in a scroll view; `effect` decides each row's scroll-driven look.
struct Rows: View {
    let configuration: ScrollTransitionConfiguration
    var body: some View {
        ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<10) { i in
                    Color.blue.frame(height: 50)
                        .scrollTransition(configuration) { content, phase in
                            content.blur(radius: phase.isIdentity ? 0 : 10).opacity(phase.isIdentity ? 1 : 0.5)
                        }
                }
            }
        }
    }
}

/// The blur radius of each row (top to bottom) in a display list.
func rowBlurs(_ list: DisplayList) -> [Double] {
    effects(list).filter { $0.frame.height == 50 }.compactMap { if case .blur(let r, _) = $0.effect { return r } else { return nil } }
}

@Suite("FrostUI: scrollTransition and visualEffect", .hangLimit)
struct ScrollTransitionTests {
    func host(_ c: ScrollTransitionConfiguration = .interactive) throws -> ViewHost<Rows> {
        try ViewHost(Rows(configuration: c), size: CGSize(width: 100, height: 200))
    }

    @Test("interactive: fully visible rows are identity, hidden ones the edge phase, half-visible ones halfway on the ease-in-out curve")
    func interactive() throws {
        let h = try host()
        var b = rowBlurs(try h.displayList())
        #expect(b.count == 10)
        #expect(Array(b[0..<4]) == [0, 0, 0, 0] && Array(b[4...]).allSatisfy { $0 == 10 })
        try h.scroll(to: CGPoint(x: 0, y: 25))
        b = rowBlurs(try h.displayList())
        // Row 0 shows 25 of 50 pt at the top, row 4 shows 25 of 50 pt at the bottom.
        let half = 10 * (1 - UnitCurve.easeInOut.value(at: 0.5))
        #expect(abs(b[0] - half) < 1e-9 && abs(b[4] - half) < 1e-9 && b[1] == 0 && b[5] == 10)
        try h.scroll(to: CGPoint(x: 0, y: 40))
        b = rowBlurs(try h.displayList())
        #expect(abs(b[0] - 10 * (1 - UnitCurve.easeInOut.value(at: 0.2))) < 1e-9)
        #expect(abs(b[4] - 10 * (1 - UnitCurve.easeInOut.value(at: 0.8))) < 1e-9)
        // The opacity follows the same progress.
        let o = opacities(try h.displayList())
        #expect(o.contains { abs($0 - (0.5 + 0.5 * UnitCurve.easeInOut.value(at: 0.2))) < 1e-9 })
    }

    @Test("thresholds and configurations: .hidden, .centered, .animated (the switch animated from the crossing, retargeted when scrolled back), .identity")
    func configurations() throws {
        let hidden = try host(.interactive.threshold(.hidden))
        try hidden.scroll(to: CGPoint(x: 0, y: 25))
        let anyPart = rowBlurs(try hidden.displayList())
        #expect(anyPart[0..<5].allSatisfy { $0 == 0 })
        let linear = try host(.interactive(timingCurve: .linear).threshold(.centered))
        try linear.scroll(to: CGPoint(x: 0, y: 0))
        // Row 1 (50–100) centre 75, container centre 100, reach 100 + 25: progress 1 − 25/125.
        #expect(abs(rowBlurs(try linear.displayList())[1] - 10 * (25.0 / 125)) < 1e-9)
        // .animated: the crossing at 0.1 s animates the switch with the animation (.default);
        // scrolling back at 0.25 s retargets it mid-flight, keeping the spring's velocity.
        let animated = try host(.animated)
        try animated.scroll(to: CGPoint(x: 0, y: 25), at: 0.1)
        try animated.scroll(to: CGPoint(x: 0, y: 0), at: 0.25)
        var first = AnimatedValue(1.0)
        try first.set(0, animation: .default, at: 0.1)
        var v = first
        try v.set(1, animation: .default, at: 0.25)
        for t in [0.05, 0.1, 0.15, 0.2, 0.3, 0.5] {
            let b = rowBlurs(try animated.displayList(at: t))
            let expected = t < 0.1 ? 0 : 10 * (1 - (t < 0.25 ? first : v).value(at: t))
            #expect(abs(b[0] - max(0, expected)) < 1e-9 && b[1] == 0, "t \(t): \(b[0]) vs \(expected)")
        }
        let settled = rowBlurs(try animated.displayList(at: 3))
        #expect(abs(settled[0]) < 1e-6)
        let away = try host(.animated(.linear(duration: 0.2)))
        try away.scroll(to: CGPoint(x: 0, y: 25), at: 0)
        let gone = rowBlurs(try away.displayList(at: 1))
        let quarter = rowBlurs(try away.displayList(at: 0.05))
        #expect(gone[0] == 10 && abs(quarter[0] - 2.5) < 1e-9)
        let none = try host(.identity)
        try none.scroll(to: CGPoint(x: 0, y: 25))
        let unchanged = rowBlurs(try none.displayList())
        #expect(!unchanged.isEmpty && unchanged.allSatisfy { $0 == 0 })
    }

    @Test("visualEffect: a blur from the row's frame in the scroll view, along a scripted scroll, recorded")
    func visualEffect() throws {
        struct Fading: View {
            var body: some View {
                ScrollView {
                    VStack(spacing: 0) {
                        ForEach(0..<10) { _ in
                            Color.orange.frame(height: 50).visualEffect { content, proxy in
                                content.blur(radius: max(0, -proxy.frame(in: .scrollView).minY) / 10)
                            }
                        }
                    }
                }
            }
        }
        let h = try ViewHost(Fading(), size: CGSize(width: 100, height: 200))
        try h.scroll(to: CGPoint(x: 0, y: 30), at: 0.1)
        try h.scroll(to: CGPoint(x: 0, y: 80), at: 0.2)
        #expect(rowBlurs(try h.displayList(at: 0.05))[0] == 0)
        #expect(abs(rowBlurs(try h.displayList(at: 0.15))[0] - 3) < 1e-9)
        let late = rowBlurs(try h.displayList(at: 0.25))
        #expect(abs(late[0] - 8) < 1e-9 && abs(late[1] - 3) < 1e-9 && late[2] == 0)
        let frames = try h.record(from: 0, to: 0.3, fps: 10)
        #expect(frames.count == 4)
        #expect(frames[0].image.pixels != frames[3].image.pixels)
        // Outside a scroll view the scroll space is the host's.
        let plain = try ViewHost(
            Color.red.frame(width: 40, height: 40).visualEffect { c, p in c.opacity(p.frame(in: .global).minX / 100) },
            size: CGSize(width: 100, height: 100))
        let faded = opacities(try plain.displayList())
        #expect(faded.contains { abs($0 - 0.3) < 1e-9 })
    }
}
