import FrostMotion
import FrostScene
import Logging

// Reports animated blurs held visibly on longer than a blur bridge may hold (300 ms), from the
// animation's own curves (sampled every 4 ms to the slot's analytic rest, crossings bisected),
// logged once through swift-log. Frost's own diagnostic.

/// A blur that was raised and cleared but stayed visibly on (σ > 0.5 pt) longer than
/// ``BlurBridgePreset/maxVisibleDuration`` (300 ms): REFERENCE.md §3 — held longer, a bridge
/// "reads as loading or broken". Any view's animated `blur(radius:)` counts, whether it comes
/// from ``withBlurBridge(_:_:)`` or from hand-written `withAnimation` calls like the seed's.
public struct BlurHoldDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The blurred view's identity (typed components; compared structurally, never by text).
    public var identity: SceneIdentity
    /// The identity path printed (`#root/ContentCard/…/blur`), for people and logs.
    public var view: String
    /// The view as its code names it: the view types on its path (each once), explicit `.id`s
    /// and `ForEach` ids, and the modifier — e.g. `ContentCard › ProgressView › .blur`.
    public var readableView: String
    /// Host seconds when σ rose above 0.5 pt, and when it fell back to it.
    public var start: Double, end: Double
    /// The largest σ reached, points.
    public var peakRadius: Double
    /// Seconds the blur was visibly on.
    public var duration: Double { end - start }

    /// A diagnostic for the blurred view `identity`.
    public init(identity: SceneIdentity, start: Double, end: Double, peakRadius: Double) {
        self.identity = identity; view = identity.description
        self.start = start; self.end = end; self.peakRadius = peakRadius
        readableView = BlurHoldDiagnostic.readable(identity)
    }

    /// The identity as a person reads it, from its typed components.
    static func readable(_ identity: SceneIdentity) -> String {
        var named: [String] = []
        let parts = identity.components.dropFirst()  // the root
        for p in parts {
            let keep: String?
            switch p {
            case .type(let t): keep = t.name.prefix { $0 != "<" }.description
            case .element(let id), .explicit(let id): keep = "id \(id)"
            default: keep = nil
            }
            if let keep, named.last != keep { named.append(keep) }
        }
        if case .role(let r)? = parts.last { named.append("." + r) }
        return named.isEmpty ? identity.description : named.joined(separator: " › ")
    }

    public var description: String {
        "blur held on \(readableView) for \(Int((duration * 1000).rounded())) ms (\(String(format: "%.3f", start))–\(String(format: "%.3f", end)) s, "
            + "peak σ \(String(format: "%.1f", peakRadius)) pt): over the \(Int(BlurBridgePreset.maxVisibleDuration * 1000)) ms a blur bridge may hold"
    }
}

/// One rise of an animated blur above the visible radius, as predicted from its animation.
struct BlurEpisode {
    var key: SlotKey
    var start: Double
    var end: Double?
    var peak: Double
    /// The order episodes were opened in (ties between equal times are broken by it, never by
    /// an identity's text).
    var serial: Int
}

/// The animated blurs of one commit instant, kept as values until the holds are traced: the
/// sampling (thousands of samples per blur) runs only when someone reads the diagnostics.
struct BlurScan {
    struct Entry {
        var key: SlotKey
        var slot: any AnimationSlot
        /// When the slot's view stops being drawn (its or an ancestor's removal ends), seconds.
        var gone: Double?
        /// The view's place in the committed tree (pre-order), then the effect's index: a
        /// structural order for episodes that open at one instant.
        var order: (Int, Int)
        /// Whether the blur rested visibly before this commit set it moving (a state being
        /// cleared — a drag-driven blur springing back — not a bridge raising one).
        var fromRest = false
    }
    var time: Double
    var entries: [Entry]
}

/// Blur holds of a run: commits not traced yet, holds being followed, and those that ended.
final class BlurHoldState: HostFeature {
    var pending: [BlurScan] = []
    /// Slots a kept commit saw animating, and those with an open episode: the only ones a
    /// later commit must keep (a blur at rest that nobody follows cannot start or end a hold).
    var watched: Set<SlotKey> = []
    var open: [SlotKey: BlurEpisode] = [:]
    var finished: [BlurEpisode] = []
    var nextSerial = 0
    /// The blurs resting visibly (not animating) after the last commit instant scanned, and
    /// those still animating away from such a rest.
    var restingVisible: Set<SlotKey> = []
    init() {}
}

/// Over-long holds already logged (kept across replays, so a replay logs nothing twice).
final class BlurHoldLog: HostFeature {
    var logged: Set<LoggedEpisode> = []
    init() {}
}

extension HostCore {
    /// Where the host reports over-long blur holds (swift-log; the application chooses the backend).
    static let blurLogger = Logger(label: "frost.ui.blur-bridge")
    /// Commits kept untraced at most; past it they are traced at once, bounding the memory a
    /// host nobody asks keeps.
    static let maxPendingBlurScans = 64

    var blurHolds: BlurHoldState { session.features[BlurHoldState.self] }

    /// Blurs held visibly on longer than 300 ms that had cleared by ``now``, in the order they
    /// ended. Each is also logged once as a warning through swift-log (`frost.ui.blur-bridge`)
    /// when first computed: here, or when the host goes away. Computed when read: a commit
    /// only keeps its animated blurs' curves (values), so a host nobody asks traces nothing.
    public var blurDiagnostics: [BlurHoldDiagnostic] {
        traceBlurHolds()
        return blurHolds.finished.compactMap { e in
            guard let end = e.end, end - e.start > BlurBridgePreset.maxVisibleDuration + 1e-9 else { return nil }
            return BlurHoldDiagnostic(identity: e.key.element.identity, start: e.start, end: end, peakRadius: e.peak)
        }
    }

    /// The radius (points) an effect blur slot holds at `time`.
    private func blurRadius(_ slot: any AnimationSlot, _ time: Double) -> Double {
        (slot.sample(at: time) as? AnimatableVector)?.elements.first ?? 0
    }

    /// From `time` on, until the slot rests (at most 10 s): when σ first rises above the
    /// visible radius (nil when it is already above at `time`), when it next falls back (nil:
    /// never, it rests above), the peak between, and whether it is visible at all. The curve is
    /// sampled every 4 ms up to the slot's analytic rest time and each crossing is bisected to
    /// 10 µs (a blur that is on for less than 4 ms may be missed: it cannot read as a hold).
    private func traceBlur(_ slot: any AnimationSlot, from time: Double) -> (rise: Double?, drop: Double?, peak: Double, risesAtAll: Bool) {
        let visible = BlurBridgePreset.visibleRadius, step = 0.004
        func on(_ t: Double) -> Bool { blurRadius(slot, t) > visible }
        func crossing(_ a: Double, _ b: Double) -> Double {
            // `on` differs at a and b: the first instant of b's state, within 10 µs.
            var lo = a, hi = b
            let target = on(b)
            while hi - lo > 1e-5 { let mid = (lo + hi) / 2; if on(mid) == target { hi = mid } else { lo = mid } }
            return hi
        }
        let limit = min(time + 10, max(time, slot.restTime ?? time + 10) + step)
        var t = time, peak = 0.0, rise: Double? = nil
        var isOn = on(time)
        let startsOn = isOn
        if startsOn { peak = blurRadius(slot, time) }
        while t < limit {
            let next = min(t + step, limit)
            let r = blurRadius(slot, next)
            let nextOn = r > visible
            if nextOn != isOn {
                let at = crossing(t, next)
                if nextOn { rise = at } else { return (rise, at, peak, true) }
                isOn = nextOn
            }
            if nextOn { peak = max(peak, r) }
            t = next
        }
        return (rise, nil, peak, isOn || startsOn)
    }

    /// When the element `key` stops being drawn: the end of the removal transition of it or of
    /// an ancestor (a removed view's blur stops showing with the view, whatever its radius);
    /// nil while it is not being removed.
    private func disappearance(of key: ElementKey) -> Double? {
        var end: Double?
        for (k, record) in engine.transitions where record.removing && (key == k || key.identity.isDescendant(ofOrEqualTo: k.identity)) {
            guard let t = engine.slots[SlotKey(k, .life)]?.restTime else { continue }
            end = min(end ?? t, t)
        }
        return end
    }

    /// Keeps the animated effect blurs after the commits of the instant ``now`` (values: the
    /// slots' curves and when their views go), to be traced when read.
    func scanBlurSlots() {
        let holds = blurHolds
        var entries: [BlurScan.Entry] = []
        var treeOrder: [ElementKey: Int]?
        var resting: Set<SlotKey> = []
        defer { holds.restingVisible = resting }
        for (key, slot) in engine.slots where slot.kind == .blur {
            guard case .effect(let effect) = key.property else { continue }
            if slot.isComplete(at: now) {
                if blurRadius(slot, now) > BlurBridgePreset.visibleRadius { resting.insert(key) }
                guard holds.watched.contains(key) else { continue }
            } else {
                holds.watched.insert(key)
                // Still moving off the rest it started from (later commits at this instant too).
                if holds.restingVisible.contains(key) { resting.insert(key) }
            }
            if treeOrder == nil {
                var order: [ElementKey: Int] = [:]
                func walk(_ e: Element) { order[e.key] = order.count; e.children.forEach(walk) }
                engine.roots.forEach(walk)
                treeOrder = order
            }
            entries.append(
                .init(
                    key: key, slot: slot, gone: disappearance(of: key.element).map { max($0, now) },
                    order: (treeOrder?[key.element] ?? Int.max, effect), fromRest: holds.restingVisible.contains(key)))
        }
        // No blur animating, and none followed: nothing can start or end here.
        guard !entries.isEmpty || !holds.open.isEmpty || !holds.pending.isEmpty else { return }
        holds.pending.append(BlurScan(time: now, entries: entries))
        if holds.pending.count > HostCore.maxPendingBlurScans { traceBlurHolds() }
    }

    /// Traces the kept commits in order, then ends the episodes that ended by ``now``.
    func traceBlurHolds() {
        let holds = blurHolds
        let scans = holds.pending
        holds.pending = []
        for scan in scans { trace(scan, holds) }
        finishBlurEpisodes(at: now, holds)
        holds.watched = Set(holds.open.keys)
    }

    /// Re-predicts every animated effect blur of one commit instant: each rise is an episode of
    /// its own, ended when σ falls back or its view is removed, so two bridges on one view (tap,
    /// tap again) are two episodes, never one.
    private func trace(_ scan: BlurScan, _ holds: BlurHoldState) {
        let time = scan.time
        finishBlurEpisodes(at: time, holds)
        var present = Set<SlotKey>()
        for entry in scan.entries.sorted(by: { $0.order < $1.order }) {
            let key = entry.key, slot = entry.slot
            present.insert(key)
            func end(_ drop: Double?) -> Double? {
                switch (drop, entry.gone) {
                case let (d?, g?): return min(d, g)
                case let (d, g): return d ?? g
                }
            }
            if var open = holds.open[key], open.start <= time {
                // Already visibly on: only its end (and peak) can change.
                let trace = traceBlur(slot, from: time)
                open.end = end(trace.drop)
                open.peak = max(open.peak, trace.peak)
                holds.open[key] = open
                continue
            }
            holds.open[key] = nil
            // A blur at rest is a state (a frosted background), not a bridge: only animating
            // blurs are followed. One already visible when it starts animating (a view inserted
            // blurred mid-bridge, as the seed's new content is) counts from then.
            guard !slot.isComplete(at: time) else { continue }
            let trace = traceBlur(slot, from: time)
            // A blur that rested on and now only falls is a state cleared, not a hold.
            if trace.rise == nil && entry.fromRest { continue }
            if trace.risesAtAll {
                holds.open[key] = BlurEpisode(key: key, start: trace.rise ?? time, end: end(trace.drop), peak: trace.peak, serial: holds.nextSerial)
                holds.nextSerial += 1
            }
        }
        // Episodes of views gone for good (their slots dropped) can never end.
        for key in holds.open.keys where !present.contains(key) { holds.open[key] = nil }
    }

    /// Moves episodes that ended by `time` to the finished list (by end, then start, then
    /// opening order), logging over-long ones once.
    private func finishBlurEpisodes(at time: Double, _ holds: BlurHoldState) {
        let ended = holds.open.values.filter { ($0.end ?? .infinity) <= time }
            .sorted { ($0.end!, $0.start, $0.serial) < ($1.end!, $1.start, $1.serial) }
        let log = lifetimeFeatures[BlurHoldLog.self]
        for e in ended {
            holds.open[e.key] = nil
            holds.finished.append(e)
            let id = LoggedEpisode(key: e.key, start: e.start)
            if let end = e.end, end - e.start > BlurBridgePreset.maxVisibleDuration + 1e-9, !log.logged.contains(id) {
                log.logged.insert(id)
                let d = BlurHoldDiagnostic(identity: e.key.element.identity, start: e.start, end: end, peakRadius: e.peak)
                HostCore.blurLogger.warning("\(d.description)")
            }
        }
    }
}

/// An over-long hold already logged: its blur slot and when it rose.
struct LoggedEpisode: Hashable {
    var key: SlotKey
    var start: Double
}
