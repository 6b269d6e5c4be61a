import Testing
import FrostTestSupport
@testable import FrostScene
import FrostCanvas
import FrostEffects
import FrostRaster
import FrostImage

private let blue = Color(red: 0, green: 122.0 / 255, blue: 1), red = Color(red: 1, green: 0, blue: 0)
private func id(_ s: String) -> SceneIdentity { SceneIdentity.root.appending(s) }
private func rect(_ name: String, _ frame: Rect, _ color: Color) -> DisplayItem {
    DisplayItem(
        identity: id(name), frame: frame,
        content: .shape(ShapeContent("rect", path: .rect(x: 0, y: 0, width: frame.width, height: frame.height), fill: .solid(color))))
}

@Suite("Display lists: printing and rendering", .hangLimit)
struct SceneTests {
    @Test("a display list prints as an indented tree that reads like a specification")
    func printing() {
        let list = DisplayList([
            rect("background", Rect(x: 0, y: 0, width: 100, height: 50), Color(white: 1)),
            DisplayItem(
                identity: id("card"), frame: Rect(x: 16, y: 8, width: 68, height: 34),
                content: .effect(
                    .opacity(0.5),
                    children: DisplayList([
                        rect("fill", Rect(x: 0, y: 0, width: 68, height: 34), blue),
                        DisplayItem(
                            identity: id("title"), frame: Rect(x: 4, y: 4, width: 60, height: 20),
                            content: .text(TextContent("Hi", size: 17, bold: true))),
                    ]))),
        ])
        #expect(
            list.description == """
                #root/background (0, 0, 100, 50) shape rect fill #FFFFFF
                #root/card (16, 8, 68, 34) opacity 0.5
                  #root/fill (0, 0, 68, 34) shape rect fill #007AFF
                  #root/title (4, 4, 60, 20) text "Hi" 17pt bold #000000
                """)
        // Equality is by value: the same items again are equal; one item fewer, or none, are not.
        #expect(DisplayList(list.items) == list)
        #expect(DisplayList(Array(list.items.dropLast())) != list && list != DisplayList())
    }

    @Test("frames place content in points; the scale makes pixels")
    func placement() throws {
        let list = DisplayList([rect("a", Rect(x: 2, y: 3, width: 4, height: 5), red)])
        let image = try SceneRenderer(scale: 2).render(list, size: Size(width: 10, height: 10))
        #expect(image.width == 20 && image.height == 20)
        #expect(image[4, 6] == RGBA8(255, 0, 0) && image[11, 15] == RGBA8(255, 0, 0))
        #expect(image[3, 6].a == 0 && image[12, 6].a == 0 && image[4, 16].a == 0)
    }

    @Test("opacity fades each child; over a compositing group it fades the flattened group once")
    func opacityAndGroups() throws {
        func card(_ grouped: Bool) -> DisplayList {
            let children = DisplayList([rect("a", Rect(x: 0, y: 0, width: 8, height: 4), red), rect("b", Rect(x: 4, y: 0, width: 8, height: 4), blue)])
            let inner =
                grouped ? DisplayList([DisplayItem(identity: id("g"), frame: .zero, content: .effect(.compositingGroup, children: children))]) : children
            return DisplayList([DisplayItem(identity: id("o"), frame: .zero, content: .effect(.opacity(0.5), children: inner))])
        }
        let renderer = SceneRenderer()
        let separate = try renderer.render(card(false), size: Size(width: 12, height: 4), background: Color(white: 1))
        let grouped = try renderer.render(card(true), size: Size(width: 12, height: 4), background: Color(white: 1))
        // Where the two overlap, per-child opacity lets red show through blue; the group does not.
        #expect(separate[6, 1] != grouped[6, 1])
        #expect(grouped[6, 1] == grouped[10, 1])
        #expect(separate[1, 1] == RGBA8(255, 128, 128) && grouped[1, 1] == RGBA8(255, 128, 128))
    }

    @Test("clip, transform, blur and shadow effects match the canvas operations they stand for")
    func effects() throws {
        let square = rect("s", Rect(x: 10, y: 10, width: 20, height: 20), red)
        let renderer = SceneRenderer(scale: 2)
        let size = Size(width: 40, height: 40)
        // Blur: the scene's σ is in points, the canvas's in pixels; views blur at realtime quality.
        let blurred = try renderer.render(
            DisplayList([
                DisplayItem(
                    identity: id("b"), frame: .zero,
                    content: .effect(.blur(radius: 3, opaque: false), children: DisplayList([square])))
            ]), size: size)
        var canvas = try Canvas(width: 80, height: 80)
        try canvas.withBlur(sigma: 6, quality: .realtime) { try $0.fill(.rect(x: 20, y: 20, width: 40, height: 40), with: .solid(red)) }
        #expect(blurred == canvas.image)
        // Clip to the left half in local points.
        let clipped = try renderer.render(
            DisplayList([
                DisplayItem(
                    identity: id("c"), frame: .zero,
                    content: .effect(.clip(.rect(x: 0, y: 0, width: 20, height: 40), rule: .nonZero), children: DisplayList([square])))
            ]), size: size)
        #expect(clipped[30, 30] == RGBA8(255, 0, 0) && clipped[50, 30].a == 0)
        // A transform moves drawing, not the frame: offset by (5, 0) points.
        let moved = try renderer.render(
            DisplayList([
                DisplayItem(
                    identity: id("t"), frame: .zero,
                    content: .effect(.transform(AffineTransform2D(translationX: 5, y: 0)), children: DisplayList([square])))
            ]), size: size)
        #expect(moved[65, 30].a == 255 && moved[25, 30].a == 0)  // pixels 20..<60 moved to 30..<70
        // Shadow offsets are in points too.
        let shadowed = try renderer.render(
            DisplayList([
                DisplayItem(
                    identity: id("sh"), frame: .zero,
                    content: .effect(.shadow(color: Color(white: 0, opacity: 0.5), radius: 1, x: 0, y: 4), children: DisplayList([square])))
            ]),
            size: size, background: Color(white: 1))
        #expect(shadowed[40, 64].r < 255 && shadowed[40, 16] == RGBA8(255, 255, 255))
    }

    @Test("text is set at the display scale (sharp), materials read what is below them, masks cut")
    func contentKinds() throws {
        let text = DisplayItem(identity: id("t"), frame: Rect(x: 4, y: 4, width: 80, height: 30), content: .text(TextContent("Frost", size: 17)))
        let at1 = try SceneRenderer(scale: 1).render(DisplayList([text]), size: Size(width: 90, height: 40))
        let at2 = try SceneRenderer(scale: 2).render(DisplayList([text]), size: Size(width: 90, height: 40))
        func inked(_ image: Image) -> Int { image.pixels.enumerated().filter { $0.offset % 4 == 3 && $0.element > 128 }.count }
        // Set at 2× (not upscaled): about 4× the strongly inked pixels, and fully opaque stems.
        #expect(Double(inked(at2)) / Double(inked(at1)) > 3 && at2.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 })
        let photo = try SampleImages.astronaut().cropped(to: PixelRect(x: 100, y: 100, width: 120, height: 80))
        let material = DisplayList([
            DisplayItem(identity: id("photo"), frame: Rect(x: 0, y: 0, width: 120, height: 80), content: .image(ImageContent(photo))),
            DisplayItem(identity: id("panel"), frame: Rect(x: 10, y: 10, width: 100, height: 60), content: .material(MaterialContent(.systemMaterial))),
        ])
        let rendered = try SceneRenderer().render(material, size: Size(width: 120, height: 80))
        let expected = try MaterialPanel(material: .systemMaterial, rect: PixelRect(x: 10, y: 10, width: 100, height: 60), backdrop: .reduced).render(
            over: photo)
        #expect(rendered == expected)
        let masked = try SceneRenderer().render(
            DisplayList([
                DisplayItem(
                    identity: id("m"), frame: .zero,
                    content: .effect(
                        .mask(DisplayList([rect("half", Rect(x: 0, y: 0, width: 10, height: 20), Color(white: 0))])),
                        children: DisplayList([rect("full", Rect(x: 0, y: 0, width: 20, height: 20), blue)])))
            ]), size: Size(width: 20, height: 20))
        #expect(masked[5, 5].a == 255 && masked[15, 5].a == 0)
        #expect(throws: ImageError.self) { try SceneRenderer(scale: 0).render(DisplayList(), size: Size(width: 1, height: 1)) }
        #expect(throws: ImageError.self) { try SceneRenderer().render(DisplayList(), size: Size(width: .nan, height: 1)) }
    }
}
