import Foundation
import Testing
import FrostGeometry
import FrostImage
@testable import FrostRaster
import FrostTestSupport

@Suite("SVG path data and icons", .hangLimit)
struct SVGTests {
    func area(_ path: Path, rule: FillRule = .nonZero) throws -> Double { try coverageArea(path, 64, 64, rule: rule) }

    @Test("commands, relative forms and compact numbers give the analytic shapes")
    func pathData() throws {
        // A 20 × 10 rectangle three ways: absolute, relative with h/v, implicit linetos.
        let a = try Path(svgPathData: "M2 3 L22 3 L22 13 L2 13 Z")
        let b = try Path(svgPathData: "m2,3h20v10h-20z")
        let c = try Path(svgPathData: "M2 3 22 3 22 13 2 13z")
        for p in [a, b, c] { #expect(abs(try area(p) - 200) < 1e-6) }
        // Compact numbers: "-.5.5" is two numbers; exponents.
        let d = try Path(svgPathData: "M10 10l10-.5.5 10.5-10.5 0z")
        #expect(d.tightBounds()!.maxX == 20.5)
        #expect(try Path(svgPathData: "M1e1 1E1h1e0").tightBounds()!.width == 1)
        // A circle of radius 8 as two arcs (flags without separators too): area π·64.
        let circle = try Path(svgPathData: "M16 24a8 8 0 1 1 16 0a8 8 0 1 1-16 0z")
        let compact = try Path(svgPathData: "M16 24a8 8 0 1116 0a8 8 0 11-16 0z")
        let circleArea = try area(circle)
        // The four cubics (0.03 % off a circle) and rasterising to the pixel grid: within 0.2 %.
        #expect(abs(circleArea - .pi * 64) / (.pi * 64) < 2e-3, "\(circleArea) \(circle.elements)")
        #expect(try area(compact) == area(circle))
        let bounds = circle.tightBounds()!
        #expect(abs(bounds.minX - 16) < 1e-3 && abs(bounds.maxX - 32) < 1e-3 && abs(bounds.minY - 16) < 1e-3 && abs(bounds.maxY - 32) < 1e-3)
        // A radius too small to reach is scaled up (SVG F.6.6): a half circle of radius 10.
        let half = try Path(svgPathData: "M10 30A1 1 0 0 1 30 30Z")
        #expect(abs(try area(half) - .pi * 50) / (.pi * 50) < 2e-3)
        // Quadratic and smooth forms: S reflects the last control, T the last quadratic control.
        let s = try Path(svgPathData: "M0 10C0 0 10 0 10 10S20 20 20 10")
        #expect(s.elements.count == 3)
        if case .cubic(let c1, _, _) = s.elements[2] { #expect(c1 == Point(x: 10, y: 20)) } else { Issue.record("not a cubic") }
        let t = try Path(svgPathData: "M0 10Q5 0 10 10T20 10")
        if case .quad(let c, _) = t.elements[2] { #expect(c == Point(x: 15, y: 20)) } else { Issue.record("not a quad") }
    }

    @Test("bad path data is a typed error naming where")
    func badPathData() throws {
        for bad in ["10 10", "M10", "M10 10 L", "M0 0 X 4 4", "M0 0 A 1 1 0 2 0 4 4", "M0 0 L nan 4", "M0 0 Z 4"] {
            #expect(throws: ImageError.self, "\(bad)") { try Path(svgPathData: bad) }
        }
        #expect(try Path(svgPathData: "").elements.isEmpty)
    }

    @Test("icons: paths with their fill rules, circles, rounded rects with a matrix transform")
    func icons() throws {
        let ring = try SVGIcon(
            svg: """
                <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">
                  <path fill-rule="evenodd" d="M0 0h16v16H0zM4 4h8v8H4z"/>
                  <circle cx="8" cy="8" r="1.5"/>
                  <rect width="4" height="12" rx="1" transform="matrix(1 0 0 -1 20 15)"/>
                </svg>
                """)
        #expect(ring.viewBox == Rect(x: 0, y: 0, width: 16, height: 16))
        #expect(ring.shapes.map(\.rule) == [.evenOdd, .nonZero, .nonZero])
        #expect(abs(try area(ring.shapes[0].path, rule: .evenOdd) - (256 - 64)) < 1e-6)
        // The flipped rectangle lands at y 3…15, x 20…24.
        let r = ring.shapes[2].path.tightBounds()!
        #expect(abs(r.minY - 3) < 1e-9 && abs(r.maxY - 15) < 1e-9 && abs(r.minX - 20) < 1e-9)
        #expect(throws: ImageError.self) { try SVGIcon(svg: "<svg viewBox=\"0 0 16 16\"><line x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"/></svg>") }
        #expect(throws: ImageError.self) { try SVGIcon(svg: "<svg viewBox=\"0 0 16 16\"><path d=\"M0 0h1v1z\" stroke=\"red\"/></svg>") }
        #expect(throws: ImageError.self) { try SVGIcon(svg: "<svg viewBox=\"0 0 -1 16\"><path d=\"M0 0h1v1z\"/></svg>") }
        #expect(throws: ImageError.self) { try SVGIcon(svg: "not svg") }
        #expect(throws: ImageError.self) { try SVGIcon(contentsOfFile: "/nonexistent/icon.svg") }
    }

    /// Every icon of the installed set (Debian/Ubuntu `bootstrap-icons`) reads and draws inside
    /// its box (give or take the overhang of `crop` and `bell-slash`, 1 unit); skipped when the
    /// set is absent.
    @Test(
        "every installed Bootstrap icon reads and draws inside its view box",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/bootstrap-icons/svg"), "bootstrap-icons is not installed"))
    func bootstrapIcons() throws {
        let folder = "/usr/share/bootstrap-icons/svg"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".svg") }.sorted()
        #expect(names.count > 1000)
        var outside: [String] = []
        for name in names {
            let icon = try SVGIcon(contentsOfFile: folder + "/" + name)
            guard let b = icon.bounds else { Issue.record("\(name) draws nothing"); continue }
            if b.minX < -1.5 || b.minY < -1.5 || b.maxX > 17.5 || b.maxY > 17.5 { outside.append(name) }
        }
        #expect(outside.isEmpty, "\(outside)")
    }
}
