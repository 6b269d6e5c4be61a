import Testing
import FrostGeometry
import FrostScene
@testable import FrostUI
import FrostTestSupport

private func close(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
}

@Suite("FrostUI containers: lazy stacks and grids, ViewThatFits (hand-computed layouts)", .hangLimit)
struct ContainerTests {
    @Test("LazyVGrid with two flexible columns: (200 − 8) / 2 = 96 pt each, rows 20 pt + 10 pt spacing, centred in the host")
    func flexibleColumns() throws {
        let grid = LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())], spacing: 10) {
            ForEach(0..<4) { _ in Color.red.frame(height: 20) }
        }
        let frames = shapeFrames(try ViewHost(grid, size: CGSize(width: 200, height: 100)).displayList())
        let expected = [
            Rect(x: 0, y: 25, width: 96, height: 20), Rect(x: 104, y: 25, width: 96, height: 20),
            Rect(x: 0, y: 55, width: 96, height: 20), Rect(x: 104, y: 55, width: 96, height: 20),
        ]
        #expect(zip(frames, expected).allSatisfy(close) && frames.count == 4, "\(frames)")
    }

    @Test("adaptive(minimum: 50) in 200 pt: ⌊(200 + 8) / (50 + 8)⌋ = 3 columns of (200 − 16) / 3 pt; fixed then flexible")
    func adaptiveAndFixed() throws {
        let adaptive = LazyVGrid(columns: [GridItem(.adaptive(minimum: 50))]) {
            ForEach(0..<5) { _ in Color.blue.frame(height: 10) }
        }
        let a = shapeFrames(try ViewHost(adaptive, size: CGSize(width: 200, height: 100), scale: 3).displayList())  // 3×: thirds of a point are whole pixels
        let w = (200.0 - 16) / 3
        #expect(a.count == 5 && a.allSatisfy { abs($0.width - w) < 1e-6 })
        #expect(abs(a[1].minX - (w + 8)) < 1e-6 && abs(a[3].minY - (a[0].minY + 18)) < 1e-6, "\(a)")
        let mixed = LazyVGrid(columns: [GridItem(.fixed(40)), GridItem(.flexible(), alignment: .leading)]) {
            Color.red.frame(height: 10); Color.green.frame(width: 30, height: 10)
        }
        let m = shapeFrames(try ViewHost(mixed, size: CGSize(width: 200, height: 100)).displayList())
        #expect(m.count == 2 && m[0].width == 40 && m[1].minX == 48 && m[1].width == 30, "\(m)")
    }

    @Test("LazyHGrid: rows share the height; columns grow along x")
    func horizontalGrid() throws {
        let grid = LazyHGrid(rows: [GridItem(.flexible()), GridItem(.flexible())], spacing: 4) {
            ForEach(0..<3) { _ in Color.red.frame(width: 30) }
        }
        let f = shapeFrames(try ViewHost(grid, size: CGSize(width: 200, height: 108)).displayList())
        #expect(f.count == 3 && f.allSatisfy { $0.height == 50 } && f[1].minY == 58 && f[2].minX == f[0].minX + 34, "\(f)")
    }

    @Test("LazyVStack takes the whole width and aligns its children in it; VStack hugs them")
    func lazyStack() throws {
        let lazy = LazyVStack(alignment: .leading) { Color.red.frame(width: 20, height: 20) }.background(Color.blue)
        let f = shapeFrames(try ViewHost(lazy, size: CGSize(width: 200, height: 100)).displayList())
        #expect(f.contains { $0.width == 200 && $0.height == 20 } && f.contains { $0.minX == 0 && $0.width == 20 }, "\(f)")
    }

    @Test("ViewThatFits shows the first option whose ideal width fits, else the last; options keep their state")
    func viewThatFits() throws {
        let view = ViewThatFits(in: .horizontal) {
            Text("a rather long line of text that needs room")
            Text("short")
        }
        let narrow = textStrings(try ViewHost(view.frame(width: 80), size: CGSize(width: 300, height: 100)).displayList())
        let wide = textStrings(try ViewHost(view, size: CGSize(width: 1000, height: 100)).displayList())
        #expect(narrow == ["short"] && wide == ["a rather long line of text that needs room"])
        let none = textStrings(
            try ViewHost(
                ViewThatFits {
                    Color.red.frame(width: 500, height: 10); Text("last resort").fixedSize()
                }.frame(width: 50),
                size: CGSize(width: 300, height: 100)
            ).displayList())
        #expect(none == ["last resort"])
    }

    @Test("containerRelativeFrame: the scroll view's width, span 2 of 3 parts 10 pt apart, and the host's safe area")
    func containerRelative() throws {
        let cards = ScrollView(.horizontal) {
            HStack(spacing: 10) {
                Color.red.containerRelativeFrame(.horizontal)
                Color.blue.containerRelativeFrame(.horizontal, count: 3, span: 2, spacing: 10)
            }
        }
        let f = shapeFrames(try ViewHost(cards, size: CGSize(width: 300, height: 100), scale: 3).displayList())
        #expect(f.count == 2 && f[0].width == 300)
        #expect(abs(f[1].width - ((300.0 - 20) / 3 * 2 + 10)) < 0.34, "\(f[1].width)")  // on the 3× pixel grid
        let half = Color.green.containerRelativeFrame(.vertical) { length, _ in length / 2 }
        let g = shapeFrames(try ViewHost(half, device: .iPhone13).displayList())
        #expect(abs((g.first?.height ?? 0) - 763.0 / 2) < 0.34 && g.first?.width == 390, "\(g)")  // 381.5 pt on the 3× grid
    }
}
