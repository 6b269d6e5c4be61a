import Foundation
import Testing
import FrostGeometry
import FrostScene
@testable import FrostUI
import FrostTestSupport

/// Right-to-left layout: SwiftUI's `\.layoutDirection` mirrors positions (stacks, padding,
/// alignment) and leaves the drawing of text and images alone, except symbols that follow the
/// direction and views that ask to flip.
@Suite("Right-to-left layout", .hangLimit)
struct LayoutDirectionTests {
    struct Row: View {
        var body: some View {
            HStack(spacing: 10) {
                Text("One")
                Text("Two")
                Spacer()
            }
            .padding(.leading, 20)
            .frame(width: 300)
        }
    }

    /// Every transform effect's matrix in a display list.
    func transforms(_ list: DisplayList) -> [AffineTransform2D] {
        list.items.flatMap { item -> [AffineTransform2D] in
            switch item.content {
            case .effect(.transform(let t), let c): [t] + transforms(c)
            case .effect(_, let c), .group(let c): transforms(c)
            default: []
            }
        }
    }

    @Test("a stack runs leftwards from the leading padding at the right; positions mirror across the frame")
    func stacksMirror() throws {
        let size = CGSize(width: 300, height: 60)
        let ltr = try textFrames(try ViewHost(Row(), size: size))
        let rtl = try textFrames(try ViewHost(Row().environment(\.layoutDirection, .rightToLeft), size: size))
        let one = try #require(ltr["One"]), two = try #require(ltr["Two"])
        #expect(one.minX == 20 && two.minX > one.maxX)
        for name in ["One", "Two"] {
            let l = try #require(ltr[name]), r = try #require(rtl[name])
            #expect(abs(r.minX - (300 - l.maxX)) < 1e-9 && r.minY == l.minY && r.width == l.width, "\(name): \(l) → \(r)")
        }
        #expect(try #require(rtl["One"]).maxX == 280)
    }

    @Test("a part set back to left to right reads left to right inside its mirrored place")
    func nestedDirections() throws {
        let view = HStack(spacing: 0) {
            Text("Start").frame(width: 100)
            HStack(spacing: 0) {
                Text("A").frame(width: 50)
                Text("B").frame(width: 50)
            }
            .environment(\.layoutDirection, .leftToRight)
            Spacer()
        }
        .frame(width: 300)
        .environment(\.layoutDirection, .rightToLeft)
        let f = try textFrames(try ViewHost(view, size: CGSize(width: 300, height: 40)))
        // "Start" leads at the right (200–300); the pair takes the next 100 pt (100–200) with
        // A on its left, as left to right puts it.
        #expect(try #require(f["Start"]).midX == 250)
        let a = try #require(f["A"]), b = try #require(f["B"])
        #expect(abs(a.midX - 125) <= 1 && abs(b.midX - 175) <= 1, "\(a) \(b)")
    }

    @Test("multi-line text aligns leading at the right; the text itself is not mirrored")
    func textAlignment() throws {
        let view = Text("A line long enough to wrap onto a second line").frame(width: 120).environment(\.layoutDirection, .rightToLeft)
        let list = try ViewHost(view, size: CGSize(width: 200, height: 200)).displayList()
        let texts = leaves(list).compactMap { if case .text(let t) = $0.content { t } else { nil } }
        #expect(texts.count == 1 && texts[0].alignment == .trailing)
        #expect(transforms(list).allSatisfy { $0.a == 1 }, "no mirroring transform on text")
        let ltr = leaves(
            try ViewHost(Text("A line long enough to wrap onto a second line").frame(width: 120), size: CGSize(width: 200, height: 200)).displayList())
        #expect(ltr.contains { if case .text(let t) = $0.content { t.alignment == .leading } else { false } })
    }

    @Test("direction-following symbols and flipsForRightToLeftLayoutDirection draw mirrored; left/right symbols do not")
    func symbolsFlip() throws {
        func mirrored(_ view: some View) throws -> Bool {
            transforms(try ViewHost(view.environment(\.layoutDirection, .rightToLeft), size: CGSize(width: 100, height: 100)).displayList())
                .contains { $0.a == -1 && $0.d == 1 }
        }
        #expect(try mirrored(Image(systemName: "chevron.forward")))
        #expect(try mirrored(Image(systemName: "arrow.backward")))
        #expect(try !mirrored(Image(systemName: "chevron.right")))
        #expect(try mirrored(Color.red.frame(width: 10, height: 10).flipsForRightToLeftLayoutDirection(true)))
        #expect(try !mirrored(Color.red.frame(width: 10, height: 10).flipsForRightToLeftLayoutDirection(false)))
        // Left to right, nothing flips.
        let ltr = try ViewHost(Image(systemName: "chevron.forward").flipsForRightToLeftLayoutDirection(true), size: CGSize(width: 100, height: 100))
        #expect(transforms(try ltr.displayList()).allSatisfy { $0.a == 1 })
    }

    @Test("gestures read the mirrored space: a drag rightwards is a negative translation, locations count from the right")
    func gesturesReadTheMirroredSpace() throws {
        final class Seen { var translation: CGFloat = 0, start: CGFloat = -1 }
        let seen = Seen()
        let view = Color.blue.frame(width: 200, height: 100)
            .gesture(
                DragGesture(minimumDistance: 1).onEnded {
                    seen.translation = $0.translation.width; seen.start = $0.startLocation.x
                })
        let host = try ViewHost(view.environment(\.layoutDirection, .rightToLeft), size: CGSize(width: 200, height: 100))
        try host.drag(from: CGPoint(x: 30, y: 50), to: CGPoint(x: 130, y: 50), duration: 0.3)
        #expect(abs(seen.translation - -100) < 1e-9 && abs(seen.start - 170) < 1e-9, "\(seen.translation), \(seen.start)")
        // Left to right, the same drag is +100 from x = 30.
        let ltr = try ViewHost(view, size: CGSize(width: 200, height: 100))
        try ltr.drag(from: CGPoint(x: 30, y: 50), to: CGPoint(x: 130, y: 50), duration: 0.3)
        #expect(abs(seen.translation - 100) < 1e-9 && abs(seen.start - 30) < 1e-9)
    }

    @Test("position(x:y:) counts x from the parent's right edge")
    func positionMirrors() throws {
        let dot = Color(red: 1, green: 0, blue: 0).frame(width: 20, height: 20).position(x: 30, y: 50)
        let rtl = try ViewHost(dot.environment(\.layoutDirection, .rightToLeft), size: CGSize(width: 200, height: 100)).snapshot()
        let ltr = try ViewHost(dot, size: CGSize(width: 200, height: 100)).snapshot()
        #expect(rtl[170, 50].r == 255 && rtl[170, 50].g == 0 && rtl[30, 50].g == 255, "centred at x = 200 − 30")
        #expect(rtl[161, 50].g == 0 && rtl[158, 50].g == 255 && rtl[179, 50].g == 0 && rtl[181, 50].g == 255)
        #expect(ltr[30, 50].g == 0 && ltr[170, 50].g == 255)
    }

    @Test("a row's trailing swipe actions open with a drag rightwards and show at the left")
    func swipeActionsMirror() throws {
        struct Inbox: View {
            var body: some View {
                List {
                    Text("Message").swipeActions { Button("Archive") {} }
                }
                .environment(\.layoutDirection, .rightToLeft)
            }
        }
        let host = try ViewHost(Inbox(), size: CGSize(width: 390, height: 300))
        let row = try #require(try textFrames(host)["Message"])
        // Released at rest, past half the action's width and short of a full swipe: open.
        try host.drag(from: CGPoint(x: 100, y: row.midY), to: CGPoint(x: 250, y: row.midY), duration: 0.3, profile: .easeOut)
        try host.settle()
        let action = try #require(try textFrames(host)["Archive"], "the action is revealed")
        #expect(action.maxX < 120, "the action sits at the left: \(action)")
        let moved = try #require(try textFrames(host)["Message"])
        #expect(moved.minX > row.minX + 50, "the row slid right: \(row) → \(moved)")
    }

    @Test("a navigation stack's back button and a list row's chevron trade sides")
    func navigationMirrors() throws {
        struct Screens: View {
            var body: some View {
                NavigationStack {
                    List { NavigationLink("Detail", value: 1) }
                        .navigationTitle("Home")
                        .navigationDestination(for: Int.self) { _ in Text("Shown").navigationTitle("Detail") }
                }
                .environment(\.layoutDirection, .rightToLeft)
            }
        }
        let host = try ViewHost(Screens(), size: CGSize(width: 390, height: 844))
        let row = try #require(try textFrames(host)["Detail"])
        #expect(row.maxX > 300, "the row's label leads at the right: \(row)")
        try host.tap("Detail")
        try host.advance(by: 1)
        let back = try #require(try textFrames(host)["Home"], "the back button shows the previous title")
        #expect(back.minX > 195, "the back button sits at the right: \(back)")
    }
}
