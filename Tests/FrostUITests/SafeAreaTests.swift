import Testing
import FrostGeometry
import FrostScene
@testable import FrostUI
import FrostTestSupport

@Suite("FrostUI safe area: device presets, ignoresSafeArea, safeAreaInset, GeometryProxy insets", .hangLimit)
struct SafeAreaTests {
    @Test("a colour fills the safe area (390 × 844 minus 47 and 34 on an iPhone 13); ignoresSafeArea fills the screen")
    func fill() throws {
        let safe = shapeFrames(try ViewHost(Color.blue, device: .iPhone13).displayList())
        #expect(safe == [Rect(x: 0, y: 47, width: 390, height: 763)], "\(safe)")
        let full = shapeFrames(try ViewHost(Color.blue.ignoresSafeArea(), device: .iPhone13).displayList())
        #expect(full == [Rect(x: 0, y: 0, width: 390, height: 844)], "\(full)")
        let top = shapeFrames(try ViewHost(Color.blue.ignoresSafeArea(edges: .top), device: .iPhone13).displayList())
        #expect(top == [Rect(x: 0, y: 0, width: 390, height: 810)], "\(top)")
        // A view that does not reach the safe area's edge is not extended.
        let small = shapeFrames(try ViewHost(Color.blue.frame(width: 100, height: 100).ignoresSafeArea(), device: .iPhone13).displayList())
        // 47 + (763 − 100) / 2 = 378.5 pt = 1135.5 px, rounded to the 3× pixel grid: 1136 px.
        #expect(small == [Rect(x: 145, y: 1136.0 / 3, width: 100, height: 100)], "\(small)")
    }

    @Test("a background ignoring the safe area behind content that respects it")
    func backgroundBehindContent() throws {
        let view = ZStack {
            Color.red.ignoresSafeArea()
            VStack {
                Color.green.frame(height: 20); Spacer()
            }
        }
        let f = shapeFrames(try ViewHost(view, device: .iPhone15Pro).displayList())
        #expect(f.first == Rect(x: 0, y: 0, width: 393, height: 852) && f.contains(Rect(x: 0, y: 59, width: 393, height: 20)), "\(f)")
    }

    @Test("GeometryProxy.safeAreaInsets: how far the reader reaches past the safe area")
    func proxyInsets() throws {
        final class Seen { var insets: EdgeInsets?; var size: CGSize? }
        let seen = Seen()
        let reader = GeometryReader { p in
            Color.clear.onAppear {
                seen.insets = p.safeAreaInsets; seen.size = p.size
            }
        }.ignoresSafeArea()
        _ = try ViewHost(reader, device: .iPhoneSE).displayList()
        #expect(seen.insets == EdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0) && seen.size == CGSize(width: 375, height: 667))
        let inside = GeometryReader { p in Color.clear.onAppear { seen.insets = p.safeAreaInsets } }
        _ = try ViewHost(inside, device: .iPhoneSE).displayList()
        #expect(seen.insets == EdgeInsets())
    }

    @Test("safeAreaInset(edge: .bottom) puts a bar at the bottom of the safe area and the view above it")
    func inset() throws {
        let view = Color.red.safeAreaInset(edge: .bottom, spacing: 10) { Color.green.frame(height: 50) }
        let f = shapeFrames(try ViewHost(view, device: .iPhone13).displayList())
        #expect(f == [Rect(x: 0, y: 47, width: 390, height: 763 - 60), Rect(x: 0, y: 47 + 763 - 50, width: 390, height: 50)], "\(f)")
    }

    @Test("safe-area insets that are negative or not finite count as zero; every preset lays out")
    func badInsetsAndPresets() throws {
        let host = try ViewHost(Color.blue, size: CGSize(width: 100, height: 100))
        host.safeAreaInsets = EdgeInsets(top: -5, leading: .nan, bottom: .infinity, trailing: 0)
        #expect(shapeFrames(try host.displayList()) == [Rect(x: 0, y: 0, width: 100, height: 100)])
        for d in DevicePreset.all {
            let f = shapeFrames(try ViewHost(Color.blue, device: d).displayList())
            #expect(f.first?.minY == Double(d.safeAreaInsets.top), "\(d.name)")
        }
    }
}
