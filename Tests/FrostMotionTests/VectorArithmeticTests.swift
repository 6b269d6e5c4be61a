import Foundation
import Testing
@testable import FrostMotion
import FrostTestSupport

@Suite("Animatable values", .hangLimit)
struct VectorArithmeticTests {
    @Test("a Point animates exactly as its two coordinates would, through merges and additions")
    func pointMatchesComponents() throws {
        var p = AnimatedValue(Point(x: 0, y: 10))
        var x = AnimatedValue(0.0), y = AnimatedValue(10.0)
        try p.set(Point(x: 100, y: -20), animation: .bouncy, at: 0, initialVelocity: Point(x: 300, y: 40))
        try x.set(100, animation: .bouncy, at: 0, initialVelocity: 300)
        try y.set(-20, animation: .bouncy, at: 0, initialVelocity: 40)
        try p.set(Point(x: 30, y: 5), animation: .snappy, at: 0.15)
        try x.set(30, animation: .snappy, at: 0.15)
        try y.set(5, animation: .snappy, at: 0.15)
        try p.set(Point(x: 60, y: 0), animation: .easeOut, at: 0.3)
        try x.set(60, animation: .easeOut, at: 0.3)
        try y.set(0, animation: .easeOut, at: 0.3)
        for t in stride(from: 0.0, through: 1.5, by: 0.05) {
            let s = p.sample(at: t)
            #expect(abs(s.value.x - x.value(at: t)) < 1e-9 && abs(s.value.y - y.value(at: t)) < 1e-9, "t=\(t)")
            #expect(abs(s.velocity.x - x.velocity(at: t)) < 1e-7 && abs(s.velocity.y - y.velocity(at: t)) < 1e-7)
        }
        #expect(p.isComplete(at: 2))
        #expect(throws: MotionError.self) { try p.set(Point(x: .nan, y: 0), animation: .smooth, at: 3) }
    }

    @Test("vector laws hold for every type", arguments: [0, 1, 2, 3, 4, 5])
    func laws(kind: Int) {
        func check<V: VectorArithmetic>(_ a: V, _ b: V) {
            #expect(a + .zero == a && a - a == .zero)
            #expect(a + b - b == a)
            #expect(a.scaled(by: 2) == a + a && a.scaled(by: 0) == .zero)
            #expect(abs((a + b).magnitudeSquared - (a.magnitudeSquared + b.magnitudeSquared + 2 * Self.dot(a, b))) < 1e-9)
        }
        switch kind {
        case 0: check(Point(x: 1, y: -2), Point(x: 0.5, y: 4))
        case 1: check(Rect(x: 1, y: 2, width: 3, height: 4), Rect(x: -1, y: 0.5, width: 2, height: 8))
        case 2: check(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4), EdgeInsets(top: -4, leading: 0.5, bottom: 1, trailing: 2))
        case 3: check(AnimatablePair(Size(width: 2, height: 3), 4.0), AnimatablePair(Size(width: -1, height: 1), 0.25))
        case 4: check(AnimatableVector([1, 2, 3]), AnimatableVector([0.5, -2]))
        default: check(AnimatableColor(sRGBRed: 1, green: 0.5, blue: 0, opacity: 0.5), AnimatableColor(sRGBRed: 0, green: 0, blue: 1))
        }
    }

    /// The dot product from the polarisation identity (exact for these small values).
    static func dot<V: VectorArithmetic>(_ a: V, _ b: V) -> Double {
        ((a + b).magnitudeSquared - (a - b).magnitudeSquared) / 4
    }

    @Test("colours mix in premultiplied linear light")
    func colours() {
        let red = AnimatableColor(sRGBRed: 1, green: 0, blue: 0), green = AnimatableColor(sRGBRed: 0, green: 1, blue: 0)
        let mid = (red + green).scaled(by: 0.5).sRGB
        // Linear 0.5 encodes to 0.7354 (sRGB-encoded mixing would give a dull 0.5).
        #expect(abs(mid.red - 0.735356983) < 1e-6 && abs(mid.green - 0.735356983) < 1e-6 && mid.blue == 0)
        // Fading red to transparent keeps it red (no dark fringe).
        let half = (red + AnimatableColor.zero).scaled(by: 0.5).sRGB
        #expect(abs(half.red - 1) < 1e-12 && half.green == 0 && abs(half.opacity - 0.5) < 1e-12)
        // sRGB round trip.
        for v in stride(from: 0.0, through: 1.0, by: 0.05) {
            let c = AnimatableColor(sRGBRed: v, green: 1 - v, blue: v / 2, opacity: 0.8).sRGB
            #expect(abs(c.red - v) < 1e-12 && abs(c.green - (1 - v)) < 1e-12 && abs(c.blue - v / 2) < 1e-12 && abs(c.opacity - 0.8) < 1e-12)
        }
    }

    @Test("transforms turn instead of shrinking")
    func transforms() {
        let turned = Transform2D(rotation: .pi / 2)
        let halfway = Transform2D.identity + (turned - .identity).scaled(by: 0.5)
        #expect(abs(halfway.rotation - .pi / 4) < 1e-15)
        let m = halfway.matrix
        #expect(abs(m.a - cos(Double.pi / 4)) < 1e-15 && abs(m.b - sin(Double.pi / 4)) < 1e-15)
        #expect(abs(m.a * m.d - m.b * m.c - 1) < 1e-12)  // no shrinking: determinant stays 1
        let scaled = Transform2D(translation: Point(x: 5, y: 6), rotation: 0, scale: Size(width: 2, height: 3)).matrix
        #expect(scaled == (2, 0, 0, 3, 5, 6))
    }
}
