/// How a builder treats a number outside its documented range. Every builder is written once,
/// generic over the check, so SwiftUI's forgiving public API and the strict path behind
/// ``Animation/parse(_:)`` and the CLI cannot drift apart.
///
/// - ``Lenient`` (the public builders, `Failure == Never`, so no `try`): SwiftUI never throws
///   from `.spring(duration:bounce:)` or `.delay(_:)`. NaN becomes the parameter's default;
///   ±∞ and values beyond a bound clamp to it; a bound that must be exceeded (a duration > 0)
///   clamps to ``Lenient/openMargin`` past it.
/// - ``Strict`` (parsing, the CLI, and the `checked…` entry points): a ``MotionError`` naming
///   the parameter, its value and the range.
protocol ParameterCheck: Sendable {
    associatedtype Failure: Error
    func value(
        _ name: String, _ value: Double, in range: ClosedRange<Double>, open: Bool,
        default fallback: Double
    ) throws(Failure) -> Double
    func count(_ name: String, _ value: Int, atLeast minimum: Int) throws(Failure) -> Int
}

extension ParameterCheck {
    func value(
        _ name: String, _ value: Double, in range: ClosedRange<Double>,
        default fallback: Double
    ) throws(Failure) -> Double {
        try self.value(name, value, in: range, open: false, default: fallback)
    }
}

struct Strict: ParameterCheck {
    func value(
        _ name: String, _ value: Double, in range: ClosedRange<Double>, open: Bool,
        default fallback: Double
    ) throws(MotionError) -> Double {
        try MotionError.check(name, value, in: range, open: open)
        return value
    }
    func count(_ name: String, _ value: Int, atLeast minimum: Int) throws(MotionError) -> Int {
        guard value >= minimum else { throw .invalidParameter("\(name) must be at least \(minimum), got \(value)") }
        return value
    }
}

struct Lenient: ParameterCheck {
    /// How far past an open lower bound a clamped value lands: 1 µs for durations and
    /// responses, a speed of 1e-6, a bounce of −0.999999.
    static let openMargin = 1e-6

    func value(
        _ name: String, _ value: Double, in range: ClosedRange<Double>, open: Bool,
        default fallback: Double
    ) -> Double {
        if value.isNaN { return fallback }
        let low = open ? range.lowerBound + Lenient.openMargin : range.lowerBound
        return min(max(value, low), range.upperBound)
    }
    func count(_ name: String, _ value: Int, atLeast minimum: Int) -> Int { max(value, minimum) }
}
