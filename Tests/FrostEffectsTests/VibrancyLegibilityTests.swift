import Testing
import FrostImage
@testable import FrostEffects
import FrostTestSupport

@Suite("Vibrancy and legibility", .hangLimit)
struct VibrancyLegibilityTests {
    @Test("vibrancy follows out = (1 − α)·B + α·clamp(M·B + bias)")
    func formula() throws {
        let grey = try Image(width: 8, height: 8, fill: RGBA8(128, 128, 128))
        let full = try Image(width: 4, height: 4, fill: RGBA8(0, 0, 0, 255))
        let b = 128.0 / 255
        for (appearance, sum, bias) in [(Appearance.light, 1.514 - 0.955 - 0.184, 0.0625), (.dark, 1.376 - 0.735 - 0.142, 0.5)] {
            let out = try Vibrancy.label.composite(mask: full, at: (2, 2), over: grey, appearance: appearance)
            let expected = UInt8(((sum * b + bias) * 255).rounded())
            #expect(out[3, 3] == RGBA8(expected, expected, expected), "\(appearance)")
            #expect(out[0, 0] == grey[0, 0] && out[7, 7] == grey[7, 7])  // outside the mask
            // Half coverage mixes halfway; secondary labels at 60 %.
            let half = try Image(width: 1, height: 1, fill: RGBA8(0, 0, 0, 128))
            let mixed = try Vibrancy.label.composite(mask: half, at: (0, 0), over: grey, appearance: appearance)
            let want = b + (sum * b + bias - b) * 128 / 255
            #expect(abs(Double(mixed[0, 0].r) - want * 255) <= 0.5)
            let second = try Vibrancy.secondaryLabel.composite(mask: full, at: (0, 0), over: grey, appearance: appearance)
            #expect(abs(Double(second[1, 1].r) - (b + (sum * b + bias - b) * 0.6) * 255) <= 0.5)
        }
        #expect(try Vibrancy(named: "SEPARATOR") == .separator)
        do { _ = try Vibrancy(named: "lable"); Issue.record("accepted") } catch { #expect(error.description.contains("did you mean 'label'")) }
        #expect(throws: ImageError.self) { try Vibrancy.fill.composite(mask: full, at: (6, 6), over: grey, appearance: .light) }
    }

    @Test("contrast over an image: #777 on white is 4.48:1; masks select the pixels")
    func contrast() throws {
        let white = try Image(width: 10, height: 10, fill: RGBA8(255, 255, 255))
        let report = try Legibility.contrast(of: try Color(hex: "#777"), over: white, in: PixelRect(x: 2, y: 2, width: 5, height: 5))
        #expect(abs(report.minimum - 4.48) < 0.005 && report.minimum == report.median && !report.passesBodyText)
        var split = white
        for y in 0..<10 { for x in 0..<5 { split[x, y] = RGBA8(0, 0, 0, split[x, y].a) } }
        let black = try Legibility.contrast(of: Color(white: 1), over: split, in: split.bounds)
        #expect(black.minimum == 1 && abs(black.median - 21) < 1e-9)
        let mask = try Image(width: 5, height: 10, fill: RGBA8(0, 0, 0, 255))
        let masked = try Legibility.contrast(of: Color(white: 1), over: split, in: PixelRect(x: 0, y: 0, width: 5, height: 10), mask: mask)
        #expect(abs(masked.minimum - 21) < 1e-9)
    }

    @Test("vibrant text contrast: each glyph pixel takes the formula's colour over its backdrop pixel")
    func vibrantContrast() throws {
        let grey = try Image(width: 6, height: 6, fill: RGBA8(128, 128, 128))
        let b = 128.0 / 255
        // Row sums of iOS's label matrices (REFERENCE.md §2): over grey each channel is sum·b + bias.
        for (appearance, sums, bias) in [
            (Appearance.light, [1.514 - 0.955 - 0.184, -0.486 + 1.046 - 0.186, -0.487 - 0.953 + 1.815], 0.0625),
            (.dark, [1.376 - 0.735 - 0.142, -0.374 + 1.016 - 0.143, -0.375 - 0.733 + 1.607], 0.5),
        ] {
            for (style, k) in [(Vibrancy.label, 1.0), (.secondaryLabel, 0.6)] {
                let c = sums.map { b + (min(max($0 * b + bias, 0), 1) - b) * k }
                let want = Color.contrastRatio(Color(red: c[0], green: c[1], blue: c[2]), Color(white: b))
                let got = try Legibility.contrast(of: style, appearance: appearance, over: grey, in: grey.bounds)
                #expect(abs(got.minimum - want) < 1e-9 && got.median == got.minimum, "\(style) \(appearance) \(got.minimum) \(want)")
            }
        }
    }

    @Test("the recommendation is the thinnest material, plain text first, then the label vibrancy")
    func recommendation() throws {
        let photo = try SampleImages.astronaut().cropped(to: PixelRect(x: 150, y: 40, width: 120, height: 60))
        let rect = PixelRect(x: 10, y: 10, width: 100, height: 40)
        let thicknesses = [Material.systemUltraThinMaterial, .systemThinMaterial, .systemMaterial, .systemThickMaterial]
        // Glyph-shaped mask: only the middle rows count.
        var mask = try Image(width: rect.width, height: rect.height)
        for y in 15..<25 { for x in 10..<90 { mask[x, y] = RGBA8(0, 0, 0, 255) } }
        for (text, masked) in [(Color(white: 0), nil as Image?), (Color(white: 0), mask), (Color(white: 1), nil), (Color(white: 0.5), mask)] {
            func rendered(_ m: Material) throws -> Image {
                try MaterialPanel(material: m, appearance: .light, rect: rect, backdrop: .reduced).render(over: photo)
            }
            func plain(_ m: Material) throws -> Double { try Legibility.contrast(of: text, over: rendered(m), in: rect, mask: masked).minimum }
            func vibrant(_ m: Material) throws -> Double {
                try Legibility.contrast(of: .label, appearance: .light, over: rendered(m), in: rect, mask: masked).minimum
            }
            let best = try Legibility.recommend(text: text, over: photo, in: rect, mask: masked, appearance: .light)
            // The expected answer, from the two contrasts on each material in turn.
            var expected: (Material, Vibrancy?)?
            for m in thicknesses where expected == nil {
                if try plain(m) >= 4.5 { expected = (m, nil) } else if try vibrant(m) >= 4.5 { expected = (m, .label) }
            }
            #expect(best?.material == expected?.0 && best?.vibrancy == expected?.1, "\(text): \(String(describing: best))")
            if let best { #expect(best.report.minimum >= 4.5) }
            let plainOnly = try Legibility.recommend(text: text, over: photo, in: rect, mask: masked, appearance: .light, vibrancy: false)
            #expect(plainOnly?.vibrancy == nil)
        }
        // Black text on the light materials needs no vibrancy; mid-grey text needs it.
        #expect(try Legibility.recommend(text: Color(white: 0), over: photo, in: rect, appearance: .light)?.vibrancy == nil)
        #expect(try Legibility.recommend(text: Color(white: 0.5), over: photo, in: rect, mask: mask, appearance: .light)?.vibrancy == .label)
        #expect(throws: ImageError.self) { try Legibility.recommend(text: Color(white: 0), over: photo, in: rect, appearance: .light, target: .nan) }
    }
}
