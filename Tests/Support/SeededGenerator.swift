import Foundation

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
/// a seeded generator so randomised tests draw the same cases on every run and a failure can be
/// replayed. `SystemRandomNumberGenerator` cannot be seeded.
///
/// Its description is `seed N`: randomised tests put it in their failure messages, and
/// `FROST_TEST_SEED=N swift test --filter …` replays the run (see ``testSeed(_:)``).
public struct SeededGenerator: RandomNumberGenerator, Sendable, CustomStringConvertible {
    private var state: UInt64
    /// The seed this generator started from.
    public let seed: UInt64

    public init(seed: UInt64) { state = seed; self.seed = seed }

    /// A test's seed: `FROST_TEST_SEED` from the environment when set (to replay a failure or
    /// draw new cases), else `fallback` (the test's fixed seed, so CI is repeatable).
    public static func testSeed(_ fallback: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment["FROST_TEST_SEED"].flatMap { UInt64($0) } ?? fallback
    }

    /// A generator seeded by ``testSeed(_:)``.
    public static func forTest(_ fallback: UInt64) -> SeededGenerator { SeededGenerator(seed: testSeed(fallback)) }

    public var description: String { "seed \(seed)" }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
