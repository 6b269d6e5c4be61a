import Foundation
import Testing
import FrostTestSupport
@testable import FrostMotion

/// y at input x by plain bisection on the parameter: the independent reference.
func bisectBezier(_ x: Double, _ p1: UnitPoint, _ p2: UnitPoint) -> Double {
    func b(_ s: Double, _ a: Double, _ c: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * c + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if b(mid, p1.x, p2.x) < x { lo = mid } else { hi = mid }
    }
    return b((lo + hi) / 2, p1.y, p2.y)
}

@Suite("Unit curves", .hangLimit)
struct UnitCurveTests {
    @Test("Béziers match bisection to 1e-7 for many control points, y outside [0, 1] included")
    func bezierAgainstBisection() throws {
        var rng = SeededGenerator(seed: 0x5EED_F205)
        var points: [(UnitPoint, UnitPoint)] = [
            (UnitPoint(x: 0.42, y: 0), UnitPoint(x: 0.58, y: 1)),
            (UnitPoint(x: 0, y: 0), UnitPoint(x: 1, y: 1)),
            (UnitPoint(x: 0, y: 1), UnitPoint(x: 1, y: 0)),  // flat at the ends of x
            (UnitPoint(x: 0.68, y: -0.6), UnitPoint(x: 0.32, y: 1.6)),  // back-out, overshoot
            (UnitPoint(x: 1, y: 0), UnitPoint(x: 0, y: 1)),
        ]
        for _ in 0..<200 {
            points.append(
                (
                    UnitPoint(x: .random(in: 0...1, using: &rng), y: .random(in: -1.5...2.5, using: &rng)),
                    UnitPoint(x: .random(in: 0...1, using: &rng), y: .random(in: -1.5...2.5, using: &rng))
                ))
        }
        for (p1, p2) in points {
            let curve = try UnitCurve.bezier(startControlPoint: p1, endControlPoint: p2)
            for i in 0...40 {
                let x = Double(i) / 40
                let expected = bisectBezier(x, p1, p2)
                // Where the curve is vertical (dx/ds = 0 inside the curve) y is ill-conditioned:
                // allow what a 1e-12 change of x does to the reference itself.
                let conditioning = abs(bisectBezier(min(1, x + 1e-12), p1, p2) - bisectBezier(max(0, x - 1e-12), p1, p2))
                #expect(abs(curve.value(at: x) - expected) < 1e-7 + conditioning, "\(p1) \(p2) x=\(x)")
            }
        }
    }

    @Test("presets use the published control points and hit their ends")
    func presets() throws {
        let cases: [(UnitCurve, UnitPoint, UnitPoint)] = [
            (.easeIn, UnitPoint(x: 0.42, y: 0), UnitPoint(x: 1, y: 1)),
            (.easeOut, UnitPoint(x: 0, y: 0), UnitPoint(x: 0.58, y: 1)),
            (.easeInOut, UnitPoint(x: 0.42, y: 0), UnitPoint(x: 0.58, y: 1)),
            (.default, UnitPoint(x: 0.25, y: 0.1), UnitPoint(x: 0.25, y: 1)),
        ]
        for (curve, p1, p2) in cases {
            #expect(curve == (try UnitCurve.bezier(startControlPoint: p1, endControlPoint: p2)))
            #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
            #expect(abs(curve.value(at: 0.3) - bisectBezier(0.3, p1, p2)) < 1e-9)
        }
        #expect(abs(UnitCurve.linear.value(at: 0.37) - 0.37) < 1e-14)
        #expect(abs(UnitCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-12)
        #expect(UnitCurve.easeIn.value(at: -3) == 0 && UnitCurve.easeIn.value(at: 7) == 1)
        #expect(UnitCurve.easeIn.value(at: .nan) == 0)
    }

    @Test(
        "velocity is the derivative of value",
        arguments: [
            UnitCurve.easeIn, .easeOut, .easeInOut, .default, .circularEaseIn, .circularEaseOut, .circularEaseInOut,
        ])
    func velocityIsDerivative(curve: UnitCurve) {
        for i in 1..<50 where !(curve == .circularEaseInOut && i == 25) {  // vertical at ½
            let x = Double(i) / 50, h = 1e-6
            let numeric = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
            #expect(abs(curve.velocity(at: x) - numeric) < 1e-4 * max(1, abs(numeric)), "x=\(x)")
        }
        // Flat ends: easeIn starts with zero slope, easeOut ends with zero slope.
        #expect(abs(UnitCurve.easeIn.velocity(at: 0)) < 1e-9)
        #expect(abs(UnitCurve.easeOut.velocity(at: 1)) < 1e-9)
    }

    @Test("circular curves follow their circles; inverse undoes the curve")
    func circularAndInverse() throws {
        for i in 0...20 {
            let x = Double(i) / 20
            #expect(abs(UnitCurve.circularEaseIn.value(at: x) - (1 - (1 - x * x).squareRoot())) < 1e-15)
            #expect(abs(UnitCurve.circularEaseOut.value(at: x) - ((2 - x) * x).squareRoot()) < 1e-15)
            for curve in [UnitCurve.easeInOut, .circularEaseIn, .circularEaseOut, .circularEaseInOut] {
                #expect(abs(curve.inverse.value(at: curve.value(at: x)) - x) < 1e-6, "\(curve) x=\(x)")
            }
        }
    }

    @Test("bad control points are rejected on the checked path and clamped on the public one")
    func invalid() {
        let cases: [(UnitPoint, UnitPoint, UnitCurve)] = [
            (UnitPoint(x: -0.1, y: 0), UnitPoint(x: 1, y: 1), .known(0, 0, 1, 1)),
            (UnitPoint(x: 0.5, y: 0), UnitPoint(x: 1.2, y: 1), .known(0.5, 0, 1, 1)),
            (UnitPoint(x: .nan, y: 0), UnitPoint(x: 1, y: 1), .known(0, 0, 1, 1)),
            (UnitPoint(x: 0.5, y: .infinity), UnitPoint(x: 1, y: 1), .known(0.5, 1e6, 1, 1)),
        ]
        for (p1, p2, clamped) in cases {
            #expect(throws: MotionError.self) { try UnitCurve.bezier(startControlPoint: p1, endControlPoint: p2, check: Strict()) }
            #expect(UnitCurve.bezier(startControlPoint: p1, endControlPoint: p2) == clamped)
        }
    }
}
