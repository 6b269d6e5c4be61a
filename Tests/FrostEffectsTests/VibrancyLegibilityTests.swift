import Testing
import FrostImage
@testable import FrostEffects

@Suite("Vibrancy and legibility")
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
        for y in 0..<10 { for x in 0..<5 { let i = 4 * (y * 10 + x); split.pixels[i] = 0; split.pixels[i + 1] = 0; split.pixels[i + 2] = 0 } }
        let black = try Legibility.contrast(of: Color(white: 1), over: split, in: split.bounds)
        #expect(black.minimum == 1 && abs(black.median - 21) < 1e-9)
        let mask = try Image(width: 5, height: 10, fill: RGBA8(0, 0, 0, 255))
        let masked = try Legibility.contrast(of: Color(white: 1), over: split, in: PixelRect(x: 0, y: 0, width: 5, height: 10), mask: mask)
        #expect(abs(masked.minimum - 21) < 1e-9)
    }

    @Test("the recommendation is the thinnest material that reaches 4.5:1")
    func recommendation() throws {
        let photo = try SampleImages.astronaut().cropped(to: PixelRect(x: 150, y: 40, width: 120, height: 60))
        let rect = PixelRect(x: 10, y: 10, width: 100, height: 40)
        let text = Color(white: 0)
        let thicknesses = [Material.systemUltraThinMaterial, .systemThinMaterial, .systemMaterial, .systemThickMaterial]
        guard let (material, report) = try Legibility.recommend(text: text, over: photo, in: rect, appearance: .light) else {
            Issue.record("no material reaches 4.5:1 for black text in light appearance")
            return
        }
        #expect(report.minimum >= 4.5)
        for thinner in thicknesses.prefix(while: { $0 != material }) {
            let rendered = try MaterialPanel(material: thinner, appearance: .light, rect: rect, backdrop: .reduced).render(over: photo)
            #expect(try Legibility.contrast(of: text, over: rendered, in: rect).minimum < 4.5, "\(thinner) would have done")
        }
    }
}
