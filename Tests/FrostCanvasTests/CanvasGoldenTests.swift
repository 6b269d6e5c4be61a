import Testing
import Foundation
import FrostCanvas
import FrostRaster
import FrostImage
import FrostGeometry
import FrostSnapshotTesting
import FrostTestSupport

// One small golden per canvas operation, each named after the edge it pins (as tiny-skia's
// tests are): `__Snapshots__/CanvasGoldenTests/<test>.png`, compared at 1/255 per channel.
// Analytic checks of the same operations live in CanvasTests; these catch any change in the
// pixels an operation writes — anti-aliased edges, joins, gradient ramps, blur tails. Record
// again with SNAPSHOT_TESTING_RECORD=all after an intended change, and look at the diff.

private let red = Color(red: 1, green: 0.23, blue: 0.19), blue = Color(red: 0, green: 0.48, blue: 1)
private let green = Color(red: 0.2, green: 0.78, blue: 0.35), black = Color(red: 0, green: 0, blue: 0)
private let white = RGBA8(255, 255, 255, 255)

/// A canvas of `w × h` pixels over white, drawn by `body`.
private func draw(_ w: Int, _ h: Int, over background: RGBA8 = white, _ body: (inout Canvas) throws -> Void) throws -> Image {
    var canvas = Canvas(image: try Image(width: w, height: h, fill: background))
    try body(&canvas)
    return canvas.image
}

private func assertCanvas(_ image: Image, testName: String = #function, line: UInt = #line) {
    assertSnapshot(of: image, as: .image(tolerance: .oneLevel), testName: testName, line: line)
}

/// A five-pointed star through (cx, cy) of radius r: its centre is covered twice, so the fill
/// rule decides it.
private func star(_ cx: Double, _ cy: Double, _ r: Double) -> Path {
    var p = Path()
    for i in 0..<5 {
        let a = -Double.pi / 2 + Double(i * 2) * 2 * Double.pi / 5
        let pt = Point(x: cx + r * cos(a), y: cy + r * sin(a))
        if i == 0 { p.move(to: pt) } else { p.line(to: pt) }
    }
    p.close()
    return p
}

private func zigzag(_ x: Double, _ y: Double) -> Path {
    var p = Path()
    p.move(to: Point(x: x, y: y + 14)); p.line(to: Point(x: x + 8, y: y)); p.line(to: Point(x: x + 16, y: y + 14))
    return p
}

@Suite("Canvas goldens: one per operation", .snapshots(record: .missing), .hangLimit)
struct CanvasGoldenTests {
    @Test func fillRectOnHalfPixelEdges() throws {
        assertCanvas(try draw(16, 12) { try $0.fill(.rect(x: 2.5, y: 2.25, width: 10, height: 7.5), with: .solid(blue)) })
    }

    @Test func fillNonZeroCoversTheStarsCentre() throws {
        assertCanvas(try draw(32, 32) { try $0.fill(star(16, 17, 14), with: .solid(red), rule: .nonZero) })
    }

    @Test func fillEvenOddLeavesTheStarsCentre() throws {
        assertCanvas(try draw(32, 32) { try $0.fill(star(16, 17, 14), with: .solid(red), rule: .evenOdd) })
    }

    @Test func fillEllipseRimIsAntialiased() throws {
        assertCanvas(try draw(24, 16) { try $0.fill(.ellipse(x: 1.5, y: 1.5, width: 21, height: 13), with: .solid(green)) })
    }

    @Test func fillCubicCurveFlattensSmoothly() throws {
        var p = Path()
        p.move(to: Point(x: 2, y: 28)); p.cubic(to: Point(x: 30, y: 28), control1: Point(x: 2, y: -6), control2: Point(x: 30, y: 40)); p.close()
        assertCanvas(try draw(32, 32) { try $0.fill(p, with: .solid(blue)) })
    }

    @Test func fillRoundedRectContinuousCorners() throws {
        assertCanvas(try draw(40, 24) { try $0.fill(.roundedRect(x: 2, y: 2, width: 36, height: 20, radius: 8), with: .solid(blue)) })
    }

    @Test func strokeJoinsMiterRoundBevel() throws {
        assertCanvas(
            try draw(60, 20) { c in
                for (i, join) in Path.StrokeStyle.Join.allCases.enumerated() {
                    try c.stroke(zigzag(3 + Double(i) * 20, 3), with: .solid(black), style: .init(width: 4, join: join))
                }
            })
    }

    @Test func strokeCapsButtRoundSquare() throws {
        assertCanvas(
            try draw(30, 30) { c in
                for (i, cap) in Path.StrokeStyle.Cap.allCases.enumerated() {
                    var p = Path()
                    p.move(to: Point(x: 8, y: 6 + Double(i) * 9)); p.line(to: Point(x: 22, y: 6 + Double(i) * 9))
                    try c.stroke(p, with: .solid(black), style: .init(width: 5, cap: cap))
                }
            })
    }

    @Test func strokeMiterLimitFallsBackToBevel() throws {
        var sharp = Path()
        sharp.move(to: Point(x: 4, y: 26)); sharp.line(to: Point(x: 16, y: 4)); sharp.line(to: Point(x: 18, y: 26))
        assertCanvas(
            try draw(44, 30) { c in
                try c.stroke(sharp, with: .solid(black), style: .init(width: 3, join: .miter, miterLimit: 10))
                c.translateBy(x: 22, y: 0)
                try c.stroke(sharp, with: .solid(black), style: .init(width: 3, join: .miter, miterLimit: 2))
            })
    }

    @Test func strokeDashesStartAtThePhase() throws {
        var p = Path()
        p.move(to: Point(x: 2, y: 5)); p.line(to: Point(x: 46, y: 5))
        assertCanvas(
            try draw(48, 20) { c in
                try c.stroke(p, with: .solid(black), style: .init(width: 2, dash: [6, 3]))
                c.translateBy(x: 0, y: 8)
                try c.stroke(p, with: .solid(black), style: .init(width: 2, cap: .round, dash: [6, 3], dashPhase: 4))
            })
    }

    @Test func strokeHairlineBelowOnePixel() throws {
        assertCanvas(
            try draw(24, 24) { c in
                var p = Path()
                p.move(to: Point(x: 2, y: 2)); p.line(to: Point(x: 22, y: 21))
                try c.stroke(p, with: .solid(black), lineWidth: 0.5)
            })
    }

    @Test func linearGradientSRGBAgainstOKLab() throws {
        let stops: (Paint.Mix) -> [Paint.Stop] = { mix in [Paint.Stop(0, blue, mix: mix), Paint.Stop(1, Color(red: 1, green: 0.8, blue: 0), mix: mix)] }
        assertCanvas(
            try draw(48, 16) { c in
                try c.fill(.rect(x: 0, y: 0, width: 48, height: 8), with: .linearGradient(from: Point(x: 0, y: 0), to: Point(x: 48, y: 0), stops: stops(.sRGB)))
                try c.fill(
                    .rect(x: 0, y: 8, width: 48, height: 8), with: .linearGradient(from: Point(x: 0, y: 0), to: Point(x: 48, y: 0), stops: stops(.oklab)))
            })
    }

    @Test func radialGradientPadsBeyondItsRadius() throws {
        assertCanvas(
            try draw(32, 32) { c in
                try c.fill(
                    .rect(x: 0, y: 0, width: 32, height: 32),
                    with: .radialGradient(center: Point(x: 12, y: 14), radius: 12, stops: [Paint.Stop(0, white255), Paint.Stop(1, blue)]))
            })
    }

    @Test func angularGradientWrapsAtTheStartAngle() throws {
        assertCanvas(
            try draw(32, 32) { c in
                try c.fill(
                    .ellipse(x: 2, y: 2, width: 28, height: 28),
                    with: .angularGradient(
                        center: Point(x: 16, y: 16), startAngle: 0, endAngle: 2 * .pi,
                        stops: [Paint.Stop(0, red), Paint.Stop(0.5, green), Paint.Stop(1, red)]))
            })
    }

    @Test func clipPathAntialiasesThenRestores() throws {
        assertCanvas(
            try draw(32, 32) { c in
                c.saveState()
                try c.clip(to: .ellipse(x: 4, y: 4, width: 24, height: 24))
                try c.fill(.rect(x: 0, y: 0, width: 32, height: 16), with: .solid(red))
                c.restoreState()
                try c.fill(.rect(x: 0, y: 16, width: 32, height: 2), with: .solid(blue))
            })
    }

    @Test func transformRotatesAboutTheOrigin() throws {
        assertCanvas(
            try draw(32, 32) { c in
                c.translateBy(x: 16, y: 16)
                c.rotate(by: Angle(degrees: 30))
                try c.fill(.rect(x: -10, y: -5, width: 20, height: 10), with: .solid(blue))
            })
    }

    @Test func layerOpacityAppliesOnceToOverlaps() throws {
        assertCanvas(
            try draw(40, 20) { c in
                // Left: each shape at 50 % (the overlap is darker); right: the group at 50 % (flat).
                c.opacity = 0.5
                try c.fill(.rect(x: 2, y: 4, width: 10, height: 12), with: .solid(red))
                try c.fill(.rect(x: 8, y: 4, width: 10, height: 12), with: .solid(red))
                c.opacity = 1
                try c.withLayer(opacity: 0.5) { l in
                    try l.fill(.rect(x: 22, y: 4, width: 10, height: 12), with: .solid(red))
                    try l.fill(.rect(x: 28, y: 4, width: 10, height: 12), with: .solid(red))
                }
            })
    }

    @Test func blendModesOverAGradient() throws {
        let modes: [BlendMode] = [
            .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight,
            .hardLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity, .plusLighter,
        ]
        assertCanvas(
            try draw(64, 24) { c in
                try c.fill(
                    .rect(x: 0, y: 0, width: 64, height: 24),
                    with: .linearGradient(
                        from: Point(x: 0, y: 0), to: Point(x: 0, y: 24), stops: [Paint.Stop(0, blue), Paint.Stop(1, Color(red: 1, green: 0.8, blue: 0))]))
                for (i, mode) in modes.enumerated() {
                    try c.withLayer(blendMode: mode) { l in
                        try l.fill(.rect(x: Double(i * 4), y: 4, width: 4, height: 16), with: .solid(Color(red: 0.9, green: 0.3, blue: 0.5, opacity: 0.8)))
                    }
                }
            })
    }

    @Test func blurFadesTheEdgesUnlessOpaque() throws {
        assertCanvas(
            try draw(48, 24) { c in
                try c.withBlur(sigma: 2) { try $0.fill(.rect(x: 6, y: 6, width: 12, height: 12), with: .solid(blue)) }
                try c.clip(to: Rect(x: 28, y: 4, width: 16, height: 16))
                try c.withBlur(sigma: 2, opaque: true) { l in
                    try l.fill(.rect(x: 28, y: 4, width: 8, height: 16), with: .solid(blue))
                    try l.fill(.rect(x: 36, y: 4, width: 8, height: 16), with: .solid(red))
                }
            })
    }

    @Test func shadowIsOffsetAndBlurredBelowTheContent() throws {
        assertCanvas(
            try draw(40, 40) { c in
                try c.withShadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0.5), sigma: 3, offset: (3, 4)) {
                    try $0.fill(.roundedRect(x: 8, y: 8, width: 20, height: 20, radius: 4), with: .solid(Color(white: 1)))
                }
            })
    }

    @Test func maskKeepsOnlyWhereTheMaskIsOpaque() throws {
        assertCanvas(
            try draw(32, 32) { c in
                try c.withMask({ try $0.fill(star(16, 17, 14), with: .solid(black)) }) { l in
                    try l.fill(
                        .rect(x: 0, y: 0, width: 32, height: 32),
                        with: .linearGradient(from: Point(x: 0, y: 0), to: Point(x: 32, y: 32), stops: [Paint.Stop(0, red), Paint.Stop(1, blue)]))
                }
            })
    }

    @Test func imageDrawnScaledUpIsBilinear() throws {
        var checker = try Image(width: 4, height: 4, fill: white)
        for y in 0..<4 { for x in 0..<4 where (x + y) % 2 == 0 { checker[x, y] = RGBA8(0, 122, 255) } }
        assertCanvas(
            try draw(40, 24) { c in
                try c.draw(checker, in: Rect(x: 2, y: 2, width: 20, height: 20))
                try c.draw(checker, at: Point(x: 30.5, y: 10.5))
            })
    }
}

private let white255 = Color(red: 1, green: 1, blue: 1)
