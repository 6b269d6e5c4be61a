import FrostGeometry
import FrostMotion
import FrostLayout
import FrostScene
import FrostRaster
import FrostEffects

// Reproduces SwiftUI's `Edge` and `Edge.Set` (complete).

/// Edges, as SwiftUI's `Edge` and `Edge.Set`.
public enum Edge: Hashable, Sendable, CaseIterable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1), leading = Set(rawValue: 2), bottom = Set(rawValue: 4), trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing], vertical: Set = [.top, .bottom], all: Set = [.top, .leading, .bottom, .trailing]
    }
}
