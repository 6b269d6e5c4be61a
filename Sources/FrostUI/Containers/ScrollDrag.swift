import Foundation
import FrostGeometry
import FrostScene

// Reproduces what a finger does to SwiftUI's ScrollView on iOS (a UIScrollView underneath):
// the content follows a drag once the finger has moved 10 pt along an axis the view scrolls
// (a horizontal carousel lets a vertical drag through to the page around it), pulled past an
// edge it follows at UIScrollView's rubber-band rate, and released it coasts with
// UIScrollView's normal deceleration (0.998 of the velocity kept per millisecond), bouncing on
// a critically damped spring where it runs past an edge; paging settles on the page the flick
// points to. A touch on moving content stops it, and that touch does not tap the content. In a
// sheet, a pull down on content at its top drags the sheet.
// The motion is host state evaluated on the host's clock, so every frame, replay and settle is
// exact, and views that follow the offset (the navigation bar, `scrollPosition`,
// `onScrollGeometryChange`) resolve again as it moves. `scrollDisabled` and
// `scrollBounceBehavior(.basedOnSize)` hold the content still. Not modelled: the scroll
// indicators, and a paging flick's slight overscroll.

/// UIScrollView's motion constants, as Frost reproduces them.
private enum InSheetKey: EnvironmentKey { static var defaultValue: Bool { false } }
private enum ScrollDisabledKey: EnvironmentKey { static var defaultValue: Bool { false } }
private enum BounceKey: EnvironmentKey { static var defaultValue: Axis.Set { [] } }

extension EnvironmentValues {
    /// Whether the view is in a sheet (its scroll views hand a pull down at the top to it).
    var inSheet: Bool {
        get { self[InSheetKey.self] }
        set { self[InSheetKey.self] = newValue }
    }
    /// Whether a finger scrolls the scroll views in this view, as SwiftUI's `isScrollEnabled`
    /// (`scrollDisabled(true)` turns it off).
    public var isScrollEnabled: Bool {
        get { !self[ScrollDisabledKey.self] }
        set { self[ScrollDisabledKey.self] = !newValue }
    }
    /// The axes on which scroll views bounce only when their content is larger than they are.
    var scrollBouncesBasedOnSize: Axis.Set {
        get { self[BounceKey.self] }
        set { self[BounceKey.self] = newValue }
    }
}

/// When a scroll view bounces, as SwiftUI's `ScrollBounceBehavior` (iOS 16.4).
public struct ScrollBounceBehavior: Hashable, Sendable {
    let basedOnSize: Bool
    /// As the platform does: a vertical scroll view always bounces.
    public static let automatic = ScrollBounceBehavior(basedOnSize: false)
    /// Always: content smaller than the view still follows a drag and springs back.
    public static let always = ScrollBounceBehavior(basedOnSize: false)
    /// Only when the content is larger than the view along the axis: smaller content stays put.
    public static let basedOnSize = ScrollBounceBehavior(basedOnSize: true)
}

extension View {
    /// Turns scrolling by finger off for the scroll views in this view (offsets set by
    /// `scrollTo` or `scrollPosition` still move them), as SwiftUI's `scrollDisabled`.
    public func scrollDisabled(_ disabled: Bool) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { if disabled { $0.isScrollEnabled = false } })
    }
    /// When the scroll views in this view bounce along `axes`, as SwiftUI's `scrollBounceBehavior`.
    public func scrollBounceBehavior(_ behavior: ScrollBounceBehavior, axes: Axis.Set = [.vertical]) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(
            _EnvironmentModifier {
                if behavior.basedOnSize { $0.scrollBouncesBasedOnSize.formUnion(axes) } else { $0.scrollBouncesBasedOnSize.subtract(axes) }
            })
    }
}

enum ScrollPhysics {
    /// How far the finger moves before the content follows (points), UIKit's pan hysteresis.
    static let panThreshold = 10.0
    /// UIScrollView.DecelerationRate.normal: the fraction of the velocity kept each millisecond.
    static let deceleration = 0.998
    /// The deceleration as a continuous rate (1/s): v(t) = v₀·e^(rate·t).
    static let decelerationRate = 1000 * log(deceleration)
    /// UIScrollView's rubber-band constant: pulled x past an edge of a view d long, the content
    /// moves (1 − 1 / (x·c/d + 1))·d.
    static let rubberBand = 0.55
    /// The bounce-back and paging spring (critically damped), as angular frequency (1/s): a
    /// 0.4 s response, chosen by eye against iOS 18's bounce (UIKit publishes none).
    static let springRate = 2 * Double.pi / 0.4
    /// Release speed (pt/s) past which a paging scroll view goes on to the next page instead of
    /// the nearest.
    static let pageFlickSpeed = 300.0

    /// Where content pulled to `pull` shows, on an axis whose offsets run 0…`upper` in a view
    /// `length` long: as pulled inside, rubber-banded past either edge (points).
    static func shown(pull: Double, upper: Double, length: Double) -> Double {
        pull < 0 ? -band(-pull, length) : pull > upper ? upper + band(pull - upper, length) : pull
    }
    /// The pull that shows content at `shown` (the inverse of `shown(pull:upper:length:)`).
    static func pull(shown: Double, upper: Double, length: Double) -> Double {
        shown < 0 ? -unband(-shown, length) : shown > upper ? upper + unband(shown - upper, length) : shown
    }
    /// How far the content moves per point of finger where it shows at `shown`.
    static func slope(shown: Double, upper: Double, length: Double) -> Double {
        let past = shown < 0 ? -shown : shown > upper ? shown - upper : 0
        guard length > 0, past > 0 else { return 1 }
        let k = unband(past, length) * rubberBand / length + 1
        return rubberBand / (k * k)
    }

    /// How far content pulled `overshoot` points past an edge shows past it (points).
    private static func band(_ overshoot: Double, _ length: Double) -> Double {
        guard length > 0, overshoot > 0 else { return max(0, overshoot) }
        return (1 - 1 / (overshoot * rubberBand / length + 1)) * length
    }
    /// The pull that shows content `shown` points past an edge (the inverse of `band`).
    private static func unband(_ shown: Double, _ length: Double) -> Double {
        guard length > 0, shown > 0 else { return max(0, shown) }
        let s = min(shown, length * 0.999)
        return s * length / (rubberBand * (length - s))
    }
}

/// One axis of a released scroll view: coasting with UIScrollView's deceleration, then (where
/// it runs past an edge, or was released past one, or pages) a critically damped spring to its
/// rest point. Times are seconds after the release.
struct ScrollAxisMotion {
    let from: Double, velocity: Double
    /// How long it coasts before the spring takes over (∞: it coasts to rest).
    let coast: Double
    /// The spring's rest point, and its displacement from it and velocity when it starts.
    let target: Double, springFrom: Double, springVelocity: Double
    /// When it is at rest (within half a pixel of where it stops, for good).
    let rest: Double

    /// - Parameters: `page` the page length when it pages, and `pageStart` the offset where the
    ///   drag began; `pixel` the size of a pixel (points).
    init(from x: Double, velocity v: Double, lower: Double, upper: Double, page: Double?, pageStart: Double, pixel: Double) {
        from = x; velocity = v
        let half = pixel / 2, rate = ScrollPhysics.decelerationRate
        var coast = Double.infinity, target = x, springFrom = 0.0, springVelocity = 0.0
        if let page, page > 0 {
            // The next page in the flick's direction from the one the drag began on, or else
            // the nearest; never past the content. Springs there at once.
            let last = (upper / page).rounded(.down)
            let started = (pageStart / page).rounded()
            let index = abs(v) > ScrollPhysics.pageFlickSpeed ? started + (v > 0 ? 1 : -1) : (x / page).rounded()
            target = min(max(min(max(index, 0), last) * page, lower), upper)
            coast = 0; springFrom = x - target; springVelocity = v
        } else if x < lower - 1e-9 || x > upper + 1e-9 {
            // Released past an edge: springs back at once.
            target = x < lower ? lower : upper
            coast = 0; springFrom = x - target; springVelocity = v
        } else {
            let end = x - v / rate
            if end < lower || end > upper {
                // Coasts to the edge, then bounces past it and back on the spring.
                target = end < lower ? lower : upper
                coast = log(1 + (target - x) * rate / v) / rate
                springVelocity = v * exp(rate * coast)
            }
        }
        self.coast = coast; self.target = target; self.springFrom = springFrom; self.springVelocity = springVelocity
        if coast.isInfinite {
            // The distance still to go is |v(t)| / |rate|: at rest once under half a pixel.
            let ahead = abs(v) / -rate
            rest = ahead > half ? log(half / ahead) / rate : 0
        } else {
            rest = coast + ScrollAxisMotion.springRest(springFrom, springVelocity, half)
        }
    }

    /// Seconds until a critically damped spring from displacement `a` and velocity `v` stays
    /// within `half` of rest.
    private static func springRest(_ a: Double, _ v: Double, _ half: Double) -> Double {
        let w = ScrollPhysics.springRate, b = v + w * a
        // Past its one extremum the displacement only shrinks.
        var s = b != 0 ? max(0, 1 / w - a / b) : 0
        while abs((a + b * s) * exp(-w * s)) >= half && s < 60 { s += 0.001 }
        return s
    }

    /// The offset `t` seconds after the release.
    func value(at t: Double) -> Double {
        if t >= rest { return coast.isInfinite ? coasting(rest) : target }
        if t <= coast { return coasting(max(0, t)) }
        let s = t - coast, w = ScrollPhysics.springRate
        return target + (springFrom + (springVelocity + w * springFrom) * s) * exp(-w * s)
    }

    private func coasting(_ t: Double) -> Double {
        let rate = ScrollPhysics.decelerationRate
        return from + velocity * (exp(rate * t) - 1) / rate
    }
}

/// A released scroll view in motion: both axes, from the release time (host seconds).
struct ScrollMotion {
    let start: Double
    let x: ScrollAxisMotion?, y: ScrollAxisMotion?
    /// When both axes are at rest (host seconds).
    var rest: Double { start + max(x?.rest ?? 0, y?.rest ?? 0) }
    func offset(at time: Double, base: Point) -> Point {
        Point(x: x?.value(at: time - start) ?? base.x, y: y?.value(at: time - start) ?? base.y)
    }
}

/// A drag moving a scroll view: the pull (unbounded, before the rubber band) when the content
/// began to follow, and the offset where the drag began (paging goes on from its page).
struct ScrollDragState {
    var pull: Point
    var began: Point
}

/// What the scroll view's pan reports: the finger's travel since the content began to follow,
/// and its velocity (host points, points per second).
struct ScrollPanValue {
    var translation: Point
    var velocity: Point
}

/// The scroll view's own pan, taking part in gesture arbitration as UIScrollView's pan
/// recogniser does: behind the gestures of the views inside (a button's tap fails once the
/// finger moves 10 pt; a `DragGesture` inside wins), recognised past 10 pt of travel mostly
/// along an axis it scrolls.
struct ScrollPanGesture: Gesture {
    typealias Value = ScrollPanValue
    let info: ScrollInfo

    func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<ScrollPanValue> {
        guard !node.finished, input.phase != .cancelled, let finger = input.global.first else { return node.record(.failed) }
        node.sample([finger], at: input.time)
        let start = node.startPoints[0]
        let dx = finger.x - start.x, dy = finger.y - start.y
        if !node.recognised {
            guard distance(finger, start) >= ScrollPhysics.panThreshold else { return node.record(input.phase == .ended ? .failed : .possible) }
            // An axis it cannot move along (bouncing based on size, content no larger) does not count.
            let m = info.maxOffset
            let canX = info.horizontal && (m.x > 0 || !info.bounceBasedOnSize.contains(.horizontal))
            let canY = info.vertical && (m.y > 0 || !info.bounceBasedOnSize.contains(.vertical))
            let along = (canY && abs(dy) >= abs(dx)) || (canX && abs(dx) >= abs(dy))
            guard info.enabled, along else { return node.record(.failed) }
            // In a sheet, a pull down on content at its top moves the sheet instead (as
            // UISheetPresentationController hands it over).
            if info.inSheet, info.vertical, dy > 0, abs(dy) >= abs(dx), info.offset.y <= 0 { return node.record(.failed) }
            // The content follows from here on, without jumping by the threshold.
            node.firstValue = finger
        }
        let anchor = node.firstValue as? Point ?? start
        let value = ScrollPanValue(
            translation: Point(x: finger.x - anchor.x, y: finger.y - anchor.y),
            velocity: Point(x: node.rate { $0[0].x }, y: node.rate { $0[0].y }))
        return node.record(input.phase == .ended ? .ended(value) : .changed(value))
    }

    func _deliver(_ node: _GestureNode) {
        switch node.pendingStep(ScrollPanValue.self) {
        case .changed(let v): info.host.scrollDragged(info, by: v.translation)
        case .ended(let v):
            info.host.scrollDragged(info, by: v.translation)
            info.host.scrollReleased(info, velocity: v.velocity)
        case .failed: if node.recognised { info.host.scrollReleased(info, velocity: .zero) }
        case .possible: break
        }
        node.pending = nil
    }
}

extension ScrollInfo {
    /// The scroll view's pan (ScrollDrag.swift), after the gestures attached to it.
    var pan: AttachedGesture { AttachedGesture(ScrollPanGesture(info: self), priority: .normal) }

    /// The offset shown while a finger or a release moves the content: on whole pixels on the
    /// scroll axes, but neither clamped (it may be pulled past an edge) nor paged.
    func unclamped(_ asked: Point) -> Point {
        func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
        return Point(x: horizontal ? snap(asked.x) : 0, y: vertical ? snap(asked.y) : 0)
    }
}

extension HostCore {
    /// The finger has moved the content by `translation` since it began to follow.
    func scrollDragged(_ info: ScrollInfo, by translation: Point) {
        let state = scrollState, key = info.key
        let m = info.maxOffset, w = info.frame.width, h = info.frame.height
        if state.drags[key] == nil {
            // Caught where it is shown (mid-bounce too): the pull that shows it there.
            let at = info.offset
            state.drags[key] = ScrollDragState(
                pull: Point(x: ScrollPhysics.pull(shown: at.x, upper: m.x, length: w), y: ScrollPhysics.pull(shown: at.y, upper: m.y, length: h)),
                began: at)
            state.motions[key] = nil
        }
        guard let drag = state.drags[key] else { return }
        let x = ScrollPhysics.shown(pull: drag.pull.x - translation.x, upper: m.x, length: w)
        let y = ScrollPhysics.shown(pull: drag.pull.y - translation.y, upper: m.y, length: h)
        moveScroll(key, to: Point(x: info.horizontal ? x : 0, y: info.vertical ? y : 0))
    }

    /// The finger has lifted moving at `velocity` (points per second, host space): the content
    /// coasts, bounces or pages from where it is (`from`, else where it is shown).
    func scrollReleased(_ info: ScrollInfo, velocity: Point, from: Point? = nil) {
        let state = scrollState, key = info.key
        let at = from ?? info.offset, m = info.maxOffset
        let began = state.drags[key]?.began ?? at
        state.drags[key] = nil
        let pixel = 1 / info.scale
        func axis(_ x: Double, _ fingerV: Double, _ upper: Double, _ length: Double, _ pageStart: Double) -> ScrollAxisMotion {
            // Past an edge the content moved slower than the finger (the rubber band).
            let v = -fingerV * ScrollPhysics.slope(shown: x, upper: upper, length: length)
            return ScrollAxisMotion(
                from: x, velocity: v, lower: 0, upper: upper, page: info.paging ? length : nil, pageStart: pageStart, pixel: pixel)
        }
        let motion = ScrollMotion(
            start: now,
            x: info.horizontal ? axis(at.x, velocity.x, m.x, info.frame.width, began.x) : nil,
            y: info.vertical ? axis(at.y, velocity.y, m.y, info.frame.height, began.y) : nil)
        if motion.rest > now {
            state.motions[key] = motion
        } else {
            moveScroll(key, to: motion.offset(at: now, base: at))
        }
    }

    /// Sets a scroll view's offset at ``now`` as a finger or a release moves it.
    private func moveScroll(_ key: SceneIdentity, to offset: Point) {
        let state = scrollState
        guard state.offsets[key] != offset else { return }
        state.offsets[key] = offset
        state.history[key, default: []].append((now, offset))
        if pass.scrollObserved { stateDidChange() }
    }

    /// Moves every released scroll view to where it is at ``now``; those come to rest stop.
    /// Views that follow the offset resolve again (with the host's next commit).
    func advanceScrolls() {
        let state = scrollState
        guard !state.motions.isEmpty else { return }
        // Each view moves on its own: the order does not matter.
        for (key, motion) in state.motions {
            moveScroll(key, to: motion.offset(at: now, base: state.offsets[key] ?? .zero))
            if now >= motion.rest { state.motions[key] = nil }
        }
    }

    /// A touch landing on moving content stops it there (the touch catches it, as on iOS), and
    /// the gestures inside that content sit this touch out. Returns the scroll view it caught.
    func catchScrolls(on path: [HitHop]) -> SceneIdentity? {
        let state = scrollState
        for hop in path {
            guard let motion = state.motions[hop.identity] else { continue }
            let at = motion.offset(at: now, base: state.offsets[hop.identity] ?? .zero)
            state.motions[hop.identity] = nil
            moveScroll(hop.identity, to: at)
            if let info = pass.scrollInfos.last(where: { $0.key == hop.identity }), info.clamp(at) != info.unclamped(at) {
                // Caught past an edge: it springs back unless the finger drags it.
                scrollReleased(info, velocity: .zero, from: at)
            }
            return hop.identity
        }
        return nil
    }

    /// The earliest time a released scroll view comes to rest, if one is moving.
    var nextScrollRest: Double? { scrollState.motions.values.map(\.rest).min() }
    /// Whether a finger holds a scroll view or a released one is moving.
    var scrollsMoving: Bool { !scrollState.motions.isEmpty || !scrollState.drags.isEmpty }
}

extension ScrollState {
    /// Whether a finger or a release is moving the scroll view `key` (its offset may then be
    /// past an edge, or between pages).
    func isMoving(_ key: SceneIdentity) -> Bool { motions[key] != nil || drags[key] != nil }
}
