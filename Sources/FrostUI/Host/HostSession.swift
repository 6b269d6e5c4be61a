import FrostGeometry
import FrostScene

// What one run of a host's transcript builds up (state, caches, the engine, scroll offsets,
// bridges); replaced whole when the host rewinds to replay from the start.

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
