import FrostGeometry
import FrostImage
import FrostLayout
import FrostScene
import FrostRaster
import FrostMotion

// The host a SwiftUI view lives in, rendered headlessly (UIHostingController's role): state by
// identity, the manual clock and transcript, taps, scrolls and actions, frames and recordings,
// and SwiftUI's ImageRenderer. A host is confined to one thread at a time (checked on entry).

/// Why the view host could not do what was asked.
public enum ViewHostError: Error, Equatable, CustomStringConvertible {
    /// No tap target shows `label`; `candidates` lists those that exist.
    case noTapTarget(label: String, candidates: [String])
    /// Several tap targets show `label`.
    case ambiguousTapTarget(label: String, count: Int)
    /// No slider, stepper, picker or text field is labelled `label`; `candidates` lists those that exist.
    case noControl(label: String, candidates: [String])
    /// The control cannot take the setting (a picker without that option; a value that is not finite).
    case invalidSetting(String)
    /// The view tree nests deeper than ``HostCore/maxDepth``.
    case tooDeep(limit: Int)
    /// A size or scale out of range.
    case invalidSize(String)
    /// A time, frame rate or frame count out of range (or completions that loop).
    case invalidTime(String)
    /// A font file that is missing or unreadable.
    case font(String)
    /// A `Text` longer than ``HostCore/maxTextLength`` characters (Unicode scalars).
    case textTooLong(length: Int, limit: Int)
    /// No view has the identifier, text or label `name`; `candidates` lists identifiers and texts.
    case noView(name: String, candidates: [String])
    /// Several views have the identifier, text or label `name`.
    case ambiguousView(name: String, count: Int)
    /// Two threads used one host at once. A host is confined to one thread at a time (it is
    /// not `Sendable`); render many views in parallel with a host per thread.
    case concurrentUse
    /// A view reads an object from the environment (`@Environment(Model.self)`,
    /// `@EnvironmentObject`) that no ancestor provided; `type` names it.
    case missingEnvironmentObject(type: String, view: String)
    /// Actions kept triggering each other at one instant (an `onChange` that changes its own
    /// value, a completion that starts an animation that completes at once…).
    case updateLoop(String)

    public var description: String {
        switch self {
        case let .noTapTarget(label, candidates):
            return "no button or tap gesture shows '\(label)'; candidates: \(candidates.isEmpty ? "none" : candidates.map { "'\($0)'" }.joined(separator: ", "))"
        case let .ambiguousTapTarget(label, count): return "\(count) tap targets show '\(label)': make the label unique"
        case let .noControl(label, candidates):
            return "no slider, stepper, picker or text field is labelled '\(label)'; candidates: \(candidates.isEmpty ? "none" : candidates.joined(separator: ", "))"
        case let .invalidSetting(what): return what
        case let .tooDeep(limit): return "the view tree nests deeper than \(limit) levels"
        case let .invalidSize(what): return what
        case let .invalidTime(what): return what
        case let .font(what): return what
        case let .textTooLong(length, limit): return "a Text of \(length) characters is over the limit of \(limit)"
        case let .noView(name, candidates):
            return "no view is identified by or shows '\(name)'; candidates: \(candidates.isEmpty ? "none" : candidates.prefix(20).map { "'\($0)'" }.joined(separator: ", "))"
        case let .ambiguousView(name, count): return "\(count) views are identified by or show '\(name)': give one an accessibilityIdentifier"
        case .concurrentUse: return "two threads used one view host at once: give each thread its own host"
        case let .updateLoop(what): return what
        case let .missingEnvironmentObject(type, view):
            return "\(view) reads a \(type) from the environment, but no ancestor provides one: add .environment(\(type)(…)) (or .environmentObject) above it"
        }
    }
}

/// Font files that stand in for the system font (San Francisco).
public struct SystemFontFiles: Hashable, Sendable {
    /// Regular weight; also semibold and heavier when `bold` is nil.
    public var regular: String
    /// Semibold and heavier.
    public var bold: String?
    public init(regular: String, bold: String? = nil) { self.regular = regular; self.bold = bold }
}

/// The state table, fonts and limits shared by a resolution (the non-generic part of a host).
///
/// Threads: a host is confined to one thread at a time — it is not `Sendable`, so Swift 6 code
/// cannot share one across isolation domains, and at run time a second thread entering while
/// another is inside gets ``ViewHostError/concurrentUse`` instead of racing. A host may move
/// between threads (made on one, used on another). Hosts share nothing mutable but their font
/// files' FreeType faces (each `Font` locks its own), so many hosts render in parallel, each
/// giving the bytes it gives alone (tested with dozens of animated hosts across threads).
public class HostCore {
    /// Deepest identity path accepted (a view that recurses forever stops here with an error).
    public static let maxDepth = 256
    var touched: Set<StateKey> = []
    var layoutCacheSeen: Set<SceneIdentity> = []
    /// Everything a run of the transcript builds up (state, scroll offsets, animations,
    /// lifecycle, blur techniques), reset in one assignment when the host rewinds.
    var session = HostSession()
    /// The animation state of the run (see ``HostSession/engine``).
    var engine: AnimationEngine { session.engine }
    /// Every blur bridge ``withBlurBridge(_:_:)`` ran, in order: when, where, which preset
    /// (the chosen one for `.automatic`) and the layout change measured.
    public var blurBridges: [BlurBridgeRecord] { session.blurBridges }
    /// The first dynamic property of this resolution that could not be bound.
    var bindingFailure: ViewHostError?
    var observationSinkStorage: ObservationSinkHandle?
    /// Where the views' tasks run (drained on the host's thread).
    let executor = HostExecutor()
    /// Keeps each resolution's identities the same objects as the last one's (fast equality).
    let interner = IdentityInterner()
    /// Work that reads the laid-out tree (preference observers), run after each placement.
    var afterLayout: [() -> Void] = []
    let regularFont: FrostRaster.Font?
    let boldFont: FrostRaster.Font?
    /// Other faces by key: installed DejaVu variants ("DejaVuSansMono-Bold") and registered
    /// fonts ("custom:" + name), loaded on first use; nil when the file is not there.
    var faces: [String: FrostRaster.Font?] = [:]
    var registered: [String: FrostRaster.Font] = [:]
    /// The folder Inter's files are in, when Inter draws the system font.
    let interFolder: String?
    /// Inter was wanted (no font of the host's own, no FROST_SYSTEM_FONT=dejavu) but is not
    /// installed: system text falls back to DejaVu, which ``SystemData`` counts.
    let interMissing: Bool
    /// First-baseline offsets (points) by face, size, scale and line pitch.
    var ascenders: [String: Double] = [:]
    /// Set text and glyph masks kept across this host's frames.
    let renderCache = RenderCache()
    /// The thread inside the host now, and how many of the host's calls deep it is (they call
    /// each other); guarded by `entryLock`.
    private let entryLock = NSLock()
    private var entryThread: pthread_t?
    private var entryDepth = 0
    /// A state change no commit has shown yet; guarded by `entryLock`, because a model may be
    /// changed on any thread (an `@Observable`'s callback runs on the changing thread).
    private var pendingChange = false

    /// Notes a state change; true when it is the first since a commit last took one (the
    /// caller then queues the host on its own thread's transaction). A change made by the thread
    /// inside the host while it resolves is part of that resolution.
    func notePendingChange() -> Bool {
        let me = pthread_self()
        return entryLock.withLock {
            let insideHere = entryDepth > 0 && entryThread.map { pthread_equal($0, me) != 0 } == true
            if insideHere && resolving { return false }
            if pendingChange { return false }
            pendingChange = true
            return true
        }
    }

    /// Takes the pending change: true when there was one (the caller commits it).
    func takePendingChange() -> Bool {
        entryLock.withLock { defer { pendingChange = false }; return pendingChange }
    }

    /// Puts back a change taken but not committed (another thread was inside the host).
    func restorePendingChange() { entryLock.withLock { pendingChange = true } }

    var hasPendingChange: Bool { entryLock.withLock { pendingChange } }

    /// Runs `body` as the one thread inside the host; another thread already inside makes it
    /// throw ``ViewHostError/concurrentUse`` (a check, not a wait: concurrent use is a bug).
    func exclusive<T>(_ body: () throws -> T) throws -> T {
        let me = pthread_self()
        try entryLock.withLock {
            if entryDepth > 0, let owner = entryThread, pthread_equal(owner, me) == 0 { throw ViewHostError.concurrentUse }
            entryThread = me
            entryDepth += 1
        }
        defer {
            entryLock.withLock {
                entryDepth -= 1
                if entryDepth == 0 { entryThread = nil }
            }
        }
        return try body()
    }
    /// Worker threads a frame is drawn with (1…64; default: the active cores, at most 8). The
    /// rendered bytes are the same for every count.
    public var renderThreads = min(8, max(1, ProcessInfo.processInfo.activeProcessorCount)) {
        didSet { renderThreads = min(max(renderThreads, 1), 64) }
    }
    var depthExceeded = false
    /// The longest text a `Text` may show, in Unicode scalars (TextLayout's limit).
    public static let maxTextLength = TextLayout.maxCharacters
    /// The length of the longest over-long text met in this resolution, if any.
    var textTooLong: Int?
    /// The URLs links and `openURL` opened, in order (a headless host opens nothing).
    public internal(set) var openedURLs: [URL] = []
    var scrollViews: [SceneIdentity] = []
    /// The scroll views of the last resolution, in order.
    var scrollInfos: [ScrollInfo] = []
    /// Whether a view follows scrolling (`onScrollGeometryChange`, `scrollPosition`): scrolls then re-resolve.
    var scrollObserved = false

    // Animation and time (see HostTimeline.swift).
    /// The host's clock, seconds from the first frame. It moves only when told (``ViewHost/advance(to:)``,
    /// ``ViewHost/frame(at:)``), so the same calls give the same frames on every run.
    public internal(set) var now: Double = 0
    var transcript: [TimedEvent] = []
    var needsReplay = false
    var resolving = false
    var deferredError: Error?
    /// The Reduce Motion setting: transitions with motion become fades, movement and blur
    /// changes jump (opacity and colours still animate), as iOS does.
    public var accessibilityReduceMotion = false { didSet { configurationChanged = true } }
    /// Set when fonts, scheme, size or settings change: the next frame resolves again.
    var configurationChanged = false
    var reduceMotionSetting: Bool { accessibilityReduceMotion }

    // Blur techniques (see BlurTechniques/).
    /// Over-long holds already logged (kept across replays, so a replay logs nothing twice).
    var loggedBlurEpisodes: Set<LoggedEpisode> = []
    /// The host's size in points (zero until a view host says).
    var viewportSize: Size { .zero }
    /// The element with identity path `identity` as drawn now, rendered alone (transparent
    /// around it), and its top-left corner in device pixels; nil when it is not drawn.
    func snapshotElement(_ identity: SceneIdentity) -> (image: FrostImage.Image, origin: Point)? { nil }

    /// The view resolved and laid out now (the generic host overrides it).
    func resolveRoots() throws -> [Element] { [] }

    deinit { cancelTasks() }

    init(systemFont: SystemFontFiles? = nil) throws {
        // Inter stands in for San Francisco where installed, unless the host was given its own
        // system font or FROST_SYSTEM_FONT=dejavu asks for DejaVu (what Frost drew before Inter).
        let wantsDejaVu = ProcessInfo.processInfo.environment["FROST_SYSTEM_FONT"]?.lowercased() == "dejavu"
        interFolder = systemFont == nil && !wantsDejaVu
            ? FrostRaster.Font.installedPath("Inter-Regular.otf").map { ($0 as NSString).deletingLastPathComponent } : nil
        interMissing = systemFont == nil && !wantsDejaVu && interFolder == nil
        if let systemFont {
            func load(_ path: String) throws -> FrostRaster.Font {
                do { return try FrostRaster.Font(path: path) } catch { throw ViewHostError.font("\(error)") }
            }
            regularFont = try load(systemFont.regular)
            boldFont = try systemFont.bold.map(load) ?? regularFont
        } else {
            regularFont = try? FrostRaster.Font.dejaVuSans()
            boldFont = (try? FrostRaster.Font.dejaVuSans(bold: true)) ?? regularFont
            // With neither face every text would measure zero and draw nothing, silently.
            if regularFont == nil && interFolder == nil {
                throw ViewHostError.font("no system font: neither Inter nor DejaVu Sans is installed (install `fonts-dejavu-core` and `fonts-inter`, or pass systemFont:)")
            }
        }
    }

    /// Registers the font file at `path` for `Font.custom(_:size:)`, under its PostScript name,
    /// its family name and its file name (without extension); returns the PostScript name
    /// (the file name when it has none).
    /// - Throws: ``ViewHostError/font(_:)`` when the file is missing or not a font.
    @discardableResult
    public func registerFont(atPath path: String) throws -> String {
        let font: FrostRaster.Font
        do { font = try FrostRaster.Font(path: path) } catch { throw ViewHostError.font("\(error)") }
        let file = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        for name in [font.postScriptName, font.familyName, file].compactMap({ $0 }) { registered[name] = font }
        configurationChanged = true
        return font.postScriptName ?? file
    }

    /// The face key and face a `Font` draws with: a registered custom font, an Inter face, an
    /// installed DejaVu variant, or nil for the system faces (also when a file is missing).
    func face(for font: Font) -> (key: String?, face: FrostRaster.Font?) {
        if let name = font.customName, let custom = registered[name] {
            let key = "custom:" + name
            faces[key] = custom
            return (key, custom)
        }
        let system = font.isBold ? boldFont : regularFont
        if interMissing, font.design == .default || font.design == .rounded {
            SystemData.recordFallback(SystemData.inter, warning: "Inter, San Francisco's stand-in, is not installed: install `fonts-inter` (Debian/Ubuntu) or `font-inter` (Homebrew); drawing system text with DejaVu Sans, about 10 % wider")
        }
        if let interFolder, font.design == .default || font.design == .rounded {
            let key = font.interFace
            if faces[key] == nil { faces[key] = .some(try? FrostRaster.Font(path: interFolder + "/" + key + ".otf")) }
            if let loaded = faces[key] ?? nil { return (key, loaded) }
        }
        guard let variant = font.dejaVuFace else { return (nil, system) }
        if faces[variant] == nil { faces[variant] = .some(try? FrostRaster.Font.installed(variant + ".ttf")) }
        guard let loaded = faces[variant] ?? nil else { return (nil, system) }
        return (variant, loaded)
    }


    func stateBox<Value>(_ key: StateKey, initial: Value) -> StateBox<Value> {
        touched.insert(key)
        if let box = session.states[key] as? StateBox<Value> { return box }
        let box = StateBox(initial)
        box.host = self
        session.states[key] = box
        return box
    }

    /// Whether resolution may go deeper; false (and the host reports ``ViewHostError/tooDeep(limit:)``)
    /// past ``maxDepth`` identity components.
    func checkDepth(_ identity: SceneIdentity) -> Bool {
        if identity.depth > HostCore.maxDepth { depthExceeded = true; return false }
        return true
    }

}

/// A view that lives over time, rendered headlessly: it owns the view's state (by identity), runs
/// taps and actions, and renders frames. Changes apply at once until the animated views issue
/// adds animation (the transaction of each change is recorded already).
public final class ViewHost<Content: View>: HostCore {
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
    public init(_ content: Content, size: CGSize, scale: CGFloat = 1, colorScheme: ColorScheme = .light,
                systemFont: SystemFontFiles? = nil) throws {
        let w = Double(size.width), h = Double(size.height), s = Double(scale)
        guard w.isFinite, h.isFinite, w > 0, h > 0, s.isFinite, s > 0, s <= 16 else {
            throw ViewHostError.invalidSize("a host needs a finite positive size and a scale in (0, 16], got \(w)×\(h) at \(s)")
        }
        guard (w * s).rounded(.up) * (h * s).rounded(.up) <= Double(FrostImage.Image.maxPixelCount) else {
            throw ViewHostError.invalidSize("\(w)×\(h) pt at \(s)× is over the limit of \(FrostImage.Image.maxPixelCount) pixels")
        }
        self.content = content; self.size = size; self.scale = scale; self.colorScheme = colorScheme
        try super.init(systemFont: systemFont)
    }

    /// A host the size of `device`'s screen, at its scale, with its safe area: the view is laid
    /// out in the safe area as a hosting controller lays it out (`ignoresSafeArea` reaches past it).
    public convenience init(_ content: Content, device: DevicePreset, colorScheme: ColorScheme = .light,
                            systemFont: SystemFontFiles? = nil) throws {
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
        let safe = Rect(x: v(i.leading), y: v(i.top), width: max(0, screen.width - v(i.leading) - v(i.trailing)),
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
        touched = []
        depthExceeded = false
        bindingFailure = nil
        textTooLong = nil
        scrollViews = []
        scrollInfos = []
        scrollObserved = false
        afterLayout = []
        let elements = resolveView(content, ResolveContext(identity: .root, environment: env, host: self))
        let root = rootNode(elements)
        // Placing makes the content of GeometryReaders (more views resolve here).
        root.place(in: safe.safe, proposal: rootProposal ?? ProposedSize(safe.safe.size), scale: Double(scale))
        // Then what needs the laid-out tree: scroll content (placed in its own space, which
        // may make more readers' content) and preference observers, in the order registered.
        while !afterLayout.isEmpty { afterLayout.removeFirst()() }
        if depthExceeded { throw ViewHostError.tooDeep(limit: HostCore.maxDepth) }
        if let bindingFailure { throw bindingFailure }
        if let length = textTooLong { throw ViewHostError.textTooLong(length: length, limit: HostCore.maxTextLength) }
        // State whose identity went away is dropped.
        session.states = session.states.filter { touched.contains($0.key) }
        session.layoutCaches = session.layoutCaches.filter { layoutCacheSeen.contains($0.key) }
        layoutCacheSeen = []
        finishChangeTracking()
        return elements
    }

    override func resolveRoots() throws -> [Element] { try interner.pass { try resolve() } }
    override var viewportSize: Size { Size(width: Double(size.width), height: Double(size.height)) }

    override func snapshotElement(_ identity: SceneIdentity) -> (image: FrostImage.Image, origin: Point)? {
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
        var renderer = SceneRenderer(scale: Double(scale), font: regularFont, boldFont: boldFont, cache: renderCache)
        renderer.faces = faces.compactMapValues { $0 }
        renderer.threads = renderThreads
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
        let background = isOpaque ? BackgroundStyle()._resolvedStyle({ var e = EnvironmentValues(); e.colorScheme = colorScheme; return e }()).color : nil
        var renderer = SceneRenderer(scale: Double(scale), font: regularFont, boldFont: boldFont, cache: renderCache)
        renderer.faces = faces.compactMapValues { $0 }
        renderer.threads = renderThreads
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
        guard scrollViews.indices.contains(index) else {
            throw ViewHostError.invalidSize("there is no scroll view #\(index) (the view has \(scrollViews.count))")
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
    let children = elements.count > 1
        ? [LayoutNode(.stack(.vertical, alignment: FrostLayout.Alignment(horizontal: 0.5, vertical: 0.5), spacing: nil), name: "roots", children: elements.map(\.node))]
        : elements.map(\.node)
    return LayoutNode(.zstack(alignment: .center), name: "root", children: children)
}

/// Renders a view to pixels, as SwiftUI's `ImageRenderer`.
public final class ImageRenderer<Content: View> {
    public var content: Content
    /// Pixels per point.
    public var scale: CGFloat = 1
    /// The size proposed to the view (unspecified: its ideal size).
    public var proposedSize: ProposedViewSize = .unspecified
    public var colorScheme: ColorScheme = .light
    /// The system colour generation (iOS 18 by default).
    public var systemColorPalette: SystemColorPalette = .iOS18
    /// Whether the image is opaque: false (SwiftUI's default) leaves it transparent where the
    /// view draws nothing; true fills it with the system background first.
    public var isOpaque = false

    public init(content: Content) { self.content = content }

    /// The rendered pixels (SwiftUI's `cgImage`); nil when the view cannot render.
    public var frostImage: FrostImage.Image? { try? render() }

    /// Renders, throwing the reason when it cannot.
    public func render() throws -> FrostImage.Image {
        // One host: size the view for the proposal (ideal on unspecified axes), then render at that size.
        let host = try ViewHost(content, size: CGSize(width: 1, height: 1), scale: scale, colorScheme: colorScheme)
        host.systemColorPalette = systemColorPalette
        var env = EnvironmentValues(); env.colorScheme = colorScheme; env.displayScale = scale; env.systemColorPalette = systemColorPalette
        let elements = host.interner.pass { resolveView(content, ResolveContext(identity: .root, environment: env, host: host)) }
        let root = rootNode(elements)
        let size = root.sizeThatFits(ProposedSize(width: proposedSize.width.map { Double($0) }, height: proposedSize.height.map { Double($0) }))
        let w = max(1, size.width), h = max(1, size.height), s = Double(scale)
        guard w.isFinite, h.isFinite, (w * s).rounded(.up) * (h * s).rounded(.up) <= Double(FrostImage.Image.maxPixelCount) else {
            throw ViewHostError.invalidSize("the view's size \(w)×\(h) pt at \(s)× is not finite or over the pixel limit")
        }
        host.size = CGSize(width: w, height: h)
        host.rootProposal = ProposedSize(width: proposedSize.width.map { Double($0) }, height: proposedSize.height.map { Double($0) })
        host.derivesSizeClasses = false
        host.isOpaque = isOpaque
        return try host.snapshot()
    }

    /// Renders and writes a PNG atomically.
    public func writePNG(to path: String) throws {
        try FrostImage.ImageFile.write(render(), to: path)
    }
}

/// A proposal, as SwiftUI's `ProposedViewSize`: nil on an axis means unspecified (ideal).
public struct ProposedViewSize: Hashable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?
    public init(width: CGFloat?, height: CGFloat?) { self.width = width; self.height = height }
    public init(_ size: CGSize) { self.init(width: size.width, height: size.height) }
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    public static let zero = ProposedViewSize(width: 0, height: 0)
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
}

/// What one run of a host's transcript builds up, from the first commit on: replaced whole
/// (one assignment) when the host rewinds to replay from the start. Features keep their parts
/// here; what outlives a replay (fonts, caches, logged diagnostics, the transcript) stays on
/// the host.
struct HostSession {
    /// `@State` boxes by identity and field.
    var states: [StateKey: AnyObject] = [:]
    /// Each custom `Layout` container's cache and the subviews it was made for.
    var layoutCaches: [SceneIdentity: Any] = [:]
    /// Lifecycle hooks, tasks and `onChange` values (see Lifecycle.swift).
    var lifecycle = LifecycleState()
    /// Scroll offsets (points) by scroll view identity, every offset each was given with its
    /// time (for `.animated` scroll transitions), and `scrollPosition` bindings' last ids.
    var scrollOffsets: [SceneIdentity: Point] = [:]
    var scrollHistory: [SceneIdentity: [(time: Double, offset: Point)]] = [:]
    var scrollPositions: [SceneIdentity: AnyHashable?] = [:]
    /// The committed tree, its animated values and pending completions.
    var engine = AnimationEngine()
    /// Transcript events processed so far.
    var applied = 0
    /// Completions to run at once (their commit did not animate).
    var completionsNow: [() -> Void] = []
    /// The last value each `.animation(_:value:)` saw.
    var animationValues: [SceneIdentity: Any] = [:]
    /// Blur bridges: each bridged container's target blur (points), its Reduce Motion
    /// cross-fade, and every bridge run so far.
    var bridgeRadii: [SceneIdentity: Double] = [:]
    var bridgeFades: [SceneIdentity: BridgeFade] = [:]
    var blurBridges: [BlurBridgeRecord] = []
    /// Blur holds being followed and those that ended.
    var openBlurEpisodes: [SlotKey: BlurEpisode] = [:]
    var finishedBlurEpisodes: [BlurEpisode] = []
    /// Blurable states set through ``HostedView`` handles, by identity.
    var blurableOverrides: [SceneIdentity: BlurableOverride] = [:]
}
