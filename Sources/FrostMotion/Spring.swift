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
    public init(duration: Double = 0.5, bounce: Double = 0) throws(MotionError) {
        try MotionError.check("duration", duration, in: 0...1e6, open: true)
        try MotionError.check("bounce", bounce, in: -1...1, open: true)
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(response: duration, dampingRatio: ratio)
    }

    /// A spring from its response (the undamped period, seconds, > 0) and damping ratio
    /// (≥ 0; 1 is critical, above 1 overdamped).
    public init(response: Double, dampingRatio: Double) throws(MotionError) {
        try MotionError.check("response", response, in: 0...1e6, open: true)
        try MotionError.check("dampingRatio", dampingRatio, in: 0...1e6)
        let omega = 2 * Double.pi / response
        mass = 1
        stiffness = omega * omega
        damping = 2 * dampingRatio * omega
    }

    /// A spring from its physical constants.
    /// - Parameters:
    ///   - mass: > 0 (default 1).
    ///   - stiffness: k > 0.
    ///   - damping: c ≥ 0.
    ///   - allowOverDamping: when false (SwiftUI's default), damping beyond critical (2√(k·m))
    ///     is reduced to critical.
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) throws(MotionError) {
        try MotionError.check("mass", mass, in: 0...1e12, open: true)
        try MotionError.check("stiffness", stiffness, in: 0...1e12, open: true)
        try MotionError.check("damping", damping, in: 0...1e12)
        self.mass = mass
        self.stiffness = stiffness
        let critical = 2 * (stiffness * mass).squareRoot()
        self.damping = allowOverDamping ? damping : min(damping, critical)
    }

    /// A spring that settles (within `epsilon` of a unit move, see ``settlingDuration``) in
    /// about `settlingDuration` seconds with the given damping ratio.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) throws(MotionError) {
        try MotionError.check("settlingDuration", settlingDuration, in: 0...1e6, open: true)
        try MotionError.check("dampingRatio", dampingRatio, in: 0...1e6, open: true)
        try MotionError.check("epsilon", epsilon, in: 0...1, open: true)
        // Settling time grows monotonically with the response: bisect on log(response).
        var lo = log(1e-6), hi = log(1e6)
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            let s = try Spring(response: exp(mid), dampingRatio: dampingRatio)
            if s.settlingDuration(target: 1, initialVelocity: 0, epsilon: epsilon) < settlingDuration { lo = mid } else { hi = mid }
        }
        self = try Spring(response: exp(hi), dampingRatio: dampingRatio)
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
    public static let smooth = try! Spring(duration: 0.5, bounce: 0)
    /// A small bounce (0.15), duration 0.5 s.
    public static let snappy = try! Spring(duration: 0.5, bounce: 0.15)
    /// A visible bounce (0.3), duration 0.5 s.
    public static let bouncy = try! Spring(duration: 0.5, bounce: 0.3)

    /// ``smooth`` with another duration and extra bounce added to its own.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) throws(MotionError) -> Spring {
        try Spring(duration: duration, bounce: extraBounce)
    }

    /// ``snappy`` with another duration and extra bounce added to its 0.15.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) throws(MotionError) -> Spring {
        try Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// ``bouncy`` with another duration and extra bounce added to its 0.3.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) throws(MotionError) -> Spring {
        try Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
