import FrostScene

// What one resolution of the view (one evaluation of the bodies plus layout) gathers: made
// fresh at the start of every pass, so nothing a pass notes can leak into the next one by a
// field someone forgot to reset.

/// What one resolution pass gathers, made fresh per pass (``HostCore/pass``). The last pass's
/// value stays readable until the next one starts (the host finds scroll views by it).
struct ResolvePass {
    /// `@State` keys read in this pass (the others are dropped after it).
    var touched: Set<StateKey> = []
    /// Custom layouts met (their caches are kept; the others are dropped).
    var layoutCacheSeen: Set<SceneIdentity> = []
    /// The `ObservableObject` publishers bound in this pass.
    var followedNow: [ObjectIdentifier: ObservableObjectPublisher] = [:]
    /// A view nested deeper than ``HostCore/maxDepth`` was met.
    var depthExceeded = false
    /// Views being resolved now, one inside the next (any kind: primitives, modifiers, AnyView).
    var nesting = 0
    /// Views were nested deeper than ``HostCore/maxNesting``, or than the stack allows.
    var nestingExceeded = false
    /// The lowest stack address resolution may reach in this pass (``StackBudget``).
    var stackFloor: UInt = 0
    /// The first dynamic property of this pass that could not be bound.
    var bindingFailure: ViewHostError?
    /// The length of the longest over-long text met, if any.
    var textTooLong: Int?
    /// The scroll views resolved, in order, and their layout and offsets.
    var scrollViews: [SceneIdentity] = []
    var scrollInfos: [ScrollInfo] = []
    /// Whether a view read the last pass's layout and found this pass's different (the host
    /// then resolves once more).
    var layoutChangedReaders = false
    /// Whether a view follows scrolling (`onScrollGeometryChange`, `scrollPosition`): scrolls then re-resolve.
    var scrollObserved = false
    /// Work that reads the laid-out tree (scroll content, preference observers), run after
    /// placement in the order registered.
    var afterLayout: [() -> Void] = []
    /// What presentation modifiers asked to present, in the order met (PresentationLayer.swift).
    var presentations: [PresentationRequest] = []
    /// Whether any presentation modifier was met (presenting or not).
    var hasPresenters = false
    /// Keyframe animators met, and the host time until which one still moves (∞ while one
    /// loops): frames before then are resolved again (KeyframeAnimator.swift).
    var animatorsSeen: Set<SceneIdentity> = []
    var animatorsLiveUntil = -Double.infinity
    /// Views with `matchedGeometryEffect`, in tree order (MatchedGeometry.swift).
    var matched: [Element] = []
}
