import Foundation
import Testing
import FrostGeometry
import FrostScene
@testable import FrostUI
import FrostTestSupport

/// The navigation and tab bars over scrolling content (iOS 15+ appearances): content runs under
/// the bars, the large title collapses, the material and hairline appear; and the back swipe.
@Suite("Bars over scrolling content, and the back swipe", .hangLimit)
struct NavigationBarScrollTests {
    /// A leaf with the product of the opacities above it.
    struct Leaf {
        let content: DisplayItem.Content
        let frame: Rect
        let opacity: Double
    }
    func items(_ host: ViewHost<some View>, at time: Double? = nil) throws -> [Leaf] {
        var out: [Leaf] = []
        func walk(_ l: DisplayList, _ origin: Point, _ alpha: Double) {
            for item in l.items {
                let f = Rect(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY, width: item.frame.width, height: item.frame.height)
                switch item.content {
                case .effect(.transform(let t), let c) where t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1:
                    walk(c, Point(x: f.minX + t.tx, y: f.minY + t.ty), alpha)
                case .effect(.opacity(let o), let c): walk(c, f.origin, alpha * o)
                case .group(let c), .effect(_, let c): walk(c, f.origin, alpha)
                default: out.append(Leaf(content: item.content, frame: f, opacity: alpha))
                }
            }
        }
        walk(try time.map { try host.displayList(at: $0) } ?? host.displayList(), .zero, 1)
        return out
    }
    func texts(_ s: String, _ leaves: [Leaf]) -> [(TextContent, Leaf)] {
        leaves.compactMap { if case .text(let t) = $0.content, t.string == s { (t, $0) } else { nil } }
    }
    /// The clip rectangles of a display list, in host points.
    func clips(_ list: DisplayList) -> [Rect] {
        func walk(_ l: DisplayList, _ origin: Point) -> [Rect] {
            l.items.flatMap { item -> [Rect] in
                let o = Point(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY)
                switch item.content {
                case .effect(.clip(let p, _), let c):
                    let b = p.controlBounds ?? .zero
                    return [Rect(x: o.x + b.minX, y: o.y + b.minY, width: b.width, height: b.height)] + walk(c, o)
                case .effect(_, let c), .group(let c): return walk(c, o)
                default: return []
                }
            }
        }
        return walk(list, .zero)
    }
    func materials(_ leaves: [Leaf]) -> [Leaf] { leaves.filter { if case .material = $0.content { true } else { false } } }

    struct Inbox: View {
        var body: some View {
            NavigationStack {
                List(0..<40, id: \.self) { i in
                    NavigationLink("Message \(i)") { Text("Body \(i)").navigationTitle("Message") }
                }
                .navigationTitle("Inbox")
            }
        }
    }

    // iPhone 13: 47 pt status bar, the bar's 44 pt row, the large title's 52 pt row.
    let top = 47.0, row = 44.0, large = 52.0

    @Test("A finger scrolls the list: the large title rides up with the drag, and a flick carries rows under the bar's material")
    func fingerScroll() throws {
        let host = try ViewHost(Inbox(), device: .iPhone13)
        let rest = try #require(texts("Inbox", try items(host)).first).1.frame.minY
        // 40 pt up, slowly: the content follows from 10 pt, so the title rides up 30 pt.
        try host.drag(from: CGPoint(x: 200, y: 600), to: CGPoint(x: 200, y: 560), duration: 0.4)
        let held = try #require(texts("Inbox", try items(host)).first).1.frame.minY
        #expect(abs(held - (rest - 30)) <= 1, "\(rest) → \(held)")
        #expect(materials(try items(host)).isEmpty)
        try host.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.1, profile: .easeIn)
        let flicked = host.now
        try host.settle()
        #expect(host.now > flicked + 0.3, "a flick coasts, and bounces at the end")
        let leaves = try items(host)
        #expect(materials(leaves).count == 1 && materials(leaves)[0].opacity == 1)
        // The inline title is in, the large one gone.
        #expect(texts("Inbox", leaves).contains { $0.0.size == 17 && $0.1.opacity == 1 })
    }

    @Test("Pulled past the top, the large title comes down with the rows, and goes back with them")
    func stretch() throws {
        let host = try ViewHost(Inbox(), device: .iPhone13)
        func y(_ s: String) throws -> Double { try #require(texts(s, try items(host)).first).1.frame.minY }
        let title = try y("Inbox"), row = try y("Message 0")
        try host.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 500), duration: 0.4)
        let pulled = try y("Message 0") - row
        #expect(pulled > 50)
        #expect(abs(try y("Inbox") - title - pulled) <= 0.5, "the title moved with the rows")
        try host.settle()
        #expect(try y("Inbox") == title && y("Message 0") == row)
    }

    @Test("At rest the large title sits in its 52 pt row and the bar is clear; the scroll view draws up to the screen's top")
    func atRest() throws {
        let host = try ViewHost(Inbox(), device: .iPhone13)
        let leaves = try items(host)
        let title = texts("Inbox", leaves)
        #expect(title.count == 1 && title[0].0.size == 34)
        #expect(title[0].1.frame.minY >= top + row && title[0].1.frame.maxY <= top + row + large)
        #expect(materials(leaves).isEmpty)
        // The list's clip reaches from the screen's top (under the bar and the status bar).
        #expect(clips(try host.displayList()).contains { abs($0.minY) < 1e-9 && abs($0.maxY - (844 - 34)) < 1e-9 })
    }

    @Test("Scrolling collapses the large title with the content, fades the inline title in over the last 20 pt, then the material over 10 pt")
    func collapse() throws {
        let host = try ViewHost(Inbox(), device: .iPhone13)
        let restTitle = texts("Inbox", try items(host))[0].1.frame
        let firstRow = texts("Message 0", try items(host))[0].1.frame
        // 30 pt: the title rode up 30 pt, clipped to the 22 pt left of its row; no inline title yet.
        try host.scroll(to: CGPoint(x: 0, y: 30))
        var leaves = try items(host)
        var titles = texts("Inbox", leaves)
        #expect(titles.count == 1 && abs(titles[0].1.frame.minY - (restTitle.minY - 30)) < 1e-6)
        #expect(materials(leaves).isEmpty)
        #expect(abs(texts("Message 0", leaves)[0].1.frame.minY - (firstRow.minY - 30)) < 1e-6)
        // 42 pt: the inline title is half in ((42 − 32) / 20).
        try host.scroll(to: CGPoint(x: 0, y: 42))
        leaves = try items(host)
        titles = texts("Inbox", leaves)
        let inline = titles.first { $0.0.size == 17 }
        #expect(inline != nil && abs(inline!.1.opacity - 0.5) < 1e-9)
        #expect(inline!.1.frame.midY > top && inline!.1.frame.midY < top + row)
        #expect(materials(leaves).isEmpty)
        // 57 pt: collapsed (no large title), 5 pt of content under the bar: the material at 0.5.
        try host.scroll(to: CGPoint(x: 0, y: 57))
        leaves = try items(host)
        titles = texts("Inbox", leaves)
        #expect(titles.count == 1 && titles[0].0.size == 17 && titles[0].1.opacity == 1)
        let material = materials(leaves)
        #expect(material.count == 1 && abs(material[0].opacity - 0.5) < 1e-9)
        // The bar's material runs from the screen's top to the collapsed bar's bottom.
        #expect(abs(material[0].frame.minY) < 1e-9 && abs(material[0].frame.maxY - (top + row)) < 1e-9, "\(material[0].frame)")
        // 200 pt: the full material, its hairline at the bar's bottom, and rows drawn beneath it.
        try host.scroll(to: CGPoint(x: 0, y: 200))
        leaves = try items(host)
        #expect(materials(leaves).first?.opacity == 1)
        let hairline = leaves.first {
            if case .shape = $0.content { abs($0.frame.maxY - (top + row)) < 1e-9 && abs($0.frame.height - 1.0 / 3) < 1e-9 } else { false }
        }
        #expect(hairline != nil)
        let under = (0..<40).compactMap { texts("Message \($0)", leaves).first?.1.frame }.filter { $0.maxY < top + row }
        #expect(!under.isEmpty, "rows scrolled under the bar are still drawn there")
    }

    @Test("An inline bar takes the material as soon as content is under it")
    func inlineBar() throws {
        let host = try ViewHost(Inbox(), device: .iPhone13)
        try host.tap("Message 0")
        try host.settle()
        #expect(materials(try items(host)).isEmpty)
        struct Pushed: View {
            var body: some View {
                NavigationStack {
                    List(0..<40, id: \.self) { Text("Row \($0)") }.navigationTitle("Rows").navigationBarTitleDisplayMode(.inline)
                }
            }
        }
        let inline = try ViewHost(Pushed(), device: .iPhone13)
        #expect(materials(try items(inline)).isEmpty)
        try inline.scroll(to: CGPoint(x: 0, y: 4))
        let m = materials(try items(inline))
        #expect(m.count == 1 && abs(m[0].opacity - 0.4) < 1e-9 && abs(m[0].frame.maxY - (top + row)) < 1e-9)
    }

    @Test("A screen without a scroll view keeps a clear bar; a scroll view lower down does not run under it")
    func noScrollUnderBar() throws {
        struct Lower: View {
            var body: some View {
                NavigationStack {
                    VStack(spacing: 0) {
                        Color.red.frame(height: 100)
                        ScrollView { VStack { ForEach(0..<50, id: \.self) { Text("Line \($0)") } } }
                    }
                    .navigationTitle("Lower")
                }
            }
        }
        let host = try ViewHost(Lower(), device: .iPhone13)
        try host.scroll(to: CGPoint(x: 0, y: 300))
        let leaves = try items(host)
        #expect(materials(leaves).isEmpty)
        #expect(texts("Lower", leaves).count == 1 && texts("Lower", leaves)[0].0.size == 34)
        // The scroll view is clipped to its frame, below the red band.
        let clip = clips(try host.displayList()).filter { abs($0.height - (844 - 34 - top - row - large - 100)) < 1e-9 }
        #expect(clip.count == 1 && abs(clip[0].minY - (top + row + large + 100)) < 1e-9, "\(clip)")
    }

    @Test("The back swipe: the top screen follows the finger over the one below (parallax, dimming); a short swipe springs back")
    func backSwipeCancels() throws {
        let host = try ViewHost(Inbox(), device: .iPhone13)
        try host.tap("Message 3", at: 0)
        try host.advance(to: 2)
        let body = texts("Body 3", try items(host))[0].1.frame
        #expect(texts("Message 5", try items(host)).isEmpty)
        // 100 pt over 1 s: released at 100 pt/s, predicted to end at 150 pt, short of half (195).
        try host.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 105, y: 400), duration: 1, at: 3)
        let mid = try items(host, at: 3.5)
        let moved = texts("Body 3", mid)[0].1.frame
        #expect(abs(moved.minX - (body.minX + 50)) < 1e-6, "\(moved) vs \(body)")
        // The screen below shows, 30 % of the width left, less the progress (50 / 390).
        let p = 50.0 / 390
        let below = texts("Message 5", mid).first
        #expect(below != nil)
        let listRow = try { () -> Rect in
            let h = try ViewHost(Inbox(), device: .iPhone13)
            return texts("Message 5", try items(h))[0].1.frame
        }()
        #expect(abs(below!.1.frame.minX - (listRow.minX - 0.3 * 390 * (1 - p))) < 1e-6, "\(below!.1.frame)")
        // Released: it springs back, and the screen below goes.
        try host.advance(to: 6)
        let after = try items(host)
        #expect(abs(texts("Body 3", after)[0].1.frame.minX - body.minX) < 1e-6)
        #expect(texts("Message 5", after).isEmpty)
    }

    @Test("A back swipe past half the width (or flicked) pops the screen")
    func backSwipePops() throws {
        let host = try ViewHost(Inbox(), device: .iPhone13)
        try host.tap("Message 3", at: 0)
        try host.drag(from: CGPoint(x: 8, y: 400), to: CGPoint(x: 250, y: 400), duration: 0.4, at: 2)
        // From where the finger let go the screen goes on out, never back.
        let path = try [2.39, 2.45, 2.55, 2.8].map { texts("Body 3", try items(host, at: $0)).first?.1.frame.minX ?? .infinity }
        #expect(zip(path, path.dropFirst()).allSatisfy { $0 < $1 }, "\(path)")
        #expect(path[1] - path[0] < 60, "no jump at the release: \(path)")
        try host.advance(to: 5)
        var leaves = try items(host)
        #expect(texts("Body 3", leaves).isEmpty && texts("Inbox", leaves).count == 1)
        // A flick: 120 pt in 0.1 s, predicted well past half.
        try host.tap("Message 4", at: 6)
        try host.drag(from: CGPoint(x: 8, y: 400), to: CGPoint(x: 128, y: 400), duration: 0.1, profile: .easeIn, at: 8)
        try host.advance(to: 11)
        leaves = try items(host)
        #expect(texts("Body 4", leaves).isEmpty && texts("Inbox", leaves).count == 1)
        // A drag that starts away from the edge is not a back swipe.
        try host.tap("Message 4", at: 12)
        try host.drag(from: CGPoint(x: 60, y: 400), to: CGPoint(x: 330, y: 400), duration: 0.4, at: 14)
        try host.advance(to: 17)
        #expect(texts("Body 4", try items(host)).count == 1)
    }

    // The tab bar over the selected tab: 49 pt above iPhone 13's 34 pt home-indicator area.
    let screen = 844.0, home = 34.0, tabBar = 49.0

    struct Tabs: View {
        var visibility: Visibility = .automatic
        var body: some View {
            TabView {
                NavigationStack {
                    List(0..<40, id: \.self) { Text("Row \($0)") }.navigationTitle("Long")
                }
                .toolbarBackground(visibility, for: .tabBar)
                .tabItem { Label("Long", systemImage: "list.bullet") }
                NavigationStack {
                    List(0..<3, id: \.self) { Text("Item \($0)") }.navigationTitle("Short")
                }
                .tabItem { Label("Short", systemImage: "star") }
                Text("Plain").tabItem { Label("Plain", systemImage: "circle") }
                    .toolbarBackground(.visible, for: .tabBar)
            }
        }
    }

    /// The tab bar's material: the one whose bottom is the screen's.
    func tabMaterial(_ leaves: [Leaf]) -> Leaf? { materials(leaves).first { abs($0.frame.maxY - screen) < 1e-9 } }

    @Test("A long list runs down under the tab bar, which wears the material while rows are beneath it")
    func tabBarOverContent() throws {
        let host = try ViewHost(Tabs(), device: .iPhone13)
        var leaves = try items(host)
        let material = try #require(tabMaterial(leaves))
        #expect(material.opacity == 1)
        #expect(abs(material.frame.minY - (screen - home - tabBar)) < 1e-9, "\(material.frame)")
        // The list's clip runs from the screen's top to its bottom, and rows are drawn under the bar.
        #expect(clips(try host.displayList()).contains { abs($0.minY) < 1e-9 && abs($0.maxY - screen) < 1e-9 })
        let under = (0..<40).compactMap { texts("Row \($0)", leaves).first?.1.frame }.filter { $0.minY > screen - home - tabBar }
        #expect(!under.isEmpty, "rows beneath the tab bar are drawn")
        // Scrolled to 5 pt from the end: half the material; at the end: a clear bar.
        let end = try #require(host.pass.scrollInfos.first).maxOffset.y
        try host.scroll(to: CGPoint(x: 0, y: end - 5))
        leaves = try items(host)
        #expect(abs((tabMaterial(leaves)?.opacity ?? 0) - 0.5) < 1e-9)
        try host.scroll(to: CGPoint(x: 0, y: end))
        leaves = try items(host)
        #expect(tabMaterial(leaves) == nil)
        #expect(materials(leaves).count == 1, "the navigation bar's material, at the top")
        // The list's grouped background runs down behind the clear bar and the home indicator.
        let grouped = leaves.contains {
            if case .shape(let shape) = $0.content, case .solid(let c) = shape.fill {
                abs(c.red - 0xF2 / 255.0) < 1e-3 && abs(c.blue - 0xF7 / 255.0) < 1e-3 && abs($0.frame.maxY - screen) < 1e-9
            } else {
                false
            }
        }
        #expect(grouped)
    }

    @Test("A short list and a tab without a scroll view leave the tab bar clear; toolbarBackground(.visible/.hidden) overrides")
    func tabBarAtEdge() throws {
        let host = try ViewHost(Tabs(), device: .iPhone13)
        try host.tap("Short")
        try host.settle()
        #expect(tabMaterial(try items(host)) == nil)
        // The plain tab asks for the background at every offset.
        try host.tap("Plain")
        try host.settle()
        #expect(tabMaterial(try items(host))?.opacity == 1)
        let hidden = try ViewHost(Tabs(visibility: .hidden), device: .iPhone13)
        #expect(tabMaterial(try items(hidden)) == nil)
    }

    @Test("A navigation bar's toolbarBackground colour shows once content is under it, or always when .visible")
    func navigationBarBackgroundVisibility() throws {
        struct Coloured: View {
            let visibility: Visibility
            var body: some View {
                NavigationStack {
                    List(0..<40, id: \.self) { Text("Row \($0)") }.navigationTitle("Coloured")
                        .toolbarBackground(Color(red: 1, green: 0, blue: 0), for: .navigationBar)
                        .toolbarBackground(visibility, for: .navigationBar)
                }
            }
        }
        func red(_ host: ViewHost<Coloured>) throws -> [Leaf] {
            try items(host).filter {
                if case .shape(let shape) = $0.content, case .solid(let c) = shape.fill {
                    c.red > 0.99 && c.green < 0.01 && abs($0.frame.minY) < 1e-9
                } else {
                    false
                }
            }
        }
        let automatic = try ViewHost(Coloured(visibility: .automatic), device: .iPhone13)
        #expect(try red(automatic).isEmpty)
        try automatic.scroll(to: CGPoint(x: 0, y: 200))
        #expect(try red(automatic).count == 1)
        let visible = try ViewHost(Coloured(visibility: .visible), device: .iPhone13)
        #expect(try red(visible).count == 1)
    }
}
