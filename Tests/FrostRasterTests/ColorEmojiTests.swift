import FrostImage
import FrostTestSupport
import Testing

@testable import FrostRaster

// Colour emoji: which characters go to the colour face, that sequences (skin tones, flags, ZWJ
// families, keycaps) become one glyph, that the glyphs are images in their own colours at the
// text's size, and the resampling that scales a 109 px strike to any size. Noto Color Emoji is
// a README package (fonts-noto-color-emoji); tests that need it skip with a message without it.

private let inter = try? Font.installed("Inter-Regular.otf")
private let emojiFace = FontCascade.system.emojiFont()

private func layout(_ text: String, size: Double = 17, scale: Double = 3) throws -> TextLayout {
    let font = try #require(inter, "Inter (fonts-inter) is a README package")
    return try TextLayout(text, spans: [.init(length: text.unicodeScalars.count, font: font, pointSize: size)], scale: scale)
}

/// The glyphs drawn by a colour face, on every line.
private func colourGlyphCount(_ layout: TextLayout) -> Int {
    layout.lines.reduce(0) { $0 + $1.glyphs.filter(\.font.isColor).count }
}

/// The bounding box of pixels with any alpha: (minX, minY, maxX, maxY), inclusive.
private func ink(_ image: Image) -> (Int, Int, Int, Int)? {
    var box: (Int, Int, Int, Int)?
    for y in 0..<image.height {
        for x in 0..<image.width where image.pixels[4 * (y * image.width + x) + 3] > 0 {
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        }
    }
    return box
}

@Suite("Colour emoji", .hangLimit)
struct ColorEmojiTests {
    @Test("emoji sequences are one colour glyph each: a skin tone, a flag, a ZWJ family, a keycap")
    func sequences() throws {
        try #require(emojiFace != nil, "Noto Color Emoji (fonts-noto-color-emoji) is a README package")
        for (text, expected) in [
            ("👋🏽", 1), ("🇯🇵", 1), ("👨\u{200D}👩\u{200D}👧", 1), ("1\u{FE0F}\u{20E3}", 1), ("🎉🎉", 2), ("🏳\u{FE0F}\u{200D}🌈", 1),
        ] {
            let set = try layout(text)
            #expect(colourGlyphCount(set) == expected, "\(text): \(colourGlyphCount(set)) colour glyphs")
            #expect(set.lines.reduce(0) { $0 + $1.glyphs.count } == expected, "\(text): nothing but the emoji is drawn")
        }
    }

    @Test("presentation: U+FE0E asks for text, U+FE0F for emoji; letters and digits stay in the text face")
    func presentation() throws {
        try #require(emojiFace != nil, "Noto Color Emoji (fonts-noto-color-emoji) is a README package")
        #expect(try layout("\u{263A}\u{FE0E}").hasColorGlyphs == false)
        #expect(try layout("\u{263A}\u{FE0F}").hasColorGlyphs)
        #expect(try layout("\u{2764}\u{FE0F}").hasColorGlyphs)
        // Default emoji presentation needs no selector.
        #expect(try layout("\u{1F525}").hasColorGlyphs)
        // Digits, # and © are emoji characters too, but text unless asked.
        #expect(try layout("Call #1 © 2026").hasColorGlyphs == false)
        let mixed = try layout("Hi 🎉 there")
        #expect(colourGlyphCount(mixed) == 1)
        #expect(mixed.lines[0].glyphs.count == 10)
    }

    @Test("colour glyphs are images in their own colours, left out of the coverage mask")
    func drawnInColour() throws {
        try #require(emojiFace != nil, "Noto Color Emoji (fonts-noto-color-emoji) is a README package")
        let set = try layout("A🍎")
        let mask = try set.mask()
        let colourImage = try set.colorGlyphs(subpixelOffset: (0, 0))
        let colour = try #require(colourImage)
        #expect(colour.width == mask.width && colour.height == mask.height)
        // The apple is red: its opaque pixels are redder than they are green or blue.
        var red = 0, opaque = 0
        for i in stride(from: 0, to: colour.pixels.count, by: 4) where colour.pixels[i + 3] == 255 {
            opaque += 1
            let (r, g, b) = (Int(colour.pixels[i]), Int(colour.pixels[i + 1]), Int(colour.pixels[i + 2]))
            if r > g + 60 && r > b + 60 { red += 1 }
        }
        #expect(opaque > 500 && red > opaque / 2, "\(red) of \(opaque) opaque pixels red")
        // The mask holds the A alone: no coverage where the apple is.
        let apple = try #require(ink(colour)), letter = try #require(ink(mask))
        #expect(letter.2 < apple.0, "the A's ink ends at \(letter.2), the apple's starts at \(apple.0)")
        // Premultiplied: no channel above alpha.
        let over = stride(from: 0, to: colour.pixels.count, by: 4).filter { i in
            (0..<3).contains { colour.pixels[i + $0] > colour.pixels[i + 3] }
        }
        #expect(over.isEmpty, "\(over.count) pixels have colour above alpha")
        // The spans filter: a layout's only span excluded draws no colour glyphs.
        #expect(try set.colorGlyphs(subpixelOffset: (0, 0), spans: []) == nil)
        #expect(try layout("plain").colorGlyphs(subpixelOffset: (0, 0)) == nil)
    }

    @Test("emoji scale with the text: twice the point size, twice the height and advance")
    func scalesWithSize() throws {
        try #require(emojiFace != nil, "Noto Color Emoji (fonts-noto-color-emoji) is a README package")
        func measure(_ size: Double) throws -> (height: Int, advance: Int) {
            let set = try layout("😀", size: size, scale: 1)
            let image = try set.colorGlyphs(subpixelOffset: (0, 0))
            let box = try #require(image.flatMap(ink))
            return (box.3 - box.1 + 1, set.size.width)
        }
        // Noto Color Emoji's one strike is 109 px: sizes below shrink it, sizes above enlarge it.
        let small = try measure(30), large = try measure(60), huge = try measure(240)
        #expect(abs(Double(large.height) / Double(small.height) - 2) < 0.08, "\(small.height) → \(large.height) px")
        #expect(abs(Double(huge.height) / Double(large.height) - 4) < 0.08, "\(large.height) → \(huge.height) px")
        #expect(abs(Double(large.advance) / Double(small.advance) - 2) < 0.06, "\(small.advance) → \(large.advance) px")
        // About an em tall (the face's faces are 0.88–0.95 em), as Apple Color Emoji is.
        #expect((0.8...1.05).contains(Double(large.height) / 60), "\(large.height) px at 60 px")
    }

    @Test("a sub-pixel offset moves a colour glyph by that fraction and keeps its ink")
    func subpixel() throws {
        try #require(emojiFace != nil, "Noto Color Emoji (fonts-noto-color-emoji) is a README package")
        let set = try layout("🟥", size: 20, scale: 1)
        func moments(_ image: Image) -> (total: Double, x: Double) {
            var total = 0.0, x = 0.0
            for y in 0..<image.height {
                for c in 0..<image.width {
                    let a = Double(image.pixels[4 * (y * image.width + c) + 3])
                    total += a; x += a * Double(c)
                }
            }
            return (total, x / total)
        }
        let image0 = try set.colorGlyphs(subpixelOffset: (0, 0)), imageHalf = try set.colorGlyphs(subpixelOffset: (0.5, 0))
        let at0 = moments(try #require(image0)), atHalf = moments(try #require(imageHalf))
        #expect(abs(atHalf.total / at0.total - 1) < 0.01)
        #expect(abs(atHalf.x - at0.x - 0.5) < 0.05, "centroid moved \(atHalf.x - at0.x) px")
    }

    @Test("resampling: area-averaged when shrinking, linear when enlarging, exact at scale 1")
    func resampling() {
        // A 4 × 2 opaque white block (premultiplied) one pixel right of the origin, top at 2 above it.
        let block = [UInt8](repeating: 255, count: 4 * 4 * 2)
        let same = Font.resampled(block, width: 4, rows: 2, left: 1, top: 2, scale: 1, dx: 0, dy: 0)
        #expect(same.left == 1 && same.top == 2 && same.rgba == block)
        // Halved: 2 × 1, from x = 0.5 (pixel 0 half covered) to 2.5.
        let half = Font.resampled(block, width: 4, rows: 2, left: 1, top: 2, scale: 0.5, dx: 0, dy: 0)
        #expect(half.left == 0 && half.top == 1 && half.width == 3 && half.rows == 1)
        #expect(half.rgba.enumerated().filter { $0.offset % 4 == 3 }.map(\.element) == [128, 255, 128])
        // Shifted half a pixel at scale 1: each column is half in two pixels.
        let shifted = Font.resampled(block, width: 4, rows: 2, left: 0, top: 2, scale: 1, dx: 0.5, dy: 0)
        #expect(shifted.width == 5)
        #expect(shifted.rgba[3] == 128 && shifted.rgba[7] == 255 && shifted.rgba[19] == 128)
        // Doubled: 8 × 4; the inner pixels stay opaque, the outermost fade (edges interpolate
        // to transparent).
        let double = Font.resampled(block, width: 4, rows: 2, left: 0, top: 2, scale: 2, dx: 0, dy: 0)
        #expect(double.width == 8 && double.rows == 4)
        let alphaRow1 = (0..<8).map { double.rgba[4 * (8 + $0) + 3] }
        #expect(alphaRow1[1...6].allSatisfy { $0 == 255 }, "\(alphaRow1)")
        #expect(alphaRow1[0] == 191 && alphaRow1[7] == 191, "\(alphaRow1)")
    }

    @Test("an outline face is not colour; the emoji face is, and renders from the strike at or above the size")
    func colourFaces() throws {
        #expect(try #require(inter).isColor == false)
        if let emojiFace {
            #expect(emojiFace.isColor && !emojiFace.strikes.isEmpty)
            #expect(emojiFace.strikes[emojiFace.strike(for: 17 * 64)] >= 17 * 64)
        }
    }
}
