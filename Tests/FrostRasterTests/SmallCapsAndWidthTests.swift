import FrostImage
import FrostTestSupport
import Testing

@testable import FrostRaster

// Small capitals (OpenType smcp/c2sc, synthesised where the face has none, as Inter has none)
// and a horizontal width scale (SwiftUI's fontWidth, synthesised by scaling glyphs: Inter has no
// width axis), checked by what they must do to glyphs, sizes and widths.

private let inter = try? Font.installed("Inter-Regular.otf")
private let notoSans = Font.installedPath("NotoSans-Regular.ttf").flatMap { try? Font(path: $0) }

private func set(_ text: String, _ font: Font, features: [String] = [], widthScale: Double = 1, size: Double = 40) throws -> TextLayout {
    try TextLayout(
        text, spans: [.init(length: text.unicodeScalars.count, font: font, pointSize: size, features: features, widthScale: widthScale)],
        cascade: nil)
}

/// The bounding box of coverage: (minX, minY, maxX, maxY), inclusive.
private func ink(_ image: Image) -> (Int, Int, Int, Int) {
    var box = (Int.max, Int.max, -1, -1)
    for y in 0..<image.height {
        for x in 0..<image.width where image.pixels[4 * (y * image.width + x) + 3] > 0 {
            box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
        }
    }
    return box
}

@Suite("Small capitals and font width", .hangLimit)
struct SmallCapsAndWidthTests {
    @Test("smcp synthesised: lowercase letters become capitals at the face's x-height; capitals and digits stay")
    func syntheticSmallCaps() throws {
        let font = try #require(inter, "Inter (fonts-inter) is a README package")
        #expect(!font.hasFeature("smcp"), "Inter 4 has no small capitals (this test checks synthesis)")
        let small = try set("Hello 42", font, features: ["smcp"])
        let caps = try set("HELLO 42", font)
        let glyphs = small.lines[0].glyphs, capGlyphs = caps.lines[0].glyphs
        // The same glyphs as the capitals (E L L O are capitals' glyphs)...
        #expect(glyphs.map(\.index) == capGlyphs.map(\.index))
        // ...drawn smaller where the text was lowercase, at the full size elsewhere.
        let full = 40 * 64
        #expect(glyphs[0].size == full && glyphs[5].size == full && glyphs[6].size == full)
        let reduced = glyphs[1].size
        let ratio = Double(reduced) / Double(full)
        // Inter's x-height over its cap height (1118 / 1490 units): about 0.75.
        #expect((0.70...0.80).contains(ratio), "small capitals at \(ratio) of the size")
        #expect(glyphs[1...4].allSatisfy { $0.size == reduced })
        // Narrower than full capitals, wider than the lowercase word.
        let lower = try set("Hello 42", font)
        #expect(small.size.width < caps.size.width && small.size.width > lower.size.width)
        // The small capitals stand on the baseline and reach the x-height: their ink is as tall
        // as lowercase x's (within a pixel or two at 40 px).
        let xs = ink(try set("xxxx", font).mask()), smallXs = ink(try set("xxxx", font, features: ["smcp"]).mask())
        #expect(abs((smallXs.3 - smallXs.1) - (xs.3 - xs.1)) <= 2, "small X \(smallXs.3 - smallXs.1) px, x \(xs.3 - xs.1) px")
        #expect(abs(smallXs.3 - xs.3) <= 1, "both on the baseline")
    }

    @Test("c2sc with smcp makes every letter a small capital; a face with real small capitals is not synthesised")
    func allSmallCapsAndRealOnes() throws {
        let font = try #require(inter)
        let all = try set("Hi", font, features: ["c2sc", "smcp"])
        #expect(all.lines[0].glyphs.allSatisfy { $0.size < 40 * 64 })
        let noto = try #require(notoSans, "Noto Sans (fonts-noto-core) is a README package")
        #expect(noto.hasFeature("smcp"))
        let real = try set("Hello", noto, features: ["smcp"])
        let plainCaps = try set("HELLO", noto)
        // Noto Sans's own small capital glyphs at the text's size: not its capitals, not smaller.
        #expect(real.lines[0].glyphs.allSatisfy { $0.size == 40 * 64 })
        #expect(real.lines[0].glyphs[1].index != plainCaps.lines[0].glyphs[1].index)
    }

    @Test("a width scale narrows or widens advances and glyphs by its factor; heights are unchanged")
    func widthScale() throws {
        let font = try #require(inter)
        let text = "Condensed headline"
        let standard = try set(text, font), condensed = try set(text, font, widthScale: 0.8), expanded = try set(text, font, widthScale: 1.2)
        for (layout, factor) in [(condensed, 0.8), (expanded, 1.2)] {
            let r = Double(layout.size.width) / Double(standard.size.width)
            #expect(abs(r - factor) < 0.01, "width \(r) for \(factor)")
            let a = ink(try standard.mask()), b = ink(try layout.mask())
            let inkRatio = Double(b.2 - b.0) / Double(a.2 - a.0)
            #expect(abs(inkRatio - factor) < 0.02, "ink \(inkRatio) for \(factor)")
            #expect(b.3 - b.1 == a.3 - a.1 && b.1 == a.1, "the same height and top")
        }
        #expect(throws: ImageError.self) { try set(text, font, widthScale: 0) }
        #expect(throws: ImageError.self) { try set(text, font, widthScale: .nan) }
    }
}
