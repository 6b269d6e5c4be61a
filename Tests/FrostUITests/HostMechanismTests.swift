import Testing
import FrostGeometry
import FrostScene
import FrostExamples
@testable import FrostUI
import FrostTestSupport

// The host's open mechanisms (feature storage, the per-pass value, element traits) and the
// blur-hold tracing done when read.

@Suite("FrostUI: the host's feature storage, per-pass value, element traits and traced-on-read blur holds", .hangLimit)
struct HostMechanismTests {
    final class Counter: HostFeature { var value = 0; init() {} }
    final class Other: HostFeature { var names: [String] = []; init() {} }

    @Test("features are made on first use, one per type, kept for the run and dropped when the host rewinds")
    func featureStorage() throws {
        let host = try ViewHost(Text("x"), size: CGSize(width: 100, height: 100))
        let features = host.session.features
        #expect(!features.contains(Counter.self))
        features[Counter.self].value += 2
        features[Other.self].names.append("a")
        #expect(features[Counter.self].value == 2 && features[Other.self].names == ["a"])
        #expect(features[Counter.self] === features[Counter.self])
        // A rewind starts a fresh run: a fresh store, the features' state gone.
        try host.advance(to: 1)
        try host.advance(to: 0.5)
        #expect(!host.session.features.contains(Counter.self) && host.session.features[Counter.self].value == 0)
        // What outlives replays does.
        host.lifetimeFeatures[Counter.self].value = 7
        try host.advance(to: 0.1)
        #expect(host.lifetimeFeatures[Counter.self].value == 7)
    }

    struct Scroller: View {
        @State var flag = false
        var body: some View {
            VStack {
                ScrollView { Text("A").frame(height: 900) }
                if flag { ScrollView { Text("B").frame(height: 900) } }
                Button("Flip") { flag.toggle() }
            }
        }
    }

    @Test("each resolution starts from a fresh pass: scroll views of an earlier pass are not kept")
    func freshPass() throws {
        let host = try ViewHost(Scroller(), size: CGSize(width: 200, height: 400))
        _ = try host.displayList()
        #expect(host.pass.scrollViews.count == 1)
        try host.tap("Flip")
        #expect(host.pass.scrollViews.count == 2)
        try host.tap("Flip")
        #expect(host.pass.scrollViews.count == 1 && host.pass.scrollInfos.count == 1)
        #expect(throws: ViewHostError.noScrollView(index: 1, count: 1)) { try host.scroll(to: CGPoint(x: 0, y: 10), scrollView: 1) }
    }

    enum Flag: ElementTraitKey { static var defaultValue: Bool { false } }
    enum Passing: ElementTraitKey {
        static var defaultValue: Int { 0 }
        static var passesThroughModifiers: Bool { true }
    }

    @Test("traits: a default until set, set in place, and only passing ones adopted by a wrapping modifier")
    func traits() {
        var a = ElementTraits()
        #expect(a.isEmpty && a[Flag.self] == false && a[Passing.self] == 0)
        a[Flag.self] = true
        a[Passing.self] = 3
        a[Passing.self] = 4
        #expect(a[Flag.self] && a[Passing.self] == 4)
        var outer = ElementTraits()
        outer.adoptPassing(from: a)
        #expect(outer[Passing.self] == 4 && outer[Flag.self] == false)
        // The wrapper's own value wins.
        var own = ElementTraits()
        own[Passing.self] = 9
        own.adoptPassing(from: a)
        #expect(own[Passing.self] == 9)
    }

    struct Layered: View {
        var body: some View {
            ZStack {
                Color.red.frame(width: 40, height: 40).zIndex(1).padding(1)
                Color.blue.frame(width: 60, height: 60).tag("b").transition(.scale).padding(2).accessibilityIdentifier("blue")
            }
        }
    }

    @Test("traits set by modifiers reach the host: a transition passes out through padding, a tag stays on its view")
    func traitsThroughModifiers() throws {
        let host = try ViewHost(Layered(), size: CGSize(width: 100, height: 100))
        _ = try host.displayList()
        var transitions: [AnyTransition] = [], tags: [AnyHashable] = []
        func walk(_ e: Element) {
            if let t = e.transition { transitions.append(t) }
            if let t = e.tag { tags.append(t) }
            e.children.forEach(walk)
        }
        host.engine.roots.forEach(walk)
        // The transition is seen on the view and on each wrapper out to the ZStack's child.
        #expect(transitions.count >= 2, "\(transitions.count)")
        #expect(tags == ["b"])
    }

    @Test("blur holds are traced when read: one reading at the end equals a reading after every step, and the kept commits stay bounded")
    func blurTracedOnRead() throws {
        func run(readingEachStep: Bool) throws -> [BlurHoldDiagnostic] {
            let h = try ViewHost(ContentCard(), size: CGSize(width: 390, height: 320), scale: 1)
            for (i, t) in [0.0, 1.2, 2.4].enumerated() {
                try h.tap(i % 2 == 0 ? "More" : "Less", at: t)
            }
            for t in stride(from: 0.0, through: 4, by: 0.25) {
                try h.advance(to: t)
                if readingEachStep { _ = h.blurDiagnostics }
            }
            return h.blurDiagnostics
        }
        let lazy = try run(readingEachStep: false), eager = try run(readingEachStep: true)
        #expect(!lazy.isEmpty && lazy == eager, "\(lazy) vs \(eager)")
        // Commits nobody reads are kept as values, at most the bound, then traced.
        let h = try ViewHost(ContentCard(), size: CGSize(width: 390, height: 320), scale: 1)
        for i in 0..<200 { try h.tap(i % 2 == 0 ? "More" : "Less", at: Double(i) * 0.05) }
        try h.advance(to: 11)
        #expect(h.blurHolds.pending.count <= HostCore.maxPendingBlurScans)
        #expect(!h.blurDiagnostics.isEmpty && h.blurHolds.pending.isEmpty)
    }

    struct Frosted: View {
        @State var count = 0
        var body: some View {
            VStack {
                Color.blue.frame(width: 40, height: 40).blur(radius: 6)
                Button("Tap \(count)") { count += 1 }
            }
        }
    }

    @Test("a blur at rest keeps nothing: commits of a view with a static blur leave no commit to trace")
    func restingBlurKeepsNothing() throws {
        let host = try ViewHost(Frosted(), size: CGSize(width: 200, height: 200))
        for i in 0..<20 { try host.tap("Tap \(i)") }
        #expect(host.blurHolds.pending.isEmpty && host.blurHolds.watched.isEmpty)
        #expect(host.blurDiagnostics.isEmpty)
    }

    struct Spaced: View {
        @State var shift = false
        let sink: Locked<[GeometryProxy]>
        var body: some View {
            VStack {
                Color.clear.frame(height: shift ? 50 : 10)
                ZStack {
                    GeometryReader { proxy in
                        let _ = sink.withLock { $0.append(proxy) }
                        Color.green
                    }
                    .frame(width: 20, height: 20)
                    .offset(x: 5, y: 7)
                }
                .frame(width: 100, height: 100)
                .coordinateSpace(name: "card")
                Button("Shift") { shift.toggle() }
            }
        }
    }

    @Test("a GeometryProxy holds values: one kept from an earlier layout still reports that layout, on any thread")
    func proxyHoldsValues() async throws {
        let sink = Locked<[GeometryProxy]>([])
        let host = try ViewHost(Spaced(sink: sink), size: CGSize(width: 200, height: 300))
        _ = try host.displayList()
        let first = try #require(sink.current.last)
        let before = first.frame(in: .named("card")), globalBefore = first.frame(in: .global)
        try host.tap("Shift")
        let second = try #require(sink.current.last)
        // The card moved down by 40 pt; the proxy made before still says where things were.
        #expect(abs(second.frame(in: .global).minY - globalBefore.minY - 20) < 1e-9 || abs(second.frame(in: .global).minY - globalBefore.minY - 40) < 1e-9)
        #expect(first.frame(in: .named("card")) == before && first.frame(in: .global) == globalBefore)
        #expect(second.frame(in: .named("card")) == before, "the view keeps its place in the card")
        let elsewhere = await Task.detached { first.frame(in: .named("card")) }.value
        #expect(elsewhere == before)
    }
}
