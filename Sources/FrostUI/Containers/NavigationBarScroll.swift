import FrostGeometry
import FrostLayout

// Reproduces iOS's navigation bar over a scrolling screen (iOS 15+ bar appearances): a screen's
// vertical scroll view whose top meets the bar runs up under the bar and the status bar, its
// content starting below the bar at rest (UIKit's automatic content-inset adjustment), so
// scrolled content passes beneath the bar; the bar is transparent at the scroll edge (the
// scrollEdgeAppearance) and takes the `.bar` material and its hairline as content goes under it
// (the standardAppearance); a large title collapses with the content — the bar shrinks from
// 44 + 52 pt to 44 pt while the title rides up with the content, clipped by the bar — and the
// inline title fades in as the large one goes.
// Chosen where UIKit publishes no number: the inline title fades in over the last 20 pt of the
// 52 pt collapse; the material fades in over the first 10 pt of content under the bar (UIKit
// cross-fades the two appearances by scroll position). A colour or material set with
// `toolbarBackground(_:for:)` takes the material's place; `toolbarBackground(.visible, for:)`
// shows the background at every offset and `.hidden` at none (SwiftUI's rule). Content pulled past its top
// carries the large title down with it (UIKit also grows the title a little; Frost does not).

/// What a stack's screen needs to run its scroll view under the bar: the stack's motion (which
/// records the bar's frame) and the screen's depth.
struct NavigationBarUnder {
    weak var motion: NavigationMotion?
    let depth: Int

    /// Records a scroll view of the screen, a candidate for running under the bar.
    func register(_ info: ScrollInfo) { motion?.scrolls[depth, default: []].append(WeakScroll(info: info)) }

    /// How far (points) a scroll view at `frame` (host points) draws above its frame: up to the
    /// top of the bar's region when its top meets the bar's bottom, else 0.
    func extent(above frame: Rect) -> Double {
        guard let m = motion, let bar = m.barFrame, abs(frame.minY - bar.maxY - (m.screenInsets[depth] ?? 0)) < 0.5 else { return 0 }
        return max(0, frame.minY - m.underTop)
    }
}

struct WeakScroll {
    weak var info: ScrollInfo?
}

private enum NavigationBarUnderKey: EnvironmentKey { static var defaultValue: NavigationBarUnder? { nil } }
extension EnvironmentValues {
    /// The screen of a navigation stack this view is in (nil in scroll content and presentations).
    var navigationBarUnder: NavigationBarUnder? {
        get { self[NavigationBarUnderKey.self] }
        set { self[NavigationBarUnderKey.self] = newValue }
    }
}

extension NavigationMotion {
    /// The scroll view of the screen at `depth` that runs under the bar, as last laid out
    /// (among `registered`, the scroll views the last resolve recorded).
    func underScroll(_ depth: Int, in registered: [Int: [WeakScroll]]) -> ScrollInfo? {
        guard let bar = barFrame else { return nil }
        let edge = bar.maxY + (screenInsets[depth] ?? 0)
        return (registered[depth] ?? []).lazy.compactMap(\.info).first { $0.vertical && abs($0.frame.minY - edge) < 0.5 }
    }

    /// Records where the bar's region was laid out: `frame` (host points), which reaches up to
    /// the screen's top when it starts at the safe area's top (the status bar is over it too).
    func recordBar(_ frame: Rect, safe: SafeRect?) {
        barFrame = frame
        if let safe, abs(frame.minY - safe.safe.minY) < 0.5 { underTop = safe.screen.minY } else { underTop = frame.minY }
    }
}

/// The navigation bar's shape at a scroll offset (points the screen's scroll view has moved).
struct NavigationBarMetrics: Equatable {
    /// The bar's row of buttons and inline title, and the large title's row (points).
    static let barHeight = 44.0, largeTitleHeight = 52.0
    let large: Bool
    let offset: Double

    /// How much of the large title's row has gone (0–52 pt; 0 without a large title).
    var collapse: Double { large ? min(Self.largeTitleHeight, max(0, offset)) : 0 }
    /// How far content pulled past its top carries the large title down with it (points).
    var stretch: Double { large ? max(0, -offset) : 0 }
    /// The bar's height at rest: the region the screen is laid out below.
    var restingHeight: Double { Self.barHeight + (large ? Self.largeTitleHeight : 0) }
    /// The inline title's opacity (0–1): shown without a large title, fading in over the last
    /// 20 pt of the collapse with one.
    var inlineTitleOpacity: Double { large ? min(1, max(0, (offset - (Self.largeTitleHeight - 20)) / 20)) : 1 }
    /// The material's opacity (0–1): 0 at the scroll edge, 1 once 10 pt of content is under the bar.
    var backgroundOpacity: Double { min(1, max(0, (offset - collapse) / 10)) }
}

/// Records the frame a view is laid out in (host points), after each layout.
struct _LayoutFrameRecorder: PrimitiveViewModifier {
    let record: (Rect) -> Void
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let record = record
        return wrapEach(content) { e in
            context.host.pass.afterLayout.append { [weak e] in if let e { record(e.node.frame) } }
            return e
        }
    }
}
