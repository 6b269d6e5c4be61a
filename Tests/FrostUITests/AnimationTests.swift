import Testing
import FrostUI
import FrostScene
import FrostImage
import FrostMotion
import FrostGeometry
import FrostTestSupport

// Animated views checked against the analytic motion values (FrostMotion's curves and springs,
// whose own tests check them against the published formulas).

/// Every effect in a display list, depth first, with the absolute origin of its item.
func effects(_ list: DisplayList, origin: Point = .zero) -> [(effect: DisplayEffect, frame: Rect)] {
    list.items.flatMap { item -> [(effect: DisplayEffect, frame: Rect)] in
        let f = Rect(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY, width: item.frame.width, height: item.frame.height)
        switch item.content {
        case .effect(let e, let children): return [(e, f)] + effects(children, origin: f.origin)
        case .group(let children): return effects(children, origin: f.origin)
        default: return []
        }
    }
}

/// Every shape item with its absolute frame.
func shapes(_ list: DisplayList, origin: Point = .zero) -> [(shape: ShapeContent, frame: Rect)] {
    list.items.flatMap { item -> [(shape: ShapeContent, frame: Rect)] in
        let f = Rect(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY, width: item.frame.width, height: item.frame.height)
        switch item.content {
        case .shape(let s): return [(s, f)]
        case .effect(_, let children), .group(let children): return shapes(children, origin: f.origin)
        default: return []
        }
    }
}

func opacities(_ list: DisplayList) -> [Double] {
    effects(list).compactMap { if case .opacity(let o) = $0.effect { return o } else { return nil } }
}
func transforms(_ list: DisplayList) -> [AffineTransform2D] {
    effects(list).compactMap { if case .transform(let t) = $0.effect { return t } else { return nil } }
}
func blurs(_ list: DisplayList) -> [Double] {
    effects(list).compactMap { if case .blur(let r, _) = $0.effect { return r } else { return nil } }
}

/// A square that comes and goes with `transition`, toggled by a button in `animation`.
struct TransitionToggler: View {
    let transition: AnyTransition
    let animation: Animation?
    @State var shown = false
    var body: some View {
        ZStack {
            if shown { Rectangle().fill(Color.red).frame(width: 50, height: 40).transition(transition) }
            Button("Toggle") { withAnimation(animation) { shown.toggle() } }.frame(maxHeight: .infinity, alignment: .bottom)
        }
    }
}

@Suite("FrostUI: transitions", .hangLimit)
struct TransitionTests {
    func inserted(_ t: AnyTransition, _ a: Animation? = .linear(duration: 1), at time: Double) throws -> DisplayList {
        let host = try ViewHost(TransitionToggler(transition: t, animation: a), size: CGSize(width: 200, height: 200))
        try host.tap("Toggle")
        return try host.displayList(at: time)
    }

    @Test(".opacity with .linear(duration: 1) at t = 0.25 is alpha 0.25 (display list exactly, pixels within 1/255)")
    func opacity() throws {
        let host = try ViewHost(TransitionToggler(transition: .opacity, animation: .linear(duration: 1)), size: CGSize(width: 200, height: 200))
        #expect(shapes(try host.displayList()).count == 0)
        try host.tap("Toggle")
        let list = try host.displayList(at: 0.25)
        #expect(opacities(list) == [0.25])
        let image = try host.frame(at: 0.25)
        // The square is centred: (75, 80)…(125, 120). Red at 25 % over white.
        // System red (255, 59, 48) at 25 % over white, in sRGB as iOS composites.
        let p = image[100, 100]
        #expect(p.r == 255 && abs(Int(p.g) - 206) <= 1 && abs(Int(p.b) - 203) <= 1)
        #expect(opacities(try host.displayList(at: 1.0)) == [1])
    }

    @Test(".move(edge: .leading) offsets by the view's own width, along the curve")
    func move() throws {
        let curve = Animation.easeInOut(duration: 0.5)
        let list = try inserted(.move(edge: .leading), curve, at: 0.2)
        let t = try #require(transforms(list).first)
        #expect(abs(t.tx - -50 * (1 - curve.value(at: 0.2))) < 1e-9 && t.ty == 0)
    }

    @Test(".scale(0.5, anchor: .topLeading) keeps the top-leading corner and scales from 0.5")
    func scale() throws {
        let t = try #require(transforms(try inserted(.scale(0.5, anchor: .topLeading), at: 0.5)).first)
        #expect(abs(t.a - 0.75) < 1e-12 && abs(t.d - 0.75) < 1e-12 && abs(t.tx) < 1e-12 && abs(t.ty) < 1e-12)
    }

    @Test(".blurReplace: blur 7 → 0, scale 0.9 → 1, opacity 0 → 1, scale outermost")
    func blurReplace() throws {
        let list = try inserted(.blurReplace, at: 0.3)
        #expect(blurs(list).count == 1 && abs(blurs(list)[0] - 4.9) < 1e-9)
        #expect(abs(opacities(list)[0] - 0.3) < 1e-9)
        #expect(abs(transforms(list)[0].a - 0.93) < 1e-9)
        if case .transform = effects(list)[0].effect {} else { Issue.record("the scale is not the outermost effect") }
    }

    @Test(".slide inserts from the leading edge and removes to the trailing edge")
    func slide() throws {
        let host = try ViewHost(TransitionToggler(transition: .slide, animation: .linear(duration: 1)), size: CGSize(width: 200, height: 200))
        try host.tap("Toggle")
        // Both sides' effects are there (the other side at identity), so the moves add up.
        #expect(abs(transforms(try host.displayList(at: 0.5)).map(\.tx).reduce(0, +) - -25) < 1e-9)
        try host.advance(to: 2)
        try host.tap("Toggle")
        #expect(abs(transforms(try host.displayList(at: 2.5)).map(\.tx).reduce(0, +) - 25) < 1e-9)
        #expect(shapes(try host.displayList(at: 3.01)).isEmpty)  // gone once the removal finished
    }

    @Test("right to left, leading is the right edge: .slide, .move, .offset and a leading anchor mirror")
    func rightToLeft() throws {
        func host(_ t: AnyTransition) throws -> ViewHost<some View> {
            let host = try ViewHost(
                TransitionToggler(transition: t, animation: .linear(duration: 1)).environment(\.layoutDirection, .rightToLeft),
                size: CGSize(width: 200, height: 200))
            try host.tap("Toggle")
            return host
        }
        let slide = try host(.slide)
        #expect(abs(transforms(try slide.displayList(at: 0.5)).map(\.tx).reduce(0, +) - 25) < 1e-9, "inserted from the right")
        try slide.advance(to: 2)
        try slide.tap("Toggle")
        #expect(abs(transforms(try slide.displayList(at: 2.5)).map(\.tx).reduce(0, +) - -25) < 1e-9, "removed to the left")
        #expect(abs(try #require(transforms(try host(.move(edge: .trailing)).displayList(at: 0.5)).first).tx - -25) < 1e-9)
        #expect(abs(try #require(transforms(try host(.offset(x: 30, y: 10)).displayList(at: 0.5)).first).tx - -15) < 1e-9)
        // Scaled to 0.75 about the top-leading corner, which is the square's top right (x = 50).
        let scaled = try #require(transforms(try host(.scale(0.5, anchor: .topLeading)).displayList(at: 0.5)).first)
        #expect(abs(scaled.a - 0.75) < 1e-12 && abs(scaled.tx - 12.5) < 1e-9 && abs(scaled.ty) < 1e-12)
        // Top and bottom are not mirrored.
        #expect(abs(try #require(transforms(try host(.move(edge: .top)).displayList(at: 0.5)).first).ty - -20) < 1e-9)
    }

    @Test(".push(from: .bottom) moves in from below while fading in; removal moves up while fading out")
    func push() throws {
        let list = try inserted(.push(from: .bottom), at: 0.5)
        let t = transforms(list).filter { $0.ty != 0 }
        #expect(t.count == 1 && abs(t[0].ty - 20) < 1e-9)
        #expect(opacities(list).contains { abs($0 - 0.5) < 1e-9 })
    }

    @Test("a removed view stays in place until its removal ends; re-inserted mid-removal it goes back to identity, continuously")
    func reinsertion() throws {
        let host = try ViewHost(TransitionToggler(transition: .opacity, animation: .linear(duration: 1)), size: CGSize(width: 200, height: 200))
        try host.tap("Toggle")
        try host.advance(to: 1)
        try host.tap("Toggle")  // removal starts at 1
        #expect(opacities(try host.displayList(at: 1.5)) == [0.5])
        try host.tap("Toggle")  // back at 1.5, from 0.5
        #expect(opacities(try host.displayList(at: 1.5)) == [0.5])
        let later = opacities(try host.displayList(at: 1.75))
        #expect(later.count == 1 && abs(later[0] - 0.5) < 1e-9)  // additive curves: −0.25 + 0.75 still to go
        #expect(opacities(try host.displayList(at: 2.5)) == [1])
        #expect(shapes(try host.displayList(at: 2.5)).count == 1)
    }

    @Test("removed mid-insertion, a view goes to didDisappear from where it is and is then gone")
    func removedMidInsertion() throws {
        let host = try ViewHost(TransitionToggler(transition: .opacity, animation: .linear(duration: 1)), size: CGSize(width: 200, height: 200))
        try host.tap("Toggle")
        try host.advance(to: 0.25)
        try host.tap("Toggle")
        #expect(opacities(try host.displayList(at: 0.25)) == [0.25])
        let mid = opacities(try host.displayList(at: 0.5))
        #expect(mid.count == 1 && abs(mid[0] - 0.25) < 1e-9)  // 1 − (0.5·1 + (−1)·0.75)… = 0.25
        #expect(shapes(try host.displayList(at: 1.26)).isEmpty)
    }

    @Test("no animation in the transaction: insertion and removal are immediate")
    func noAnimation() throws {
        let host = try ViewHost(TransitionToggler(transition: .slide, animation: nil), size: CGSize(width: 200, height: 200))
        try host.tap("Toggle")
        let shown = try host.displayList()
        #expect(effects(shown).filter { if case .opacity = $0.effect { return true } else { return false } }.isEmpty && shapes(shown).count == 1)
        try host.tap("Toggle")
        #expect(shapes(try host.displayList()).isEmpty)
    }

    @Test("Reduce Motion: a transition with motion becomes .opacity")
    func reduceMotion() throws {
        let host = try ViewHost(TransitionToggler(transition: .move(edge: .leading), animation: .linear(duration: 1)), size: CGSize(width: 200, height: 200))
        host.accessibilityReduceMotion = true
        try host.tap("Toggle")
        let list = try host.displayList(at: 0.5)
        #expect(transforms(list).isEmpty && opacities(list) == [0.5])
        #expect(!AnyTransition.opacity.properties.hasMotion && AnyTransition.slide.properties.hasMotion)
    }

    @Test("combined(with:) applies both in the same phase; asymmetric uses each side")
    func combinators() throws {
        let list = try inserted(.move(edge: .top).combined(with: .opacity), at: 0.5)
        #expect(abs(transforms(list)[0].ty - -20) < 1e-9 && opacities(list) == [0.5])
        let asym = try inserted(.asymmetric(insertion: .scale, removal: .opacity), at: 0.5)
        #expect(opacities(asym) == [1] && abs(transforms(asym)[0].a - (0.5 + 0.5e-5)) < 1e-9)
    }

    @Test("a transition's own animation wins over the transaction's")
    func transitionAnimation() throws {
        let list = try inserted(AnyTransition.opacity.animation(.linear(duration: 2)), .linear(duration: 1), at: 0.5)
        #expect(opacities(list) == [0.25])
    }
}

/// The seed's transitions (TransitionExamples.swift), as written there.
struct SeedRotation: Transition {
    func body(content: Content, phase: TransitionPhase) -> some View {
        content
            .opacity(phase.isIdentity ? 1.0 : 0.0)
            .rotationEffect(phase == .willAppear ? .degrees(180) : phase == .identity ? .zero : .degrees(-180))
    }
}

struct SeedRotationModifier: ViewModifier {
    let isIdentity: Bool
    func body(content: Content) -> some View {
        content.rotationEffect(.degrees(isIdentity ? 0 : 180)).opacity(isIdentity ? 1 : 0)
    }
}

@Suite("FrostUI: custom transitions", .hangLimit)
struct CustomTransitionTests {
    @Test("a Transition's body animates its modifiers' values between phases: rotation 180° → 0, opacity 0 → 1")
    func protocolTransition() throws {
        let host = try ViewHost(
            TransitionToggler(transition: AnyTransition(SeedRotation()), animation: .linear(duration: 1)), size: CGSize(width: 200, height: 200))
        try host.tap("Toggle")
        let list = try host.displayList(at: 0.25)
        #expect(opacities(list) == [0.25])
        let t = try #require(transforms(list).first)
        // Rotation 135° about the centre: the angle, not the matrix, interpolates.
        #expect(abs(atan2(t.b, t.a) - 135 * Double.pi / 180) < 1e-9)
        try host.advance(to: 2)
        try host.tap("Toggle")
        let out = try #require(transforms(try host.displayList(at: 2.5)).first)
        #expect(abs(atan2(out.b, out.a) - -90 * Double.pi / 180) < 1e-9)
    }

    @Test(".modifier(active:identity:) interpolates the modifier's values")
    func modifierTransition() throws {
        let transition = AnyTransition.modifier(active: SeedRotationModifier(isIdentity: false), identity: SeedRotationModifier(isIdentity: true))
        let host = try ViewHost(TransitionToggler(transition: transition, animation: .linear(duration: 1)), size: CGSize(width: 200, height: 200))
        try host.tap("Toggle")
        let list = try host.displayList(at: 0.5)
        #expect(opacities(list) == [0.5])
        let t = try #require(transforms(list).first)
        #expect(abs(atan2(t.b, t.a) - 90 * Double.pi / 180) < 1e-9)
    }
}

/// The seed's `MyView` is `Toggler` (ViewTests.swift); this form moves one view instead.
struct MovingView: View {
    @State private var condition = true
    var body: some View {
        Circle().fill(Color.blue).frame(width: 100, height: 100)
            .offset(x: condition ? -100 : 100)
            .onTapGesture { withAnimation { condition.toggle() } }
    }
}

@Suite("FrostUI: animated state changes", .hangLimit)
struct AnimatedChangeTests {
    @Test("the seed's MyView cross-fades its two circles in place (if/else is two views); an offset change moves one view")
    func seedMyView() throws {
        let host = try ViewHost(Toggler(), size: CGSize(width: 400, height: 200))
        try host.tap("")
        let spring = Animation.default
        let p = spring.value(at: 0.1)
        let list = try host.displayList(at: 0.1)
        let o = opacities(list).sorted()
        #expect(o.count == 2 && abs(o[0] - min(p, 1 - p)) < 1e-9 && abs(o[1] - max(p, 1 - p)) < 1e-9)
        #expect(Set(transforms(list).map(\.tx)) == [-100, 100])  // neither circle moves
        let settled = try host.displayList(at: 2)
        #expect(opacities(settled).allSatisfy { $0 > 1 - 1e-6 } && shapes(settled).count == 1)

        let mover = try ViewHost(MovingView(), size: CGSize(width: 400, height: 200))
        try mover.tap("")
        let moving = transforms(try mover.displayList(at: 0.1))
        #expect(moving.count == 1 && abs(moving[0].tx - (-100 + 200 * p)) < 1e-9)
        #expect(opacities(try mover.displayList(at: 0.1)).isEmpty)
    }

    struct Widening: View {
        @State var wide = false
        var body: some View {
            VStack {
                Rectangle().fill(Color.blue).frame(width: wide ? 200 : 100, height: 20)
                Button("Widen") { withAnimation(.linear(duration: 1)) { wide.toggle() } }
            }
        }
    }

    @Test("a changing frame(width:) animates the layout frame: width 125 at a quarter of a linear second, still centred")
    func frameAnimation() throws {
        let host = try ViewHost(Widening(), size: CGSize(width: 300, height: 100))
        try host.tap("Widen")
        let rect = try #require(shapes(try host.displayList(at: 0.25)).first)
        #expect(abs(rect.frame.width - 125) < 1e-9 && abs(rect.frame.midX - 150) < 1e-9)
        #expect(abs((try #require(shapes(try host.displayList(at: 1)).first)).frame.width - 200) < 1e-9)
    }

    struct Slider: View {
        @State var x = 0.0
        var body: some View {
            VStack {
                Rectangle().frame(width: 10, height: 10).offset(x: x)
                Button("Right") { withAnimation(.spring) { x = 100 } }
                Button("Left") { withAnimation(.spring) { x = 0 } }
            }
        }
    }

    @Test("an interrupted spring continues from its position and velocity (FrostMotion's merge), no jump at the interruption")
    func interruptedSpring() throws {
        let host = try ViewHost(Slider(), size: CGSize(width: 300, height: 200))
        try host.tap("Right")
        try host.advance(to: 0.15)
        try host.tap("Left")
        var model = AnimatedValue(0.0)
        try model.set(100, animation: .spring, at: 0)
        try model.set(0, animation: .spring, at: 0.15)
        for t in [0.15, 0.2, 0.3, 0.6, 1.0] {
            let tx = try #require(transforms(try host.displayList(at: t)).first).tx
            #expect(abs(tx - model.value(at: t)) < 1e-9, "t = \(t)")
        }
        // Velocity kept: the slope just after the interruption matches the slope just before.
        var straight = AnimatedValue(0.0)
        try straight.set(100, animation: .spring, at: 0)
        let before = (straight.value(at: 0.15) - straight.value(at: 0.15 - 1e-6)) / 1e-6
        let after = (model.value(at: 0.15 + 1e-6) - model.value(at: 0.15)) / 1e-6
        #expect(abs(before - after) < 0.5 && before > 100)
    }

    struct Stacked: View {
        @State var a = 0.0
        @State var b = 0.0
        var body: some View {
            VStack {
                Rectangle().frame(width: 10, height: 10).offset(x: a)
                Rectangle().frame(width: 10, height: 10).offset(x: b)
                Button("Go") {
                    withAnimation(.linear(duration: 0.2)) { a = 10 }
                    withAnimation(.linear(duration: 0.2).delay(0.2)) { b = 10 }
                }
            }
        }
    }

    @Test("withAnimation calls stacked in one action each animate what they changed (the second delayed)")
    func stacked() throws {
        let host = try ViewHost(Stacked(), size: CGSize(width: 100, height: 100))
        try host.tap("Go")
        let early = transforms(try host.displayList(at: 0.1)).map(\.tx)
        let later = transforms(try host.displayList(at: 0.3)).map(\.tx)
        #expect(early.count == 2 && abs(early[0] - 5) < 1e-9 && early[1] == 0)
        #expect(later.count == 2 && later[0] == 10 && abs(later[1] - 5) < 1e-9)
    }

    struct Completing: View {
        let animation: Animation?
        let criteria: AnimationCompletionCriteria
        let changes: Bool
        @State var x = 0.0
        @State var done = 0
        var body: some View {
            VStack {
                Rectangle().frame(width: 10, height: 10).offset(x: x)
                Text("done \(done)")
                Button("Go") {
                    withAnimation(animation, completionCriteria: criteria) {
                        if changes { x += 10 }
                    } completion: {
                        done += 1
                    }
                }
            }
        }
    }

    func doneText(_ host: ViewHost<Completing>, at t: Double) throws -> String {
        func walk(_ l: DisplayList) -> String? {
            for item in l.items {
                switch item.content {
                case .text(let s) where s.string.hasPrefix("done"): return s.string
                case .group(let c), .effect(_, let c): if let hit = walk(c) { return hit }
                default: continue
                }
            }
            return nil
        }
        return walk(try host.displayList(at: t)) ?? "?"
    }

    @Test("completion runs once: at the curve's end, at a spring's logical duration, at once when nothing animates")
    func completion() throws {
        let curve = try ViewHost(
            Completing(animation: .linear(duration: 0.5), criteria: .logicallyComplete, changes: true), size: CGSize(width: 200, height: 100))
        try curve.tap("Go")
        #expect(try doneText(curve, at: 0.49) == "done 0")
        #expect(try doneText(curve, at: 0.5) == "done 1")
        #expect(try doneText(curve, at: 3) == "done 1")
        #expect(try doneText(curve, at: 0.2) == "done 0")  // any order: replayed from the start

        let spring = try ViewHost(
            Completing(animation: .spring(duration: 0.5), criteria: .logicallyComplete, changes: true), size: CGSize(width: 200, height: 100))
        try spring.tap("Go")
        #expect(try doneText(spring, at: 0.499) == "done 0" && doneText(spring, at: 0.5) == "done 1")
        let removed = try ViewHost(Completing(animation: .spring(duration: 0.5), criteria: .removed, changes: true), size: CGSize(width: 200, height: 100))
        try removed.tap("Go")
        #expect(try doneText(removed, at: 0.5) == "done 0" && doneText(removed, at: 2) == "done 1")

        let none = try ViewHost(
            Completing(animation: .linear(duration: 0.5), criteria: .logicallyComplete, changes: false), size: CGSize(width: 200, height: 100))
        try none.tap("Go")
        #expect(try doneText(none, at: 0) == "done 1")
    }

    struct ValueAnimated: View {
        @State var flag = false
        let inner: Animation?
        var body: some View {
            VStack {
                Rectangle().frame(width: 10, height: 10).offset(x: flag ? 100 : 0).animation(inner, value: flag)
                Button("Plain") { flag.toggle() }
                Button("Animated") { withAnimation(.linear(duration: 1)) { flag.toggle() } }
            }
        }
    }

    @Test(".animation(_:value:) animates a plain change when the value changed; nil removes the transaction's animation")
    func animationModifier() throws {
        let host = try ViewHost(ValueAnimated(inner: .linear(duration: 0.5)), size: CGSize(width: 200, height: 100))
        try host.tap("Plain")
        #expect(transforms(try host.displayList(at: 0.25)).first?.tx == 50)
        let off = try ViewHost(ValueAnimated(inner: nil), size: CGSize(width: 200, height: 100))
        try off.tap("Animated")
        #expect(transforms(try off.displayList(at: 0.25)).first?.tx == 100)
    }

    @Test("disablesAnimations and .transaction { $0.animation = nil } make changes jump")
    func disabled() throws {
        struct Jumper: View {
            @State var x = 0.0
            var body: some View {
                VStack {
                    Rectangle().frame(width: 10, height: 10).offset(x: x)
                    Rectangle().frame(width: 10, height: 10).offset(x: x).transaction { $0.animation = nil }
                    Button("Go") { withAnimation(.linear(duration: 1)) { x = 100 } }
                    Button("Off") { withTransaction(Transaction(animation: .linear(duration: 1), disablesAnimations: true)) { x = 0 } }
                }
            }
        }
        let host = try ViewHost(Jumper(), size: CGSize(width: 200, height: 200))
        try host.tap("Go")
        #expect(transforms(try host.displayList(at: 0.5)).map(\.tx) == [50, 100])
        try host.tap("Off")
        #expect(transforms(try host.displayList(at: 0.5)).map(\.tx) == [0, 0])
    }

    @Test("ForEach insertions and .id changes transition; colours animate in premultiplied linear light")
    func forEachAndId() throws {
        struct List: View {
            @State var items = [1, 2]
            @State var version = 0
            @State var red = true
            var body: some View {
                VStack {
                    ForEach(items, id: \.self) { Text("Item \($0)") }
                    Text("v\(version)").id(version)
                    Rectangle().fill(red ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 1)).frame(width: 10, height: 10)
                    Button("Add") {
                        withAnimation(.linear(duration: 1)) {
                            items.append(3); version += 1; red = false
                        }
                    }
                }
            }
        }
        let host = try ViewHost(List(), size: CGSize(width: 200, height: 300))
        try host.tap("Add")
        let list = try host.displayList(at: 0.5)
        #expect(opacities(list).sorted() == [0.5, 0.5, 0.5])  // item 3 in, v1 in, v0 out
        let fill = try #require(shapes(list).first { $0.shape.name == "Rectangle" }).shape.fill
        let mid =
            AnimatableColor(FrostGeometry.Color(red: 1, green: 0, blue: 0)).scaled(by: 0.5)
            + AnimatableColor(FrostGeometry.Color(red: 0, green: 0, blue: 1)).scaled(by: 0.5)
        if case .solid(let c)? = fill {
            #expect(abs(c.red - mid.color.red) < 1e-9 && abs(c.blue - mid.color.blue) < 1e-9)
        } else {
            Issue.record("no solid fill")
        }
    }
}

@Suite("FrostUI: time, headlessly", .hangLimit)
struct TimelineTests {
    @Test("frame(at:) gives the same bytes in any order and on a fresh host; record gives frames at i / fps")
    func anyOrder() throws {
        func host() throws -> ViewHost<TransitionToggler> {
            let h = try ViewHost(TransitionToggler(transition: .blurReplace, animation: .smooth), size: CGSize(width: 120, height: 120), scale: 2)
            try h.tap("Toggle", at: 0.1)
            return h
        }
        let a = try host(), b = try host()
        let late = try a.frame(at: 0.4), early = try a.frame(at: 0.2), again = try a.frame(at: 0.4)
        #expect(late.pixels == again.pixels)
        #expect(early.pixels == (try b.frame(at: 0.2)).pixels)
        #expect(late.pixels == (try b.frame(at: 0.4)).pixels)
        let frames = try b.record(from: 0, to: 0.5, fps: 10)
        #expect(frames.map(\.time) == (0...5).map { Double($0) / 10 })
        #expect(frames[4].image.pixels == late.pixels)
    }

    @Test("bad times, frame rates and frame counts are typed errors with one readable line")
    func badInput() throws {
        let host = try ViewHost(TransitionToggler(transition: .opacity, animation: nil), size: CGSize(width: 50, height: 50))
        #expect(throws: ViewHostError.self) { try host.frame(at: .nan) }
        #expect(throws: ViewHostError.self) { try host.frame(at: -1) }
        #expect(throws: ViewHostError.self) { try host.record(to: 1, fps: 0) }
        #expect(throws: ViewHostError.self) { try host.record(to: 1000, fps: 60) }
        #expect(throws: ViewHostError.self) { try host.tap("Toggle", at: .infinity) }
        try host.tap("Nope", at: 0.5)
        #expect(throws: ViewHostError.self) { try host.frame(at: 1) }
    }
}

@Suite("FrostUI: transition expressions", .hangLimit)
struct TransitionParsingTests {
    func effectsAt(_ text: String, _ phase: Double = 0.5) throws -> DisplayList {
        let t = try AnyTransition.parse(text)
        let host = try ViewHost(TransitionToggler(transition: t, animation: .linear(duration: 1)), size: CGSize(width: 200, height: 200))
        try host.tap("Toggle")
        return try host.displayList(at: phase)
    }

    @Test("SwiftUI source forms read back as the transitions they name")
    func forms() throws {
        #expect(opacities(try effectsAt(".opacity")) == [0.5])
        #expect(abs(transforms(try effectsAt(".move(edge: .leading)"))[0].tx - -25) < 1e-9)
        let both = try effectsAt(".move(edge: .leading).combined(with: .opacity)")
        #expect(abs(transforms(both)[0].tx - -25) < 1e-9 && opacities(both) == [0.5])
        #expect(abs(transforms(try effectsAt(".scale(0.5, anchor: .topLeading)"))[0].a - 0.75) < 1e-9)
        #expect(abs(transforms(try effectsAt(".offset(x: 10, y: -20)"))[0].ty - -10) < 1e-9)
        #expect(blurs(try effectsAt(".blurReplace(.upUp)")).count == 1)
        #expect(opacities(try effectsAt(".asymmetric(insertion: .opacity, removal: .slide)")) == [0.5])
        #expect(opacities(try effectsAt(".opacity.animation(.linear(duration: 2))")) == [0.25])
        #expect(transforms(try effectsAt(".push(from: .top)")).contains { abs($0.ty - -20) < 1e-9 })
    }

    @Test("bad expressions name the column, the token and the accepted forms in one line")
    func errors() {
        for (text, column, mention) in [
            (".move(edge: .sideways)", 13, "unknown edge 'sideways'"), ("opacity", 1, "starts with '.'"),
            (".fade", 1, "unknown transition 'fade'"), (".scale(0.5, anchr: .top)", 12, "anchor:"),
            (".opacity.combined(with: .nope)", 25, "unknown transition"), (".opacity junk", 10, "expected the end"),
            (".opacity.animation(.lineer)", 20, "unknown animation 'lineer'"), (".offset(z: 1)", 9, "'x:' or 'y:'"),
        ] {
            do {
                _ = try AnyTransition.parse(text)
                Issue.record("\(text) parsed")
            } catch {
                #expect(
                    error.description.contains("at column \(column):") && error.description.contains(mention) && !error.description.contains("\n"),
                    "\(text): \(error.description)")
            }
        }
    }
}

/// A shape whose `animatableData` is its fill fraction: frames draw intermediate values.
struct Bar: Shape {
    var fraction: Double
    var animatableData: Double {
        get { fraction }
        set { fraction = newValue }
    }
    func path(in rect: CGRect) -> Path { Path(CGRect(x: 0, y: 0, width: rect.width * fraction, height: rect.height)) }
}

@Suite("FrostUI: Animatable", .hangLimit)
struct AnimatableTests {
    struct Progress: View {
        @State var full = false
        var body: some View {
            VStack {
                Bar(fraction: full ? 1 : 0.2).fill(Color.blue).frame(width: 100, height: 10)
                Button("Fill") { withAnimation(.easeIn(duration: 0.5)) { full = true } }
            }
        }
    }

    @Test("a custom shape's animatableData interpolates: the path at t is drawn from the value at t")
    func customShape() throws {
        let host = try ViewHost(Progress(), size: CGSize(width: 200, height: 100))
        try host.tap("Fill")
        let expected = 0.2 + 0.8 * Animation.easeIn(duration: 0.5).value(at: 0.2)
        let bar = try #require(shapes(try host.displayList(at: 0.2)).first)
        let bounds = try #require(bar.shape.path.controlBounds)
        #expect(abs(bounds.width - 100 * expected) < 1e-9)
    }
}

/// An Animatable modifier: its body is evaluated at every intermediate value (a shake).
struct Shake: ViewModifier, Animatable {
    var amount: Double
    var animatableData: Double {
        get { amount }
        set { amount = newValue }
    }
    func body(content: Content) -> some View { content.offset(x: 10 * sin(amount * .pi)) }
}

@Suite("FrostUI: Animatable modifiers", .hangLimit)
struct AnimatableModifierTests {
    struct Shaker: View {
        @State var shakes = 0.0
        var body: some View {
            VStack {
                Rectangle().frame(width: 10, height: 10).modifier(Shake(amount: shakes))
                Button("Shake") { withAnimation(.linear(duration: 1)) { shakes += 1 } }
            }
        }
    }

    @Test("a ViewModifier's animatableData drives its body frame by frame: sin peaks mid-way though both ends are 0")
    func shake() throws {
        let host = try ViewHost(Shaker(), size: CGSize(width: 100, height: 100))
        try host.tap("Shake")
        #expect(transforms(try host.displayList(at: 0.5)).contains { abs($0.tx - 10) < 1e-9 })
        #expect(transforms(try host.displayList(at: 0.25)).contains { abs($0.tx - 10 * sin(0.25 * .pi)) < 1e-9 })
        let rest = transforms(try host.displayList(at: 1))
        #expect(!rest.isEmpty && rest.allSatisfy { abs($0.tx) < 1e-9 }, "back at rest: \(rest)")
    }
}
