import Testing
import FrostGeometry
import Dispatch
import FrostTestSupport

@Suite("Geometry: rectangles, transforms, angles", .hangLimit)
struct GeometryTests {
    @Test("union, intersection and insets by hand")
    func rects() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: -5, width: 10, height: 10)
        #expect(a.union(b) == Rect(x: 0, y: -5, width: 15, height: 15))
        #expect(a.intersection(b) == Rect(x: 5, y: 0, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
        #expect(a.union(.zero) == a)
        #expect(a.inset(by: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)) == Rect(x: 2, y: 1, width: 4, height: 6))
        #expect(Rect(x: 10, y: 10, width: -4, height: -2).standardized == Rect(x: 6, y: 8, width: 4, height: 2))
        #expect(Rect(x: 0, y: 0, width: .nan, height: 1).isEmpty)
        #expect(a.contains(Point(x: 0, y: 0)) && !a.contains(Point(x: 10, y: 5)))
    }

    @Test("affine transforms: concatenation order, inverse, singular and rotation direction")
    func affine() throws {
        let t = AffineTransform2D(translationX: 10, y: 0), s = AffineTransform2D(scaleX: 2, y: 3)
        // t then s: (1, 1) → (11, 1) → (22, 3).
        #expect(t.concatenating(s).apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 3))
        #expect(s.concatenating(t).apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 3))
        let m = t.concatenating(s).rotated(by: .degrees(30))
        let inv = try #require(m.inverted)
        let p = inv.apply(to: m.apply(to: Point(x: 3.5, y: -7)))
        #expect(abs(p.x - 3.5) < 1e-12 && abs(p.y + 7) < 1e-12)
        #expect(AffineTransform2D(scaleX: 0, y: 1).inverted == nil)
        // A quarter turn clockwise on a y-down surface takes +x to +y.
        let q = AffineTransform2D(rotation: .degrees(90)).apply(to: Point(x: 1, y: 0))
        #expect(abs(q.x) < 1e-15 && abs(q.y - 1) < 1e-15)
        #expect(Rect(x: 0, y: 0, width: 2, height: 1).applying(AffineTransform2D(rotation: .degrees(90))).size.width.rounded() == 1)
    }

    @Test("angles, sRGB transfer and printed numbers")
    func misc() {
        #expect(Angle.degrees(180).radians == .pi)
        #expect((Angle.degrees(90) + .radians(.pi / 2)).degrees == 180)
        for v in stride(from: 0.0, through: 1, by: 0.01) {
            #expect(abs(SRGBTransfer.fromLinear(SRGBTransfer.toLinear(v)) - v) < 1e-12)
        }
        #expect(abs(SRGBTransfer.toLinear(0.5) - 0.214041140) < 1e-9)
        #expect(3.0.shortText == "3" && 0.12345678.shortText == "0.1235" && (-2.5).shortText == "-2.5")
        #expect(Rect(x: 1, y: 2, width: 3.5, height: 4).description == "(1, 2, 3.5, 4)")
    }
}

@Suite("Locked: a value shared between threads", .hangLimit)
struct LockedTests {
    @Test("8 threads × 10,000 increments under the lock lose none; current and set read and write whole values")
    func increments() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.current == 80_000)
        counter.set(3)
        #expect(
            counter.withLock { v -> Int in
                v *= 2; return v
            } == 6 && counter.current == 6)
    }
}
