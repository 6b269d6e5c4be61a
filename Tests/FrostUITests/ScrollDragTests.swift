import Foundation
import FrostGeometry
import FrostScene
import Testing

@testable import FrostUI

// A finger on a ScrollView, against hand-computed UIScrollView physics: the content follows the
// finger from 10 pt of travel, coasts with v·(e^(rt) − 1)/r (r = 1000·ln 0.998 per second),
// rubber-bands past an edge by (1 − 1/(x·0.55/d + 1))·d and springs back, and pages. Host
// scale 1: shown offsets are whole points, so positions are checked to half a point.

/// 50 rows of 44 pt, each a button, in a 390 × 600 vertical scroll view (content 2200 pt,
/// largest offset 1600).
private struct FlingRows: View {
    final class Log { var pressed: [Int] = []; var offsets: [Double] = [] }
    let log: Log
    var body: some View {
        ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<50, id: \.self) { i in
                    Button {
                        log.pressed.append(i)
                    } label: {
                        Text("Row \(i)").frame(maxWidth: .infinity, minHeight: 44, maxHeight: 44)
                    }
                }
            }
        }
        .onScrollGeometryChange(for: Double.self, of: { $0.contentOffset.y }) { _, new in log.offsets.append(new) }
    }
}

private let rate = 1000 * log(0.998)
/// Where a coast from `x` at `v` pt/s is `t` seconds later.
private func coast(_ x: Double, _ v: Double, _ t: Double) -> Double { x + v * (exp(rate * t) - 1) / rate }

@Suite("Scrolling by finger", .hangLimit)
struct ScrollDragTests {
    private func host(_ log: FlingRows.Log = .init()) throws -> ViewHost<FlingRows> {
        try ViewHost(FlingRows(log: log), size: CGSize(width: 390, height: 600))
    }
    private func offset(_ host: ViewHost<FlingRows>) -> Point { host.pass.scrollInfos[0].offset }

    @Test("A drag moves the content with the finger from 10 pt on, then it coasts with UIScrollView's deceleration and rests")
    func dragAndCoast() throws {
        let host = try host()
        // 600 pt/s upwards: 5 pt a sample, so the content follows from the second sample (10 pt).
        try host.drag(from: CGPoint(x: 200, y: 500), to: CGPoint(x: 200, y: 200), duration: 0.5)
        #expect(offset(host).y == 290)
        for t in [0.05, 0.1, 0.4, 1.0] {
            try host.advance(to: 0.5 + t)
            #expect(abs(offset(host).y - coast(290, 600, t)) <= 0.5, "at +\(t) s: \(offset(host).y) vs \(coast(290, 600, t))")
        }
        let rest = try host.settle()
        // Rests within half a point of 290 + 600 / 2.002 ≈ 589.7 (then on a whole point), after
        // ln(0.5 / 299.7) / r ≈ 3.2 s.
        #expect(abs(offset(host).y - 589.7) <= 1 && abs(rest - 0.5 - log(0.5 / (600 / -rate)) / rate) < 0.01, "\(offset(host).y) at \(rest)")
        #expect(host.isSettled)
    }

    @Test("A flick runs past the end, bounces on the spring and rests exactly at the end")
    func bounceAtEnd() throws {
        let host = try host()
        try host.drag(from: CGPoint(x: 200, y: 550), to: CGPoint(x: 200, y: 150), duration: 0.1, profile: .easeIn)
        var seen: [Double] = []
        var t = host.now
        let end = t + 3
        while t < end { t += 1.0 / 60; try host.advance(to: t); seen.append(offset(host).y) }
        let peak = try #require(seen.max())
        #expect(peak > 1600 + 20, "overshoot \(peak - 1600)")
        let peakAt = try #require(seen.firstIndex(of: peak))
        // Up to the peak it only moves on; after it, it comes back without passing the end.
        #expect(zip(seen[..<peakAt], seen[1...peakAt]).allSatisfy { $0 <= $1 })
        #expect(seen[peakAt...].allSatisfy { $0 >= 1600 })
        try host.settle()
        #expect(offset(host).y == 1600)
    }

    @Test("Pulled past the top the content follows at the rubber-band rate and springs back to 0 without overshooting")
    func rubberBand() throws {
        let log = FlingRows.Log()
        let host = try host(log)
        try host.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: 400), duration: 0.5)
        // 290 pt of pull on a 600 pt view shows (1 − 1/(290·0.55/600 + 1))·600 ≈ 126.0 pt.
        let band = (1 - 1 / (290 * 0.55 / 600 + 1)) * 600
        #expect(abs(offset(host).y + band) <= 0.5, "\(offset(host).y)")
        var t = host.now
        let end = t + 1.5
        var seen: [Double] = []
        while t < end { t += 1.0 / 60; try host.advance(to: t); seen.append(offset(host).y) }
        #expect(seen.allSatisfy { $0 <= 0 } && seen.last == 0)
        try host.settle()
        #expect(offset(host).y == 0)
        // onScrollGeometryChange saw the pull and the return.
        #expect((log.offsets.min() ?? 0) < -100 && log.offsets.last == 0)
    }

    @Test("A tap presses a row; a drag that starts on a row scrolls and presses nothing; a touch on moving content stops it and presses nothing")
    func tapsAndCatching() throws {
        let log = FlingRows.Log()
        let host = try host(log)
        try host.tap(at: CGPoint(x: 200, y: 66))
        #expect(log.pressed == [1])
        // 1000 pt/s: the content follows from the second sample (16.7 pt), so it moved 183.3 pt.
        try host.drag(from: CGPoint(x: 200, y: 500), to: CGPoint(x: 200, y: 300), duration: 0.2)
        #expect(log.pressed == [1] && offset(host).y == 183, "\(log.pressed) \(offset(host))")
        try host.advance(to: host.now + 0.2)
        let moving = offset(host).y
        #expect(moving > 250 && !host.isSettled)
        try host.tap(at: CGPoint(x: 200, y: 300))
        let caught = offset(host).y
        // Caught as the finger lands: it stays there, and no row was pressed.
        #expect(log.pressed == [1] && caught == moving, "\(log.pressed) \(moving) \(caught)")
        try host.settle()
        #expect(offset(host).y == caught && host.isSettled)
    }

    @Test("Short content bounces by default and not with scrollBounceBehavior(.basedOnSize); scrollDisabled holds long content")
    func bounceAndDisabled() throws {
        // The offset right after a drag of `dy` points (down: positive), the finger still at speed.
        func moved(_ view: some View, _ dy: Double) throws -> Double {
            let host = try ViewHost(view, size: CGSize(width: 390, height: 600))
            try host.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 300 + dy), duration: 0.3)
            return host.pass.scrollInfos[0].offset.y
        }
        let short = VStack(spacing: 0) { ForEach(0..<5, id: \.self) { _ in Color.red.frame(height: 44) } }
        #expect(try moved(ScrollView { short }, 100) < -30)
        #expect(try moved(ScrollView { short }.scrollBounceBehavior(.basedOnSize), 100) == 0)
        let log = FlingRows.Log()
        #expect(try moved(FlingRows(log: log).scrollDisabled(true), -100) == 0)
        #expect(try moved(FlingRows(log: log).scrollBounceBehavior(.basedOnSize), -100) > 80)
    }

    @Test("Frames of a coast are the same whatever order they are asked in")
    func deterministic() throws {
        func frames(_ times: [Double]) throws -> [Double: [UInt8]] {
            let host = try host()
            try host.drag(from: CGPoint(x: 200, y: 500), to: CGPoint(x: 200, y: 200), duration: 0.3, at: 0.1)
            var out: [Double: [UInt8]] = [:]
            for t in times { out[t] = try host.frame(at: t).pixels }
            return out
        }
        let times = [0.2, 0.45, 0.7, 1.3]
        let forward = try frames(times), backward = try frames(times.reversed())
        #expect(forward == backward)
    }
}

@Suite("Scroll views in sheets and under bars", .hangLimit)
struct ScrollDragContextTests {
    final class Log { var dismissed = 0 }
    struct Screen: View {
        let log: Log
        @State var shown = false
        var body: some View {
            Button("Open") { shown = true }
                .sheet(isPresented: $shown, onDismiss: { log.dismissed += 1 }) {
                    ScrollView { VStack(spacing: 0) { ForEach(0..<40, id: \.self) { i in Text("Line \(i)").frame(height: 44) } } }
                }
        }
    }

    @Test("In a sheet a drag scrolls the content; a pull down with the content at its top moves the sheet, which dismisses")
    func sheet() throws {
        let log = Log()
        let host = try ViewHost(Screen(log: log), device: .iPhone13)
        try host.tap("Open")
        try host.settle()
        func offset() -> Double { host.pass.scrollInfos.last!.offset.y }
        try host.drag(from: CGPoint(x: 195, y: 600), to: CGPoint(x: 195, y: 400), duration: 0.3, profile: .easeOut)
        try host.settle()
        #expect(offset() > 150 && log.dismissed == 0, "\(offset())")
        // Down while scrolled: it scrolls back (to the top, where it rubber-bands and returns).
        try host.drag(from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 700), duration: 0.3, profile: .easeOut)
        try host.settle()
        #expect(offset() == 0 && log.dismissed == 0)
        // At the top a pull down is the sheet's.
        try host.drag(from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 600), duration: 0.2)
        try host.settle()
        #expect(log.dismissed == 1)
    }
}

@Suite("Nested and paging scroll views", .hangLimit)
struct ScrollDragNestingTests {
    /// A 200 pt tall horizontal carousel of five 300 pt cards at the top of a vertical page.
    struct Page: View {
        var paging = false
        var body: some View {
            ScrollView {
                VStack(spacing: 0) {
                    if paging { carousel.scrollTargetBehavior(.paging) } else { carousel }
                    Color.gray.frame(height: 1400)
                }
            }
        }
        var carousel: some View {
            ScrollView(.horizontal) {
                HStack(spacing: 0) { ForEach(0..<5, id: \.self) { i in Color.blue.opacity(0.2 * Double(i + 1)).frame(width: paging ? 390 : 300) } }
            }
            .frame(height: 200)
        }
    }

    @Test("A vertical drag on a horizontal carousel scrolls the page; a horizontal one scrolls the carousel")
    func directions() throws {
        let host = try ViewHost(Page(), size: CGSize(width: 390, height: 600))
        _ = try host.displayList()
        func offsets() -> (page: Double, carousel: Double) {
            let infos = host.pass.scrollInfos
            return (infos.first { $0.vertical }!.offset.y, infos.first { $0.horizontal }!.offset.x)
        }
        try host.drag(from: CGPoint(x: 200, y: 150), to: CGPoint(x: 210, y: 50), duration: 0.3, profile: .easeOut)
        try host.settle()
        // 100 pt up, less the 10.8 pt before the content follows (an ease-out's second sample),
        // plus the short coast of its slow release.
        #expect(offsets().page > 88 && offsets().page < 96 && offsets().carousel == 0, "\(offsets())")
        let fresh = try ViewHost(Page(), size: CGSize(width: 390, height: 600))
        _ = try fresh.displayList()
        try fresh.drag(from: CGPoint(x: 300, y: 100), to: CGPoint(x: 100, y: 110), duration: 0.3, profile: .easeOut)
        try fresh.settle()
        let carousel = fresh.pass.scrollInfos.first { $0.horizontal }!.offset.x, page = fresh.pass.scrollInfos.first { $0.vertical }!.offset.y
        #expect(page == 0 && carousel > 188 && carousel < 205, "\(page) \(carousel)")
    }

    @Test("Paging: a slow short drag springs back to its page, a flick goes on to the next, a slow long drag to the nearest")
    func paging() throws {
        let host = try ViewHost(Page(paging: true), size: CGSize(width: 390, height: 600))
        _ = try host.displayList()
        func page() -> Double { host.pass.scrollInfos.first { $0.horizontal }!.offset.x }
        try host.drag(from: CGPoint(x: 300, y: 100), to: CGPoint(x: 200, y: 100), duration: 0.5, profile: .easeOut)
        try host.settle()
        #expect(page() == 0)
        try host.drag(from: CGPoint(x: 300, y: 100), to: CGPoint(x: 250, y: 100), duration: 0.1, profile: .easeIn)
        #expect(page() > 0 && page() < 390)
        try host.settle()
        #expect(page() == 390)
        try host.drag(from: CGPoint(x: 350, y: 100), to: CGPoint(x: 50, y: 100), duration: 0.6, profile: .easeOut)
        try host.settle()
        #expect(page() == 780)
    }
}
