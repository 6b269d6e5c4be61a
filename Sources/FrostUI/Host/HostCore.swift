import FrostGeometry
import FrostImage
import FrostLayout
import FrostScene
import FrostRaster
import FrostMotion

// The host a SwiftUI view lives in, rendered headlessly (UIHostingController's role): the state
// table, fonts, limits and the clock shared by a resolution; confined to one thread at a time
// (checked on entry). The timeline is in HostTimeline.swift, the generic host in ViewHost.swift.

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
    /// The most views resolved one inside another, of any kind: `AnyView` in `AnyView`, a
    /// modifier on a modifier, a stack in a stack. Past it the host reports
    /// ``ViewHostError/tooDeep(limit:)``. Resolution also stops, with the same error, where the
    /// thread's stack would not hold the rest of the work (`StackBudget`): on a small stack
    /// (512 KiB, macOS's secondary threads) that comes first, in a debug build after a few
    /// hundred levels. DepthLimitTests measures both on 512 KiB and 8 MiB threads.
    public static let maxNesting = 1000
    /// What the resolution under way (or the last one) gathers; replaced whole per pass.
    var pass = ResolvePass()
    /// The `ObservableObject` publishers the last pass bound (those the next one does not bind
    /// are unsubscribed).
    var followedBefore: [ObjectIdentifier: ObservableObjectPublisher] = [:]
    /// Everything a run of the transcript builds up (state, scroll offsets, animations,
    /// lifecycle, blur techniques), reset in one assignment when the host rewinds.
    var session = HostSession()
    /// The animation state of the run (see ``HostSession/engine``).
    var engine: AnimationEngine { session.engine }
    /// Every blur bridge ``withBlurBridge(_:_:)`` ran, in order: when, where, which preset
    /// (the chosen one for `.automatic`) and the layout change measured.
    public var blurBridges: [BlurBridgeRecord] { blurBridgeState.records }
    var observationSinkStorage: ObservationSinkHandle?
    /// Where the views' tasks run (drained on the host's thread).
    let executor = HostExecutor()
    /// Keeps each resolution's identities the same objects as the last one's (fast equality).
    let interner = IdentityInterner()
    /// The system faces, Inter, DejaVu variants and registered fonts this host draws with.
    let fonts: HostFonts
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
        entryLock.withLock {
            defer { pendingChange = false }; return pendingChange
        }
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
    /// The longest text a `Text` may show, in Unicode scalars (TextLayout's limit).
    public static let maxTextLength = TextLayout.maxCharacters
    /// The URLs links and `openURL` opened, in order (a headless host opens nothing).
    public internal(set) var openedURLs: [URL] = []

    // Animation and time (see HostTimeline.swift).
    /// The host's clock, seconds from the first frame. It moves only when told (``ViewHost/advance(to:)``,
    /// ``ViewHost/frame(at:)``), so the same calls give the same frames on every run.
    public internal(set) var now: Double = 0
    var transcript: [TimedEvent] = []
    /// When the last commit happened (host seconds).
    var lastCommitTime = -Double.infinity
    var needsReplay = false
    var resolving = false
    var deferredError: Error?
    /// The Reduce Motion setting: transitions with motion become fades, movement and blur
    /// changes jump (opacity and colours still animate), as iOS does.
    public var accessibilityReduceMotion = false { didSet { configurationChanged = true } }
    /// Set when fonts, scheme, size or settings change: the next frame resolves again.
    var configurationChanged = false
    var reduceMotionSetting: Bool { accessibilityReduceMotion }

    /// Features' states that outlive a replay (what was logged already, say), keyed by type.
    let lifetimeFeatures = HostFeatures()
    /// The view this core hosts (the generic ``ViewHost`` sets itself); weak, as it is the
    /// core's own subclass.
    weak var root: (any HostRoot)?
    /// The host's size in points (zero without a root).
    var rootSize: Size { root?.viewportSize ?? .zero }
    /// The view resolved and laid out now (nothing without a root).
    func resolveRoot() throws -> [Element] { try root?.resolveRoots() ?? [] }

    deinit {
        cancelTasks()
        // Over-long blur holds nobody read are logged as the host goes.
        if !blurHolds.pending.isEmpty || !blurHolds.open.isEmpty { traceBlurHolds() }
    }

    init(systemFont: SystemFontFiles? = nil) throws {
        fonts = try HostFonts(systemFont: systemFont)
    }

    /// Registers the font file at `path` for `Font.custom(_:size:)`, under its PostScript name,
    /// its family name and its file name (without extension); returns the PostScript name
    /// (the file name when it has none).
    /// - Throws: ``ViewHostError/font(_:)`` when the file is missing or not a font.
    @discardableResult
    public func registerFont(atPath path: String) throws -> String {
        let name = try fonts.register(atPath: path)
        configurationChanged = true
        return name
    }

    func stateBox<Value>(_ key: StateKey, initial: Value) -> StateBox<Value> {
        pass.touched.insert(key)
        if let box = session.states[key] as? StateBox<Value> { return box }
        let box = StateBox(initial)
        box.host = self
        session.states[key] = box
        return box
    }

    /// Whether resolution may go deeper; false (and the host reports ``ViewHostError/tooDeep(limit:)``)
    /// past ``maxDepth`` identity components.
    func checkDepth(_ identity: SceneIdentity) -> Bool {
        if identity.depth > HostCore.maxDepth { pass.depthExceeded = true; return false }
        return true
    }

    /// Whether one more view may be resolved inside those being resolved now; false (and the
    /// host reports ``ViewHostError/tooDeep(limit:)`` with ``maxNesting``) past the limit.
    func enterNesting() -> Bool {
        guard pass.nesting < HostCore.maxNesting, StackBudget.currentAddress() > pass.stackFloor else {
            pass.nestingExceeded = true
            return false
        }
        pass.nesting += 1
        return true
    }

}
