import FrostGeometry
import FrostLayout
import FrostScene

// Reproduces SwiftUI's `Axis` and `Axis.Set` (complete).

extension Axis {
    /// Axes, as SwiftUI's `Axis.Set`.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1), vertical = Set(rawValue: 2)
    }
}

/// An axis, as SwiftUI's `Axis`.
public enum Axis: Hashable, Sendable { case horizontal, vertical }
