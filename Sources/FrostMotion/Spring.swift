import Foundation

/// A damped spring, as SwiftUI's `Spring`: a mass on a spring with viscous damping, moving a
/// value toward its target. Times are in seconds; value and velocity are in the animated
/// value's units (and units per second).
///
/// The perceptual parameters follow Apple's definitions (mass 1):
/// stiffness k = (2π / duration)², damping c = 4π·ζ / duration, with the damping ratio
/// ζ = 1 − bounce for bounce ≥ 0 and ζ = 1 / (1 + bounce) for bounce < 0.
public struct Spring: Hashable, Sendable {
    /// The mass, > 0 (1 for every perceptual initialiser).
    public let mass: Double
    /// The spring constant k, > 0, in mass-units per second².
    public let stiffness: Double
    /// The damping coefficient c, ≥ 0.
    public let damping: Double

    /// A spring from its perceptual duration and bounce.
    /// - Parameters:
    ///   - duration: the pace of the spring in seconds, > 0 (default 0.5). It is the period of
    ///     the undamped spring, not the time to settle (see ``settlingDuration``).
    ///   - bounce: −1 < bounce ≤ 1; 0 is critically damped, 0.3 visibly bouncy, negative values
    ///     overdamped (default 0).
    ///
    /// Edge cases (SwiftUI never throws here): NaN takes the default; values outside the ranges
    /// clamp to them (a duration ≤ 0 becomes 1 µs, a bounce ≤ −1 becomes −0.999999). Use
    /// ``init(checkedDuration:bounce:)`` to get an error instead.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        self.init(duration: duration, bounce: bounce, check: Lenient())
    }

    /// ``init(duration:bounce:)`` that throws a ``MotionError`` for a value outside its range.
    public init(checkedDuration duration: Double, bounce: Double = 0) throws(MotionError) {
        try self.init(duration: duration, bounce: bounce, check: Strict())
    }

    init<C: ParameterCheck>(duration: Double, bounce: Double, check: C) throws(C.Failure) {
        let d = try check.value("duration", duration, in: 0...1e6, open: true, default: 0.5)
        let b = try check.value("bounce", bounce, in: -1...1, open: true, default: 0)
        let ratio = b >= 0 ? 1 - b : 1 / (1 + b)
        try self.init(response: d, dampingRatio: ratio, check: check)
    }

    /// A spring from its response (the undamped period, seconds, > 0) and damping ratio
    /// (≥ 0; 1 is critical, above 1 overdamped). NaN takes the default (0.5 s, 1); other values
    /// clamp to the ranges (response ≤ 0 becomes 1 µs).
    public init(response: Double, dampingRatio: Double) {
        self.init(response: response, dampingRatio: dampingRatio, check: Lenient())
    }

    /// ``init(response:dampingRatio:)`` that throws for a value outside its range.
    public init(checkedResponse response: Double, dampingRatio: Double) throws(MotionError) {
        try self.init(response: response, dampingRatio: dampingRatio, check: Strict())
    }

    init<C: ParameterCheck>(response: Double, dampingRatio: Double, check: C) throws(C.Failure) {
        let r = try check.value("response", response, in: 0...1e6, open: true, default: 0.5)
        let z = try check.value("dampingRatio", dampingRatio, in: 0...1e6, default: 1)
        let omega = 2 * Double.pi / r
        mass = 1
        stiffness = omega * omega
        damping = 2 * z * omega
    }

    /// A spring from its physical constants.
    /// - Parameters:
    ///   - mass: > 0 (default 1).
    ///   - stiffness: k > 0.
    ///   - damping: c ≥ 0.
    ///   - allowOverDamping: when false (SwiftUI's default), damping beyond critical (2√(k·m))
    ///     is reduced to critical.
    ///
    /// Edge cases: NaN mass becomes 1, NaN stiffness 100, NaN damping 10 (the constants of
    /// Apple's own example); other values clamp (mass and stiffness ≤ 0 become 1e-6).
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        self.init(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: allowOverDamping, check: Lenient())
    }

    /// ``init(mass:stiffness:damping:allowOverDamping:)`` that throws for a value outside its range.
    public init(
        checkedMass mass: Double, stiffness: Double, damping: Double,
        allowOverDamping: Bool = false
    ) throws(MotionError) {
        try self.init(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: allowOverDamping, check: Strict())
    }

    init<C: ParameterCheck>(
        mass: Double, stiffness: Double, damping: Double, allowOverDamping: Bool,
        check: C
    ) throws(C.Failure) {
        let m = try check.value("mass", mass, in: 0...1e12, open: true, default: 1)
        let k = try check.value("stiffness", stiffness, in: 0...1e12, open: true, default: 100)
        let c = try check.value("damping", damping, in: 0...1e12, default: 10)
        self.mass = m
        self.stiffness = k
        let critical = 2 * (k * m).squareRoot()
        self.damping = allowOverDamping ? c : min(c, critical)
    }

    /// A spring that settles (within `epsilon` of a unit move, see ``settlingDuration``) in
    /// about `settlingDuration` seconds with the given damping ratio. NaN takes the defaults
    /// (0.5 s, ratio 1, ε 0.001); other values clamp to (0, 1e6] s, (0, 1e6], (0, 1).
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
        self.init(settlingDuration: settlingDuration, dampingRatio: dampingRatio, epsilon: epsilon, check: Lenient())
    }

    /// ``init(settlingDuration:dampingRatio:epsilon:)`` that throws for a value outside its range.
    public init(
        checkedSettlingDuration settlingDuration: Double, dampingRatio: Double,
        epsilon: Double = 0.001
    ) throws(MotionError) {
        try self.init(settlingDuration: settlingDuration, dampingRatio: dampingRatio, epsilon: epsilon, check: Strict())
    }

    init<C: ParameterCheck>(
        settlingDuration: Double, dampingRatio: Double, epsilon: Double,
        check: C
    ) throws(C.Failure) {
        let target = try check.value("settlingDuration", settlingDuration, in: 0...1e6, open: true, default: 0.5)
        let ratio = try check.value("dampingRatio", dampingRatio, in: 0...1e6, open: true, default: 1)
        let eps = try check.value("epsilon", epsilon, in: 0...1, open: true, default: 0.001)
        // Settling time grows monotonically with the response: bisect on log(response).
        var lo = log(1e-6), hi = log(1e6)
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            let s = Spring(response: exp(mid), dampingRatio: ratio)
            if s.settlingDuration(target: 1, initialVelocity: 0, epsilon: eps) < target { lo = mid } else { hi = mid }
        }
        self = Spring(response: exp(hi), dampingRatio: ratio)
    }

    // MARK: Perceptual getters

    /// The undamped period 2π/√(k/m), in seconds.
    public var response: Double { 2 * Double.pi / (stiffness / mass).squareRoot() }
    /// The same as ``response``: SwiftUI's `duration`.
    public var duration: Double { response }
    /// c / (2√(k·m)): 1 is critical.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// 1 − ζ for ζ ≤ 1, 1/ζ − 1 above (negative: overdamped).
    public var bounce: Double {
        let z = dampingRatio
        return z <= 1 ? 1 - z : 1 / z - 1
    }

    // MARK: Presets (SwiftUI's)

    /// No bounce, duration 0.5 s.
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// A small bounce (0.15), duration 0.5 s.
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// A visible bounce (0.3), duration 0.5 s.
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// ``smooth`` with another duration and extra bounce added to its own.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: (extraBounce.isNaN ? 0 : extraBounce))
    }

    /// ``snappy`` with another duration and extra bounce added to its 0.15.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + (extraBounce.isNaN ? 0 : extraBounce))
    }

    /// ``bouncy`` with another duration and extra bounce added to its 0.3.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + (extraBounce.isNaN ? 0 : extraBounce))
    }
}
