import Testing
import FrostUI
import FrostScene
import FrostImage
import FrostMotion
import FrostGeometry
import FrostEffects
import FrostTestSupport

// Blurable (UIKit's protocol: blur(blurRadius:), unBlur(), isBlurred) on views of a live host,
// and its declarative form — timing against the 0.2 s ease-in curve, layout unchanged.

/// A segmented-control-like row inside a stack, between two labels.
struct SegmentsScreen: View {
    var body: some View {
        VStack(spacing: 10) {
            Text("Above")
            HStack(spacing: 4) {
                ForEach(["Day", "Week", "Month"], id: \.self) { s in
                    Text(s).padding(6).background(Color.blue.opacity(0.2), in: Capsule())
                }
            }
            .accessibilityIdentifier("segments")
            Text("Below")
        }
    }
}

func mixes(_ list: DisplayList) -> [Double] {
    effects(list).compactMap { if case .snapshotBlur(_, _, let m) = $0.effect { return m } else { return nil } }
}
func snapshotRadii(_ list: DisplayList) -> [Double] {
    effects(list).compactMap { if case .snapshotBlur(let r, _, _) = $0.effect { return r } else { return nil } }
}

/// Every layout frame of the shapes and texts in a list (absolute).
func layoutFrames(_ list: DisplayList, origin: Point = .zero) -> [Rect] {
    list.items.flatMap { item -> [Rect] in
        let f = Rect(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY, width: item.frame.width, height: item.frame.height)
        switch item.content {
        case .effect(_, let c), .group(let c): return layoutFrames(c, origin: f.origin)
        default: return [f]
        }
    }
}

@Suite("FrostUI: Blurable", .hangLimit)
struct BlurableTests {
    func host() throws -> ViewHost<SegmentsScreen> { try ViewHost(SegmentsScreen(), size: CGSize(width: 240, height: 160), scale: 1) }

    func easeIn(_ t: Double, from t0: Double, to target: Double = 1, start: Double = 0) throws -> Double {
        var v = AnimatedValue(start)
        try v.set(target, animation: .easeIn(duration: 0.2), at: t0)
        return v.value(at: t)
    }

    @Test("blur: isBlurred at once, the copy cross-fades in on the 0.2 s ease-in curve, the stack's layout does not move")
    func blurCycle() throws {
        let h = try host()
        let sharpList = try h.displayList(at: 0.5)
        let sharp = try h.frame(at: 0.5)
        let row = try h.view("segments")
        #expect(!row.isBlurred)
        let rowFrame = row.frame
        #expect(rowFrame.width > 100 && rowFrame.height > 10)
        row.blur(blurRadius: 4)
        #expect(row.isBlurred)
        for t in [0.5, 0.55, 0.6, 0.65, 0.7, 0.8] {
            let list = try h.displayList(at: t)
            #expect(mixes(list).count == 1)
            #expect(abs((mixes(list).first ?? -1) - (try easeIn(t, from: 0.5))) < 1e-9, "t \(t)")
            #expect(layoutFrames(list) == layoutFrames(sharpList), "layout unchanged at \(t)")
            #expect(row.isBlurred)
        }
        #expect(row.frame == rowFrame)
        // Fully blurred: the row's pixels changed, everything beyond its frame is the same.
        let blurred = try h.frame(at: 0.8)
        var inside = 0, outsideDiffers = 0
        for y in 0..<sharp.height {
            for x in 0..<sharp.width {
                let inRow = Double(x) >= rowFrame.minX && Double(x) < rowFrame.maxX && Double(y) >= rowFrame.minY && Double(y) < rowFrame.maxY
                if inRow { if blurred[x, y] != sharp[x, y] { inside += 1 } } else if blurred[x, y] != sharp[x, y] { outsideDiffers += 1 }
            }
        }
        #expect(inside > Int(rowFrame.width * rowFrame.height) / 4 && outsideDiffers == 0)
        // unBlur: isBlurred false at once, the copy fades out on the same curve, then the
        // original pixels come back exactly.
        try h.advance(to: 1.0)
        row.unBlur()
        #expect(!row.isBlurred)
        for t in [1.0, 1.05, 1.1, 1.15] {
            #expect(abs((mixes(try h.displayList(at: t)).first ?? -1) - (try easeIn(t, from: 1.0, to: 0, start: 1))) < 1e-9)
        }
        #expect(try h.frame(at: 1.3).pixels == sharp.pixels)
        // Frames replay the same whatever order they are asked in.
        #expect(try h.frame(at: 0.8).pixels == blurred.pixels)
    }

    @Test("blurring a blurred view re-blurs from the original at the new radius; unBlur on a sharp view does nothing")
    func reblurAndNoop() throws {
        let h = try host()
        let row = try h.view("segments")
        row.unBlur()
        let untouched = try h.displayList(at: 0.3)
        #expect(!row.isBlurred && mixes(untouched).isEmpty)
        try h.advance(to: 0.1)
        row.blur(blurRadius: 2)
        try h.advance(to: 0.2)
        row.blur(blurRadius: 8)
        let list = try h.displayList(at: 0.25)
        #expect(snapshotRadii(list) == [8])
        // The fade keeps its course from the first blur (same target: nothing to retarget).
        #expect(abs((mixes(list).first ?? -1) - (try easeIn(0.25, from: 0.1))) < 1e-9)
        // The copy at 8 pt is a blur of the original, not of the 2 pt copy: the same pixels as
        // blurring once at 8.
        let other = try host()
        let once = try other.view("segments")
        try other.advance(to: 0.1)
        once.blur(blurRadius: 8)
        #expect(try h.frame(at: 0.5).pixels == other.frame(at: 0.5).pixels)
    }

    @Test("the copy is 1× by default (as the original), or at the display scale")
    func snapshotScale() throws {
        let a = try ViewHost(SegmentsScreen(), size: CGSize(width: 240, height: 160), scale: 3)
        let b = try ViewHost(SegmentsScreen(), size: CGSize(width: 240, height: 160), scale: 3)
        let ra = try a.view("segments"), rb = try b.view("segments")
        rb.snapshotScale = .display
        ra.blur(blurRadius: 0); rb.blur(blurRadius: 0)
        // σ 0: the display-scale copy is the view itself; the 1× copy is softer.
        let sharp = try ViewHost(SegmentsScreen(), size: CGSize(width: 240, height: 160), scale: 3).frame(at: 1)
        let fa = try a.frame(at: 1), fb = try b.frame(at: 1)
        #expect(PSNRCheck.of(fb.pixels, sharp.pixels) > 45)
        #expect(PSNRCheck.of(fa.pixels, sharp.pixels) < PSNRCheck.of(fb.pixels, sharp.pixels) - 5)
    }

    @Test("views are found by identifier, then text, then button label; unknown or ambiguous names are errors")
    func finding() throws {
        let h = try host()
        #expect(try h.view("Above").frame.height > 10)
        #expect(throws: ViewHostError.self) { try h.view("Nope") }
        do { _ = try h.view("Nope") } catch let e as ViewHostError {
            #expect(e.description.contains("'segments'") && e.description.contains("'Above'"))
        }
        struct Twice: View {
            var body: some View {
                VStack {
                    Text("Same"); Text("Same")
                }
            }
        }
        let t = try ViewHost(Twice(), size: CGSize(width: 100, height: 100))
        #expect(throws: ViewHostError.ambiguousView(name: "Same", count: 2)) { try t.view("Same") }
    }

    @Test(".blurable(isBlurred:radius:) cross-fades 0.2 s ease-in whatever the change's animation, both ways")
    func declarative() throws {
        struct Toggle: View {
            @State var on = false
            var body: some View {
                VStack {
                    Button("Blur") { on.toggle() }
                    Text("Segments").blurable(isBlurred: on, radius: 3)
                }
            }
        }
        let h = try ViewHost(Toggle(), size: CGSize(width: 200, height: 100))
        try h.tap("Blur", at: 0.1)
        try h.tap("Blur", at: 0.5)
        for t in [0.0, 0.1, 0.15, 0.2, 0.3] {
            let expected = t < 0.1 ? 0 : try easeIn(t, from: 0.1)
            #expect(abs((mixes(try h.displayList(at: t)).first ?? -1) - expected) < 1e-9, "t \(t)")
        }
        for t in [0.5, 0.6, 0.7, 0.9] {
            #expect(abs((mixes(try h.displayList(at: t)).first ?? -1) - (try easeIn(t, from: 0.5, to: 0, start: 1))) < 1e-9, "t \(t)")
        }
    }
}

@Suite("FrostUI: variableBlur", .hangLimit)
struct VariableBlurViewTests {
    @Test(".variableBlur(maxRadius:mask:) on an opaque image view is the library's progressive blur of its pixels; it animates like blur")
    func matchesLibrary() throws {
        var img = try FrostImage.Image(width: 40, height: 30, fill: RGBA8(230, 230, 240, 255))
        for y in 5..<25 { for x in 10..<30 where (x / 4 + y / 4) % 2 == 0 { img[x, y] = RGBA8(20, 60, 200, 255) } }
        let view = Image(pixels: img).variableBlur(maxRadius: 3, mask: .topEdge(fraction: 0.6))
        let got = try ViewHost(view, size: CGSize(width: 40, height: 30), scale: 1).snapshot()
        let expected = try VariableBlur(maxSigma: 3, mask: .topEdge(fraction: 0.6)).apply(to: img)
        #expect(got.pixels == expected.pixels)
        // At 2× the radius is in points: σ 6 px.
        let twice = try ViewHost(view, size: CGSize(width: 40, height: 30), scale: 2).snapshot()
        #expect(twice.width == 80)
        struct Toggle: View {
            @State var on = false
            let img: FrostImage.Image
            var body: some View {
                VStack {
                    Button("Go") { withAnimation(.linear(duration: 1)) { on = true } }
                    Image(pixels: img).variableBlur(maxRadius: on ? 8 : 0, mask: .bottomEdge(fraction: 1))
                }
            }
        }
        let h = try ViewHost(Toggle(img: img), size: CGSize(width: 100, height: 100))
        try h.tap("Go", at: 0)
        let radius = effects(try h.displayList(at: 0.25)).compactMap { if case .variableBlur(let r, _, _) = $0.effect { return r } else { return nil } }
        #expect(radius.count == 1 && abs(radius[0] - 2) < 1e-9)
    }
}
