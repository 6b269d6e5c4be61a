// What one run of a host's transcript builds up (state, the animation engine, the features'
// states); replaced whole when the host rewinds to replay from the start.

/// What one run of a host's transcript builds up, from the first commit on: replaced whole
/// (one assignment) when the host rewinds to replay from the start. The update cycle's own
/// parts are fields; each feature (scrolling, lifecycle, blur bridges, Blurable, blur-hold
/// diagnostics, layout caches…) keeps its state in ``features``, keyed by its state type, so a
/// new feature edits no host type. What outlives a replay (fonts, caches, logged diagnostics,
/// the transcript) stays on the host (``HostCore/lifetimeFeatures``).
struct HostSession {
    /// `@State` boxes by identity and field.
    var states: [StateKey: AnyObject] = [:]
    /// The committed tree, its animated values and pending completions.
    var engine = AnimationEngine()
    /// Transcript events processed so far.
    var applied = 0
    /// Completions to run at once (their commit did not animate).
    var completionsNow: [() -> Void] = []
    /// The features' states for this run.
    let features = HostFeatures()
}
