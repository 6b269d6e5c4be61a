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
    /// The blurred view's identity path (FrostUI's structural path, for tools).
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

    /// A diagnostic for the view printed as `view` (an identity's description; its readable
    /// form is recovered from the text).
    public init(view: String, start: Double, end: Double, peakRadius: Double) {
        self.view = view; self.start = start; self.end = end; self.peakRadius = peakRadius
        readableView = BlurHoldDiagnostic.readable(view)
    }

    init(identity: SceneIdentity, start: Double, end: Double, peakRadius: Double) {
        view = identity.description; self.start = start; self.end = end; self.peakRadius = peakRadius
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

    /// `path` ("#root/ContentCard/content/…/blur") as a person reads it: components that
    /// name a type (capitalised) or an id, then the last modifier.
    static func readable(_ path: String) -> String {
        let parts = path.hasPrefix("#") ? path.dropFirst().split(separator: "/").map(String.init) : path.split(separator: "/").map(String.init)
        var named: [String] = []
        for p in parts.dropFirst() {  // "root"
            let keep: String?
            if p.hasPrefix("id:") { keep = "id \(p.dropFirst(3))" }
            else if let first = p.first, first.isUppercase { keep = p }
            else { keep = nil }
            if let keep, named.last != keep { named.append(keep) }
        }
        if let last = parts.last, let first = last.first, first.isLowercase, !last.hasPrefix("id:") { named.append("." + last) }
        return named.isEmpty ? path : named.joined(separator: " › ")
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
}

extension HostCore {
    /// Where the host reports over-long blur holds (swift-log; the application chooses the backend).
    static let blurLogger = Logger(label: "frost.ui.blur-bridge")

    /// Blurs held visibly on longer than 300 ms that had cleared by ``now``, in the order they
    /// ended. Each is also logged once as a warning through swift-log (`frost.ui.blur-bridge`).
    public var blurDiagnostics: [BlurHoldDiagnostic] {
        finishBlurEpisodes()
        return session.finishedBlurEpisodes.compactMap { e in
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

    /// The episode's end: when σ falls back, or when its view goes, whichever is first.
    private func episodeEnd(_ key: SlotKey, drop: Double?) -> Double? {
        let gone = disappearance(of: key.element).map { max($0, now) }
        switch (drop, gone) {
        case let (d?, g?): return min(d, g)
        case let (d, g): return d ?? g
        }
    }

    /// Re-predicts every animated effect blur after the commits of the instant ``now``: each
    /// rise is an episode of its own, ended when σ falls back or its view is removed, so two
    /// bridges on one view (tap, tap again) are two episodes, never one.
    func scanBlurSlots() {
        finishBlurEpisodes()
        for (key, slot) in engine.slots where slot.kind == .blur {
            guard case .effect = key.property else { continue }
            if var open = session.openBlurEpisodes[key], open.start <= now {
                // Already visibly on: only its end (and peak) can change.
                let trace = traceBlur(slot, from: now)
                open.end = episodeEnd(key, drop: trace.drop)
                open.peak = max(open.peak, trace.peak)
                session.openBlurEpisodes[key] = open
                continue
            }
            session.openBlurEpisodes[key] = nil
            // A blur at rest is a state (a frosted background), not a bridge: only animating
            // blurs are followed. One already visible when it starts animating (a view inserted
            // blurred mid-bridge, as the seed's new content is) counts from now.
            guard !slot.isComplete(at: now) else { continue }
            let trace = traceBlur(slot, from: now)
            if trace.risesAtAll {
                session.openBlurEpisodes[key] = BlurEpisode(key: key, start: trace.rise ?? now, end: episodeEnd(key, drop: trace.drop), peak: trace.peak)
            }
        }
        // Episodes of views gone for good (their slots dropped) can never end.
        for key in session.openBlurEpisodes.keys where engine.slots[key] == nil { session.openBlurEpisodes[key] = nil }
    }

    /// Moves episodes that ended by ``now`` to the finished list, logging over-long ones once.
    func finishBlurEpisodes() {
        for (key, e) in session.openBlurEpisodes.sorted(by: { ($0.value.start, $0.key.description) < ($1.value.start, $1.key.description) }) {
            guard let end = e.end, end <= now else { continue }
            session.openBlurEpisodes[key] = nil
            session.finishedBlurEpisodes.append(e)
            let id = LoggedEpisode(key: key, start: e.start)
            if end - e.start > BlurBridgePreset.maxVisibleDuration + 1e-9, !loggedBlurEpisodes.contains(id) {
                loggedBlurEpisodes.insert(id)
                let d = BlurHoldDiagnostic(identity: key.element.identity, start: e.start, end: end, peakRadius: e.peak)
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
