import Testing
import FrostTestSupport
@testable import FrostScene
import FrostEffects
import FrostCanvas
import FrostRaster
import FrostImage
import FrostGeometry

// The scene/effects seam: an identity effect that is not an opacity, an open filter case,
// shapes recognised by geometry, and a colour matrix whose bytes do not depend on threads.

private func item(_ name: String, _ frame: Rect, _ color: Color, path: Path? = nil) -> DisplayItem {
    DisplayItem(
        identity: SceneIdentity.root.appending(name), frame: frame,
        content: .shape(ShapeContent(name, path: path ?? .rect(x: 0, y: 0, width: frame.width, height: frame.height), fill: .solid(color))))
}

/// Inverts colour (premultiplied: c → a − c), a per-pixel filter the renderer does not know.
private struct Invert: DisplayFilter, Equatable {
    var strength = 1.0
    var description: String { "invert \(strength)" }
    func apply(to layer: inout FrostImage.Image, scale: Double, threads: Int) throws {
        for y in 0..<layer.height {
            for x in 0..<layer.width {
                let p = layer[x, y]
                layer[x, y] = RGBA8(p.a - p.r, p.a - p.g, p.a - p.b, p.a)
            }
        }
    }
}

@Suite("Display effects: identity, open filters, shapes by geometry", .hangLimit)
struct DisplayEffectSeamTests {
    @Test("identity draws the children unchanged, and is not .opacity(1)")
    func identity() throws {
        let child = item("red", Rect(x: 2, y: 2, width: 6, height: 6), Color(red: 1, green: 0, blue: 0))
        let plain = try SceneRenderer(scale: 2).render(DisplayList([child]), size: Size(width: 10, height: 10))
        let wrapped = DisplayItem(
            identity: SceneIdentity.root.appending("w"), frame: Rect(x: 0, y: 0, width: 10, height: 10),
            content: .effect(.identity, children: DisplayList([child])))
        #expect(try SceneRenderer(scale: 2).render(DisplayList([wrapped]), size: Size(width: 10, height: 10)) == plain)
        #expect(DisplayEffect.identity != .opacity(1) && DisplayEffect.identity.description == "identity")
    }

    @Test("an open filter receives the flattened children and rewrites them; filters compare by type and parameters")
    func openFilter() throws {
        let child = item("red", Rect(x: 0, y: 0, width: 10, height: 10), Color(red: 1, green: 0, blue: 0))
        let wrapped = DisplayItem(
            identity: SceneIdentity.root.appending("w"), frame: Rect(x: 0, y: 0, width: 10, height: 10),
            content: .effect(.filter(AnyDisplayFilter(Invert())), children: DisplayList([child])))
        let image = try SceneRenderer(scale: 1).render(DisplayList([wrapped]), size: Size(width: 10, height: 10))
        #expect(image[5, 5] == RGBA8(0, 255, 255, 255), "\(image[5, 5])")
        #expect(DisplayEffect.filter(AnyDisplayFilter(Invert())) == .filter(AnyDisplayFilter(Invert())))
        #expect(DisplayEffect.filter(AnyDisplayFilter(Invert())) != .filter(AnyDisplayFilter(Invert(strength: 0.5))))
        #expect(DisplayEffect.filter(AnyDisplayFilter(Invert())).description == "filter invert 1.0")
    }

    @Test("a rectangle is recognised by its path, whatever its name; curves, diagonals and partial rectangles are not")
    func rectangles() {
        #expect(Path.rect(x: 1, y: 2, width: 3, height: 4).axisAlignedRectangle == Rect(x: 1, y: 2, width: 3, height: 4))
        var open = Path()
        open.move(to: Point(x: 0, y: 0)); open.line(to: Point(x: 0, y: 5)); open.line(to: Point(x: 5, y: 5)); open.line(to: Point(x: 5, y: 0))
        #expect(open.axisAlignedRectangle == Rect(x: 0, y: 0, width: 5, height: 5))
        var diamond = Path()
        diamond.move(to: Point(x: 5, y: 0)); diamond.line(to: Point(x: 10, y: 5)); diamond.line(to: Point(x: 5, y: 10)); diamond.line(to: Point(x: 0, y: 5));
        diamond.close()
        #expect(diamond.axisAlignedRectangle == nil)
        var triangle = Path()
        triangle.move(to: Point(x: 0, y: 0)); triangle.line(to: Point(x: 5, y: 0)); triangle.line(to: Point(x: 5, y: 5)); triangle.close()
        #expect(triangle.axisAlignedRectangle == nil)
        #expect(Path.roundedRect(x: 0, y: 0, width: 10, height: 10, radius: 3, continuous: false).axisAlignedRectangle == nil)
    }

    @Test("a full-frame rectangle of any name is the first fill: the same bytes as drawing it over a background")
    func coverByGeometry() throws {
        let blue = Color(red: 0, green: 122.0 / 255, blue: 1)
        let cover = item("Rectangle", Rect(x: 0, y: 0, width: 10, height: 10), blue)
        #expect(SceneRenderer.opaqueCover(DisplayList([cover]), Size(width: 10, height: 10)) == blue)
        let short = item("rect", Rect(x: 0, y: 0, width: 10, height: 9), blue)
        #expect(SceneRenderer.opaqueCover(DisplayList([short]), Size(width: 10, height: 10)) == nil)
        let a = try SceneRenderer(scale: 2).render(DisplayList([cover]), size: Size(width: 10, height: 10))
        let b = try SceneRenderer(scale: 2).render(DisplayList([cover]), size: Size(width: 10, height: 10), background: Color(white: 1))
        #expect(a == b)
    }

    @Test("a colour matrix gives the same bytes on 1 and 4 threads")
    func colorMatrixThreads() throws {
        var rng = SeededGenerator.forTest(4201)
        let items = (0..<40).map { i in
            item(
                "r\(i)", Rect(x: Double.random(in: 0...180, using: &rng), y: Double.random(in: 0...180, using: &rng), width: 30, height: 30),
                Color(
                    red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng), blue: .random(in: 0...1, using: &rng),
                    opacity: .random(in: 0.2...1, using: &rng)))
        }
        let matrix = ColorMatrix.saturation(0.3)
        let list = DisplayList([
            DisplayItem(
                identity: SceneIdentity.root.appending("m"), frame: Rect(x: 0, y: 0, width: 210, height: 210),
                content: .effect(.colorMatrix(matrix, name: "saturation 0.3"), children: DisplayList(items)))
        ])
        var one = SceneRenderer(scale: 2), four = SceneRenderer(scale: 2)
        one.threads = 1; four.threads = 4
        #expect(try one.render(list, size: Size(width: 210, height: 210)) == four.render(list, size: Size(width: 210, height: 210)))
    }
}
