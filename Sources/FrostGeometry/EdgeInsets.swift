/// Insets on the four edges, as SwiftUI's `EdgeInsets` (leading/trailing: left/right in a
/// left-to-right layout, the only direction Frost lays out today).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// The same inset on every edge.
    public init(_ all: Double) { self.init(top: all, leading: all, bottom: all, trailing: all) }
    public static let zero = EdgeInsets()
    public var isFinite: Bool { top.isFinite && leading.isFinite && bottom.isFinite && trailing.isFinite }
    public var description: String {
        "(top \(top.shortText), leading \(leading.shortText), bottom \(bottom.shortText), trailing \(trailing.shortText))"
    }
}
