import Foundation

/// A function from input progress to output progress over [0, 1], as SwiftUI's `UnitCurve`:
/// the shape of a timing curve without its duration.
///
/// Cubic Béziers run from (0, 0) to (1, 1) with two control points; x of both control points
/// must lie in [0, 1] (so time never runs backwards), y may leave [0, 1] (overshoot).
public struct UnitCurve: Hashable, Sendable {
    enum Shape: Hashable, Sendable {
        case bezier(UnitPoint, UnitPoint)
        case circularEaseIn, circularEaseOut, circularEaseInOut
        /// The inverse of ease-in-out: √(x(1−x)) below ½, mirrored above.
        case circularEaseOutIn
    }
    let shape: Shape

    /// A cubic Bézier from (0, 0) to (1, 1).
    ///
    /// Edge cases (SwiftUI does not throw here): a control point's x clamps to [0, 1] so time
    /// never runs backwards, y to ±1e6; NaN takes the linear curve's coordinate (x 0 or 1, y the
    /// same). ``Animation/parse(_:)`` reports such points as errors instead.
    public static func bezier(startControlPoint p1: UnitPoint, endControlPoint p2: UnitPoint) -> UnitCurve {
        bezier(startControlPoint: p1, endControlPoint: p2, check: Lenient())
    }

    static func bezier<C: ParameterCheck>(
        startControlPoint p1: UnitPoint, endControlPoint p2: UnitPoint,
        check: C
    ) throws(C.Failure) -> UnitCurve {
        let a = UnitPoint(
            x: try check.value("control point x", p1.x, in: 0...1, default: 0),
            y: try check.value("control point y", p1.y, in: -1e6...1e6, default: 0))
        let b = UnitPoint(
            x: try check.value("control point x", p2.x, in: 0...1, default: 1),
            y: try check.value("control point y", p2.y, in: -1e6...1e6, default: 1))
        return UnitCurve(shape: .bezier(a, b))
    }

    static func known(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> UnitCurve {
        UnitCurve(shape: .bezier(UnitPoint(x: x1, y: y1), UnitPoint(x: x2, y: y2)))
    }

    public static let linear = known(0, 0, 1, 1)
    public static let easeIn = known(0.42, 0, 1, 1)
    public static let easeOut = known(0, 0, 0.58, 1)
    public static let easeInOut = known(0.42, 0, 0.58, 1)
    /// Core Animation's default timing function and CSS `ease`.
    public static let `default` = known(0.25, 0.1, 0.25, 1)
    /// A quarter circle: 1 − √(1 − x²).
    public static let circularEaseIn = UnitCurve(shape: .circularEaseIn)
    /// A quarter circle: √((2 − x)·x).
    public static let circularEaseOut = UnitCurve(shape: .circularEaseOut)
    /// Two quarter circles meeting at (0.5, 0.5).
    public static let circularEaseInOut = UnitCurve(shape: .circularEaseInOut)

    /// Output progress at input `progress` (clamped to [0, 1]; NaN counts as 0).
    public func value(at progress: Double) -> Double {
        let x = UnitCurve.clamp(progress)
        switch shape {
        case .bezier(let p1, let p2):
            let s = UnitCurve.solve(x, p1.x, p2.x)
            return UnitCurve.cubic(s, p1.y, p2.y)
        case .circularEaseIn: return 1 - (1 - x * x).squareRoot()
        case .circularEaseOut: return ((2 - x) * x).squareRoot()
        case .circularEaseInOut:
            return x < 0.5
                ? 0.5 * (1 - (1 - 4 * x * x).squareRoot())
                : 0.5 * ((-(2 * x - 3) * (2 * x - 1)).squareRoot() + 1)
        case .circularEaseOutIn:
            let r = (x * (1 - x)).squareRoot()
            return x < 0.5 ? r : 1 - r
        }
    }

    /// ``value(at:)`` and ``velocity(at:)`` together, solving a Bézier once.
    public func sample(at progress: Double) -> (value: Double, velocity: Double) {
        guard case .bezier(let p1, let p2) = shape else { return (value(at: progress), velocity(at: progress)) }
        let x = UnitCurve.clamp(progress)
        let s = UnitCurve.solve(x, p1.x, p2.x)
        let dx = UnitCurve.slope(s, p1.x, p2.x)
        let y = UnitCurve.cubic(s, p1.y, p2.y)
        return abs(dx) > 1e-12 ? (y, UnitCurve.slope(s, p1.y, p2.y) / dx) : (y, velocity(at: progress))
    }

    /// dy/dx at input `progress` (clamped to [0, 1]): output progress per unit of input
    /// progress. Divide by the duration for a rate per second. Circular curves are vertical at
    /// their ends (+∞ there).
    public func velocity(at progress: Double) -> Double {
        let x = UnitCurve.clamp(progress)
        switch shape {
        case .bezier(let p1, let p2):
            let s = UnitCurve.solve(x, p1.x, p2.x)
            let dx = UnitCurve.slope(s, p1.x, p2.x), dy = UnitCurve.slope(s, p1.y, p2.y)
            if abs(dx) > 1e-12 { return dy / dx }
            // A control point on the axis makes dx/ds vanish at an end: the limit is the ratio
            // of second derivatives (l'Hôpital).
            let ddx = UnitCurve.curvature(s, p1.x, p2.x), ddy = UnitCurve.curvature(s, p1.y, p2.y)
            return abs(ddx) > 1e-12 ? ddy / ddx : (dy == 0 ? 0 : .infinity * dy.sign.factor)
        case .circularEaseIn:
            let r = (1 - x * x).squareRoot()
            return r == 0 ? .infinity : x / r
        case .circularEaseOut:
            let r = ((2 - x) * x).squareRoot()
            return r == 0 ? .infinity : (1 - x) / r
        case .circularEaseInOut:
            if x < 0.5 {
                let r = (1 - 4 * x * x).squareRoot()
                return r == 0 ? .infinity : 2 * x / r
            }
            let r = (-(2 * x - 3) * (2 * x - 1)).squareRoot()
            return r == 0 ? .infinity : (2 - 2 * x) / r
        case .circularEaseOutIn:
            let r = (x * (1 - x)).squareRoot()
            return r == 0 ? .infinity : abs(1 - 2 * x) / (2 * r)
        }
    }

    /// The curve mirrored about y = x (input and output swapped). Béziers swap each control
    /// point's coordinates; their y must then lie in [0, 1] for the inverse to be a function.
    public var inverse: UnitCurve {
        switch shape {
        case .bezier(let p1, let p2):
            let clampY = { (p: UnitPoint) in UnitPoint(x: UnitCurve.clamp(p.y), y: p.x) }
            return UnitCurve(shape: .bezier(clampY(p1), clampY(p2)))
        case .circularEaseIn: return .circularEaseOut
        case .circularEaseOut: return .circularEaseIn
        case .circularEaseInOut: return UnitCurve(shape: .circularEaseOutIn)
        case .circularEaseOutIn: return .circularEaseInOut
        }
    }

    // MARK: Cubic Bézier maths (one coordinate; end points 0 and 1)

    static func clamp(_ x: Double) -> Double { x >= 0 ? min(x, 1) : 0 }  // NaN → 0

    /// B(s) = 3(1−s)²s·a + 3(1−s)s²·b + s³.
    static func cubic(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }

    static func slope(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
    }

    static func curvature(_ s: Double, _ a: Double, _ b: Double) -> Double {
        6 * (1 - s) * (b - 2 * a) + 6 * s * (1 - 2 * b + a)
    }

    /// The parameter s with x(s) = x: Newton's method from s = x, falling back to bisection
    /// (x(s) is monotone when both control x lie in [0, 1]) when a step leaves [0, 1] or
    /// converges slowly (where dx/ds vanishes). Solves s to about 1e-15.
    static func solve(_ x: Double, _ a: Double, _ b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let err = cubic(s, a, b) - x
            if err == 0 { return s }
            let d = slope(s, a, b)
            if abs(d) < 1e-6 { break }
            let step = err / d
            s -= step
            if !(s > 0 && s < 1) { break }
            if abs(step) < 1e-15 { return s }
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if cubic(mid, a, b) < x { lo = mid } else { hi = mid }
            if hi - lo < 1e-16 { break }
        }
        return (lo + hi) / 2
    }
}

extension FloatingPointSign {
    var factor: Double { self == .minus ? -1 : 1 }
}
