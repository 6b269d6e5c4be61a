import Foundation
import Testing
import FrostCanvas
import FrostImage
@testable import FrostRaster
import FrostTestSupport

/// The area a path covers in a `w` × `h` pixel window (its coverage summed).
func coverageArea(_ path: Path, _ w: Int, _ h: Int, rule: FillRule = .nonZero) throws -> Double {
    try Rasterizer.coverage(of: path, width: w, height: h, rule: rule).reduce(0) { $0 + Double($1) }
}

@Suite("Shapes and paths", .hangLimit)
struct ShapeTests {
    func area(_ path: Path, _ w: Int = 200, _ h: Int = 160, rule: FillRule = .nonZero) throws -> Double {
        try coverageArea(path, w, h, rule: rule)
    }

    @Test("coverage sums equal analytic areas within 0.5 %")
    func areas() throws {
        let cases: [(String, Path, Double)] = [
            ("rect", .rect(x: 10.3, y: 20.7, width: 100.25, height: 50.5), 100.25 * 50.5),
            ("ellipse", .ellipse(x: 20, y: 10, width: 150, height: 90), Double.pi * 75 * 45),
            ("rounded", .roundedRect(x: 5, y: 5, width: 180, height: 120, radius: 30), 180 * 120 - (4 - Double.pi) * 900),
            ("small circle", .ellipse(x: 50.5, y: 40.25, width: 12, height: 12), Double.pi * 36),
        ]
        for (name, path, expected) in cases {
            let got = try area(path)
            #expect(abs(got - expected) / expected < 0.005, "\(name): \(got) vs \(expected)")
        }
        var triangle = Path()
        triangle.move(to: Point(10, 10)); triangle.line(to: Point(190, 30)); triangle.line(to: Point(60, 150)); triangle.close()
        let tri = 0.5 * abs((190.0 - 10) * (150 - 10) - (60.0 - 10) * (30 - 10))
        #expect(abs(try area(triangle) - tri) / tri < 0.005)
    }

    @Test("non-zero keeps overlaps filled; even-odd cuts holes")
    func fillRules() throws {
        var ring = Path.ellipse(x: 20, y: 20, width: 120, height: 120)
        ring.add(.ellipse(x: 50, y: 50, width: 60, height: 60))  // same winding
        let outer = Double.pi * 3600, inner = Double.pi * 900
        #expect(abs(try area(ring, rule: .nonZero) - outer) / outer < 0.005)
        #expect(abs(try area(ring, rule: .evenOdd) - (outer - inner)) / (outer - inner) < 0.005)
    }

    @Test("continuous corners: inside the rectangle, shrinking with the radius, rasterised exactly")
    func continuousCorners() throws {
        var previous = 160.0 * 120
        for r in [0.0, 8, 16, 24, 40] {
            let path = Path.roundedRect(x: 10, y: 10, width: 160, height: 120, radius: r, continuous: true)
            let got = try area(path)
            // The flattened outline's own area (shoelace) is the exact reference for the raster.
            let poly = path.polygons()[0]
            var shoelace = 0.0
            for i in 0..<poly.count { let a = poly[i], b = poly[(i + 1) % poly.count]; shoelace += a.x * b.y - b.x * a.y }
            #expect(abs(got - abs(shoelace) / 2) / (abs(shoelace) / 2) < 0.002, "r=\(r)")
            #expect(got <= previous + 1e-6, "r=\(r)")
            previous = got
        }
        // Same radius: the continuous corner starts farther along the edge (1.528 r).
        let mask = try Rasterizer.mask(of: .roundedRect(x: 0, y: 0, width: 100, height: 100, radius: 20, continuous: true), width: 100, height: 100)
        let circ = try Rasterizer.mask(of: .roundedRect(x: 0, y: 0, width: 100, height: 100, radius: 20), width: 100, height: 100)
        #expect(mask[21, 0].a < 255 && circ[21, 0].a == 255)
    }

    @Test("continuous corners follow iOS's path: area, reach, zero curvature where they leave the edge, radius limit")
    func continuousCornerGeometry() throws {
        // Each corner of UIKit's continuous rounded rect cuts 0.224703 r² (Green's theorem over
        // the published segments), against 1 − π/4 = 0.214602 r² for a circular corner.
        for r in [10.0, 24, 37] {
            let got = try area(.roundedRect(x: 10, y: 10, width: 170, height: 120, radius: r, continuous: true))
            let want = 170 * 120 - 4 * 0.2247027 * r * r
            #expect(abs(got - want) / want < 0.001, "r=\(r): \(got) vs \(want)")
        }
        // Leaving the edge with zero curvature: 0.3 r past the start the outline has dropped by
        // t³·0.0655 r (< 0.002 r); a circular arc 0.3 r past its start has dropped 0.046 r.
        let r = 40.0, e = Path.continuousCornerReach * r
        func drop(_ path: Path, at x: Double) -> Double {
            // Where the outline's top part crosses the vertical line at x.
            let poly = path.polygons(tolerance: 0.001)[0]
            var y = Double.nan
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                if (a.x - x) * (b.x - x) <= 0, a.x != b.x, a.y < 60, b.y < 60 { y = a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x) }
            }
            return y
        }
        let square = (x: 0.0, y: 0.0, side: 200.0)
        let continuous = Path.roundedRect(x: square.x, y: square.y, width: square.side, height: square.side, radius: r, continuous: true)
        let circular = Path.roundedRect(x: square.x, y: square.y, width: square.side, height: square.side, radius: r)
        let dc = drop(continuous, at: square.side - e + 0.3 * r), da = drop(circular, at: square.side - r + 0.3 * r)
        #expect(dc < 0.002 * r && da > 0.04 * r, "continuous \(dc), circular \(da)")
        // The radius is limited to half the shorter side; past 1/1.5287 of it, the short sides
        // lose their ease (a capsule's ends are circular) and corners never overlap.
        let limited = try area(.roundedRect(x: 10, y: 10, width: 170, height: 120, radius: 500, continuous: true))
        let atLimit = try area(.roundedRect(x: 10, y: 10, width: 170, height: 120, radius: 60, continuous: true))
        #expect(abs(limited - atLimit) < 1e-6)
        let circularEnds = try area(.roundedRect(x: 10, y: 10, width: 170, height: 120, radius: 60))
        #expect(limited < circularEnds && circularEnds - limited < 0.03 * circularEnds, "\(limited) \(circularEnds)")
    }

    @Test("a stroked segment covers width × length plus two round caps")
    func strokes() throws {
        var line = Path()
        line.move(to: Point(30, 80)); line.line(to: Point(170, 80))
        let expected = 6 * 140 + Double.pi * 9
        #expect(abs(try area(line.stroked(width: 6)) - expected) / expected < 0.01)
        var diagonal = Path()
        diagonal.move(to: Point(20, 20)); diagonal.line(to: Point(120, 120)); diagonal.line(to: Point(180, 30))
        let len = 100 * 2.squareRoot() + (60.0 * 60 + 90 * 90).squareRoot()
        let got = try area(diagonal.stroked(width: 4))
        #expect(got > 4 * len && got < 4 * len + 3 * Double.pi * 4, "\(got)")  // overlap at the joint
    }

    @Test("stroke styles: joins, caps, miter limit, dashes and dots cover their analytic areas")
    func strokeStyles() throws {
        // A closed 100 × 100 square stroked 8 wide (h = 4): miter corners are square, bevels cut
        // a right triangle of h²/2 from each, round joins a corner of (1 − π/4) h².
        let square = Path.rect(x: 50, y: 30, width: 100, height: 100), h = 4.0
        let full = 108.0 * 108 - 92 * 92
        func stroked(_ style: Path.StrokeStyle) throws -> Double { try area(square.stroked(style)) }
        #expect(abs(try stroked(.init(width: 8, join: .miter)) - full) < 0.005 * full)
        #expect(abs(try stroked(.init(width: 8, join: .bevel)) - (full - 4 * h * h / 2)) < 0.005 * full)
        #expect(abs(try stroked(.init(width: 8, join: .round)) - (full - 4 * (1 - Double.pi / 4) * h * h)) < 0.005 * full)
        // Caps on an open 100 pt segment, 6 wide: butt adds nothing, square adds h at each end,
        // round a half disc at each end.
        var line = Path()
        line.move(to: Point(50, 80)); line.line(to: Point(150, 80))
        #expect(abs(try area(line.stroked(.init(width: 6, cap: .butt))) - 600) < 3)
        #expect(abs(try area(line.stroked(.init(width: 6, cap: .square))) - 636) < 3)
        #expect(abs(try area(line.stroked(.init(width: 6, cap: .round))) - (600 + Double.pi * 9)) < 3)
        // Dashes 10 on, 10 off along 100 pt, 2 wide: 5 dashes, half the length; a phase of 5
        // starts half-way into the first dash (5 + 4 × 10 + 5 pt drawn).
        #expect(abs(try area(line.stroked(.init(width: 2, dash: [10, 10]))) - 100) < 1)
        #expect(abs(try area(line.stroked(.init(width: 2, dash: [10, 10], dashPhase: 5))) - 100) < 1)
        #expect(Path.dashed(line.subpaths(), [10, 10], phase: 5).count == 6)
        // Dots: zero-length dashes every 10 pt with round caps, 11 discs of radius 2.
        let dots = line.stroked(.init(width: 4, cap: .round, dash: [0, 10]))
        #expect(abs(try area(dots) - 11 * Double.pi * 4) < 0.02 * 11 * Double.pi * 4)
        // An odd pattern repeats (Core Graphics): [10] is 10 on, 10 off.
        #expect(abs(try area(line.stroked(.init(width: 2, dash: [10]))) - 100) < 1)
        // A 20° turn: the miter is 1/sin(10°) = 5.76 widths long, beyond a limit of 4 (bevelled),
        // within the default 10.
        var sharp = Path()
        sharp.move(to: Point(20, 100)); sharp.line(to: Point(120, 100))
        sharp.line(to: Point(120 - 100 * cos(Double.pi / 9), 100 - 100 * sin(Double.pi / 9)))
        let beveled = try area(sharp.stroked(.init(width: 4, miterLimit: 4))), mitered = try area(sharp.stroked(.init(width: 4)))
        #expect(mitered > beveled + 4, "\(mitered) \(beveled)")
        // trim keeps its fraction of the outline: half a circle of radius 40 stroked 2 wide.
        let circle = Path.ellipse(x: 60, y: 40, width: 80, height: 80)
        let half = try area(circle.trimmed(from: 0, to: 0.5).stroked(.init(width: 2)))
        #expect(abs(half - Double.pi * 40 * 2) < 0.01 * Double.pi * 80, "\(half)")
        #expect(circle.trimmed(from: 0.6, to: 0.4).elements.isEmpty)
    }

    @Test("fills: solid colours and gradients composite premultiplied")
    func paints() throws {
        var canvas = try Image(width: 100, height: 20, fill: RGBA8(0, 0, 0, 0))
        try canvas.fill(
            .rect(x: 0, y: 0, width: 100, height: 20),
            with: .linearGradient(from: Point(0, 0), to: Point(100, 0), stops: [Paint.Stop(0, color(0, 0, 0, 1)), Paint.Stop(1, color(1, 1, 1, 1))]))
        #expect(abs(Int(canvas[50, 10].r) - 128) <= 1 && canvas[0, 10].r <= 2 && canvas[99, 10].r >= 253 && canvas[50, 10].a == 255)
        var fade = try Image(width: 40, height: 40, fill: RGBA8(0, 0, 0, 0))
        try fade.fill(
            .ellipse(x: 0, y: 0, width: 40, height: 40),
            with: .radialGradient(center: Point(20, 20), radius: 20, stops: [Paint.Stop(0, color(1, 0, 0, 1)), Paint.Stop(1, color(1, 0, 0, 0))]))
        let mid = fade[30, 20]
        #expect(mid.a > 0 && mid.a < 255 && mid.r == mid.a && mid.g == 0)  // red fading, never dark
        var solid = try Image(width: 10, height: 10, fill: RGBA8(255, 255, 255))
        try solid.fill(.rect(x: 0, y: 0, width: 10, height: 10), with: .solid(color(0, 0, 1, 0.5)))
        // The colour is quantised to 8 bits first (alpha 128), as Core Graphics does: 255 × 127/255.
        #expect(solid[5, 5] == RGBA8(127, 127, 255))
        #expect(throws: ImageError.self) { try solid.fill(.rect(x: .nan, y: 0, width: 1, height: 1), with: .solid(color(0, 0, 0, 1))) }
        #expect(throws: ImageError.self) { try solid.stroke(.rect(x: 0, y: 0, width: 1, height: 1), width: -1, with: .solid(color(0, 0, 0, 1))) }
        #expect(throws: ImageError.self) {
            try solid.fill(.rect(x: 0, y: 0, width: 1, height: 1), with: .linearGradient(from: Point(0, 0), to: Point(1, 0), stops: []))
        }
    }
}

/// A colour from the component list the tests were written with (r, g, b, opacity).
private func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> Color {
    Color(red: r, green: g, blue: b, opacity: a)
}

@Suite("Rasterizer bands", .hangLimit)
struct RasterizerBandTests {
    /// Regression: a shape whose edge lies exactly on the window's right border left its last
    /// pixel's terms uncleared inside rows set without summing, and they leaked into later rows
    /// (a rounded corner's first row read 1.0 instead of 0.99997), so a fill drawn in bands of
    /// rows differed from the whole by one level at the corner (threads changed the bytes).
    @Test("right-border-leak: a band of rows has exactly the coverage of the whole, row by row")
    func bandsEqualWhole() {
        let path = Path.roundedRect(x: 0, y: 0, width: 1074, height: 400, radius: 24, continuous: true)
        var whole: [Int: [Float]] = [:]
        Rasterizer.forEachRow(of: path, width: 1074, height: 400) { y, row, lo, hi in whole[y] = Array(row[lo..<hi]) }
        for band in [267..<400, 363..<364, 0..<1, 100..<250] {
            var seen = 0
            Rasterizer.forEachRow(of: path, width: 1074, height: 400, rows: band) { y, row, lo, hi in
                #expect(band.contains(y))
                #expect(Array(row[lo..<hi]) == whole[y], "row \(y) of band \(band)")
                seen += 1
            }
            #expect(seen == band.count)
        }
        // The corner's first row is not fully covered at the right edge.
        #expect((whole[363]?.last ?? 1) < 1)
    }
}
