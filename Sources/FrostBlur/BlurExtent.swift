/// The size of a blur's output.
public enum BlurExtent: String, Sendable, CaseIterable, Hashable {
    /// The input's size (what UI blur shows). Default.
    case same
    /// Grown by ⌈3σ⌉ pixels on every side so nothing of the blur is cut off
    /// (CoreImage's output extent for an unclamped image); implies transparent edges outside.
    case expanded
}
