import Testing
import FrostUI
import FrostEffects
import FrostScene
import FrostImage
import FrostMotion
import FrostGeometry
import FrostExamples
import FrostBlur
import FrostTestSupport

// The blur bridge as an API (withBlurBridge, .blurBridgeContainer, presets, .automatic), the
// 300 ms diagnostic, and the seed's hand-written forms — against FrostMotion's springs.

/// A card whose bridged body grows by `grow` points (or swaps its text, or its image) on tap.
struct BridgedCard: View {
    enum Swap { case grow(CGFloat), text, image, nothing }
    let preset: BlurBridgePreset
    let swap: Swap
    @State var detailed = false
    var body: some View {
        VStack(spacing: 0) {
            Button("Toggle") { withBlurBridge(preset) { detailed.toggle() } }
            VStack(spacing: 0) {
                switch swap {
                case .grow(let grow):
                    Rectangle().fill(Color.blue).frame(width: 100, height: detailed ? 20 + grow : 20)
                case .text:
                    Text(detailed ? "Less" : "More")
                case .image:
                    if detailed {
                        Image(pixels: BridgedCard.picture(RGBA8(200, 40, 40, 255)))
                    } else {
                        Image(pixels: BridgedCard.picture(RGBA8(40, 40, 200, 255)))
                    }
                case .nothing:
                    Rectangle().fill(Color.blue).frame(width: 100, height: 20)
                }
            }
            .blurBridgeContainer()
        }
    }
    static func picture(_ c: RGBA8) -> FrostImage.Image { try! FrostImage.Image(width: 30, height: 20, fill: c) }
}

/// The analytic bridge blur: on with .smooth(blur) at t0, off with .smooth(blur).delay(clear) at t0.
func bridgeBlur(_ p: BlurBridgePreset, at t: Double, tapAt t0: Double = 0) throws -> Double {
    var v = AnimatedValue(0.0)
    try v.set(p.radius, animation: .smooth(duration: p.blurDuration), at: t0)
    try v.set(0, animation: .smooth(duration: p.blurDuration).delay(p.clearDelay), at: t0)
    return v.value(at: t)
}

@Suite("FrostUI: the blur bridge", .hangLimit)
struct BlurBridgeTests {
    func host<V: View>(_ v: V, reduceMotion: Bool = false) throws -> ViewHost<V> {
        let h = try ViewHost(v, size: CGSize(width: 320, height: 480), scale: 1)
        h.accessibilityReduceMotion = reduceMotion
        return h
    }

    @Test("every named preset keeps blur visibly on (σ > 0.5 pt) for at most 300 ms; the seed's defaults do not")
    func presetsHoldUnder300ms() {
        for p in BlurBridgePreset.named {
            #expect(p.visibleDuration > 0.05 && p.visibleDuration <= BlurBridgePreset.maxVisibleDuration, "\(p): \(p.visibleDuration) s")
        }
        #expect(BlurBridgePreset.textSwap.radius == 4 && BlurBridgePreset.cardResize.radius == 6 && BlurBridgePreset.fullReflow.radius == 8)
        #expect(
            BlurBridgePreset.textSwap.blurDuration == 0.1 && BlurBridgePreset.cardResize.blurDuration == 0.15 && BlurBridgePreset.fullReflow.blurDuration == 0.2
        )
        // The seed's BlurTransitionHelper defaults (0.15 / 0.3 / 0.25 s at 6 pt) hold ≈ 0.33 s.
        #expect(BlurBridgePreset().visibleDuration > 0.3)
        // Out-of-range values are clamped, NaN takes the defaults.
        let odd = BlurBridgePreset(radius: 50, blurDuration: .nan, changeDuration: -1, clearDelay: 9)
        #expect(odd.radius == 8 && odd.blurDuration == 0.15 && odd.changeDuration == 0 && odd.clearDelay == 1)
        #expect(BlurBridgePreset.named("CardResize") == .cardResize && BlurBridgePreset.named("nope") == nil)
    }

    @Test("withBlurBridge(.cardResize): the container's blur follows the two springs exactly; the change animates over 0.3 s")
    func choreography() throws {
        let h = try host(BridgedCard(preset: .cardResize, swap: .grow(60)))
        try h.tap("Toggle", at: 0.1)
        for t in [0.1, 0.12, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.6] {
            let list = try h.displayList(at: t)
            let expected = try bridgeBlur(.cardResize, at: t, tapAt: 0.1)
            let got = blurs(list).first ?? 0
            #expect(abs(got - expected) < 1e-9 || (expected < 0.01 && got == 0), "t \(t): \(got) vs \(expected)")
            #expect(blurs(list).count <= 1, "one blur for the whole subtree, never one per child")
        }
        // The rectangle's height animates with .smooth(0.3) from 20 to 80.
        var height = AnimatedValue(20.0)
        try height.set(80, animation: .smooth(duration: 0.3), at: 0.1)
        let rect = shapes(try h.displayList(at: 0.25)).first { $0.frame.width == 100 }!
        #expect(abs(rect.frame.height - height.value(at: 0.25)) < 1e-6)
        #expect(h.blurBridges.count == 1 && h.blurBridges[0].preset == .cardResize && abs(h.blurBridges[0].change.sizeChange - 60) < 1e-9)
        #expect(h.blurDiagnostics.isEmpty)
    }

    @Test(".automatic picks from the measured change: text swap, card resize (≤ 100 pt), full reflow, image swap; nothing changed, no bridge")
    func automatic() throws {
        let cases: [(BridgedCard.Swap, String?)] = [
            (.text, "textSwap"), (.grow(60), "cardResize"), (.grow(100), "cardResize"),
            (.grow(150), "fullReflow"), (.image, "imageSwap"), (.nothing, nil),
        ]
        for (swap, name) in cases {
            let h = try host(BridgedCard(preset: .automatic, swap: swap))
            try h.tap("Toggle", at: 0)
            _ = try h.displayList(at: 0.05)
            #expect(h.blurBridges.map(\.preset.name) == (name.map { [$0] } ?? []), "\(swap)")
            if let name {
                let p = BlurBridgePreset.named(name)!
                #expect(abs((blurs(try h.displayList(at: 0.08)).first ?? 0) - (try bridgeBlur(p, at: 0.08))) < 1e-9)
            } else {
                #expect(blurs(try h.displayList(at: 0.08)).isEmpty)
            }
        }
    }

    @Test("the choice follows the documented thresholds")
    func thresholds() {
        func c(_ size: Double, _ moved: Double = 0, image: Bool = false, screen: Double = 0.3) -> String {
            BlurBridgePreset.choose(
                for: BlurBridgeChange(
                    container: SceneIdentity.root.appending("c"), sizeChange: size, contentMovement: moved, swapsImage: image, screenFraction: screen)
            ).name
        }
        #expect(c(0) == "textSwap" && c(24) == "textSwap" && c(24.5) == "cardResize" && c(10, 100) == "cardResize")
        #expect(c(101) == "fullReflow" && c(50, screen: 0.95) == "fullReflow" && c(5, image: true) == "imageSwap")
    }

    @Test("nested containers: only the nearest changed one blurs")
    func nearest() throws {
        struct Nested: View {
            @State var big = false
            var body: some View {
                VStack {
                    Button("Grow") { withBlurBridge(.textSwap) { big.toggle() } }
                    VStack {
                        Text("Title")
                        VStack { Rectangle().frame(width: 40, height: big ? 60 : 30) }.blurBridgeContainer()
                    }
                    .blurBridgeContainer()
                }
            }
        }
        let h = try host(Nested())
        try h.tap("Grow", at: 0)
        let list = try h.displayList(at: 0.05)
        #expect(h.blurBridges.count == 1)
        // The blur wraps the inner container (40 pt wide), not the outer one.
        let blurred = effects(list).filter { if case .blur = $0.effect { return true } else { return false } }
        #expect(blurred.count == 1 && blurred.first?.frame.width == 40, "\(blurred.map(\.frame))")
        #expect(blurs(list).count == 1)
    }

    @Test("Reduce Motion: no blur at any time; the container's old rendering cross-fades into the new layout (ease-in-out over the change)")
    func reduceMotion() throws {
        let h = try host(BridgedCard(preset: .fullReflow, swap: .grow(200)), reduceMotion: true)
        let before = try h.frame(at: 0)
        try h.tap("Toggle", at: 0.1)
        for t in stride(from: 0.0, through: 0.6, by: 0.05) { #expect(blurs(try h.displayList(at: t)).isEmpty) }
        let rect = shapes(try h.displayList(at: 0.2)).first { $0.frame.width == 100 }!
        #expect(rect.frame.height == 220)
        #expect(h.blurBridges.isEmpty)
        func fades(_ list: DisplayList) -> [Double] {
            effects(list).compactMap { if case .crossFade(_, _, let m) = $0.effect { return m } else { return nil } }
        }
        // At the tap the old rendering covers the new layout exactly where it was; then it
        // fades on .easeInOut(duration: 0.35) (fullReflow's change) and is gone.
        #expect(fades(try h.displayList(at: 0.1)) == [1])
        let start = try h.frame(at: 0.1)
        var same = 0
        for y in 0..<before.height { for x in 0..<before.width where before[x, y] == start[x, y] { same += 1 } }
        #expect(same > before.width * before.height * 95 / 100, "the old card shows at the tap")
        var curve = AnimatedValue(1.0)
        try curve.set(0, animation: .easeInOut(duration: 0.35), at: 0.1)
        for t in [0.2, 0.275, 0.35] {
            #expect(abs((fades(try h.displayList(at: t)).first ?? -1) - curve.value(at: t)) < 1e-9, "t \(t)")
        }
        #expect(fades(try h.displayList(at: 0.6)).isEmpty)
        let text = try host(BridgedCard(preset: .textSwap, swap: .image), reduceMotion: true)
        try text.tap("Toggle", at: 0)
        let list = try text.displayList(at: 0.05)
        #expect(blurs(list).isEmpty && opacities(list).contains { $0 > 0.01 && $0 < 0.99 })
    }

    @Test("the container changes nothing at rest: same layout and the same pixels as without it")
    func containerAtRest() throws {
        struct Plain: View {
            var bridged: Bool
            var body: some View {
                VStack {
                    Text("Hello"); Rectangle().fill(Color.red).frame(width: 50, height: 20)
                }
                .modifier(Optional(bridged))
            }
            struct Optional: ViewModifier {
                let on: Bool; init(_ on: Bool) { self.on = on }
                func body(content: Content) -> some View { if on { content.blurBridgeContainer() } else { content } }
            }
        }
        let a = try ViewHost(Plain(bridged: true), size: CGSize(width: 120, height: 80), scale: 2).snapshot()
        let b = try ViewHost(Plain(bridged: false), size: CGSize(width: 120, height: 80), scale: 2).snapshot()
        #expect(a.pixels == b.pixels)
    }

    @Test("repeatedTapsAreSeparateEpisodes: More at 0.2 s and Less at 1.2 s are two bridges, reported apart, named as the code names the view")
    func repeatedTapsAreSeparateEpisodes() throws {
        let h = try ViewHost(ContentCard(), size: CGSize(width: 390, height: 320), scale: 1)
        try h.tap("More", at: 0.2)
        try h.tap("Less", at: 1.2)
        _ = try h.displayList(at: 2)
        let d = h.blurDiagnostics
        #expect(!d.isEmpty)
        // No episode spans the second tap: each ends by 1.2 s or starts at it or after.
        for e in d { #expect(e.end <= 1.2 + 1e-9 || e.start >= 1.2 - 1e-9, "\(e)") }
        #expect(d.contains { $0.start < 1.2 } && d.contains { $0.start >= 1.2 - 1e-9 }, "\(d)")
        // Each lasts one bridge (the seed's ≈ 0.37–0.5 s), not the 1.37 s between the taps.
        #expect(d.allSatisfy { $0.duration < 0.6 }, "\(d)")
        // Named as the code names it: view types and the modifier, not FrostUI's structural path.
        for e in d {
            #expect(e.description.contains("ContentCard") && !e.description.contains("#root") && !e.description.contains("/content/"), "\(e)")
        }
        #expect(d.contains { $0.readableView == "ContentCard › ProgressView › .blur" }, "\(d.map(\.readableView))")
        struct A {}; struct B {}
        func path(_ id: SceneIdentity.ID) -> SceneIdentity {
            SceneIdentity.root.appending(.type(.init(A.self))).appending(.explicit(id)).appending(.role("content"))
                .appending(.type(.init(B.self))).appending(.role("opacity"))
        }
        let typed = BlurHoldDiagnostic(identity: path(.init(7)), start: 0, end: 1, peakRadius: 1)
        #expect(typed.readableView == "A › id 7 › B › .opacity", "\(typed.readableView)")
        // Ids that print alike stay apart: diagnostics compare identities, not their text.
        let text = BlurHoldDiagnostic(identity: path(.init("7")), start: 0, end: 1, peakRadius: 1)
        #expect(text.view == typed.view && text != typed)
    }

    @Test("the seed's ContentCard holds its blur ≈ 0.37 s: one diagnostic, at the analytic times; the presets give none")
    func seedDiagnostic() throws {
        let h = try ViewHost(ContentCard(), size: CGSize(width: 390, height: 320), scale: 1)
        try h.tap("More", at: 0)
        _ = try h.displayList(at: 1.0)
        let d = h.blurDiagnostics
        // Two holds: the detailed content inserted blurred, and the summary it replaces, blurred
        // while its removal plays (it ends with the removal, not never: before, that episode
        // stayed open and merged with the next tap's bridge).
        #expect(d.count == 2, "\(d)")
        // The seed: on with .smooth(0.15), off with .smooth(0.2).delay(0.25), both at 0.
        var v = AnimatedValue(0.0)
        try v.set(6, animation: .smooth(duration: 0.15), at: 0)
        try v.set(0, animation: .smooth(duration: 0.2).delay(0.25), at: 0)
        var down = 0.0, t = 0.0
        while t < 1 { if v.value(at: t) > 0.5 { down = t + 0.001 }; t += 0.001 }
        let inserted = d.first { $0.readableView == "ContentCard › .blur" }
        #expect(inserted != nil, "\(d)")
        if let first = inserted {
            // The detailed content is inserted at 0 already blurred (6 pt: isTransitioning was
            // set first), and clears on the delayed spring.
            #expect(first.start == 0 && abs(first.end - down) < 0.0015, "\(first)")
            #expect(first.duration > 0.3 && first.duration < 0.45 && abs(first.peakRadius - 6) < 0.1)
            #expect(first.description.contains("blur held on"))
        }
        // The summary's hold ends when its removal (the default spring, 0.5 s) has finished.
        let removed = d.first { $0.readableView == "ContentCard › ProgressView › .blur" }
        #expect(removed.map { $0.end > 0.4 && $0.end < 0.6 && $0.start < 0.05 } == true, "\(d)")
        // Not reported before it has ended, and a replay does not duplicate it.
        _ = try h.displayList(at: 0.2)
        #expect(h.blurDiagnostics.isEmpty)
        _ = try h.displayList(at: 0.8)
        #expect(h.blurDiagnostics.count == 2)
        // The same card through the preset API: no diagnostic.
        let p = try host(BridgedCard(preset: .fullReflow, swap: .grow(200)))
        try p.tap("Toggle", at: 0)
        _ = try p.displayList(at: 1.0)
        #expect(p.blurDiagnostics.isEmpty && p.blurBridges.count == 1)
    }

    @Test("a static blur, or one that starts blurred, is not a held bridge")
    func staticBlurIsNotAHold() throws {
        struct Still: View {
            @State var on = false
            var body: some View {
                VStack {
                    Button("Go") { withAnimation(.linear(duration: 0.1)) { on = true } }
                    Rectangle().frame(width: 40, height: 40).blur(radius: 5)
                    Rectangle().frame(width: 40, height: 40).blur(radius: on ? 4 : 0)
                }
            }
        }
        let h = try host(Still())
        try h.tap("Go", at: 0)
        _ = try h.displayList(at: 2)
        #expect(h.blurDiagnostics.isEmpty)  // raised and never cleared: a state, not a bridge
    }
}

@Suite("FrostUI: the seam proxy", .hangLimit)
struct SeamMeterTests {
    /// A white frame with a black square at x.
    func frame(square x: Int, size: Int = 10, blur: Double = 0) throws -> FrostImage.Image {
        var img = try FrostImage.Image(width: 60, height: 30, fill: RGBA8(255, 255, 255, 255))
        for j in 10..<(10 + size) { for i in x..<(x + size) { img[i, j] = RGBA8(0, 0, 0, 255) } }
        return blur > 0 ? try FrostBlur.GaussianBlur(sigma: blur).apply(to: img) : img
    }

    @Test("identical frames: no edge change; a jump: the hand-computed change; a blurred jump: less")
    func basics() throws {
        #expect(try SeamMeter.measure([]).seam == 0 && SeamMeter.measure([frame(square: 5)]).edgeChanges.isEmpty)
        let still = try SeamMeter.measure([frame(square: 5), frame(square: 5), frame(square: 5)])
        #expect(still.edgeChanges == [0, 0])
        // A 10×10 black square on white: |H| is 255/4 on each of the 32 inner edge pixels (one
        // outside neighbour), 255/2 at the 4 corners, and 255/4 on the 40 white pixels outside
        // the edges; the 2 squares (old and new place, disjoint) each add that to |ΔH|.
        let jump = try SeamMeter.measure([frame(square: 5), frame(square: 40)])
        let perSquare = 32 * 255.0 / 4 + 4 * 255.0 / 2 + 40 * 255.0 / 4
        #expect(abs(jump.seam - 2 * perSquare / (60 * 30)) < 1e-3, "\(jump.seam)")
        let soft = try SeamMeter.measure([frame(square: 5, blur: 3), frame(square: 40, blur: 3)])
        #expect(soft.seam < jump.seam / 3)
        #expect(jump.seamIndex == 0)
    }

    @Test("frames of different sizes, or a region outside them, are an error")
    func errors() throws {
        let a = try frame(square: 5), b = try FrostImage.Image(width: 10, height: 10)
        #expect(throws: ImageError.self) { try SeamMeter.measure([a, b]) }
        #expect(throws: ImageError.self) { try SeamMeter.measure([a, a], region: PixelRect(x: 100, y: 100, width: 5, height: 5)) }
        #expect(try SeamMeter.measure([a, a], region: PixelRect(x: 0, y: 0, width: 1, height: 1)).seam == 0)
    }

    @Test("on the ContentCard toggle every bridge lowers the seam proxy against the same change unbridged", .needsInter)
    func bridgeLowersSeam() throws {
        func seam(_ preset: BlurBridgePreset?) throws -> Double {
            let h = try ViewHost(BridgedContentCard(preset: preset), size: CGSize(width: 390, height: 320), scale: 1)
            try h.tap("More", at: 0)
            return try SeamMeter.measure(try HostCore.frameTimes(from: 0, to: 0.6, fps: 60).map { try h.frame(at: $0) }).seam
        }
        let none = try seam(nil)
        for p in [BlurBridgePreset.cardResize, .fullReflow] {
            let s = try seam(p)
            #expect(s < 0.8 * none, "\(p.name): \(s) vs \(none)")
        }
    }
}

@Suite("FrostUI: blur techniques at the edges", .hangLimit)
struct BlurTechniqueEdgeTests {
    @Test("withBlurBridge with no container animates the change and bridges nothing; zero-size views blur, bridge and fade without trouble")
    func edges() throws {
        struct Bare: View {
            @State var wide = false
            var body: some View {
                VStack {
                    Button("Go") { withBlurBridge(.cardResize) { wide.toggle() } }
                    Color.red.frame(width: wide ? 100 : 50, height: 10)
                    Color.blue.frame(width: 0, height: 0).blurable(isBlurred: wide, radius: 4).variableBlur(maxRadius: 5, mask: .topEdge(fraction: 1))
                }
            }
        }
        let h = try ViewHost(Bare(), size: CGSize(width: 200, height: 100))
        try h.tap("Go", at: 0)
        var width = AnimatedValue(50.0)
        try width.set(100, animation: .smooth(duration: 0.3), at: 0)
        let red = shapes(try h.displayList(at: 0.1)).first { $0.frame.height == 10 }!
        #expect(abs(red.frame.width - width.value(at: 0.1)) < 1e-6)
        let mid = try h.displayList(at: 0.1)
        #expect(h.blurBridges.isEmpty && blurs(mid).isEmpty)
        _ = try h.frame(at: 0.15)
        let button = try h.view("Go")
        button.blur(blurRadius: 3)
        _ = try h.frame(at: 0.5)
        button.blur(blurRadius: .nan)
        button.unBlur(); button.unBlur()
        #expect(!button.isBlurred)
        _ = try h.frame(at: 1)
    }
}
