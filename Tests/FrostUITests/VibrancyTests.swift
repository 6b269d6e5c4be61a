import Testing
import FrostGeometry
import FrostScene
import FrostEffects
import FrostImage
@testable import FrostUI
import FrostTestSupport

/// The vibrancy styles of every leaf, in drawing order (nil: plain).
private func vibrancies(_ list: DisplayList) -> [Vibrancy?] {
    leaves(list).map {
        switch $0.content {
        case .shape(let s): return s.vibrancy
        case .text(let t): return t.vibrancy
        default: return nil
        }
    }
}

@Suite("FrostUI vibrancy: every hierarchical style on a material", .hangLimit)
struct ViewVibrancyTests {
    /// Content over a saturated red backdrop, on a material or not.
    struct Panel<Content: View>: View {
        let onMaterial: Bool
        @ViewBuilder let content: Content
        var body: some View {
            ZStack {
                Color.red
                if onMaterial {
                    content.padding(20).background(.thinMaterial)
                } else {
                    content.padding(20).background(Color(white: 0.9))
                }
            }
        }
    }

    @Test("a shape filled .secondary on a material takes the backdrop's hue, as text does; its twin off the material is grey")
    func shapeTakesBackdropHue() throws {
        let square = Rectangle().fill(.secondary).frame(width: 40, height: 40)
        let vibrant = try ViewHost(Panel(onMaterial: true) { square }, size: CGSize(width: 120, height: 120)).snapshot()
        let plain = try ViewHost(Panel(onMaterial: false) { square }, size: CGSize(width: 120, height: 120)).snapshot()
        let v = vibrant[60, 60], p = plain[60, 60]
        #expect(Int(v.r) - Int(v.g) > 40 && Int(v.r) - Int(v.b) > 40, "vibrant: \(v)")
        #expect(abs(Int(p.r) - Int(p.g)) < 8 && abs(Int(p.g) - Int(p.b)) < 8, "plain: \(p)")
        // The material around the square is not recoloured by it.
        let host = try ViewHost(Panel(onMaterial: true) { square }, size: CGSize(width: 120, height: 120))
        #expect(vibrancies(try host.displayList()).contains(.fill))
    }

    @Test("a material fills the shape it is given: a capsule's ends and a circle's corners show the backdrop")
    func materialTakesItsShape() throws {
        // Over red, the material is pale; outside the shape the red shows unchanged.
        func render<S: Shape>(_ shape: S, width: CGFloat, height: CGFloat) throws -> FrostImage.Image {
            try ViewHost(
                ZStack {
                    Color.red; Color.clear.frame(width: width, height: height).background(.regularMaterial, in: shape)
                },
                size: CGSize(width: 120, height: 120)
            ).snapshot()
        }
        // systemRed (255, 59, 48), as the backdrop away from the shape.
        func isRed(_ p: RGBA8) -> Bool { p.r > 250 && (50...68).contains(p.g) && (40...56).contains(p.b) }
        let capsule = try render(Capsule(), width: 100, height: 40)
        // The capsule spans x 10…110, y 40…80: its corner is backdrop, its centre and the middle
        // of its ends material.
        #expect(isRed(capsule[11, 41]))
        #expect(!isRed(capsule[60, 60]) && !isRed(capsule[12, 60]) && !isRed(capsule[108, 60]))
        let circle = try render(Circle(), width: 60, height: 60)
        #expect(isRed(circle[32, 32]) && isRed(circle[88, 88]))
        #expect(!isRed(circle[60, 60]) && !isRed(circle[32, 60]))
        // A rectangle keeps its corners.
        let square = try render(Rectangle(), width: 60, height: 60)
        #expect(!isRed(square[31, 31]))
    }

    @Test("levels map to iOS's styles: text to label styles, shapes to fill styles, Divider to separator; primary stays plain")
    func styles() throws {
        let content = VStack {
            Text("primary")
            Text("secondary").foregroundStyle(.secondary)
            Text("tertiary").foregroundStyle(.tertiary)
            Text("quaternary").foregroundStyle(.quaternary)
            Rectangle().fill(.primary).frame(width: 10, height: 10)
            Rectangle().fill(.secondary).frame(width: 10, height: 10)
            Circle().stroke(.tertiary, lineWidth: 2).frame(width: 10, height: 10)
            Capsule().fill(.quaternary).frame(width: 20, height: 10)
            Divider()
        }
        let list = try ViewHost(Panel(onMaterial: true) { content }, size: CGSize(width: 200, height: 400)).displayList()
        let v = vibrancies(list)
        // Backdrop colour, the material (drawn as a material: no vibrancy), then the content.
        #expect(Array(v.suffix(9)) == [nil, .secondaryLabel, .tertiaryLabel, .quaternaryLabel, nil, .fill, .secondaryFill, .tertiaryFill, .separator], "\(v)")
        let off = try ViewHost(Panel(onMaterial: false) { content }, size: CGSize(width: 200, height: 400)).displayList()
        #expect(vibrancies(off).allSatisfy { $0 == nil })
    }

    @Test("an overlay on a material-filled shape is vibrant; Reduce Transparency turns vibrancy off")
    func overlayAndReduceTransparency() throws {
        let card = RoundedRectangle(cornerRadius: 12).fill(.regularMaterial).frame(width: 100, height: 60)
            .overlay {
                VStack {
                    Text("caption").foregroundStyle(.secondary); Divider()
                }
            }
        let on = try ViewHost(
            ZStack {
                Color.blue; card
            }, size: CGSize(width: 150, height: 100)
        ).displayList()
        #expect(vibrancies(on).contains(.secondaryLabel) && vibrancies(on).contains(.separator))
        // A view background that is a material-filled shape counts too; a ZStack sibling does not.
        let behind = Text("note").foregroundStyle(.tertiary).padding().background { Capsule().fill(.thinMaterial) }
        #expect(
            vibrancies(
                try ViewHost(
                    ZStack {
                        Color.blue; behind
                    }, size: CGSize(width: 150, height: 100)
                ).displayList()
            ).contains(.tertiaryLabel))
        let sibling = ZStack {
            Capsule().fill(.thinMaterial); Text("note").foregroundStyle(.tertiary)
        }
        #expect(
            vibrancies(
                try ViewHost(
                    ZStack {
                        Color.blue; sibling
                    }, size: CGSize(width: 150, height: 100)
                ).displayList()
            ).allSatisfy { $0 == nil })
        let reduced = try ViewHost(
            ZStack {
                Color.blue; card
            }.environment(\.accessibilityReduceTransparency, true),
            size: CGSize(width: 150, height: 100)
        ).displayList()
        #expect(vibrancies(reduced).allSatisfy { $0 == nil })
    }
}
