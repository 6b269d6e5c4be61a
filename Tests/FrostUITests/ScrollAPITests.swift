import Testing
import FrostGeometry
import FrostScene
import FrostExamples
import FrostImage
@testable import FrostUI
import FrostTestSupport

@Suite("FrostUI scroll APIs: geometry, position, reader, paging, margins", .hangLimit)
struct ScrollAPITests {
    @Test("the seed's interactive blur: the scroll position drives the blur of a picture behind an invisible scroll view")
    func scrollDrivesBlur() throws {
        let photo = FrostUI.Image(pixels: try FrostImage.Image(width: 40, height: 30, fill: RGBA8(30, 120, 200, 255)))
        let host = try ViewHost(ScrollPositionBlur(photo: photo), size: CGSize(width: 200, height: 300))
        #expect(blurRadius(try host.displayList()) == 0)
        try host.scroll(to: CGPoint(x: 0, y: 200))
        #expect(abs(blurRadius(try host.displayList()) - 10) < 1e-9)
        try host.scroll(to: CGPoint(x: 0, y: 5000))  // clamped to the content: 2000 − 300
        #expect(abs(blurRadius(try host.displayList()) - 20) < 1e-9)
        try host.scroll(to: CGPoint(x: 0, y: 0))
        #expect(blurRadius(try host.displayList()) == 0)
        // Replaying from the start gives the same frames.
        #expect(abs(blurRadius(try host.displayList(at: 0)) - 0) < 1e-9)
    }

    @Test("onScrollGeometryChange reports offset, content and container sizes, margins included")
    func geometry() throws {
        final class Log { var seen: [ScrollGeometry] = [] }
        let log = Log()
        let view = ScrollView { Color.red.frame(height: 500) }
            .contentMargins(.vertical, 20, for: .scrollContent)
            .onScrollGeometryChange(for: ScrollGeometry.self, of: { $0 }) { _, g in log.seen.append(g) }
        let host = try ViewHost(view, size: CGSize(width: 100, height: 200))
        _ = try host.displayList()
        try host.scroll(to: CGPoint(x: 0, y: 50))
        let g = try #require(log.seen.last)
        #expect(
            g.contentOffset == CGPoint(x: 0, y: 50) && g.contentSize == CGSize(width: 100, height: 540) && g.containerSize == CGSize(width: 100, height: 200))
        #expect(g.visibleRect == CGRect(x: 0, y: 50, width: 100, height: 200))
        let red = try #require(leaves(try host.displayList()).first { if case .shape = $0.content { return true } else { return false } })
        #expect(red.frame.minY == 20 - 50, "the margin insets the content: \(red.frame)")
    }

    @Test("ScrollViewReader.scrollTo puts a row at the anchor (or the least movement), clamped; unknown ids do nothing")
    func reader() throws {
        struct Screen: View {
            var body: some View {
                ScrollViewReader { proxy in
                    VStack(spacing: 0) {
                        Button("bottom") { proxy.scrollTo(19, anchor: .bottom) }
                        Button("ten") { proxy.scrollTo(10, anchor: .top) }
                        Button("five") { proxy.scrollTo("row5") }
                        Button("nothing") { proxy.scrollTo("missing") }
                        ScrollView {
                            VStack(spacing: 0) {
                                ForEach(0..<20, id: \.self) { i in Color.blue.frame(height: 50).id(i == 5 ? AnyHashable("row5") : AnyHashable(i)) }
                            }
                        }
                        .frame(height: 200)
                    }
                }
            }
        }
        let host = try ViewHost(Screen(), size: CGSize(width: 100, height: 400))
        func offset() -> Point { host.pass.scrollInfos[0].offset }
        try host.tap("ten")
        #expect(offset().y == 500)
        try host.tap("five")  // above the visible region: the least movement puts it at the top
        #expect(offset().y == 250)
        try host.tap("nothing")
        #expect(offset().y == 250)
        try host.tap("bottom")
        #expect(offset().y == 800)  // row 19's bottom (1000) at the bottom of 200 pt
    }

    @Test("scrollPosition(id:): scrolling reports the first row that shows; setting the binding scrolls to it")
    func position() throws {
        final class Box { var shown: [Int?] = [] }
        let box = Box()
        struct Screen: View {
            let box: Box
            @State var position: Int? = nil
            var body: some View {
                VStack(spacing: 0) {
                    Button("go 12") { position = 12 }
                    ScrollView {
                        VStack(spacing: 0) { ForEach(0..<20, id: \.self) { i in Color.blue.frame(height: 50) } }.scrollTargetLayout()
                    }
                    .scrollPosition(id: $position)
                    .frame(height: 200)
                    .onChange(of: position) { box.shown.append(position) }
                }
            }
        }
        let host = try ViewHost(Screen(box: box), size: CGSize(width: 100, height: 300))
        _ = try host.displayList()
        try host.scroll(to: CGPoint(x: 0, y: 175))
        #expect(box.shown.last == 3, "\(box.shown)")
        try host.tap("go 12")
        #expect(host.pass.scrollInfos[0].offset.y == 600)
    }

    @Test("scrollTargetBehavior(.paging) lands every offset on a page")
    func paging() throws {
        let view = ScrollView(.horizontal) { HStack(spacing: 0) { ForEach(0..<5, id: \.self) { _ in Color.red.frame(width: 100) } } }
            .scrollTargetBehavior(.paging)
        let host = try ViewHost(view, size: CGSize(width: 100, height: 50))
        try host.scroll(to: CGPoint(x: 160, y: 0))
        _ = try host.displayList()
        #expect(host.pass.scrollInfos[0].offset.x == 200)
        try host.scroll(to: CGPoint(x: 140, y: 0))
        _ = try host.displayList()
        #expect(host.pass.scrollInfos[0].offset.x == 100)
    }
}
