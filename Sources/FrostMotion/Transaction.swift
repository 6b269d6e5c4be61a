/// The context of a state change, as SwiftUI's `Transaction`: the animation to use, or none.
public struct Transaction: Hashable, Sendable {
    /// How changed values move; nil jumps.
    public var animation: Animation?
    /// When true, changes jump even if ``animation`` is set (SwiftUI's `disablesAnimations`).
    public var disablesAnimations: Bool
    /// Reduce Motion for this transaction (nil: the animator's default).
    public var reduceMotion: ReduceMotionPolicy?

    public init(animation: Animation? = nil, disablesAnimations: Bool = false, reduceMotion: ReduceMotionPolicy? = nil) {
        self.animation = animation
        self.disablesAnimations = disablesAnimations
        self.reduceMotion = reduceMotion
    }
}

/// When a transaction's completion runs, as SwiftUI's `AnimationCompletionCriteria`.
public enum AnimationCompletionCriteria: Hashable, Sendable {
    /// When its motions read as finished (a spring's perceptual duration); the default.
    case logicallyComplete
    /// When its motions have fully finished and been removed.
    case removed
}
