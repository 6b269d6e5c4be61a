import Foundation
import FrostGeometry
import FrostScene

// The host's fingers: scripted touch sequences (drags with a velocity profile, taps, long
// presses, pinches, rotations) sampled at 120 Hz, iPhone's touch rate, as events in the
// transcript, so a recording shows them frame by frame and a replay gives the same bytes; and
// SwiftUI's gesture arbitration. At touch-down the views under the finger are hit-tested
// (HitTesting.swift) and their gestures collected, innermost first. A gesture is delivered
// (its callbacks run) when every gesture ahead of it has failed — ahead meaning nearer the
// touch, except that `highPriorityGesture`s go first, outermost first — or when it ends while
// none ahead is recognised (a long press held on a button wins over the button's tap).
// The first delivered gesture wins and the others are cancelled (their `@GestureState`
// resets); `simultaneousGesture`s are delivered regardless. A button or `onTapGesture` view
// takes part as a tap gesture. A tap that wins behind a multi-tap gesture (a double tap that
// this tap alone did not complete) waits: it counts ``HostCore/multiTapInterval`` after the
// release unless the next tap of the run comes first, which goes to the multi-tap gesture.

/// How a scripted finger moves from its start to its end over a drag's duration.
public enum DragProfile: String, Sendable, CaseIterable {
    /// At constant speed: the release velocity is distance / duration.
    case linear
    /// Accelerating from rest and slowing to rest (smoothstep): released at rest.
    case easeInOut
    /// Fast at first, slowing to rest (a quadratic ease-out): released at rest.
    case easeOut
    /// From rest, speeding up to the release (a quadratic ease-in): a flick, released at twice
    /// the average speed.
    case easeIn

    /// The fraction of the way covered at `t` (0…1) of the duration.
    func progress(_ t: Double) -> Double {
        switch self {
        case .linear: return t
        case .easeInOut: return t * t * (3 - 2 * t)
        case .easeOut: return 1 - (1 - t) * (1 - t)
        case .easeIn: return t * t
        }
    }
}

/// One event of a scripted touch sequence.
struct TouchEvent {
    /// Which sequence (numbered as scheduled: the same on every replay).
    let sequence: Int
    let phase: _GestureInput.Phase
    /// The fingers, host points.
    let points: [Point]
    let tapCount: Int
}

/// A gesture taking part in a touch sequence.
final class TouchEntry {
    let identity: SceneIdentity
    let slot: Int
    var gesture: AttachedGesture
    let node = _GestureNode()
    var place: HitHop
    init(identity: SceneIdentity, slot: Int, gesture: AttachedGesture, place: HitHop) {
        self.identity = identity; self.slot = slot; self.gesture = gesture; self.place = place
    }
    var simultaneous: Bool { gesture.priority == .simultaneous }
}

/// The touch sequences under way in this run: their gestures (in priority order) and winners.
final class TouchState: HostFeature {
    final class Sequence {
        let entries: [TouchEntry]
        var winner: TouchEntry?
        init(entries: [TouchEntry]) { self.entries = entries }
    }
    var sequences: [Int: Sequence] = [:]
    /// A tap waiting for a multi-tap gesture ahead of it to fail, and when it counts.
    var held: (entry: TouchEntry, deadline: Double)?
    init() {}
}

/// Numbers touch sequences as they are scheduled (outlives replays, so numbers stay unique).
final class TouchNumbering: HostFeature {
    var next = 0
    init() {}
}

extension HostCore {
    /// The rate scripted fingers are sampled at (Hz): an iPhone's touch panel reports at 120 Hz.
    public static let touchSampleRate = 120.0
    /// The longest scripted touch, seconds.
    public static let maxTouchDuration = 60.0
    /// How long a tap behind a double-tap gesture waits for the next tap (seconds). UIKit
    /// publishes no number; 0.35 s is what a double tap allows on iOS in practice.
    public static let multiTapInterval = 0.35

    /// Delivers the held tap (its time has come, or another touch began).
    func deliverHeldTap() {
        let touches = session.features[TouchState.self]
        guard let held = touches.held else { return }
        touches.held = nil
        held.entry.gesture.deliver(held.entry.node)
    }

    func newTouchSequence() -> Int {
        let numbering = lifetimeFeatures[TouchNumbering.self]
        defer { numbering.next += 1 }
        return numbering.next
    }

    /// Schedules a touch sequence: `fingers(t)` for t in 0…1 of `duration`, sampled at
    /// ``touchSampleRate`` from `start`; returns when it ends.
    @discardableResult
    func scheduleTouch(at start: Double, duration: Double, tapCount: Int = 1, _ fingers: (Double) -> [Point]) throws -> Double {
        guard duration.isFinite, duration >= 0, duration <= HostCore.maxTouchDuration else {
            throw ViewHostError.invalidTime("a touch lasts 0…\(Int(HostCore.maxTouchDuration)) s, got \(duration)")
        }
        let steps = max(1, Int((duration * HostCore.touchSampleRate - 1e-9).rounded(.up)))
        // The last sample lands exactly at the end; the others on the 120 Hz grid.
        let times = (0...steps).map { k in k == steps ? start + duration : start + Double(k) / HostCore.touchSampleRate }
        // The fraction of the way by sample index: a zero-length touch still ends where it ends.
        let samples = times.indices.map { k in fingers(k == steps ? 1 : duration > 0 ? min(1, (times[k] - start) / duration) : 0) }
        guard samples.allSatisfy({ $0.allSatisfy { p in p.x.isFinite && p.y.isFinite } }) else {
            throw ViewHostError.invalidSize("touch points must be finite")
        }
        let sequence = newTouchSequence()
        for (k, (time, points)) in zip(times, samples).enumerated() {
            let phase: _GestureInput.Phase = k == 0 ? .began : k == steps ? .ended : .moved
            try schedule(.touch(TouchEvent(sequence: sequence, phase: phase, points: points, tapCount: tapCount)), at: time)
        }
        return start + duration
    }

    /// Runs one event of a touch sequence at ``now``.
    func runTouch(_ event: TouchEvent) {
        let touches = session.features[TouchState.self]
        // A sequence that began on no gesture costs nothing per sample.
        guard event.phase == .began || touches.sequences[event.sequence] != nil else { return }
        let list = engine.displayList(at: now)
        let tester = HitTester(roots: engine.roots)
        if event.phase == .began {
            // The next tap of a run goes to the multi-tap gesture the held tap waited for; any
            // other touch lets the held tap count first.
            if touches.held != nil {
                if event.tapCount > 1 { touches.held = nil } else { deliverHeldTap() }
            }
            let path = tester.path(list, at: centroid(event.points)) ?? []
            var entries = gestureEntries(tester, path)
            // A touch on moving content catches it; the content's own gestures sit it out.
            if let caught = catchScrolls(on: path) {
                let pan = ObjectIdentifier(ScrollPanGesture.self)
                entries.removeAll { $0.identity.isDescendant(ofOrEqualTo: caught) && $0.gesture.type != pan }
            }
            touches.sequences[event.sequence] = TouchState.Sequence(entries: entries)
        }
        guard let sequence = touches.sequences[event.sequence], !sequence.entries.isEmpty else {
            touches.sequences[event.sequence] = nil
            return
        }
        if event.phase == .ended || event.phase == .cancelled { touches.sequences[event.sequence] = nil }
        for entry in sequence.entries where !entry.node.finished {
            // The newest value of the gesture (its closures see the newest view) and where its
            // view is drawn now.
            if let e = tester.elements[entry.identity], let g = attachedGestures(e).dropFirst(entry.slot).first, g.type == entry.gesture.type {
                entry.gesture = g
            }
            if let place = HitTester.locate(entry.identity, in: list) { entry.place = place }
            _ = entry.gesture.step(input(event, entry), entry.node)
        }
        if sequence.winner == nil, let winner = arbitrate(sequence.entries) {
            sequence.winner = winner
            for entry in sequence.entries where entry !== winner && !entry.simultaneous && !entry.node.finished {
                _ = entry.gesture.step(input(event, entry).cancelling, entry.node)
                entry.gesture.deliver(entry.node)
            }
        }
        if event.phase == .ended, let winner = sequence.winner, winner.node.finished, winner.node.recognised, waitsForMoreTaps(winner, in: sequence.entries) {
            touches.held = (winner, now + HostCore.multiTapInterval)
        }
        for entry in sequence.entries
        where entry.simultaneous || entry === sequence.winner || (entry.node.finished && !entry.node.recognised) {
            if let held = touches.held, held.entry === entry { continue }
            entry.gesture.deliver(entry.node)
        }
    }

    /// Whether `winner` must wait for more taps: a multi-tap gesture ahead of it (or inside it)
    /// failed only for want of taps.
    private func waitsForMoreTaps(_ winner: TouchEntry, in entries: [TouchEntry]) -> Bool {
        if winner.node.waitsForMoreTapsWithin { return true }
        for entry in entries where !entry.simultaneous {
            if entry === winner { return false }
            if entry.node.wantsMoreTapsWithin { return true }
        }
        return false
    }

    private func input(_ event: TouchEvent, _ entry: TouchEntry) -> _GestureInput {
        var toLocal = entry.place.toLocal
        if entry.gesture.rightToLeft {
            // x counts from the view's right edge (the mirrored space it was laid out in).
            toLocal = toLocal.concatenating(AffineTransform2D(scaleX: -1, y: 1)).concatenating(
                AffineTransform2D(translationX: entry.place.size.width, y: 0))
        }
        return _GestureInput(
            phase: event.phase, global: event.points, time: now, tapCount: event.tapCount, toLocal: toLocal,
            size: entry.place.size, spaces: entry.gesture.spaces.frames)
    }

    /// The gesture that wins now, if any: the first recognised one (in priority order) with
    /// every one ahead of it failed, or one that ended with none ahead recognised.
    private func arbitrate(_ entries: [TouchEntry]) -> TouchEntry? {
        var aheadRecognised = false, aheadPossible = false
        for entry in entries where !entry.simultaneous {
            let node = entry.node
            if node.recognised {
                let ended = node.finished
                if !aheadPossible && !aheadRecognised { return entry }
                if ended && !aheadRecognised { return entry }
                aheadRecognised = true
            } else if !node.finished {
                aheadPossible = true
            }
        }
        return nil
    }

    /// The gestures of the views under `point`, in priority order: high-priority ones from the
    /// outside in, then the others from the inside out (simultaneous ones last).
    private func gestureEntries(_ tester: HitTester, _ path: [HitHop]) -> [TouchEntry] {
        var collected: [TouchEntry] = []
        for hop in path {
            guard let e = tester.elements[hop.identity] else { continue }
            // A mask without `.subviews` turns off the gestures inside.
            if e.subviewGesturesOff { collected = [] }
            for (slot, g) in attachedGestures(e).enumerated() {
                collected.append(TouchEntry(identity: hop.identity, slot: slot, gesture: g, place: hop))
            }
        }
        let high = collected.filter { $0.gesture.priority == .high }.reversed()
        return high + collected.filter { $0.gesture.priority == .normal } + collected.filter(\.simultaneous)
    }

    /// An element's gestures; a button or tap target without any takes part as a tap gesture,
    /// and a scroll view's pan comes after the gestures attached to it.
    private func attachedGestures(_ e: Element) -> [AttachedGesture] {
        var attached = e.gestures
        if attached.isEmpty, let tap = e.tap { attached = [AttachedGesture(TapGesture().onEnded(tap.action), priority: .normal)] }
        if let scroll = e.scroll { attached.append(scroll.pan) }
        return attached
    }

    /// The centre of the live view named `name` (as ``ViewHost/view(_:)`` finds it), host points.
    func centre(of name: String) throws -> Point {
        let e = try findView(name)
        guard let place = HitTester.locate(e.identity, in: engine.displayList(at: now)), let back = place.toLocal.inverted else {
            throw ViewHostError.noView(name: name, candidates: [])
        }
        return back.apply(to: Point(x: place.size.width / 2, y: place.size.height / 2))
    }
}

extension ViewHost {
    /// Drags one finger from `start` to `end` (host points) over `duration` seconds (0…60),
    /// moving as `profile` says, sampled at 120 Hz, starting now; the clock ends at the release.
    public func drag(from start: CGPoint, to end: CGPoint, duration: Double = 0.3, profile: DragProfile = .linear) throws {
        try process(until: now)
        try finishTouch(at: try scheduleDrag(from: start, to: end, duration: duration, profile: profile, at: now))
    }

    /// Schedules a drag starting at `time` (seconds).
    public func drag(from start: CGPoint, to end: CGPoint, duration: Double = 0.3, profile: DragProfile = .linear, at time: Double) throws {
        try scheduleDrag(from: start, to: end, duration: duration, profile: profile, at: time)
    }

    /// Drags the view named `name` (as ``view(_:)`` finds it: identifier, text, then label) by
    /// `translation` points from its centre, now.
    public func drag(_ name: String, by translation: CGSize, duration: Double = 0.3, profile: DragProfile = .linear) throws {
        try process(until: now)
        let c = try centre(of: name)
        try drag(
            from: CGPoint(x: c.x, y: c.y), to: CGPoint(x: c.x + Double(translation.width), y: c.y + Double(translation.height)),
            duration: duration, profile: profile)
    }

    /// Taps at `point` (host points) `count` times (1…10), 0.15 s apart, each touch 50 ms long;
    /// the clock ends at the last release.
    public func tap(at point: CGPoint, count: Int = 1) throws {
        guard (1...10).contains(count) else { throw ViewHostError.invalidSetting("a tap count is 1…10, got \(count)") }
        try process(until: now)
        var end = now
        for i in 0..<count {
            end = try scheduleTouch(at: now + 0.15 * Double(i), duration: 0.05, tapCount: i + 1) { _ in [Point(x: Double(point.x), y: Double(point.y))] }
        }
        try finishTouch(at: end)
    }

    /// Taps the centre of the view named `name` (as ``view(_:)`` finds it: identifier, text,
    /// then label) `count` times, as ``tap(at:count:)`` does.
    public func tapView(_ name: String, count: Int = 1) throws {
        try process(until: now)
        let c = try centre(of: name)
        try tap(at: CGPoint(x: c.x, y: c.y), count: count)
    }

    /// Presses at `point` (host points) for `duration` seconds without moving; the clock ends
    /// at the release.
    public func longPress(at point: CGPoint, duration: Double = 0.6) throws {
        try process(until: now)
        try finishTouch(at: try scheduleTouch(at: now, duration: duration) { _ in [Point(x: Double(point.x), y: Double(point.y))] })
    }

    /// Pinches two fingers about `centre`, `span` points apart at first (horizontally), to
    /// `scale` times that spread (> 0) over `duration` seconds, linearly.
    public func pinch(at centre: CGPoint, scale: Double, span: Double = 100, duration: Double = 0.3) throws {
        guard scale.isFinite, scale > 0, span.isFinite, span > 0 else {
            throw ViewHostError.invalidSetting("a pinch needs a finite scale > 0 and span > 0, got \(scale) and \(span)")
        }
        try twoFingers(centre, duration) { t in (span * (1 + (scale - 1) * t) / 2, 0) }
    }

    /// Turns two fingers `span` points apart about `centre` by `angle` (clockwise on screen
    /// for positive angles) over `duration` seconds, linearly.
    public func rotate(at centre: CGPoint, by angle: Angle, span: Double = 100, duration: Double = 0.3) throws {
        guard angle.radians.isFinite, span.isFinite, span > 0 else {
            throw ViewHostError.invalidSetting("a rotation needs a finite angle and a span > 0")
        }
        try twoFingers(centre, duration) { t in (span / 2, angle.radians * t) }
    }

    private func twoFingers(_ centre: CGPoint, _ duration: Double, _ at: @escaping (Double) -> (radius: Double, angle: Double)) throws {
        try process(until: now)
        let c = Point(x: Double(centre.x), y: Double(centre.y))
        let end = try scheduleTouch(at: now, duration: duration) { t in
            let (r, a) = at(t)
            let d = Point(x: r * cos(a), y: r * sin(a))
            return [Point(x: c.x - d.x, y: c.y - d.y), Point(x: c.x + d.x, y: c.y + d.y)]
        }
        try finishTouch(at: end)
    }

    @discardableResult
    private func scheduleDrag(from start: CGPoint, to end: CGPoint, duration: Double, profile: DragProfile, at time: Double) throws -> Double {
        let a = Point(x: Double(start.x), y: Double(start.y)), b = Point(x: Double(end.x), y: Double(end.y))
        return try scheduleTouch(at: time, duration: duration) { t in
            let f = profile.progress(min(max(t, 0), 1))
            return [Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)]
        }
    }

    private func finishTouch(at end: Double) throws { try process(until: end) }
}
