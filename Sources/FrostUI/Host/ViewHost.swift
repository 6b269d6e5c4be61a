import FrostGeometry
import FrostImage
import FrostLayout
import FrostScene
import FrostRaster
import FrostMotion

// The generic host of one SwiftUI view (UIHostingController's role), rendered headlessly: taps,
// scrolls and actions on its clock, frames and recordings, and the layout root a hosting
// controller gives its view.

/// A view that lives over time, rendered headlessly: it owns the view's state (by identity), runs
/// taps and actions, and renders frames. Changes apply at once until the animated views issue
/// adds animation (the transaction of each change is recorded already).
public final class ViewHost<Content: View>: HostCore, HostRoot {
    public let content: Content
    /// Points (the ImageRenderer sizes its host to the view's ideal size).
    public internal(set) var size: CGSize { didSet { configurationChanged = true } }
    /// What the root view is proposed when placed (nil: the safe area's size). An image
    /// renderer sized to the view's ideal keeps the unspecified proposal, as SwiftUI's
    /// `placeSubviews` receives the proposal the size was measured for — so a stack at its
    /// ideal width places each child at its ideal, instead of re-dividing that width.
    var rootProposal: ProposedSize? { didSet { configurationChanged = true } }
    /// Whether the size classes come from the host's size (a screen or window); an image
    /// renderer, which has neither, leaves them nil as SwiftUI's does.
    var derivesSizeClasses = true { didSet { configurationChanged = true } }
    /// Pixels per point.
    public let scale: CGFloat
    public var colorScheme: ColorScheme { didSet { configurationChanged = true } }
    /// The system colour generation the view's colours resolve to (iOS 18 by default).
    public var systemColorPalette: SystemColorPalette = .iOS18 { didSet { configurationChanged = true } }
    /// Whether frames are drawn over the system background (white, or black in dark mode), as
    /// a window shows them; false leaves them transparent where nothing is drawn, as
    /// `ImageRenderer` does.
    public var isOpaque = true

    /// The largest frame rendered, in pixels (16384², as Frost's image limit).
    public static var maxPixels: Int { FrostImage.Image.maxPixelCount }

    /// - Parameters:
    ///   - content: the view.
    ///   - size: the frame in points (positive, finite; at most ``maxPixels`` pixels at `scale`).
    ///   - scale: pixels per point, in (0, 16].
    ///   - colorScheme: light or dark.
    ///   - systemFont: font files standing in for San Francisco (DejaVu Sans and Sans Bold when
    ///     nil); a missing or broken file throws ``ViewHostError/font(_:)``.
    public init(
        _ content: Content, size: CGSize, scale: CGFloat = 1, colorScheme: ColorScheme = .light,
        systemFont: SystemFontFiles? = nil
    ) throws {
        let w = Double(size.width), h = Double(size.height), s = Double(scale)
        guard w.isFinite, h.isFinite, w > 0, h > 0, DisplayScale.isValid(s) else {
            throw ViewHostError.invalidSize("a host needs a finite positive size and a scale in \(DisplayScale.rangeDescription), got \(w)×\(h) at \(s)")
        }
        guard (w * s).rounded(.up) * (h * s).rounded(.up) <= Double(FrostImage.Image.maxPixelCount) else {
            throw ViewHostError.invalidSize("\(w)×\(h) pt at \(s)× is over the limit of \(FrostImage.Image.maxPixelCount) pixels")
        }
        self.content = content; self.size = size; self.scale = scale; self.colorScheme = colorScheme
        try super.init(systemFont: systemFont)
        root = self
    }

    /// A host the size of `device`'s screen, at its scale, with its safe area: the view is laid
    /// out in the safe area as a hosting controller lays it out (`ignoresSafeArea` reaches past it).
    public convenience init(
        _ content: Content, device: DevicePreset, colorScheme: ColorScheme = .light,
        systemFont: SystemFontFiles? = nil
    ) throws {
        try self.init(content, size: device.size, scale: device.scale, colorScheme: colorScheme, systemFont: systemFont)
        safeAreaInsets = device.safeAreaInsets
    }

    /// Points on each edge outside the safe area (zero by default: the whole host is safe).
    /// Negative or non-finite insets count as zero.
    public var safeAreaInsets = EdgeInsets() { didSet { configurationChanged = true } }

    /// The host's rectangle and its safe part (points).
    var safeRect: SafeRect {
        let screen = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        func v(_ x: Double) -> Double { x.isFinite ? max(0, x) : 0 }
        let i = safeAreaInsets
        let safe = Rect(
            x: v(i.leading), y: v(i.top), width: max(0, screen.width - v(i.leading) - v(i.trailing)),
            height: max(0, screen.height - v(i.top) - v(i.bottom)))
        return SafeRect(screen: screen, safe: safe)
    }

    /// The view resolved and laid out now: its elements and the root's layout node.
    func resolve() throws -> [Element] {
        var env = EnvironmentValues()
        env.colorScheme = colorScheme
        if derivesSizeClasses {
            env.horizontalSizeClass = .horizontal(width: Double(size.width), height: Double(size.height))
            env.verticalSizeClass = .vertical(height: Double(size.height))
        }
        env.displayScale = scale
        env.systemColorPalette = systemColorPalette
        env.accessibilityReduceMotion = accessibilityReduceMotion
        env.openURL = OpenURLAction { [weak self] url in self?.openedURLs.append(url) }
        let safe = safeRect
        env.safeRect = safe
        let window = ContainerSize()
        window.size = safe.safe.size
        env.container = window
        var elements: [Element] = []
        // A view that reads the last layout (a tab bar over its tab's scroll view) may find it
        // changed: the pass runs again, once, with the new layout.
        for attempt in 0..<2 {
            pass = ResolvePass()
            pass.stackFloor = StackBudget.floor()
            elements = resolveView(content, ResolveContext(identity: .root, environment: env, host: self))
            let root = rootNode(elements)
            // Placing makes the content of GeometryReaders (more views resolve here).
            root.place(in: safe.safe, proposal: rootProposal ?? ProposedSize(safe.safe.size), scale: Double(scale))
            // Then what needs the laid-out tree: scroll content (placed in its own space, which
            // may make more readers' content) and preference observers, in the order registered.
            while !pass.afterLayout.isEmpty { pass.afterLayout.removeFirst()() }
            if !pass.layoutChangedReaders || attempt > 0 { break }
        }
        // Sheets, covers, alerts and dialogs over the screen (more views resolve here).
        let roots = presentationRoots(elements, environment: env, safe: safe)
        // Views matched to a source take its frame (sources anywhere, presented ones included).
        applyMatchedGeometry(scale: Double(scale))
        if pass.depthExceeded { throw ViewHostError.tooDeep(limit: HostCore.maxDepth) }
        if pass.nestingExceeded { throw ViewHostError.tooDeep(limit: HostCore.maxNesting) }
        if let failure = pass.bindingFailure { throw failure }
        if let length = pass.textTooLong { throw ViewHostError.textTooLong(length: length, limit: HostCore.maxTextLength) }
        // State whose identity went away is dropped.
        session.states = session.states.filter { pass.touched.contains($0.key) }
        layoutCaches.entries = layoutCaches.entries.filter { pass.layoutCacheSeen.contains($0.key) }
        endFollowingPass()
        finishChangeTracking()
        return roots
    }

    func resolveRoots() throws -> [Element] {
        // A screen installed around the host (a preview's device) stays: a host sized to fit a
        // view is not the screen. Otherwise the host is the screen. The scheme is always the host's.
        var screen = HostScreen.installed ?? HostScreen(size: size, scale: scale, deviceName: HostScreen.current.deviceName)
        screen.colorScheme = colorScheme
        return try HostScreen.with(screen) { try interner.pass { try resolve() } }
    }
    var viewportSize: Size { Size(width: Double(size.width), height: Double(size.height)) }

    func snapshotElement(_ identity: SceneIdentity) -> (image: FrostImage.Image, origin: Point)? {
        func find(_ list: DisplayList, _ origin: Point) -> (DisplayItem, Point)? {
            for item in list.items {
                let o = Point(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY)
                if item.identity == identity { return (item, o) }
                switch item.content {
                case .group(let c), .effect(_, let c): if let found = find(c, o) { return found }
                default: break
                }
            }
            return nil
        }
        guard let (item, origin) = find(engine.displayList(at: now), .zero), item.frame.width > 0, item.frame.height > 0 else { return nil }
        let renderer = fonts.renderer(scale: Double(scale), cache: renderCache, threads: renderThreads)
        let alone = DisplayItem(identity: item.identity, frame: Rect(origin: .zero, size: item.frame.size), content: item.content)
        guard let image = try? renderer.render(DisplayList([alone]), size: item.frame.size) else { return nil }
        return (image, Point(x: origin.x * Double(scale), y: origin.y * Double(scale)))
    }

    /// The frame at the host's clock (``HostCore/now``) as a display list (points).
    public func displayList() throws -> DisplayList { try displayList(at: now) }

    /// The frame at `time` (seconds, 0…86400) as a display list: events and completions up to
    /// `time` are processed first (replaying from the start when `time` is earlier than ``HostCore/now``).
    public func displayList(at time: Double) throws -> DisplayList {
        try process(until: time)
        return engine.displayList(at: time)
    }

    /// Renders the frame at the host's clock (pixels: size × scale, over the system background).
    public func snapshot() throws -> FrostImage.Image { try frame(at: now) }

    /// Renders the frame at `time` (seconds, 0…86400). A pure function of the view, the
    /// transcript of scheduled events and `time`: any order of calls gives the same bytes.
    public func frame(at time: Double) throws -> FrostImage.Image {
        try exclusive { try render(at: time) }
    }

    private func render(at time: Double) throws -> FrostImage.Image {
        let list = try displayList(at: time)
        let background =
            isOpaque
            ? BackgroundStyle()._resolvedStyle(
                {
                    var e = EnvironmentValues(); e.colorScheme = colorScheme; return e
                }()
            ).color : nil
        let renderer = fonts.renderer(scale: Double(scale), cache: renderCache, threads: renderThreads)
        return try renderer.render(list, size: Size(width: Double(size.width), height: Double(size.height)), background: background)
    }

    /// Frames from `start` through `end` (seconds) at `fps` frames per second, at
    /// `start + i / fps` (no drift), with their times.
    /// - Throws: ``ViewHostError/invalidTime(_:)`` for fps outside (0, 240], times outside
    ///   0…86400 or `end < start`, or more than ``HostCore/maxRecordedFrames`` frames.
    public func record(from start: Double = 0, to end: Double, fps: Double = 60) throws -> [RecordedFrame] {
        let times = try HostCore.frameTimes(from: start, to: end, fps: fps)
        return try times.map { RecordedFrame(time: $0, image: try frame(at: $0)) }
    }

    /// Plays `start…end` (seconds) in real time as a display link at `rate` Hz (60 or 120) would
    /// drive it: the frame for refresh k starts at its refresh on the wall clock and is shown
    /// at the first refresh after it is drawn (the next one when drawing takes less than a
    /// refresh); a late frame makes the display repeat the previous one. Returns FrostMotion's
    /// ``FrameTicker`` with the frames shown, refreshes missed and the hitch ratio (ms/s).
    /// Wall-clock bound: it takes `end − start` seconds or more.
    public func playInRealTime(from start: Double = 0, to end: Double, rate: Double = 120) throws -> FrameTicker {
        _ = try HostCore.frameTimes(from: start, to: end, fps: rate)
        var ticker = try FrameTicker(rate: rate)
        _ = try frame(at: start)
        let origin = DispatchTime.now().uptimeNanoseconds
        func wall() -> Double { Double(DispatchTime.now().uptimeNanoseconds - origin) / 1e9 }
        var k = 0
        while start + Double(k) / rate <= end + 1e-9 {
            let due = Double(k) / rate
            while wall() < due { usleep(200) }
            _ = try frame(at: start + due)
            let shown = max(k + 1, Int((wall() * rate).rounded(.up)))
            try ticker.tick(at: Double(shown) / rate)
            k = shown
        }
        return ticker
    }

    /// Evaluates the view's bodies and lays it out again now, committing without animation: for
    /// inputs the host cannot see change (a model object outside `@State`). State changes,
    /// taps and scrolls update the view by themselves.
    public func update() throws {
        try process(until: now)
        try exclusive { try interact { commit(Transaction()) } }
    }

    /// Moves the clock forward by `seconds`, running events and completions on the way.
    public func advance(by seconds: Double) throws {
        guard seconds.isFinite, seconds >= 0 else { throw ViewHostError.invalidTime("advance(by:) needs a finite time ≥ 0, got \(seconds)") }
        try process(until: now + seconds)
    }

    /// Moves the clock to `time` (seconds); an earlier time replays the transcript from the start.
    public func advance(to time: Double) throws { try process(until: time) }

    /// Taps the button or tap gesture whose label text is `label`, now.
    public func tap(_ label: String) throws {
        try process(until: now)
        _ = try tapTarget(label)
        try schedule(.tap(label), at: now)
        try process(until: now)
    }

    /// Schedules a tap on `label` at `time` (seconds). A missing target is reported when the
    /// host reaches that time.
    public func tap(_ label: String, at time: Double) throws { try schedule(.tap(label), at: time) }

    /// Sets the slider labelled `label` to `value` (in its own range; clamped to it and snapped
    /// to its step, as dragging does), now.
    public func set(_ label: String, to value: Double) throws { try adjust(label, .value(value)) }
    /// Taps the "+" of the stepper labelled `label`, now.
    public func increment(_ label: String) throws { try adjust(label, .increment) }
    /// Taps the "−" of the stepper labelled `label`, now.
    public func decrement(_ label: String) throws { try adjust(label, .decrement) }
    /// Chooses the option shown as `option` in the picker labelled `label`, now.
    public func select(_ option: String, in label: String) throws { try adjust(label, .select(option)) }
    /// Replaces the text of the text field labelled (or with the placeholder) `label`, now.
    public func type(_ text: String, into label: String) throws { try adjust(label, .text(text)) }
    /// Schedules a control setting at `time` (seconds).
    public func adjust(_ label: String, _ setting: ControlSetting, at time: Double) throws { try schedule(.adjust(label, setting), at: time) }

    func adjust(_ label: String, _ setting: ControlSetting) throws {
        try process(until: now)
        _ = try controlTarget(label)
        try schedule(.adjust(label, setting), at: now)
        try process(until: now)
    }

    /// Scrolls the `index`-th scroll view (in resolution order) so that `offset` (points, from the
    /// content's top leading corner) is at its top leading corner, now; clamped to the content when drawn.
    public func scroll(to offset: CGPoint, scrollView index: Int = 0) throws {
        guard offset.x.isFinite, offset.y.isFinite else { throw ViewHostError.invalidSize("a scroll offset must be finite") }
        try process(until: now)
        guard pass.scrollViews.indices.contains(index) else {
            throw ViewHostError.noScrollView(index: index, count: pass.scrollViews.count)
        }
        try schedule(.scroll(Point(x: Double(offset.x), y: Double(offset.y)), index: index), at: now)
        try process(until: now)
    }

    /// Schedules a scroll at `time` (seconds).
    public func scroll(to offset: CGPoint, scrollView index: Int = 0, at time: Double) throws {
        guard offset.x.isFinite, offset.y.isFinite else { throw ViewHostError.invalidSize("a scroll offset must be finite") }
        try schedule(.scroll(Point(x: Double(offset.x), y: Double(offset.y)), index: index), at: time)
    }

    /// Runs `body` (state changes) in `transaction` now. It joins the transcript: a replay
    /// runs it again, so it should only change the view's state.
    public func perform(_ transaction: Transaction = Transaction(), _ body: @escaping () -> Void) throws {
        try process(until: now)
        try schedule(.perform(transaction, body), at: now)
        try process(until: now)
    }

    /// Schedules `body` in `transaction` at `time` (seconds).
    public func perform(at time: Double, _ transaction: Transaction = Transaction(), _ body: @escaping () -> Void) throws {
        try schedule(.perform(transaction, body), at: time)
    }
}

extension HostCore {
    /// The times ``ViewHost/record(from:to:fps:)`` renders: `start + i / fps` (no drift) while
    /// ≤ `end` (+1e-9 s).
    /// - Throws: ``ViewHostError/invalidTime(_:)`` as `record` does.
    public static func frameTimes(from start: Double, to end: Double, fps: Double) throws -> [Double] {
        guard fps.isFinite, fps > 0, fps <= 240 else { throw ViewHostError.invalidTime("fps must be in (0, 240], got \(fps)") }
        guard start.isFinite, end.isFinite, start >= 0, end <= 86_400, end >= start else {
            throw ViewHostError.invalidTime("a recording needs 0 ≤ start ≤ end ≤ 86400 s, got \(start)…\(end)")
        }
        let count = Int(((end - start) * fps + 1e-9).rounded(.down)) + 1
        guard count <= maxRecordedFrames else {
            throw ViewHostError.invalidTime("\(count) frames is over the limit of \(maxRecordedFrames)")
        }
        return (0..<count).map { start + Double($0) / fps }
    }
}

/// The layout root of a host: its view centred, and several root views (a builder block, a
/// `ForEach`, a `Group` at the top) stacked vertically with no spacing, as a hosting
/// controller lays out a multi-view root.
func rootNode(_ elements: [Element]) -> LayoutNode {
    let children =
        elements.count > 1
        ? [
            LayoutNode(
                .stack(.vertical, alignment: FrostLayout.Alignment(horizontal: 0.5, vertical: 0.5), spacing: nil), name: "roots", children: elements.map(\.node)
            )
        ]
        : elements.map(\.node)
    return LayoutNode(.zstack(alignment: .center), name: "root", children: children)
}
