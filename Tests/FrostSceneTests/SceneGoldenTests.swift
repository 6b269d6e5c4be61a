import Testing
import FrostScene
import FrostCanvas
import FrostEffects
import FrostRaster
import FrostImage
import FrostGeometry
import FrostSnapshotTesting
import FrostTestSupport

// Goldens of the scene renderer, one per display-list effect, each over the same striped
// backdrop so that blurs, materials and blend modes have something to act on; rendered at 2×
// and compared at 1/255 per channel (`__Snapshots__/SceneGoldenTests/<test>.png`). Record again
// with SNAPSHOT_TESTING_RECORD=all after an intended change and review the images.

private let blue = Color(red: 0, green: 122.0 / 255, blue: 1), orange = Color(red: 1, green: 149.0 / 255, blue: 0)
private let size = Size(width: 60, height: 40)
private func id(_ s: String) -> SceneIdentity { SceneIdentity.root.appending(s) }
private func shape(_ name: String, _ frame: Rect, _ path: Path, _ paint: Paint) -> DisplayItem {
    DisplayItem(identity: id(name), frame: frame, content: .shape(ShapeContent(name, path: path, fill: paint)))
}
private func rect(_ name: String, _ frame: Rect, _ color: Color) -> DisplayItem {
    shape(name, frame, .rect(x: 0, y: 0, width: frame.width, height: frame.height), .solid(color))
}

/// Diagonal-ish stripes of blue and orange across the whole frame.
private let backdrop: [DisplayItem] = (0..<6).map { i in
    rect("stripe\(i)", Rect(x: Double(i) * 10, y: 0, width: 10, height: 40), i % 2 == 0 ? blue : orange)
}

/// `items` over the backdrop, in a 60 × 40 pt scene at 2×.
private func scene(_ items: [DisplayItem]) throws -> Image {
    try SceneRenderer(scale: 2).render(DisplayList(backdrop + items), size: size, background: Color(white: 1))
}

private func effect(_ name: String, _ e: DisplayEffect, _ children: [DisplayItem], frame: Rect = Rect(x: 10, y: 8, width: 40, height: 24)) -> DisplayItem {
    DisplayItem(identity: id(name), frame: frame, content: .effect(e, children: DisplayList(children)))
}

private let card = rect("card", Rect(x: 0, y: 0, width: 40, height: 24), Color(white: 1))
private let dot = shape(
    "dot", Rect(x: 12, y: 4, width: 16, height: 16), .ellipse(x: 0, y: 0, width: 16, height: 16), .solid(Color(red: 1, green: 0.23, blue: 0.19)))

@Suite("Scene renderer goldens: one per effect", .snapshots(record: .missing), .hangLimit)
struct SceneGoldenTests {
    private func check(_ image: Image, testName: String = #function) {
        assertSnapshot(of: image, as: .image(tolerance: .oneLevel), testName: testName)
    }

    @Test func opacityFadesEachChild() throws { check(try scene([effect("o", .opacity(0.5), [card, dot])])) }

    @Test func compositingGroupFadesTheFlattenedGroup() throws {
        check(try scene([effect("o", .opacity(0.5), [effect("g", .compositingGroup, [card, dot], frame: .zero)])]))
    }

    @Test func transformRotatesAndScalesAboutTheFrameOrigin() throws {
        let t = AffineTransform2D(rotation: Angle(degrees: 15)).concatenating(AffineTransform2D(scaleX: 0.8, y: 0.8))
        check(try scene([effect("t", .transform(t), [card, dot])]))
    }

    @Test func clipToARoundedRectangleAntialiases() throws {
        check(try scene([effect("c", .clip(.roundedRect(x: 0, y: 0, width: 40, height: 24, radius: 10), rule: .nonZero), [card, dot])]))
    }

    @Test func maskByAGradientsAlpha() throws {
        let fade = shape(
            "fade", Rect(x: 0, y: 0, width: 40, height: 24), .rect(x: 0, y: 0, width: 40, height: 24),
            .linearGradient(
                from: Point(x: 0, y: 0), to: Point(x: 80, y: 0), stops: [Paint.Stop(0, Color(white: 0)), Paint.Stop(1, Color(white: 0, opacity: 0))]))
        check(try scene([effect("m", .mask(DisplayList([fade])), [card, dot])]))
    }

    @Test func blurFadesOutsideTheContent() throws { check(try scene([effect("b", .blur(radius: 3, opaque: false), [card, dot])])) }

    @Test func opaqueBlurKeepsTheEdgesHard() throws { check(try scene([effect("b", .blur(radius: 3, opaque: true), [card, dot])])) }

    @Test func shadowFallsBelowAndRight() throws {
        check(try scene([effect("s", .shadow(color: Color(white: 0, opacity: 0.5), radius: 4, x: 2, y: 3), [card])]))
    }

    @Test func blendModeMultiplyDarkensTheStripes() throws { check(try scene([effect("bm", .blendMode(.multiply), [card, dot])])) }

    @Test func colorMatrixDesaturates() throws {
        check(try scene([effect("cm", .colorMatrix(.saturation(0), name: "saturation 0"), backdrop, frame: .zero)]))
    }

    @Test func materialsLightAndDarkOverStripes() throws {
        check(
            try scene([
                DisplayItem(
                    identity: id("light"), frame: Rect(x: 4, y: 6, width: 24, height: 28),
                    content: .material(MaterialContent(.systemMaterial, appearance: .light, cornerRadius: 6))),
                DisplayItem(
                    identity: id("dark"), frame: Rect(x: 32, y: 6, width: 24, height: 28),
                    content: .material(MaterialContent(.systemMaterial, appearance: .dark, cornerRadius: 6, continuousCorners: true))),
            ]))
    }

    @Test func variableBlurFromTheTopEdge() throws {
        check(
            try scene([
                effect("vb", .variableBlur(maxRadius: 6, mask: .topEdge(fraction: 0.6), tint: nil), backdrop, frame: Rect(x: 0, y: 0, width: 60, height: 40))
            ]))
    }
}
