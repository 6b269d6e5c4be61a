import FrostGeometry
import FrostLayout

// Reproduces iOS's tab bar over a scrolling tab (iOS 15+ bar appearances): the selected tab's
// vertical scroll view whose bottom meets the tab bar runs down under the bar and the home
// indicator, its content ending above the bar at rest (UIKit's automatic content-inset
// adjustment), so content passes beneath the bar; the bar is transparent while the content's end
// is at the bar's edge — a short list, a list scrolled to its end, or a tab with no scroll view
// at all (the scrollEdgeAppearance) — and takes the `.bar` material and its hairline while
// content lies beneath it (the standardAppearance).
// Chosen where UIKit publishes no number: the material fades in over the first 10 pt of content
// under the bar, as the navigation bar's does (UIKit cross-fades the two appearances by scroll
// position). `toolbarBackground(_:for: .tabBar)` sets the background shown; `toolbarBackground(
// .visible, for: .tabBar)` shows it at every offset, `.hidden` never.

/// Where a tab view's bar was laid out, and the selected tab's scroll views that may run under it.
final class TabBarRecord {
    /// The bar's region (host points) and the bottom a scroll view under it runs down to, from
    /// the last layout (nil before the first, and for paged tab views).
    var barFrame: Rect?
    var underBottom = 0.0
    /// The tabs' vertical scroll views, from the last resolve. Every tab resolves (the others
    /// keep their state), but only the selected one is laid out, so only its scroll views have a
    /// frame that can meet the bar.
    var scrolls: [WeakScroll] = []

    /// Records the bar's region: `frame` (host points); when it ends at the safe area's bottom,
    /// a scroll view under it runs on to the screen's bottom (the home indicator is over it too).
    func recordBar(_ frame: Rect, safe: SafeRect?) {
        barFrame = frame
        if let safe, abs(frame.maxY - safe.safe.maxY) < 0.5 { underBottom = safe.screen.maxY } else { underBottom = frame.maxY }
    }

    /// The scroll view among `registered` whose bottom meets the bar, as last laid out.
    func underScroll(in registered: [WeakScroll]) -> ScrollInfo? {
        guard let bar = barFrame else { return nil }
        return registered.lazy.compactMap(\.info).first { $0.vertical && abs($0.frame.maxY - bar.minY) < 0.5 }
    }

    /// The bar background's opacity (0–1) under `visibility`, with the scroll view among
    /// `registered` that runs under the bar (none: the bar is at the scroll edge).
    func backgroundOpacity(_ visibility: Visibility, scrolls registered: [WeakScroll]) -> Double {
        visibility.barOpacity(scrolled: TabBarMetrics(underScroll(in: registered)).backgroundOpacity)
    }
}

/// What a tab's scroll views need to run under the tab bar.
struct TabBarUnder {
    weak var record: TabBarRecord?

    /// Records a scroll view of a tab, a candidate for running under the bar (only the selected
    /// tab's are laid out, so only they can meet it).
    func register(_ info: ScrollInfo) { record?.scrolls.append(WeakScroll(info: info)) }

    /// How far (points) a scroll view at `frame` (host points) draws below its frame: down to
    /// the bottom of the bar's region when its bottom meets the bar's top, else 0.
    func extent(below frame: Rect) -> Double {
        guard let r = record, let bar = r.barFrame, abs(frame.maxY - bar.minY) < 0.5 else { return 0 }
        return max(0, r.underBottom - frame.maxY)
    }
}

private enum TabBarUnderKey: EnvironmentKey { static var defaultValue: TabBarUnder? { nil } }
extension EnvironmentValues {
    /// The tab view this view is a tab of (nil in scroll content and presentations).
    var tabBarUnder: TabBarUnder? {
        get { self[TabBarUnderKey.self] }
        set { self[TabBarUnderKey.self] = newValue }
    }
}

/// The tab bar's background at a scroll position.
struct TabBarMetrics: Equatable {
    /// How much of the content lies below the visible region (points; 0 or less at the content's
    /// end, or with no scroll view).
    let beneath: Double

    init(beneath: Double) { self.beneath = beneath }

    /// The content below a scroll view's visible region: its length less the viewport and offset.
    init(_ scroll: ScrollInfo?) {
        guard let s = scroll else { self.init(beneath: 0); return }
        self.init(beneath: s.contentSize.height - s.frame.height - s.offset.y)
    }

    /// The material's opacity (0–1): 0 at the scroll edge, 1 once 10 pt of content is under the bar.
    var backgroundOpacity: Double { min(1, max(0, beneath / 10)) }
}

/// Whether bars show their background (`toolbarBackground(_:for:)` with a `Visibility`), by bar name.
struct BarVisibilityKey: PreferenceKey {
    static var defaultValue: [String: Visibility] { [:] }
    static func reduce(value: inout [String: Visibility], nextValue: () -> [String: Visibility]) {
        value.merge(nextValue()) { a, _ in a }
    }
}

extension Visibility {
    /// A bar background's opacity under this visibility, given what scrolling asks for.
    func barOpacity(scrolled: Double) -> Double {
        switch self {
        case .automatic: scrolled
        case .visible: 1
        case .hidden: 0
        }
    }
}
