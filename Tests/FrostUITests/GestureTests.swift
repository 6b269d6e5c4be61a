import FrostExamples
import FrostGeometry
import FrostImage
import FrostScene
import Testing

@testable import FrostUI

// Gestures driven by a host's scripted fingers, against hand-computed values: the 120 Hz
// samples of a linear drag give exact translations and velocities; hit testing and
// arbitration follow SwiftUI's rules (frontmost first, nearer gestures ahead, high priority
// and simultaneous gestures, masks, disabled views).

/// Everything a gesture callback saw, in order.
final class GestureLog {
    var events: [String] = []
    var drags: [DragGesture.Value] = []
    var ended: DragGesture.Value?
}

/// A 100×100 square at the host's top-leading corner with a drag on it; the square follows the
/// finger through `@GestureState`, which springs back in `resetTransaction`.
struct DragSquare: View {
    let log: GestureLog
    var reset = Transaction()
    @GestureState(resetTransaction: Transaction()) var offset = CGSize.zero
    init(log: GestureLog, reset: Transaction = Transaction()) {
        self.log = log; self.reset = reset
        _offset = GestureState(wrappedValue: .zero, resetTransaction: reset)
    }
    var body: some View {
        ZStack(alignment: .topLeading) {
            Rectangle().fill(Color.blue).frame(width: 100, height: 100)
                .offset(offset)
                .gesture(
                    DragGesture()
                        .updating($offset) { value, state, _ in state = value.translation }
                        .onChanged { log.drags.append($0) }
                        .onEnded { log.ended = $0 })
        }
        .frame(width: 400, height: 400, alignment: .topLeading)
    }
}

/// Frames of the shapes, host points.
private func squares(_ host: ViewHost<some View>) throws -> [Rect] { shapeFrames(try host.displayList()) }

@Suite("Gestures", .hangLimit)
struct GestureTests {
    @Test("A linear drag: recognised past 10 pt, exact translation, velocity and predicted end; @GestureState resets")
    func linearDrag() throws {
        let log = GestureLog()
        let host = try ViewHost(DragSquare(log: log), size: CGSize(width: 400, height: 400))
        try host.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 50, y: 350), duration: 0.5)
        // 600 pt/s sampled at 120 Hz: 5 pt a sample, so the third sample (10 pt) starts it;
        // samples 2…59 change it, sample 60 (t = 0.5 s) ends it.
        #expect(log.drags.count == 58)
        let first = try #require(log.drags.first)
        #expect(first.translation == CGSize(width: 0, height: 10))
        #expect(abs(first.time.timeIntervalSince(HostCore.timerEpoch) - 2.0 / 120) < 1e-9)
        let end = try #require(log.ended)
        #expect(end.startLocation == CGPoint(x: 50, y: 50))
        #expect(abs(end.translation.height - 300) < 1e-9 && end.translation.width == 0)
        #expect(abs(end.velocity.height - 600) < 1e-6, "velocity \(end.velocity)")
        #expect(abs(end.predictedEndLocation.y - (350 + 600 * 0.499)) < 1e-6)
        #expect(host.now == 0.5)
        // Released: the square is back (the state reset without animation).
        #expect(try squares(host) == [Rect(x: 0, y: 0, width: 100, height: 100)])
    }

    @Test("A zero-length drag jumps from its start to its end: translation whole, velocity zero")
    func instantDrag() throws {
        let log = GestureLog()
        let host = try ViewHost(DragSquare(log: log), size: CGSize(width: 400, height: 400))
        try host.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 50, y: 150), duration: 0)
        let end = try #require(log.ended)
        #expect(end.translation == CGSize(width: 0, height: 100) && end.velocity == .zero)
        #expect(host.now == 0)
    }

    @Test("Mid-drag frames show the square under the finger, deterministically in any order")
    func midDragFrames() throws {
        let log = GestureLog()
        let host = try ViewHost(DragSquare(log: log), size: CGSize(width: 400, height: 400))
        try host.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 250, y: 50), duration: 0.5, at: 0.1)
        let mid = try host.displayList(at: 0.35)  // 0.25 s into the drag: 100 pt
        #expect(shapeFrames(mid) == [Rect(x: 100, y: 0, width: 100, height: 100)])
        let later = try host.frame(at: 0.5)
        let early = try host.frame(at: 0.35)
        let again = try host.frame(at: 0.35)
        #expect(early == again && early != later)
        #expect(shapeFrames(try host.displayList(at: 0.7)) == [Rect(x: 0, y: 0, width: 100, height: 100)])
    }

    @Test("Released with an animated reset transaction, the view springs back over time")
    func animatedReset() throws {
        let log = GestureLog()
        let host = try ViewHost(DragSquare(log: log, reset: Transaction(animation: .linear(duration: 1))), size: CGSize(width: 400, height: 400))
        try host.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 50, y: 250), duration: 0.25)
        // `updating` last ran at the last move, 1/120 s before the release (200 − 800/120 pt):
        // half of that is left half way through the 1 s reset.
        let half = shapeFrames(try host.displayList(at: 0.75))
        #expect(half.count == 1 && abs(half[0].minY - (200 - 800.0 / 120) / 2) < 1e-6, "half way back: \(half)")
        #expect(shapeFrames(try host.displayList(at: 1.5)) == [Rect(x: 0, y: 0, width: 100, height: 100)])
    }

    @Test("Velocity profiles: an ease-in flick leaves at about twice the average speed, an ease-out at rest")
    func profiles() throws {
        for (profile, expected) in [(DragProfile.easeIn, 1200.0 * (1 - 1.0 / 120)), (.easeOut, 1200.0 / 120), (.linear, 600)] {
            let log = GestureLog()
            let host = try ViewHost(DragSquare(log: log), size: CGSize(width: 400, height: 400))
            try host.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 50, y: 350), duration: 0.5, profile: profile)
            let v = try #require(log.ended).velocity.height
            // Finite difference over the last 1/120 s of y = 300·f(t/0.5).
            #expect(abs(v - expected) < 1e-6, "\(profile): \(v) vs \(expected)")
        }
    }

    @Test("A touch lands on the frontmost view; allowsHitTesting(false) lets it through; shapes count inside their fill")
    func hitTesting() throws {
        final class Box { var hits: [String] = [] }
        struct Stack: View {
            let box: Box
            let passThrough: Bool
            var body: some View {
                ZStack(alignment: .topLeading) {
                    Rectangle().fill(Color.red).frame(width: 200, height: 200).onTapGesture { box.hits.append("back") }
                    Circle().fill(Color.green).frame(width: 100, height: 100).onTapGesture { box.hits.append("circle") }
                        .allowsHitTesting(!passThrough)
                    Circle().fill(Color.blue).frame(width: 60, height: 60).contentShape(Rectangle())
                        .onTapGesture { box.hits.append("square") }
                        .offset(x: 140, y: 140)
                }
                .frame(width: 300, height: 300, alignment: .topLeading)
            }
        }
        let box = Box()
        let host = try ViewHost(Stack(box: box, passThrough: false), size: CGSize(width: 300, height: 300))
        try host.tap(at: CGPoint(x: 50, y: 50))  // the circle's centre
        try host.tap(at: CGPoint(x: 5, y: 5))  // the circle's frame, outside its fill: the back
        try host.tap(at: CGPoint(x: 142, y: 142))  // the offset circle's corner, inside its content shape
        try host.tap(at: CGPoint(x: 250, y: 250))  // nothing there
        #expect(box.hits == ["circle", "back", "square"])
        let through = Box()
        let other = try ViewHost(Stack(box: through, passThrough: true), size: CGSize(width: 300, height: 300))
        try other.tap(at: CGPoint(x: 50, y: 50))
        #expect(through.hits == ["back"])
    }

    @Test("A button inside a dragged view: a tap presses it, a drag moves the view and not the button")
    func buttonInsideDrag() throws {
        final class Box { var pressed = 0; var dragged: CGSize? }
        struct Card: View {
            let box: Box
            var body: some View {
                VStack { Button("Press") { box.pressed += 1 }.frame(width: 100, height: 44) }
                    .frame(width: 300, height: 300)
                    .background(Color.gray)
                    .gesture(DragGesture().onEnded { box.dragged = $0.translation })
            }
        }
        let box = Box()
        let host = try ViewHost(Card(box: box), size: CGSize(width: 300, height: 300))
        try host.tap(at: CGPoint(x: 150, y: 150))
        #expect(box.pressed == 1 && box.dragged == nil)
        try host.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 150, y: 250))
        #expect(box.pressed == 1)
        #expect(box.dragged == CGSize(width: 0, height: 100))
    }

    @Test("highPriorityGesture on a container beats the inner tap; simultaneousGesture runs alongside it")
    func priorities() throws {
        final class Box { var log: [String] = [] }
        struct Nested: View {
            let box: Box
            let high: Bool
            var body: some View {
                let inner = Rectangle().fill(Color.red).frame(width: 100, height: 100).onTapGesture { box.log.append("inner") }
                    .frame(width: 200, height: 200).background(Color.gray)
                return Group {
                    if high {
                        inner.highPriorityGesture(TapGesture().onEnded { box.log.append("outer") })
                    } else {
                        inner.simultaneousGesture(TapGesture().onEnded { box.log.append("outer") })
                    }
                }
            }
        }
        let high = Box()
        try ViewHost(Nested(box: high, high: true), size: CGSize(width: 200, height: 200)).tap(at: CGPoint(x: 100, y: 100))
        #expect(high.log == ["outer"])
        let both = Box()
        try ViewHost(Nested(box: both, high: false), size: CGSize(width: 200, height: 200)).tap(at: CGPoint(x: 100, y: 100))
        #expect(both.log.sorted() == ["inner", "outer"])
    }

    @Test("Long press: pressing, then perform at 0.5 s; a quick tap on the same view taps instead")
    func longPress() throws {
        final class Box { var log: [String] = [] }
        struct Pressable: View {
            let box: Box
            var body: some View {
                Rectangle().fill(Color.red).frame(width: 100, height: 100)
                    .onTapGesture { box.log.append("tap") }
                    .onLongPressGesture(minimumDuration: 0.5) {
                        box.log.append("long")
                    } onPressingChanged: {
                        box.log.append("pressing \($0)")
                    }
            }
        }
        let box = Box()
        let host = try ViewHost(Pressable(box: box), size: CGSize(width: 100, height: 100))
        try host.longPress(at: CGPoint(x: 50, y: 50), duration: 0.8)
        #expect(box.log == ["pressing true", "long", "pressing false"], "\(box.log)")
        box.log = []
        try host.tap(at: CGPoint(x: 50, y: 50))
        #expect(box.log == ["tap"], "\(box.log)")
        // Moving away fails the press.
        box.log = []
        try host.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 50, y: 90), duration: 0.8)
        #expect(!box.log.contains("long"))
    }

    @Test("Pinch and rotate: magnification and angle from two fingers")
    func twoFingers() throws {
        final class Box { var scale: CGFloat = 0; var angle = Angle.zero; var anchor = UnitPoint.zero }
        struct Photo: View {
            let box: Box
            var body: some View {
                Rectangle().fill(Color.red).frame(width: 300, height: 300)
                    .gesture(
                        MagnifyGesture().onEnded {
                            box.scale = $0.magnification; box.anchor = $0.startAnchor
                        }
                    )
                    .simultaneousGesture(RotationGesture().onEnded { box.angle = $0 })
            }
        }
        let box = Box()
        let host = try ViewHost(Photo(box: box), size: CGSize(width: 300, height: 300))
        try host.pinch(at: CGPoint(x: 150, y: 150), scale: 2)
        #expect(abs(box.scale - 2) < 1e-9)
        #expect(abs(box.anchor.x - 0.5) < 1e-9 && abs(box.anchor.y - 0.5) < 1e-9)
        try host.rotate(at: CGPoint(x: 150, y: 150), by: .degrees(90))
        #expect(abs(box.angle.degrees - 90) < 1e-9)
    }

    @Test("Exclusive and simultaneous values: a double-tap gesture fails on one tap and the single tap wins")
    func combined() throws {
        final class Box { var log: [String] = [] }
        struct Taps: View {
            let box: Box
            var body: some View {
                Rectangle().fill(Color.red).frame(width: 100, height: 100)
                    .gesture(
                        TapGesture(count: 2).map { "double" }.exclusively(before: TapGesture().map { "single" })
                            .onEnded { value in
                                switch value {
                                case .first(let s), .second(let s): box.log.append(s)
                                }
                            })
            }
        }
        let box = Box()
        let host = try ViewHost(Taps(box: box), size: CGSize(width: 100, height: 100))
        try host.tap(at: CGPoint(x: 50, y: 50))
        // The single tap waits for a second tap that does not come.
        #expect(box.log.isEmpty)
        try host.advance(by: 0.4)
        #expect(box.log == ["single"])
        box.log = []
        try host.tap(at: CGPoint(x: 50, y: 50), count: 2)
        try host.advance(by: 1)
        #expect(box.log == ["double"])
    }

    @Test("A single tap behind a double tap waits 0.35 s for the second; a double tap runs only the double; a tap elsewhere lets the wait end at once")
    func singleWaitsForDouble() throws {
        final class Box { var log: [(String, Double)] = [] }
        struct Taps: View {
            let box: Box
            let now: () -> Double
            var body: some View {
                HStack(spacing: 0) {
                    Color.red.frame(width: 100, height: 100)
                        .onTapGesture(count: 2) { box.log.append(("double", now())) }
                        .onTapGesture { box.log.append(("single", now())) }
                    Color.blue.frame(width: 100, height: 100).onTapGesture { box.log.append(("blue", now())) }
                }
            }
        }
        let box = Box()
        var clock: () -> Double = { 0 }
        let host = try ViewHost(Taps(box: box, now: { clock() }), size: CGSize(width: 200, height: 100))
        clock = { host.now }
        try host.tap(at: CGPoint(x: 50, y: 50))
        let released = host.now
        #expect(box.log.isEmpty)
        try host.settle()
        #expect(box.log.map(\.0) == ["single"])
        #expect(abs(box.log[0].1 - (released + HostCore.multiTapInterval)) < 1e-9, "counted when the wait ran out")
        box.log = []
        try host.tap(at: CGPoint(x: 50, y: 50), count: 2)
        try host.settle()
        #expect(box.log.map(\.0) == ["double"])
        // A tap on another view during the wait: the held tap counts first, at once.
        box.log = []
        try host.tap(at: CGPoint(x: 50, y: 50))
        try host.tap(at: CGPoint(x: 150, y: 50))
        try host.settle()
        #expect(box.log.map(\.0) == ["single", "blue"])
        // A lone single tap (no double tap on the view) counts at the release.
        box.log = []
        try host.tap(at: CGPoint(x: 150, y: 50))
        #expect(box.log.map(\.0) == ["blue"])
    }

    @Test("A disabled view's gestures do not run; a mask without .gesture leaves it off")
    func disabledAndMasks() throws {
        final class Box { var taps = 0 }
        let box = Box()
        let disabled = Rectangle().fill(Color.red).frame(width: 100, height: 100).onTapGesture { box.taps += 1 }.disabled(true)
        try ViewHost(disabled, size: CGSize(width: 100, height: 100)).tap(at: CGPoint(x: 50, y: 50))
        let masked = Rectangle().fill(Color.red).frame(width: 100, height: 100)
            .gesture(TapGesture().onEnded { box.taps += 1 }, including: .subviews)
        try ViewHost(masked, size: CGSize(width: 100, height: 100)).tap(at: CGPoint(x: 50, y: 50))
        #expect(box.taps == 0)
    }

    @Test("A drag by a view's name starts at its centre; bad touches are typed errors")
    func byNameAndErrors() throws {
        let log = GestureLog()
        let host = try ViewHost(DragSquare(log: log), size: CGSize(width: 400, height: 400))
        #expect(throws: ViewHostError.self) { try host.drag("Nothing", by: CGSize(width: 10, height: 0)) }
        #expect(throws: ViewHostError.self) { try host.drag(from: .zero, to: CGPoint(x: 1, y: 1), duration: -1) }
        #expect(throws: ViewHostError.self) { try host.drag(from: .zero, to: CGPoint(x: CGFloat.nan, y: 1)) }
        #expect(throws: ViewHostError.self) { try host.tap(at: .zero, count: 0) }
        #expect(throws: ViewHostError.self) { try host.pinch(at: .zero, scale: 0) }
        #expect(log.drags.isEmpty && host.now == 0)
    }

    @Test("A custom Gesture with a body is recognised as its body: a long press then a drag, its Value inferred")
    func customGestureBody() throws {
        final class Box { var pressed = 0; var moved: [CGSize] = []; var taps = 0 }
        let box = Box()
        // As apps write them: no `Value` typealias (it is the body's), the body a composed gesture.
        struct PressThenDrag: Gesture {
            var body: SequenceGesture<LongPressGesture, DragGesture> {
                LongPressGesture(minimumDuration: 0.3).sequenced(before: DragGesture(minimumDistance: 0))
            }
        }
        struct Tapper: Gesture {
            let box: Box
            var body: some Gesture { TapGesture().onEnded { box.taps += 1 } }
        }
        let view = Rectangle().fill(Color.blue).frame(width: 100, height: 100)
            .gesture(
                PressThenDrag().onChanged { value in
                    if case .second(true, let drag?) = value { box.moved.append(drag.translation) }
                }.onEnded { _ in box.pressed += 1 }
            )
            .frame(width: 300, height: 300)
        let host = try ViewHost(view, size: CGSize(width: 300, height: 300))
        // A quick drag fails the long press: nothing.
        try host.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 150, y: 200), duration: 0.1)
        #expect(box.moved.isEmpty && box.pressed == 0)
        // Held 0.4 s: past 0.3 s the drag (no minimum distance) takes over, still, and the
        // release ends the sequence.
        try host.longPress(at: CGPoint(x: 150, y: 150), duration: 0.4)
        #expect(box.pressed == 1 && !box.moved.isEmpty && box.moved.allSatisfy { $0 == .zero })
        let tapHost = try ViewHost(
            Rectangle().fill(Color.red).frame(width: 100, height: 100).gesture(Tapper(box: box)), size: CGSize(width: 100, height: 100))
        try tapHost.tap(at: CGPoint(x: 50, y: 50))
        #expect(box.taps == 1)
        #expect(PressThenDrag()._tapAction == nil && Tapper(box: box)._tapAction != nil)
    }
}

@Suite("Drag-driven blur", .hangLimit)
struct PullDownBlurTests {
    @Test("PullDownBlur: the blur follows the finger and springs back to sharp after the release")
    func followsAndSpringsBack() throws {
        let photo = FrostUI.Image(pixels: try FrostImage.Image(width: 40, height: 30, fill: RGBA8(30, 120, 200, 255)))
        let host = try ViewHost(PullDownBlur(photo: photo), size: CGSize(width: 390, height: 260))
        #expect(blurRadius(try host.displayList()) == 0)
        // Down 150 pt in 0.5 s at constant speed, from 0.1 s; minimumDistance 0 follows at once.
        try host.drag(from: CGPoint(x: 195, y: 40), to: CGPoint(x: 195, y: 190), duration: 0.5, at: 0.1)
        // 0.25 s in: 75 pt pulled, σ = 20 × 75 / 200.
        #expect(abs(blurRadius(try host.displayList(at: 0.35)) - 7.5) < 1e-9)
        // Just before the release (the last move, 1/120 s early): 147.5 pt.
        let held = blurRadius(try host.displayList(at: 0.6 - 1e-6))
        #expect(abs(held - 20 * 147.5 / 200) < 1e-9, "\(held)")
        // Released still moving down at 300 pt/s: the spring carries the blur on a little first…
        let after = blurRadius(try host.displayList(at: 0.63))
        #expect(after > 20 * 147.5 / 200 - 0.5, "\(after)")
        // …then settles back to sharp.
        #expect(blurRadius(try host.displayList(at: 2.5)) < 0.01)
        // The same frames on a replay.
        #expect(try host.frame(at: 0.35) == (try host.frame(at: 0.35)))
        // Springing back from a blur the finger set is a state cleared, not a bridge held.
        try host.advance(to: 2.5)
        #expect(host.blurDiagnostics.isEmpty, "\(host.blurDiagnostics)")
        // A flick (released fast, the blur carried on up first), recorded frame by frame.
        let flick = try ViewHost(PullDownBlur(photo: photo), size: CGSize(width: 390, height: 260))
        try flick.drag(from: CGPoint(x: 195, y: 40), to: CGPoint(x: 195, y: 220), duration: 0.6, profile: .easeIn, at: 0.2)
        _ = try flick.record(from: 0, to: 1.6, fps: 30)
        #expect(flick.blurDiagnostics.isEmpty, "\(flick.blurDiagnostics)")
    }
}

/// Each text a host draws, by its string, and its frame (host points).
func textFrames(_ host: ViewHost<some View>) throws -> [String: Rect] {
    var out: [String: Rect] = [:]
    for leaf in leaves(try host.displayList()) { if case .text(let t) = leaf.content { out[t.string] = leaf.frame } }
    return out
}

@Suite("Swipe to delete", .hangLimit)
struct SwipeToDeleteTests {
    struct Fruits: View {
        @State var items = ["Apple", "Banana", "Cherry"]
        var body: some View {
            List {
                ForEach(items, id: \.self) { Text($0) }
                    .onDelete { items.remove(atOffsets: $0) }
            }
        }
    }

    func texts(_ host: ViewHost<Fruits>) throws -> [String: Rect] { try textFrames(host) }

    @Test("A swipe left opens the row over a 74 pt red Delete; tapping it deletes that row; a short swipe springs shut")
    func swipeOpenAndDelete() throws {
        let host = try ViewHost(Fruits(), device: .iPhone15Pro)
        let banana = try #require(try texts(host)["Banana"])
        // A short drag: the row springs back, nothing to tap.
        try host.drag(from: CGPoint(x: 300, y: banana.midY), to: CGPoint(x: 280, y: banana.midY), duration: 0.2, profile: .easeOut)
        try host.settle()
        #expect(throws: ViewHostError.self) { try host.tap("Delete") }
        // 200 pt left, released at rest: open (past half of 74 pt, short of a full swipe).
        try host.drag(from: CGPoint(x: 300, y: banana.midY), to: CGPoint(x: 100, y: banana.midY), duration: 0.3, profile: .easeOut)
        try host.settle()
        let open = try texts(host)
        let delete = try #require(open["Delete"])
        #expect(abs(open["Banana"]!.minX - (banana.minX - 74)) < 0.05)
        #expect(abs(delete.midY - banana.midY) < 1)
        #expect(shapes(try host.displayList()).contains { abs($0.frame.width - 74) < 1e-6 && "\($0.shape.fill.map { "\($0)" } ?? "")".contains("FF3B30") })
        try host.tap("Delete")
        try host.settle()
        let after = try texts(host)
        #expect(after["Banana"] == nil && after["Apple"] != nil && after["Cherry"] != nil && after["Delete"] == nil)
    }

    @Test("A full swipe across most of the row deletes it at once")
    func fullSwipe() throws {
        let host = try ViewHost(Fruits(), device: .iPhone15Pro)
        let cherry = try #require(try texts(host)["Cherry"])
        try host.drag(from: CGPoint(x: 340, y: cherry.midY), to: CGPoint(x: 20, y: cherry.midY), duration: 0.25, profile: .linear)
        try host.settle()
        #expect(try texts(host)["Cherry"] == nil)
    }
}

@Suite("Edit mode", .hangLimit)
struct EditModeTests {
    struct Fruits: View {
        @State var items = ["Apple", "Banana", "Cherry"]
        var body: some View {
            NavigationStack {
                List {
                    ForEach(items, id: \.self) { Text($0) }
                        .onDelete { items.remove(atOffsets: $0) }
                    Text("Not deletable")
                }
                .navigationTitle("Fruit")
                .toolbar { EditButton() }
            }
        }
    }

    func texts(_ host: ViewHost<some View>) throws -> [String: Rect] { try textFrames(host) }
    func minusCircles(_ host: ViewHost<some View>) throws -> [Rect] {
        leaves(try host.displayList()).compactMap { if case .shape(let s) = $0.content, s.name == "symbol minus.circle.fill" { $0.frame } else { nil } }
    }

    @Test("EditButton toggles Edit/Done; deletable rows show a red minus circle and move 38 pt right; the minus opens Delete; Done closes")
    func editButtonDeletes() throws {
        let host = try ViewHost(Fruits(), device: .iPhone15Pro)
        let rest = try texts(host)
        #expect(rest["Edit"] != nil && rest["Done"] == nil)
        #expect(try minusCircles(host).isEmpty)
        try host.tap("Edit")
        try host.settle()
        let editing = try texts(host)
        #expect(editing["Done"] != nil && editing["Edit"] == nil)
        let circles = try minusCircles(host)
        #expect(circles.count == 3, "one control per deletable row, none for the plain row")
        #expect(abs(editing["Banana"]!.minX - (rest["Banana"]!.minX + 38)) < 0.05)
        #expect(abs(editing["Not deletable"]!.minX - rest["Not deletable"]!.minX) < 0.05)
        // Swiping is off while editing.
        let banana = editing["Banana"]!
        try host.drag(from: CGPoint(x: 300, y: banana.midY), to: CGPoint(x: 100, y: banana.midY), duration: 0.3, profile: .easeOut)
        try host.settle()
        #expect(try texts(host)["Delete"] == nil)
        // The minus opens the row to its Delete button, which deletes.
        let minus = circles.sorted { $0.midY < $1.midY }[1]
        try host.tap(at: CGPoint(x: minus.midX, y: minus.midY))
        try host.settle()
        #expect(try texts(host)["Delete"] != nil)
        try host.tap("Delete")
        try host.settle()
        let afterDelete = try texts(host)
        #expect(afterDelete["Banana"] == nil)
        #expect(try minusCircles(host).count == 2)
        // Open a row again, then Done: editing ends and the row closes.
        let apple = try minusCircles(host).sorted { $0.midY < $1.midY }[0]
        try host.tap(at: CGPoint(x: apple.midX, y: apple.midY))
        try host.settle()
        try host.tap("Done")
        try host.settle()
        let done = try texts(host)
        #expect(done["Edit"] != nil && done["Delete"] == nil)
        #expect(try minusCircles(host).isEmpty)
        #expect(abs(done["Apple"]!.minX - rest["Apple"]!.minX) < 0.05)
    }

    @Test("An ancestor's editMode binding drives the rows; outside a stack EditButton does nothing")
    func ancestorBinding() throws {
        struct Outer: View {
            @State var mode = EditMode.active
            var body: some View {
                NavigationStack {
                    List { ForEach(["One", "Two"], id: \.self) { Text($0) }.onDelete { _ in } }
                }
                .environment(\.editMode, $mode)
            }
        }
        let host = try ViewHost(Outer(), device: .iPhone15Pro)
        #expect(try minusCircles(host).count == 2)
        let lone = try ViewHost(EditButton(), size: CGSize(width: 100, height: 44))
        try lone.tap("Edit")
        #expect(try texts(lone)["Edit"] != nil)
    }
}
