import Testing
import FrostGeometry
import FrostScene
@testable import FrostUI
import FrostTestSupport

private func texts(_ list: DisplayList) -> [(String, Rect)] {
    leaves(list).compactMap { if case .text(let t) = $0.content { return (t.string, $0.frame) } else { return nil } }
}

private struct WidthKey: PreferenceKey {
    static var defaultValue: CGFloat { 0 }
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = max(value, nextValue()) }
}

private struct NamesKey: PreferenceKey {
    static var defaultValue: [String] { [] }
    static func reduce(value: inout [String], nextValue: () -> [String]) { value += nextValue() }
}

private struct BoundsKey: PreferenceKey {
    static var defaultValue: Anchor<CGRect>? { nil }
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) { value = value ?? nextValue() }
}

@Suite("FrostUI geometry and preferences", .hangLimit)
struct GeometryTests {
    @Test("GeometryReader takes the proposal and places its content top-leading with its size and frames")
    func reader() throws {
        let view = VStack(spacing: 0) {
            Color.red.frame(height: 40)
            GeometryReader { proxy in
                Text(
                    "\(Int(proxy.size.width))x\(Int(proxy.size.height)) at \(Int(proxy.frame(in: .global).minY)) / \(Int(proxy.frame(in: .named("card")).minY))"
                )
            }
        }
        .coordinateSpace(name: "card")
        .padding(10)
        let host = try ViewHost(view, size: CGSize(width: 200, height: 300))
        let t = try #require(texts(try host.displayList()).first)
        #expect(t.0 == "180x240 at 50 / 40", "\(t.0)")
        #expect(t.1.minX == 10 && t.1.minY == 50, "top-leading, not centred: \(t.1)")
        // Unspecified proposals: 10 pt, as a shape.
        let ideal = try ImageRenderer(content: GeometryReader { _ in Color.blue }).render()
        #expect(ideal.width == 10 && ideal.height == 10)
    }

    @Test("preferences: reduce in view order, preference() hides its content's value, transformPreference edits it, onPreferenceChange fires after layout")
    func preferences() throws {
        final class Seen { var widths: [CGFloat] = []; var names: [[String]] = [] }
        let seen = Seen()
        struct Measured: View {
            let seen: Seen
            @State var wide = false
            var body: some View {
                VStack {
                    Text("a").background(GeometryReader { p in Color.clear.preference(key: WidthKey.self, value: p.size.width) })
                    Text(wide ? "a much wider line" : "b").background(GeometryReader { p in Color.clear.preference(key: WidthKey.self, value: p.size.width) })
                    Button("widen") { wide = true }
                    VStack {
                        Color.clear.frame(width: 1, height: 1).preference(key: NamesKey.self, value: ["x"])
                        Color.clear.frame(width: 1, height: 1).preference(key: NamesKey.self, value: ["y"])
                    }
                    .transformPreference(NamesKey.self) { $0.append("t") }
                    VStack { Color.clear.frame(width: 1, height: 1).preference(key: NamesKey.self, value: ["hidden"]) }
                        .preference(key: NamesKey.self, value: ["z"])
                }
                .onPreferenceChange(WidthKey.self) { seen.widths.append($0) }
                .onPreferenceChange(NamesKey.self) { seen.names.append($0) }
            }
        }
        let host = try ViewHost(Measured(seen: seen), size: CGSize(width: 300, height: 300))
        _ = try host.displayList()
        #expect(seen.names == [["x", "y", "t", "z"]])
        #expect(seen.widths.count == 1)
        let narrow = try #require(seen.widths.first)
        try host.tap("widen")
        #expect(seen.widths.count == 2 && seen.widths[1] > narrow + 50, "\(seen.widths)")
        #expect(seen.names.count == 1, "unchanged values do not fire again")
    }

    @Test("the size-reading pattern: a preference read into @State changes the layout in the same instant")
    func sizeReading() throws {
        struct Echo: View {
            @State var width: CGFloat = 0
            var body: some View {
                VStack {
                    Text("Hello, world").fixedSize()
                        .background(GeometryReader { p in Color.clear.preference(key: WidthKey.self, value: p.size.width) })
                    Color.blue.frame(width: width, height: 4)
                }
                .onPreferenceChange(WidthKey.self) { width = $0 }
            }
        }
        let host = try ViewHost(Echo(), size: CGSize(width: 300, height: 200))
        let list = try host.displayList()
        let text = try #require(texts(list).first)
        let bar = try #require(leaves(list).first { $0.frame.height == 4 })
        #expect(abs(bar.frame.width - text.1.width) < 1e-6 && bar.frame.width > 40)
    }

    @Test("a preference that changes itself through state ends with updateLoop")
    func preferenceLoop() throws {
        struct Grow: View {
            @State var w: CGFloat = 10
            var body: some View {
                Color.red.frame(width: w, height: 10)
                    .preference(key: WidthKey.self, value: w)
                    .onPreferenceChange(WidthKey.self) { w = $0 + 1 }
            }
        }
        let host = try ViewHost(Grow(), size: CGSize(width: 100, height: 100))
        #expect(throws: ViewHostError.self) { try host.displayList() }
    }

    @Test("anchorPreference + overlayPreferenceValue + GeometryReader: a highlight drawn at a child's bounds")
    func anchors() throws {
        let view = VStack(spacing: 20) {
            Text("first")
            Text("second").anchorPreference(key: BoundsKey.self, value: .bounds) { $0 }
        }
        .padding(30)
        .overlayPreferenceValue(BoundsKey.self) { anchor in
            GeometryReader { proxy in
                if let anchor {
                    let r = proxy[anchor]
                    Color.red.opacity(0.5).frame(width: r.width, height: r.height).offset(x: r.minX, y: r.minY)
                }
            }
        }
        let host = try ViewHost(view, size: CGSize(width: 300, height: 300))
        let list = try host.displayList()
        let second = try #require(texts(list).first { $0.0 == "second" })
        let highlight = try #require(leaves(list).first { if case .shape = $0.content { return true } else { return false } })
        #expect(abs(highlight.frame.minX - second.1.minX) < 1e-6 && abs(highlight.frame.minY - second.1.minY) < 1e-6, "\(highlight.frame) \(second.1)")
        #expect(abs(highlight.frame.width - second.1.width) < 1e-6 && abs(highlight.frame.height - second.1.height) < 1e-6)
    }

    @Test("GeometryReader inside a ScrollView is laid out before the commit and keeps its state")
    func readerInScroll() throws {
        struct Row: View {
            @State var taps = 0
            var body: some View {
                GeometryReader { p in Button("row \(Int(p.size.width)) \(taps)") { taps += 1 } }.frame(height: 30)
            }
        }
        let host = try ViewHost(
            ScrollView {
                VStack {
                    Row(); Row()
                }
            }, size: CGSize(width: 120, height: 200))
        let shown = texts(try host.displayList()).map(\.0)
        #expect(shown == ["row 120 0", "row 120 0"], "\(shown)")
    }

    struct Fractal: View {
        var body: some View {
            GeometryReader { proxy in
                VStack {
                    Text("\(Int(proxy.size.width))"); Fractal()
                }
            }
        }
    }

    @Test("GeometryReaders nested without end stop at the depth limit with a typed error, not a crash")
    func endlessReaders() throws {
        let host = try ViewHost(Fractal(), size: CGSize(width: 300, height: 300))
        // Readers resolve their content while being placed, so the stack is what runs out
        // first (the nesting limit, not the identity depth).
        #expect {
            try host.displayList()
        } throws: {
            guard case .tooDeep = $0 as? ViewHostError else { return false }
            return true
        }
    }
}
