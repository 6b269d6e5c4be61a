import Testing
import FrostGeometry
import FrostScene
import FrostExamples
@testable import FrostUI
import FrostTestSupport

@Suite("FrostUI: fidelity fixes of the core review", .hangLimit)
struct CoreFidelityTests {
    @Test("an inserted view with .opacity appears at its final frame and only fades, while its container grows")
    func insertedViewDoesNotSlide() throws {
        let stage = TransitionStage(transition: .opacity, shown: false)
        let host = try ViewHost(stage, size: CGSize(width: 390, height: 300))
        try host.perform(Transaction(animation: .default)) { stage.toggle() }
        let settled = try leaves(host.displayList(at: 5)).map(\.frame)
        #expect(!settled.isEmpty)
        for t in [0.0, 0.02, 0.1, 0.25] {
            let frames = try leaves(host.displayList(at: t)).map(\.frame)
            #expect(frames.count == settled.count)
            for (a, b) in zip(frames, settled) {
                #expect(abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6, "t = \(t): \(a) vs \(b)")
            }
        }
    }

    struct Column: View {
        @State var more = false
        func toggle() { more.toggle() }
        var body: some View {
            VStack(spacing: 0) {
                Color.red.frame(width: 40, height: 40)
                if more { Color.blue.frame(width: 40, height: 40).transition(.opacity) }
            }
        }
    }

    @Test("siblings of an inserted view still move to make room; the inserted view does not")
    func siblingsMove() throws {
        let column = Column()
        let host = try ViewHost(column, size: CGSize(width: 100, height: 200))
        #expect(try leaves(host.displayList()).map(\.frame.minY) == [80])
        try host.perform(Transaction(animation: .linear(duration: 1))) { column.toggle() }
        let mid = try leaves(host.displayList(at: 0.5)).map(\.frame.minY)
        #expect(mid.count == 2)
        #expect(abs(mid[0] - 70) < 1e-6, "the red sibling is half-way from 80 to 60: \(mid)")
        #expect(abs(mid[1] - 100) < 1e-6, "the blue view is at its final place: \(mid)")
    }

    @Test("negative padding is legal: a 50 pt square padded by -5 is 40 pt and draws outside its box")
    func negativePadding() throws {
        let view = Color.blue.frame(width: 50, height: 50).padding(-5).background(Color.red)
        let renderer = ImageRenderer(content: view)
        let image = try renderer.render()
        #expect(image.width == 40 && image.height == 40)
        let host = try ViewHost(
            HStack(spacing: 0) {
                view; Color.green.frame(width: 10, height: 10)
            }, size: CGSize(width: 200, height: 100))
        let frames = try leaves(host.displayList()).map(\.frame)
        // Red background: the 40×40 box; blue content: 50×50 around it; green: right after the box.
        #expect(frames.contains { $0.width == 40 && $0.height == 40 })
        let blue = try #require(frames.first { $0.width == 50 })
        let green = try #require(frames.first { $0.width == 10 })
        #expect(green.minX == blue.minX + 5 + 40)
        // Padding that exceeds the content clamps the box at zero; the content keeps its size.
        let clamped = try ViewHost(Color.blue.frame(width: 20, height: 20).padding(-30), size: CGSize(width: 100, height: 100))
        #expect(try leaves(clamped.displayList()).map(\.frame).contains { $0.width == 20 && $0.height == 20 })
    }

    @Test("ImageRenderer is transparent where nothing is drawn unless isOpaque")
    func rendererTransparent() throws {
        let renderer = ImageRenderer(content: Circle().fill(Color.red).frame(width: 20, height: 20))
        let clear = try renderer.render()
        #expect(clear[0, 0].a == 0)
        #expect(clear[10, 10].a == 255)
        renderer.isOpaque = true
        let opaque = try renderer.render()
        #expect(opaque[0, 0].a == 255)
    }

    struct TwoRoots: View {
        var body: some View {
            Color.red.frame(width: 40, height: 30)
            Color.blue.frame(width: 60, height: 50)
        }
    }

    // Apple's render of two root Texts (the corpus's cond_two_texts_red_background) puts them a
    // default stack spacing apart (2 pt for .body text pairs), so the roots are an implicit VStack
    // with default spacing: 8 pt between views that are not text.
    @Test("several root views stack vertically with default spacing, centred, as a hosting controller lays them out")
    func severalRoots() throws {
        let host = try ViewHost(TwoRoots(), size: CGSize(width: 200, height: 200))
        let frames = try leaves(host.displayList()).map(\.frame)
        #expect(frames == [Rect(x: 80, y: 56, width: 40, height: 30), Rect(x: 70, y: 94, width: 60, height: 50)], "\(frames)")
        let image = try ImageRenderer(content: TwoRoots()).render()
        #expect(image.width == 60 && image.height == 88)
    }

    /// Two concentric squares wound the same way: non-zero fills both, even-odd leaves a hole.
    struct Ring: Shape {
        func path(in rect: CGRect) -> Path {
            var p = Path()
            p.addRect(rect)
            p.addRect(rect.insetBy(dx: rect.width / 4, dy: rect.height / 4))
            return p
        }
    }

    @Test("FillStyle(eoFill:) leaves the ring's hole empty in fills and clips; the default fills it")
    func evenOddFillsAndClips() throws {
        func centreAndEdge(_ view: some View) throws -> (centre: UInt8, edge: UInt8) {
            let image = try ImageRenderer(content: view.frame(width: 40, height: 40)).render()
            return (image[20, 20].a, image[3, 20].a)
        }
        let nonZero = try centreAndEdge(Ring().fill(Color.black))
        let evenOdd = try centreAndEdge(Ring().fill(Color.black, style: FillStyle(eoFill: true)))
        #expect(nonZero == (255, 255))
        #expect(evenOdd == (0, 255))
        let clipped = try centreAndEdge(Color.black.clipShape(Ring(), style: FillStyle(eoFill: true)))
        #expect(clipped == (0, 255))
        #expect(try centreAndEdge(Color.black.clipShape(Ring())) == (255, 255))
    }
}
