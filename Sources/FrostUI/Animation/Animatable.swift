import FrostMotion

// Reproduces SwiftUI's Animatable protocol and EmptyAnimatableData: a view or modifier's
// animatableData interpolated by the host every frame. Complete for the protocol; the vector
// arithmetic itself lives in FrostMotion.

public typealias VectorArithmetic = FrostMotion.VectorArithmetic
public typealias AnimatablePair = FrostMotion.AnimatablePair

/// A type whose values animate through `animatableData`, as SwiftUI's `Animatable`: shapes
/// conform, and a custom shape exposes its animated numbers (a `CGFloat`, an
/// `AnimatablePair`…) so that a change inside `withAnimation` redraws it at every
/// intermediate value (`trim`-like progress, a corner radius, a polygon's side count).
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic = EmptyAnimatableData
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

/// Nothing to animate (SwiftUI's `EmptyAnimatableData`).
public struct EmptyAnimatableData: VectorArithmetic {
    public init() {}
    public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
    public static func + (l: Self, r: Self) -> Self { l }
    public static func - (l: Self, r: Self) -> Self { l }
    public func scaled(by factor: Double) -> Self { self }
    public var magnitudeSquared: Double { 0 }
    public var isFinite: Bool { true }
}

extension CGFloat: VectorArithmetic {
    public func scaled(by factor: Double) -> CGFloat { self * CGFloat(factor) }
    public var magnitudeSquared: Double { Double(self * self) }
}
