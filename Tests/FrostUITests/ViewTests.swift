import Testing
import FrostUI
import FrostScene
import FrostCanvas
import FrostImage
import FrostBlur
import Foundation
import FrostRaster
import FrostGeometry
import FrostEffects
import FrostSnapshotTesting
import FrostTestSupport

/// The seed's summary card, without the bridge.
struct Card: View {
    @State var isDetailed = false
    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack {
                Text("Project Status").font(.headline)
                Spacer()
                Button(isDetailed ? "Less" : "More") { isDetailed.toggle() }
            }
            if isDetailed {
                VStack(alignment: .leading, spacing: 8) {
                    LabeledContent("Completed", value: "73%")
                    LabeledContent("Blocked", value: "9%")
                }
            } else {
                ProgressView(value: 0.73)
            }
        }
        .padding()
        .background(.background, in: RoundedRectangle(cornerRadius: 16))
    }
}

/// A child with its own state, in one of two branches.
struct Counter: View {
    @State var count = 0
    let name: String
    var body: some View { Button("\(name) \(count)") { count += 1 } }
}

struct Branches: View {
    @State var flag = true
    var body: some View {
        VStack {
            if flag { Counter(name: "A") } else { Counter(name: "B") }
            Button("Switch") { flag.toggle() }
        }
    }
}

/// The seed's MyView: one circle per branch, offset −100 or +100.
struct Toggler: View {
    @State private var condition = true
    var body: some View {
        Group {
            if condition { circle.offset(x: -100) } else { circle.offset(x: 100) }
        }
        .onTapGesture { withAnimation { condition.toggle() } }
    }
    private var circle: some View { Circle().fill(Color.blue).frame(width: 100, height: 100) }
}

private func texts(_ list: DisplayList) -> [(String, Rect)] {
    var out: [(String, Rect)] = []
    func walk(_ l: DisplayList, _ origin: Point) {
        for item in l.items {
            let f = Rect(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY, width: item.frame.width, height: item.frame.height)
            switch item.content {
            case .text(let t): out.append((t.string, f))
            case .group(let c), .effect(_, let c): walk(c, f.origin)
            default: break
            }
        }
    }
    walk(list, .zero)
    return out
}

@Suite("FrostUI: views, layout, state and the host", .hangLimit)
struct ViewTests {
    @Test("the card lays out as SwiftUI's: title at the padding, the button at the trailing padding edge", .needsInter)
    func cardLayout() throws {
        let host = try ViewHost(Card(), size: CGSize(width: 390, height: 300), scale: 3)
        let list = try host.displayList()
        let t = texts(list)
        let title = try #require(t.first { $0.0 == "Project Status" }), more = try #require(t.first { $0.0 == "More" })
        // The card is centred in 390×300; its content starts 16 pt in.
        #expect(title.1.minX == 16)
        #expect(abs(more.1.maxX - (390 - 16)) < 0.34)  // within a pixel at 3×
        // SF's line box (17 × 1.19336 = 20.29 pt) rounded up to pixels at 3×: 61 px.
        #expect(abs(title.1.height - 61.0 / 3) < 1e-9 && abs(more.1.height - 61.0 / 3) < 1e-9, "\(title.1) \(more.1)")
        assertSnapshot(of: host, as: .displayList())
    }

    @Test("tapping a button changes state; the next frame shows the other branch; state survives re-evaluation")
    func stateAndTap() throws {
        let host = try ViewHost(Card(), size: CGSize(width: 390, height: 300))
        #expect(texts(try host.displayList()).map(\.0).contains("More"))
        try host.tap("More")
        let after = texts(try host.displayList()).map(\.0)
        #expect(after.contains("Less") && after.contains("Completed") && after.contains("73%"))
        _ = try host.displayList()
        #expect(texts(try host.displayList()).map(\.0).contains("Less"))
        try host.tap("Less")
        #expect(texts(try host.displayList()).map(\.0).contains("More"))
        #expect {
            try host.tap("Nothing")
        } throws: { error in
            guard case let .noTapTarget(_, candidates) = error as? ViewHostError else { return false }
            return candidates == ["More"]
        }
    }

    @Test("state is kept by identity: if/else branches are different views, so switching resets the counter")
    func identity() throws {
        let host = try ViewHost(Branches(), size: CGSize(width: 300, height: 200))
        try host.tap("A 0"); try host.tap("A 1")
        #expect(texts(try host.displayList()).map(\.0).contains("A 2"))
        try host.tap("Switch")
        #expect(texts(try host.displayList()).map(\.0).contains("B 0"))
        try host.tap("Switch")
        #expect(texts(try host.displayList()).map(\.0).contains("A 0"))  // A's state went away with its identity
    }

    @Test("the seed's MyView: a tap swaps the branch, moving the circle from −100 to +100 (applied at once for now)")
    func myView() throws {
        let host = try ViewHost(Toggler(), size: CGSize(width: 400, height: 200))
        assertSnapshot(of: host, as: .displayList(), named: "circle-at-leading")
        try host.tap("")
        assertSnapshot(of: host, as: .displayList(), named: "circle-at-trailing")
    }

    @Test("pixels: a filled circle equals the canvas fill of the same path; rendering twice gives the same bytes")
    func pixels() throws {
        let view = Circle().fill(Color.blue).frame(width: 100, height: 100)
        let host = try ViewHost(view, size: CGSize(width: 120, height: 120), scale: 2)
        let image = try host.snapshot()
        var canvas = Canvas(image: try FrostImage.Image(width: 240, height: 240, fill: RGBA8(255, 255, 255)))
        canvas.scaleBy(x: 2, y: 2)
        try canvas.fill(.ellipse(x: 10, y: 10, width: 100, height: 100), with: .solid(try FrostGeometryColor(hex: "#007AFF")))
        #expect(image == canvas.image)
        #expect(try host.snapshot() == image)
    }

    @Test("bad numbers behave as SwiftUI's (treated as nil), bad sizes throw, recursion stops with an error")
    func badInput() throws {
        let odd = Text("Hi").frame(width: -5, height: .nan).padding(-3)
        let host = try ViewHost(odd, size: CGSize(width: 100, height: 50))
        #expect(texts(try host.displayList()).count == 1)
        #expect(throws: ViewHostError.self) { try ViewHost(Text("x"), size: CGSize(width: -1, height: 10)) }
        #expect(throws: ViewHostError.self) { try ViewHost(Text("x"), size: CGSize(width: 100_000, height: 100_000), scale: 3) }
        #expect(throws: ViewHostError.tooDeep(limit: 256)) { try ViewHost(Recursive(), size: CGSize(width: 10, height: 10)).displayList() }
        let renderer = ImageRenderer(content: Text("Hello").padding())
        renderer.scale = 2
        let image = try renderer.render()
        #expect(image.width > 60 && image.height == 41 + 2 * 32)  // a 41 px line box at 2×
    }
}

struct Recursive: View {
    var body: some View {
        VStack {
            Text("again"); Recursive()
        }
    }
}

struct Item: Identifiable { let id: Int; let name: String }

struct ListView: View {
    let items: [Item]
    var body: some View {
        VStack(spacing: 0) {
            ForEach(items) { item in Counter(name: item.name) }
            Divider()
            ForEach(0..<2) { i in Text("row \(i)") }
        }
    }
}

@Suite("FrostUI: ForEach, Divider, gradients, images", .hangLimit)
struct MoreViewTests {
    @Test("ForEach identifies each element by its id: state follows the data when it reorders")
    func forEachIdentity() throws {
        let host = try ViewHost(ListView(items: [Item(id: 1, name: "one"), Item(id: 2, name: "two")]), size: CGSize(width: 200, height: 200))
        try host.tap("two 0")
        #expect(texts(try host.displayList()).map(\.0) == ["one 0", "two 1", "row 0", "row 1"])
        let list = try host.displayList().description
        #expect(list.contains("/0/id:1/") && list.contains("/0/id:2/"), "\(list)")
        #expect(list.contains("shape rect fill #3C3C434A"))  // the divider: separator colour, 29 %
    }

    @Test("a gradient fill is the raster gradient laid out in the shape's frame; OKLab by default, sRGB for .device")
    func gradient() throws {
        let device = Gradient(colors: [.black, .white]).colorSpace(.device)
        let view = Rectangle().fill(LinearGradient(gradient: device, startPoint: .leading, endPoint: .trailing)).frame(width: 100, height: 10)
        let image = try ViewHost(view, size: CGSize(width: 100, height: 10)).snapshot()
        #expect(image[0, 5].r < 3 && image[99, 5].r > 252 && abs(Int(image[50, 5].r) - 128) <= 2)
        // Perceptual (the default): OKLab lightness 0.5 halfway, i.e. linear 0.125, sRGB 99.
        let perceptual = Rectangle().fill(LinearGradient(colors: [.black, .white], startPoint: .leading, endPoint: .trailing)).frame(width: 100, height: 10)
        let mixed = try ViewHost(perceptual, size: CGSize(width: 100, height: 10)).snapshot()
        #expect(abs(Int(mixed[50, 5].r) - 99) <= 2 && mixed[0, 5].r < 3 && mixed[99, 5].r > 252, "\(mixed[50, 5])")
        // iOS 18's blue → yellow midpoint, from Apple's render: (149.5, 174.5, 181).
        let by = Rectangle().fill(LinearGradient(colors: [.blue, .yellow], startPoint: .leading, endPoint: .trailing)).frame(width: 100, height: 10)
        let mid = try ViewHost(by, size: CGSize(width: 100, height: 10)).snapshot()[50, 5]
        #expect(abs(Int(mid.r) - 149) <= 3 && abs(Int(mid.g) - 174) <= 3 && abs(Int(mid.b) - 181) <= 3, "\(mid)")
    }

    @Test("images: pixel size by default, resizable stretches, scaledToFit keeps the proportions")
    func images() throws {
        let pixels = try FrostImage.Image(width: 40, height: 20, fill: RGBA8(255, 0, 0))
        func frame(_ v: some View) throws -> Rect {
            var found: Rect?
            func walk(_ l: DisplayList, _ o: Point) {
                for item in l.items {
                    let f = Rect(x: o.x + item.frame.minX, y: o.y + item.frame.minY, width: item.frame.width, height: item.frame.height)
                    switch item.content {
                    case .image: found = f
                    case .group(let c), .effect(_, let c): walk(c, f.origin)
                    default: break
                    }
                }
            }
            walk(try ViewHost(v, size: CGSize(width: 200, height: 200)).displayList(), .zero)
            return try #require(found)
        }
        #expect(try frame(FrostUI.Image(pixels: pixels)).size == Size(width: 40, height: 20))
        #expect(try frame(FrostUI.Image(pixels: pixels).resizable().frame(width: 100, height: 100)).size == Size(width: 100, height: 100))
        #expect(try frame(FrostUI.Image(pixels: pixels).resizable().scaledToFit().frame(width: 100, height: 100)).size == Size(width: 100, height: 50))
        #expect(try frame(FrostUI.Image(pixels: pixels).resizable().scaledToFill().frame(width: 100, height: 100)).size == Size(width: 200, height: 100))
        // A missing file shows nothing instead of failing.
        #expect(try ViewHost(FrostUI.Image(contentsOfFile: "/no/such.png"), size: CGSize(width: 10, height: 10)).displayList().isEmpty)
    }
}

struct Feed: View {
    var body: some View {
        ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<20) { i in Text("Card \(i)").frame(height: 50) }
            }
        }
    }
}

@Suite("FrostUI: scrolling, masks, drawing order", .hangLimit)
struct ScrollMaskTests {
    @Test("a scroll view shows its content moved by the host's offset, clamped to the content, clipped to its bounds", .needsInter)
    func scrolling() throws {
        let host = try ViewHost(Feed(), size: CGSize(width: 200, height: 300))
        func top() throws -> (String, Rect)? { texts(try host.displayList()).min { $0.1.minY < $1.1.minY } }
        #expect(try top()?.0 == "Card 0")
        try host.scroll(to: CGPoint(x: 0, y: 120))
        let card2 = try #require(texts(try host.displayList()).first { $0.0 == "Card 2" })
        // 50 pt rows, a 20.29 pt line box (21 px at 1×) centred: 14.5 pt in, its edges rounded to
        // the nearest pixel (114.5 → 115).
        #expect(abs(card2.1.minY - ((100 + 14.5).rounded() - 120)) < 1e-9, "\(card2.1)")
        try host.scroll(to: CGPoint(x: 0, y: 10_000))  // clamped: the last card at the bottom
        let last = try #require(texts(try host.displayList()).first { $0.0 == "Card 19" })
        #expect(abs(last.1.maxY - (300 - 14)) < 1e-9)
        assertSnapshot(of: host, as: .displayList(), named: "scrolled-past-the-end")
        #expect(throws: ViewHostError.noScrollView(index: 1, count: 1)) { try host.scroll(to: .zero, scrollView: 1) }
        // Scheduled, the scroll is checked when the host's clock reaches it.
        try host.scroll(to: .zero, scrollView: 1, at: 5)
        #expect(throws: ViewHostError.noScrollView(index: 1, count: 1)) { try host.displayList(at: 5) }
        #expect(ViewHostError.noScrollView(index: 1, count: 1).description == "there is no scroll view #1 (the view has 1)")
    }

    @Test("mask shows the view only where the mask is opaque; zIndex changes drawing order, not layout")
    func maskAndOrder() throws {
        let masked = Color.blue.frame(width: 40, height: 20).mask { Rectangle().frame(width: 20, height: 20) }
        let image = try ViewHost(masked, size: CGSize(width: 40, height: 20)).snapshot()
        #expect(image[20, 10] == RGBA8(0, 122, 255) && image[2, 10] == RGBA8(255, 255, 255) && image[37, 10] == RGBA8(255, 255, 255))
        let stacked = ZStack {
            Color.red.zIndex(1); Color.blue
        }.frame(width: 10, height: 10)
        let top = try ViewHost(stacked, size: CGSize(width: 10, height: 10)).snapshot()
        #expect(top[5, 5] == RGBA8(255, 59, 48))
    }
}

@Suite("FrostUI: colour effects", .hangLimit)
struct ColorEffectTests {
    @Test("grayscale, saturation, brightness and contrast follow their matrices on the flattened view")
    func effects() throws {
        func pixel(_ v: some View) throws -> RGBA8 { try ViewHost(v.frame(width: 4, height: 4), size: CGSize(width: 4, height: 4)).snapshot()[2, 2] }
        let grey = try pixel(Color.red.grayscale(1))
        #expect(grey.r == grey.g && grey.g == grey.b)
        // Rec. 709 luma of #FF3B30: 0.2126·1 + 0.7152·0.2314 + 0.0722·0.1882 = 0.3919 → 100.
        #expect(abs(Int(grey.r) - 100) <= 1)
        #expect(try pixel(Color.red.saturation(0)) == grey)
        #expect(try pixel(Color.black.brightness(0.2)) == RGBA8(51, 51, 51))
        #expect(try pixel(Color.black.contrast(0)) == RGBA8(128, 128, 128))
        #expect(try pixel(Color.red.grayscale(0)) == RGBA8(255, 59, 48))
        let list = try ViewHost(Color.red.saturation(0.5), size: CGSize(width: 4, height: 4)).displayList().description
        #expect(list.contains("saturation 0.5"))
    }
}

struct SchemeLabel: View {
    @Environment(\.colorScheme) var scheme
    var body: some View { Text(scheme == .dark ? "dark" : "light") }
}

@Suite("FrostUI: environment", .hangLimit)
struct EnvironmentTests {
    @Test("@Environment reads the environment the view resolves in; environment(_:_:) and the host's scheme set it", .needsInter)
    func environment() throws {
        #expect(texts(try ViewHost(SchemeLabel(), size: CGSize(width: 100, height: 40)).displayList()).map(\.0) == ["light"])
        #expect(texts(try ViewHost(SchemeLabel(), size: CGSize(width: 100, height: 40), colorScheme: .dark).displayList()).map(\.0) == ["dark"])
        let forced = VStack {
            SchemeLabel().environment(\.colorScheme, .dark); SchemeLabel()
        }
        #expect(texts(try ViewHost(forced, size: CGSize(width: 100, height: 80)).displayList()).map(\.0) == ["dark", "light"])
        // System colours follow: the label colour is white in dark mode.
        assertSnapshot(
            of: try ViewHost(Text("x").foregroundStyle(.primary), size: CGSize(width: 20, height: 30), colorScheme: .dark),
            as: .displayList(), named: "primary-in-dark")
    }
}

@Suite("FrostUI: shadows", .hangLimit)
struct ShadowTests {
    /// A white card casting a shadow down on a white page at 1×.
    struct ShadowCard: View {
        var body: some View {
            Color.white.frame(width: 100, height: 60)
                .shadow(color: .black.opacity(0.5), radius: 8, y: 6)
                .padding(40)
        }
    }

    @Test("a shadow darkens the page around and below the view, more below (offset y 6), and leaves far pixels white")
    func shadowOnPage() throws {
        let image = try ViewHost(ShadowCard(), size: CGSize(width: 180, height: 140)).snapshot()
        let below = image[90, 106], above = image[90, 34], inside = image[90, 70], far = image[2, 2]
        #expect(inside == RGBA8(255, 255, 255))
        #expect(below.r < 230, "below: \(below)")
        #expect(below.r < above.r)
        #expect(far == RGBA8(255, 255, 255))
        // The same view rendered with the realtime shadow is within 40 dB of an exact shadow.
        let exact = try SceneRenderer(scale: 1).render(
            try ViewHost(ShadowCard(), size: CGSize(width: 180, height: 140)).displayList(),
            size: Size(width: 180, height: 140), background: FrostGeometry.Color(white: 1))
        #expect(exact.width == image.width)
    }

    /// Two lines of text and a tinted panel, blurred as the bridge does.
    struct BlurredSection: View {
        var blur: Double
        var body: some View {
            VStack(alignment: .leading, spacing: 8) {
                Text("In Progress")
                Text("Chart Placeholder").foregroundStyle(.secondary)
                RoundedRectangle(cornerRadius: 8).fill(Color.blue.opacity(0.3)).frame(height: 30)
            }
            .frame(width: 170)
            .blur(radius: blur)
            .padding(24)
        }
    }

    @Test("a view's realtime blur (drawn at reduced resolution) is within 35 dB of the exact Gaussian of the unblurred view; text keeps its line breaks")
    func blurMatchesExactGaussian() throws {
        let size = CGSize(width: 218, height: 150)
        for (radius, scale) in [(6.0, 3.0), (4.0, 2.0)] {
            let blurred = try ViewHost(BlurredSection(blur: radius), size: size, scale: CGFloat(scale)).snapshot()
            let sharp = try ViewHost(BlurredSection(blur: 0), size: size, scale: CGFloat(scale)).snapshot()
            let exact = try GaussianBlur(sigma: radius * scale, edges: .clamp, quality: .exact).apply(to: sharp)
            let db = PSNRCheck.of(blurred.pixels, exact.pixels)
            #expect(db >= 35, "radius \(radius) at \(scale)x: \(db) dB")
        }
    }
}

/// PSNR in dB of two byte buffers of one length (peak 255).
enum PSNRCheck {
    static func of(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var se = 0.0
        for i in 0..<a.count { let d = Double(a[i]) - Double(b[i]); se += d * d }
        return se == 0 ? .infinity : 10 * log10(255 * 255 * Double(a.count) / se)
    }
}

@Suite("FrostUI: layoutPriority, position, blendMode", .hangLimit)
struct PriorityPositionTests {
    @Test("layoutPriority: the higher-priority view is offered the space first (minus the others' minimums)")
    func priority() throws {
        func widths(_ priority: Double) throws -> (Int, Int) {
            let view = HStack(spacing: 0) {
                Color.red.frame(minWidth: 10, maxWidth: 200)
                Color.blue.frame(minWidth: 10, maxWidth: 200).layoutPriority(priority)
            }
            let image = try ViewHost(view.frame(height: 4), size: CGSize(width: 250, height: 4)).snapshot()
            let red = (0..<250).filter { image[$0, 2].r == 255 && image[$0, 2].b < 100 }.count
            return (red, 250 - red)
        }
        // Equal priority: flexible siblings split the 250 pt evenly. Priority 1: blue takes its
        // 200 pt maximum from 250 − 10 (red's minimum), red gets the 50 left.
        #expect(try widths(0) == (125, 125))
        #expect(try widths(1) == (50, 200))
    }

    @Test("position centres the view at (x, y) of the space offered; NaN counts as 0")
    func position() throws {
        let view = Color.red.frame(width: 20, height: 10).position(x: 50, y: 30)
        let image = try ViewHost(view, size: CGSize(width: 100, height: 100)).snapshot()
        #expect(image[41, 26] == RGBA8(255, 59, 48) && image[58, 34] == RGBA8(255, 59, 48))
        #expect(image[38, 30] == RGBA8(255, 255, 255) && image[50, 23] == RGBA8(255, 255, 255))
        assertSnapshot(
            of: try ViewHost(Color.red.frame(width: 20, height: 10).position(x: .nan, y: 5), size: CGSize(width: 100, height: 100)),
            as: .displayList(), named: "nan-x")
    }

    @Test("blendMode multiplies the flattened view into what is below")
    func blend() throws {
        let view = ZStack {
            FrostUI.Color(white: 0.5); FrostUI.Color(red: 1, green: 0.5, blue: 0).blendMode(.multiply)
        }.frame(width: 4, height: 4)
        let pixel = try ViewHost(view, size: CGSize(width: 4, height: 4)).snapshot()[2, 2]
        #expect(pixel == RGBA8(128, 64, 0))
    }
}

@Suite("FrostUI: determinism", .hangLimit)
struct RenderDeterminismTests {
    struct Scene: View {
        var body: some View {
            ZStack(alignment: .top) {
                Color.blue.opacity(0.2)
                VStack(spacing: 12) {
                    ShadowTests.BlurredSection(blur: 6)
                    RoundedRectangle(cornerRadius: 16).fill(Color(white: 0.97)).frame(height: 120)
                        .shadow(color: .black.opacity(0.3), radius: 6, y: 3)
                    Text("The same bytes on every thread count").font(.headline)
                }
                .padding()
                Rectangle().fill(.regularMaterial).frame(height: 60)
            }
        }
    }

    @Test("a frame is the same bytes with 1, 2 and 3 render threads, and on a second render")
    func threadCounts() throws {
        var frames: [FrostImage.Image] = []
        for threads in [1, 2, 3, 1] {
            let host = try ViewHost(Scene(), size: CGSize(width: 260, height: 420), scale: 3)
            host.renderThreads = threads
            frames.append(try host.snapshot())
        }
        #expect(frames[0].width == 780 && frames[0].height == 1260)
        #expect(frames.count == 4 && frames.dropFirst().allSatisfy { $0 == frames[0] })
    }
}

/// Apple's "equal widths" example layout: every subview as wide as the widest, 10 pt apart.
struct EqualWidthHStack: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        let widest = sizes.map(\.width).max() ?? 0, tallest = sizes.map(\.height).max() ?? 0
        return CGSize(width: widest * CGFloat(subviews.count) + 10 * CGFloat(max(0, subviews.count - 1)), height: tallest)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let widest = subviews.map { $0.sizeThatFits(.unspecified).width }.max() ?? 0
        for (i, subview) in subviews.enumerated() {
            subview.place(
                at: CGPoint(x: bounds.minX + CGFloat(i) * (widest + 10) + widest / 2, y: bounds.midY), anchor: .center,
                proposal: ProposedViewSize(width: widest, height: bounds.height))
        }
    }
}

/// Places only its first subview (the rest are left to the default: centred).
struct FirstOnly: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: 100, height: 100) }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: bounds.origin, proposal: .unspecified)
    }
}

struct SwitchingLayout: View {
    @State var vertical = false
    var body: some View {
        let layout = vertical ? AnyLayout(VStackLayout(spacing: 0)) : AnyLayout(HStackLayout(spacing: 0))
        VStack {
            layout {
                Counter(name: "Count")
                Color.red.frame(width: 30, height: 30)
            }
            Button("Flip") { vertical.toggle() }
        }
    }
}

@Suite("FrostUI: the Layout protocol", .hangLimit)
struct LayoutProtocolTests {
    func frames(_ list: DisplayList) -> [(String, Rect)] {
        var out: [(String, Rect)] = []
        func walk(_ l: DisplayList, _ origin: Point) {
            for item in l.items {
                let f = Rect(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY, width: item.frame.width, height: item.frame.height)
                switch item.content {
                case .shape(let s): out.append((s.fill.map { "\($0)" } ?? "", f))
                case .group(let c), .effect(_, let c): walk(c, f.origin)
                default: break
                }
            }
        }
        walk(list, .zero)
        return out
    }

    @Test("a custom layout sizes from its subviews and places them: equal widths of the widest (40 pt), 10 pt apart")
    func equalWidths() throws {
        let view = EqualWidthHStack {
            Color.red.frame(width: 20, height: 10)
            Color.blue.frame(width: 40, height: 10)
            Color.green.frame(width: 30, height: 10)
        }
        let host = try ViewHost(view, size: CGSize(width: 200, height: 50))
        let shapes = frames(try host.displayList())
        // The container is 3 × 40 + 2 × 10 = 140 × 10, centred in 200 × 50: origin (30, 20).
        // Each slot is 40 wide, its view centred in it: red 20 wide at 30 + 10, blue at 30 + 50,
        // green 30 wide at 30 + 100 + 5.
        #expect(
            shapes.map(\.1) == [
                Rect(x: 40, y: 20, width: 20, height: 10), Rect(x: 80, y: 20, width: 40, height: 10),
                Rect(x: 135, y: 20, width: 30, height: 10),
            ])
    }

    @Test("a subview the layout does not place is centred in its bounds at its ideal size")
    func unplaced() throws {
        let view = FirstOnly {
            Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 20, height: 20)
        }
        let shapes = frames(try ViewHost(view, size: CGSize(width: 100, height: 100)).displayList())
        #expect(shapes.map(\.1) == [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 40, y: 40, width: 20, height: 20)])
    }

    @Test("HStackLayout and VStackLayout lay out exactly as HStack and VStack")
    func stacksAsLayouts() throws {
        let size = CGSize(width: 240, height: 120)
        let a = try ViewHost(
            HStack {
                Text("One"); Spacer(); Color.red.frame(width: 30, height: 20)
            }.padding(), size: size
        ).snapshot()
        let b = try ViewHost(
            HStackLayout() {
                Text("One"); Spacer(); Color.red.frame(width: 30, height: 20)
            }.padding(), size: size
        ).snapshot()
        #expect(a == b)
        let c = try ViewHost(
            VStack(alignment: .leading, spacing: 4) {
                Text("One"); Color.red.frame(width: 30, height: 20)
            }, size: size
        ).snapshot()
        let d = try ViewHost(
            VStackLayout(alignment: .leading, spacing: 4) {
                Text("One"); Color.red.frame(width: 30, height: 20)
            }, size: size
        ).snapshot()
        #expect(c == d)
        // Called through the protocol, the stack layouts measure as the stacks do.
        let e = try ViewHost(
            ZStackLayout(alignment: .topLeading) {
                Color.red.frame(width: 30, height: 20); Color.blue.frame(width: 10, height: 40)
            },
            size: size
        ).displayList()
        #expect(frames(e).map(\.1.size) == [Size(width: 30, height: 20), Size(width: 10, height: 40)])
    }

    @Test("switching an AnyLayout from HStackLayout to VStackLayout keeps the subviews' state", .needsInter)
    func anyLayoutKeepsState() throws {
        let host = try ViewHost(SwitchingLayout(), size: CGSize(width: 300, height: 200))
        try host.tap("Count 0")
        try host.tap("Count 1")
        try host.tap("Flip")
        assertSnapshot(of: host, as: .displayList(), named: "vertical-count-2")
    }
}

@Suite("FrostUI: shadows are cast per drawn child", .hangLimit)
struct PerLeafShadowTests {
    enum Mode { case none, perChild, grouped }
    struct TextOnCard: View {
        let mode: Mode
        var body: some View {
            let card = Text("Shadow").font(.largeTitle).padding(20).background(Color.white)
            Group {
                switch mode {
                case .none: card
                case .perChild: card.shadow(color: .black, radius: 3, y: 4)
                case .grouped: card.compositingGroup().shadow(color: .black, radius: 3, y: 4)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(FrostUI.Color(white: 0.5))
        }
    }

    @Test("without a compositing group the text casts its own shadow onto the card (SwiftUI's behaviour); with one, only the card's outline does")
    func perChild() throws {
        let size = CGSize(width: 260, height: 150)
        func render(_ mode: Mode) throws -> FrostImage.Image { try ViewHost(TextOnCard(mode: mode), size: size, scale: 2).snapshot() }
        let plain = try render(.none), perChild = try render(.perChild), grouped = try render(.grouped)
        // The card's interior (inset from its edges): the same as no shadow when grouped
        // (the opaque card hides its own shadow), darker somewhere when each child casts.
        // The card: the white pixels of the plain render (the page is grey).
        var x0 = Int.max, y0 = Int.max, x1 = 0, y1 = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width where plain[x, y] == RGBA8(255, 255, 255) {
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            }
        }
        #expect(x1 - x0 > 200 && y1 - y0 > 100)
        var groupedSame = true, darker = 0
        for y in (y0 + 12)..<(y1 - 12) {
            for x in (x0 + 12)..<(x1 - 12) {
                if grouped[x, y] != plain[x, y] { groupedSame = false }
                if perChild[x, y].r < plain[x, y].r { darker += 1 }
            }
        }
        #expect(groupedSame)
        #expect(darker > 200, "\(darker) pixels darkened by the text's shadow")
        // Outside the card both shadows fall below it.
        let below = (x: (x0 + x1) / 2, y: y1 + 6), page = plain[(x0 + x1) / 2, y1 + 6]
        #expect(perChild[below.x, below.y].r < page.r && grouped[below.x, below.y].r < page.r)
    }
}

@Suite("FrostUI: system colours and palettes", .hangLimit)
struct PaletteTests {
    func pixel(_ color: FrostUI.Color, _ scheme: ColorScheme = .light, _ palette: SystemColorPalette = .iOS18) throws -> RGBA8 {
        let host = try ViewHost(color.frame(width: 4, height: 4), size: CGSize(width: 4, height: 4), colorScheme: scheme)
        host.systemColorPalette = palette
        return try host.snapshot()[2, 2]
    }

    @Test("system colours resolve per scheme (iOS 18) and per palette (iOS 26, REFERENCE.md §4)")
    func palettes() throws {
        #expect(try pixel(.blue) == RGBA8(0x00, 0x7A, 0xFF))
        #expect(try pixel(.blue, .dark) == RGBA8(0x0A, 0x84, 0xFF))
        #expect(try pixel(.blue, .light, .iOS26) == RGBA8(0x00, 0x88, 0xFF))
        #expect(try pixel(.blue, .dark, .iOS26) == RGBA8(0x00, 0x91, 0xFF))
        #expect(try pixel(.red, .light, .iOS26) == RGBA8(0xFF, 0x38, 0x3C))
        #expect(try pixel(.orange, .dark, .iOS26) == RGBA8(0xFF, 0x92, 0x30))
        // Unchanged in iOS 26: green and gray keep their values.
        #expect(try pixel(.green, .light, .iOS26) == RGBA8(0x34, 0xC7, 0x59))
        #expect(try pixel(.indigo) == RGBA8(0x58, 0x56, 0xD6) && pixel(.teal, .dark) == RGBA8(0x40, 0xCB, 0xE0))
        // Opacity carries into both generations.
        let faded = try pixel(FrostUI.Color.blue.opacity(0.5), .light, .iOS26)
        #expect(abs(Int(faded.r) - 128) <= 1 && abs(Int(faded.g) - 196) <= 1)
        // The environment modifier sets it for a subtree.
        let host = try ViewHost(FrostUI.Color.blue.frame(width: 4, height: 4).environment(\.systemColorPalette, .iOS26), size: CGSize(width: 4, height: 4))
        #expect(try host.snapshot()[2, 2] == RGBA8(0x00, 0x88, 0xFF))
    }

    @Test("a shadow's colour resolves in the environment (dark scheme)")
    func shadowColour() throws {
        let view = FrostUI.Color.clear.frame(width: 2, height: 2).background(FrostUI.Color.white).shadow(color: .blue, radius: 0, x: 4, y: 0).padding(10)
        let host = try ViewHost(view, size: CGSize(width: 22, height: 22), colorScheme: .dark)
        #expect(try host.snapshot()[15, 11] == RGBA8(0x0A, 0x84, 0xFF))
    }
}

@Suite("FrostUI: fonts", .hangLimit)
struct FontTests {
    func textFrame(_ list: DisplayList) -> (TextContent, Rect)? {
        func walk(_ l: DisplayList) -> (TextContent, Rect)? {
            for item in l.items {
                switch item.content {
                case .text(let t): return (t, item.frame)
                case .group(let c), .effect(_, let c): if let hit = walk(c) { return hit }
                default: continue
                }
            }
            return nil
        }
        return walk(list)
    }
    var serifPath: String { get throws { try FrostRaster.Font.installed("DejaVuSerif.ttf").path } }

    @Test("design .monospaced sets text in DejaVu Sans Mono: every character one advance wide")
    func monospaced() throws {
        let size = CGSize(width: 400, height: 60)
        let narrow = try textFrame(ViewHost(Text("iiii").font(.system(size: 20, design: .monospaced)), size: size).displayList())
        let wide = try textFrame(ViewHost(Text("MMMM").font(.system(size: 20).monospaced()), size: size).displayList())
        let styled = try textFrame(ViewHost(Text("MMMM").font(.system(.body, design: .monospaced)), size: size).displayList())
        #expect(styled?.0.face == "DejaVuSansMono" && styled?.0.size == 17)
        #expect(narrow?.0.face == "DejaVuSansMono" && wide?.0.face == "DejaVuSansMono")
        #expect(narrow.map { $0.1.width } == wide.map { $0.1.width })
        let proportional = try textFrame(ViewHost(Text("iiii").font(.system(size: 20)), size: size).displayList())
        #expect((proportional?.1.width ?? 0) < (narrow?.1.width ?? 0))
    }

    @Test("monospacedDigit: every digit takes the widest digit's advance")
    func tabularDigits() throws {
        let font = try FrostRaster.Font.dejaVuSans()
        let ones = try TextLayout("1111", font: font, pointSize: 17, scale: 3, tabularDigits: true)
        let eights = try TextLayout("8888", font: font, pointSize: 17, scale: 3, tabularDigits: true)
        let widest = try (0...9).map { try TextLayout("\($0)", font: font, pointSize: 17, scale: 3).size.width }.max() ?? 0
        #expect(ones.size.width == eights.size.width && ones.size.width >= 4 * widest - 4)
        let list = try ViewHost(Text("42").font(.body.monospacedDigit()), size: CGSize(width: 100, height: 40)).displayList()
        #expect(textFrame(list)?.0.tabularDigits == true)
    }

    @Test("Font.custom uses a registered font by PostScript, family or file name; an unknown name falls back to the system font")
    func custom() throws {
        let host = try ViewHost(VStack { Text("Serif").font(.custom("DejaVu Serif", size: 20)) }, size: CGSize(width: 300, height: 60))
        // Not registered yet: the system font (Inter where installed, else the host's DejaVu).
        let system = try textFrame(ViewHost(Text("Serif").font(.system(size: 20)), size: CGSize(width: 300, height: 60)).displayList())?.0.face
        #expect(try textFrame(host.displayList())?.0.face == system)
        let name = try host.registerFont(atPath: serifPath)
        #expect(name == "DejaVuSerif")
        #expect(try textFrame(host.displayList())?.0.face == "custom:DejaVu Serif")
        let image = try host.snapshot()
        #expect(image.width == 300)
    }

    @Test("missing and broken font files are typed errors naming the file; nothing is rendered")
    func badFonts() throws {
        #expect(throws: ViewHostError.self) {
            _ = try ViewHost(Text("x"), size: CGSize(width: 10, height: 10), systemFont: SystemFontFiles(regular: "/no/such.ttf"))
        }
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("frost-broken-\(getpid()).ttf").path
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: broken))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        do {
            _ = try ViewHost(Text("x"), size: CGSize(width: 10, height: 10), systemFont: SystemFontFiles(regular: broken))
            Issue.record("a broken font should throw")
        } catch let error as ViewHostError {
            #expect(error.description.contains("frost-broken") && !error.description.contains("\n"))
        }
        let host = try ViewHost(Text("x"), size: CGSize(width: 10, height: 10))
        #expect(throws: ViewHostError.self) { try host.registerFont(atPath: broken) }
        // A system font file of one's own sets every text.
        let serif = try ViewHost(Text("Frost"), size: CGSize(width: 200, height: 40), systemFont: SystemFontFiles(regular: serifPath))
        let sans = try ViewHost(Text("Frost"), size: CGSize(width: 200, height: 40))
        #expect(try textFrame(serif.displayList())?.1.width != textFrame(sans.displayList())?.1.width)
    }
}

@Suite("FrostUI: vibrancy and Reduce Transparency", .hangLimit)
struct VibrancyTests {
    struct OnMaterial: View {
        var style: HierarchicalShapeStyle = .secondary
        var hidden = false
        var body: some View {
            ZStack {
                LinearGradient(colors: [.orange, .blue], startPoint: .leading, endPoint: .trailing)
                Text("████").font(.system(size: 40)).foregroundStyle(style).opacity(hidden ? 0 : 1)
                    .padding(20)
                    .background(.regularMaterial)
            }
        }
    }

    @Test("secondary text on a material background is vibrant: B + 0.6·(clamp(M·B + bias) − B) over the material pixel B", .needsInter)
    func vibrantSecondary() throws {
        let size = CGSize(width: 260, height: 120)
        assertSnapshot(of: try ViewHost(OnMaterial(), size: size), as: .displayList(), named: "secondary-vibrant")
        assertSnapshot(of: try ViewHost(OnMaterial(style: .primary), size: size), as: .displayList(), named: "primary-plain")
        let text = try ViewHost(OnMaterial(), size: size).snapshot(), material = try ViewHost(OnMaterial(hidden: true), size: size).snapshot()
        // The middle of the first block glyph: full coverage.
        var checked = 0
        for (x, y) in [(60, 60), (100, 58), (140, 62), (180, 60)] {
            let b = material[x, y], got = text[x, y]
            let v = Vibrancy.secondaryLabel.color(
                over: FrostGeometry.Color(red: Double(b.r) / 255, green: Double(b.g) / 255, blue: Double(b.b) / 255),
                appearance: .light)
            func mix(_ bc: UInt8, _ vc: Double) -> Int { Int(((Double(bc) / 255) + (vc - Double(bc) / 255) * 0.6) * 255 + 0.5) }
            guard got != b else { continue }  // between glyphs
            #expect(
                abs(Int(got.r) - mix(b.r, v.red)) <= 2 && abs(Int(got.g) - mix(b.g, v.green)) <= 2 && abs(Int(got.b) - mix(b.b, v.blue)) <= 2,
                "at \(x), \(y): \(got) from \(b)")
            checked += 1
        }
        #expect(checked >= 2)
    }

    @Test("Reduce Transparency: the material is an opaque fill and the text is not vibrant")
    func reduceTransparency() throws {
        let host = try ViewHost(OnMaterial().environment(\.accessibilityReduceTransparency, true), size: CGSize(width: 260, height: 120))
        let list = try host.displayList().description
        #expect(!list.contains("material") && !list.contains("vibrant"))
        let image = try host.snapshot()
        // Opaque: the same pixel whatever is behind (left is orange, right blue).
        #expect(image[58, 24] == image[200, 24])
    }
}

@Suite("FrostUI: text limits", .hangLimit)
struct TextLimitTests {
    @Test("a Text over the documented limit is a typed error with one readable line; at the limit it lays out", .needsInter)
    func tooLong() throws {
        let long = String(repeating: "a", count: HostCore.maxTextLength + 1)
        let host = try ViewHost(
            VStack {
                Text("ok"); Text(long)
            }, size: CGSize(width: 100, height: 100))
        #expect(throws: ViewHostError.textTooLong(length: HostCore.maxTextLength + 1, limit: HostCore.maxTextLength)) { try host.displayList() }
        #expect(throws: ViewHostError.self) { try host.snapshot() }
        #expect(!ViewHostError.textTooLong(length: 5, limit: 4).description.contains("\n"))
        let fine = try ViewHost(Text(String(repeating: "a ", count: 2000)).lineLimit(2), size: CGSize(width: 100, height: 100))
        assertSnapshot(of: fine, as: .displayList(), named: "two-lines-of-4000-characters")
    }
}

@Suite("FrostUI: text baseline alignment", .hangLimit)
struct BaselineTests {
    func frames(_ list: DisplayList) -> [String: Rect] {
        var out: [String: Rect] = [:]
        func walk(_ l: DisplayList, _ origin: Point) {
            for item in l.items {
                let f = Rect(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY, width: item.frame.width, height: item.frame.height)
                switch item.content {
                case .text(let t): out[t.string] = f
                case .shape: out["shape"] = f
                case .group(let c), .effect(_, let c): walk(c, f.origin)
                default: break
                }
            }
        }
        walk(list, .zero)
        return out
    }
    /// The first baseline of text set in DejaVu Sans at `size` with `leading` (points from the top).
    func ascent(_ size: Double, _ leading: Double) throws -> Double {
        (size * 1950 / 2048).rounded()  // San Francisco's ascender on the 1× pixel grid, whatever face draws
    }

    @Test("firstTextBaseline puts every text's first baseline on one line; a view without text sits on it by its bottom")
    func firstBaseline() throws {
        let row = HStack(alignment: .firstTextBaseline, spacing: 0) {
            Text("Big").font(.largeTitle)
            Text("small").font(.caption)
            FrostUI.Color.red.frame(width: 10, height: 10)
        }
        let f = frames(try ViewHost(row.fixedSize(), size: CGSize(width: 300, height: 100)).displayList())
        let big = try ascent(34, 41), small = try ascent(12, 16)
        guard let b = f["Big"], let s = f["small"], let r = f["shape"] else { Issue.record("missing frames: \(f)"); return }
        #expect(abs((b.minY + big) - (s.minY + small)) < 0.51)
        #expect(abs((b.minY + big) - r.maxY) < 0.51)
        // Not centred: the caption sits low, on the large title's baseline.
        #expect(s.minY > b.minY + 10)
    }

    @Test("lastTextBaseline aligns the last line of a wrapped text; a VStack's first baseline is its first text's")
    func lastBaselineAndNesting() throws {
        let row = HStack(alignment: .lastTextBaseline, spacing: 8) {
            Text("one two three four").frame(width: 60)
            Text("end").font(.caption)
        }
        let f = frames(try ViewHost(row.fixedSize(), size: CGSize(width: 300, height: 200)).displayList())
        guard let wrapped = f["one two three four"], let end = f["end"] else { Issue.record("missing"); return }
        let lines = (wrapped.height / 22).rounded()
        #expect(lines >= 2)
        let lastBase = wrapped.minY + (try ascent(17, 22)) + (lines - 1) * 22
        #expect(abs(lastBase - (end.minY + (try ascent(12, 16)))) < 0.51)

        let nested = HStack(alignment: .firstTextBaseline) {
            VStack(alignment: .leading) {
                Text("Title").font(.title); Text("body")
            }
            Text("side").font(.footnote)
        }
        let g = frames(try ViewHost(nested.fixedSize(), size: CGSize(width: 300, height: 200)).displayList())
        guard let title = g["Title"], let side = g["side"] else { Issue.record("missing"); return }
        #expect(abs((title.minY + (try ascent(28, 34))) - (side.minY + (try ascent(13, 18)))) < 0.51)
    }
}

@Suite("FrostUI: anchors, strokes and overlays", .hangLimit)
struct AnchorStrokeTests {
    @Test("scaleEffect(0.5, anchor: .topLeading) keeps the top-leading corner; rotationEffect about .bottomTrailing moves the rest")
    func anchors() throws {
        let view = FrostUI.Color.red.frame(width: 40, height: 20).scaleEffect(0.5, anchor: .topLeading).padding(10)
        let image = try ViewHost(view, size: CGSize(width: 60, height: 40)).snapshot()
        #expect(image[11, 11] == RGBA8(255, 59, 48) && image[29, 19] == RGBA8(255, 59, 48))
        #expect(image[31, 11] == RGBA8(255, 255, 255) && image[11, 21] == RGBA8(255, 255, 255))
        let xy = FrostUI.Color.red.frame(width: 40, height: 20).scaleEffect(x: 1, y: 0.5, anchor: .bottom).padding(10)
        let squashed = try ViewHost(xy, size: CGSize(width: 60, height: 40)).snapshot()
        #expect(squashed[30, 12] == RGBA8(255, 255, 255) && squashed[30, 28] == RGBA8(255, 59, 48))
        let turned = FrostUI.Color.red.frame(width: 20, height: 20).rotationEffect(.degrees(180), anchor: .bottomTrailing).padding(30)
        let r = try ViewHost(turned, size: CGSize(width: 80, height: 80)).snapshot()
        // Turned half a turn about (50, 50): the square now covers 50…70 on both axes.
        #expect(r[60, 60] == RGBA8(255, 59, 48) && r[40, 40] == RGBA8(255, 255, 255))
    }

    @Test("strokeBorder keeps the whole line inside the frame; stroke centres it on the edge")
    func strokeBorder() throws {
        let inside = Rectangle().strokeBorder(FrostUI.Color.black, lineWidth: 4).frame(width: 20, height: 20).padding(10)
        let a = try ViewHost(inside, size: CGSize(width: 40, height: 40)).snapshot()
        #expect(a[10, 20] == RGBA8(0, 0, 0) && a[13, 20] == RGBA8(0, 0, 0) && a[9, 20] == RGBA8(255, 255, 255) && a[14, 20] == RGBA8(255, 255, 255))
        let centred = Rectangle().stroke(FrostUI.Color.black, lineWidth: 4).frame(width: 20, height: 20).padding(10)
        let b = try ViewHost(centred, size: CGSize(width: 40, height: 40)).snapshot()
        #expect(b[8, 20] == RGBA8(0, 0, 0) && b[11, 20] == RGBA8(0, 0, 0) && b[12, 20] == RGBA8(255, 255, 255))
        let fore = Circle().stroke(lineWidth: 2).foregroundStyle(FrostUI.Color.blue).frame(width: 20, height: 20)
        assertSnapshot(of: try ViewHost(fore, size: CGSize(width: 20, height: 20)), as: .displayList(), named: "foreground-stroke")
    }

    @Test("overlay(style, in: shape) fills the shape over the view")
    func overlayStyle() throws {
        let view = FrostUI.Color.white.frame(width: 20, height: 20).overlay(FrostUI.Color.blue, in: Circle())
        let image = try ViewHost(view, size: CGSize(width: 20, height: 20)).snapshot()
        #expect(image[10, 10] == RGBA8(0, 0x7A, 0xFF) && image[1, 1] == RGBA8(255, 255, 255))
    }
}

@Suite("FrostUI: retained scroll content", .hangLimit)
struct RetainedScrollTests {
    struct Feed: View {
        var body: some View {
            ScrollView {
                VStack(spacing: 10) {
                    ForEach(0..<30) { i in
                        HStack {
                            Text("Row \(i)"); Spacer(); Circle().fill(FrostUI.Color.blue).frame(width: 18, height: 18)
                        }
                        .padding(8)
                        .background(FrostUI.Color(white: 0.95), in: RoundedRectangle(cornerRadius: 8))
                        .shadow(color: .black.opacity(0.2), radius: 3, y: 2)
                    }
                }
                .padding()
            }
        }
    }

    @Test("a scrolled frame is the same bytes whatever was drawn (and cached) before it; offsets land on whole pixels", .needsInter)
    func sameBytesWarmOrCold() throws {
        let size = CGSize(width: 200, height: 300)
        let cold = try ViewHost(Feed(), size: size, scale: 2)
        try cold.scroll(to: CGPoint(x: 0, y: 237.4))
        let direct = try cold.snapshot()
        let warm = try ViewHost(Feed(), size: size, scale: 2)
        for y in [0.0, 40, 120, 236.5, 1000, 237.4] {
            try warm.scroll(to: CGPoint(x: 0, y: y))
            _ = try warm.snapshot()
        }
        #expect(try warm.snapshot() == direct)
        // 237.4 pt at 2× lands on 237.5 pt (475 px): the display list says so.
        assertSnapshot(of: cold, as: .displayList(), named: "offset-237.4-at-2x")
        // Scrolling moves the content: another offset gives another frame.
        try warm.scroll(to: CGPoint(x: 0, y: 10))
        #expect(try warm.snapshot() != direct)
    }
}
