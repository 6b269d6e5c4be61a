import FrostImage
import FrostTestSupport
import Testing

@testable import FrostRaster

// HarfBuzz shaping, FriBidi ordering and the fallback cascade, checked on what they must do:
// kerning pairs closer than their advances, Arabic letters taking joined forms, right-to-left
// glyphs running leftwards, mixed runs in the bidirectional algorithm's order, scripts drawn by
// their own faces. The Noto faces are README packages; a test that needs one skips with a
// message where it is not installed.

private let inter = try? Font.installed("Inter-Regular.otf")
private let dejaVu = try! Font.dejaVuSans()

/// The layout's glyphs, line by line, in visual order: (index, x, font's file name).
private func glyphs(_ layout: TextLayout) -> [[(index: UInt32, x: Int, face: String)]] {
    layout.lines.map { line in line.glyphs.map { ($0.index, $0.x, String($0.font.path.split(separator: "/").last ?? "")) } }
}

private func width(_ text: String, _ font: Font, features: [String] = [], size: Double = 17) throws -> Int {
    try TextLayout(
        text, spans: [.init(length: text.unicodeScalars.count, font: font, pointSize: size, features: features)], cascade: nil
    ).size.width
}

@Suite("Shaping, bidirectional text and font fallback", .hangLimit)
struct ShapingTests {
    @Test("GPOS kerning pulls AV, To and Ty together, as Core Text kerns by default")
    func kerning() throws {
        let font = try #require(inter, "Inter (fonts-inter) is a README package")
        for pair in ["AV", "To", "Ty", "Wa"] {
            let apart = try width(String(pair.first!), font, size: 100) + width(String(pair.last!), font, size: 100)
            let together = try width(pair, font, size: 100)
            // At 100 pt Inter's pairs kern by 3–8 px; unkerned they sum to within a pixel.
            #expect(together <= apart - 3, "\(pair): \(together) px together, \(apart) px apart")
            let unkerned = try width(pair, font, features: ["kern=0"], size: 100)
            #expect(abs(unkerned - apart) <= 1, "\(pair) without kerning: \(unkerned) vs \(apart)")
        }
    }

    @Test("tabular figures (monospacedDigit) give every digit one advance; features the face lacks change nothing")
    func tabularFigures() throws {
        let font = try #require(inter)
        let ones = try width("1111111111", font, features: ["tnum"]), zeros = try width("0000000000", font, features: ["tnum"])
        #expect(ones == zeros)
        // Inter's default figures are proportional: a one is narrower than a zero.
        #expect(try width("1111111111", font) < width("0000000000", font))
        #expect(try width("Hello", dejaVu, features: ["zzzz"]) == width("Hello", dejaVu))
    }

    @Test("Arabic letters join: a letter between two others takes its medial form, unlike alone")
    func arabicJoins() throws {
        let alone = dejaVu.shape([0x0628], size: 17 * 64, rightToLeft: true, features: [])
        let joined = dejaVu.shape([0x0628, 0x0628, 0x0628], size: 17 * 64, rightToLeft: true, features: [])
        #expect(joined.count == 3)
        // Visual order: the medial form is the middle glyph; it is not the isolated form.
        #expect(joined[1].index != alone[0].index)
        #expect(Set(joined.map(\.index)).count == 3, "initial, medial and final forms differ")
    }

    @Test("an Arabic word split between two spans (two colours) still joins across the change")
    func joiningAcrossSpans() throws {
        // بببب: initial, two medials, final. Split 2 + 2, each half alone would end and start
        // a word (final and initial forms at the split); with the paragraph as context they do not.
        let word = "\u{0628}\u{0628}\u{0628}\u{0628}"
        let whole = try TextLayout(word, spans: [.init(length: 4, font: dejaVu, pointSize: 17)], cascade: nil)
        let split = try TextLayout(
            word, spans: [.init(length: 2, font: dejaVu, pointSize: 17), .init(length: 2, font: dejaVu, pointSize: 17)], cascade: nil)
        #expect(glyphs(split)[0].map(\.index) == glyphs(whole)[0].map(\.index))
        #expect(Set(glyphs(split)[0].map(\.index)).count == 3, "initial, medial and final forms")
        #expect(split.lines[0].glyphs.map(\.span) == [1, 1, 0, 0], "drawn right to left, each glyph in its own span")
    }

    @Test("right-to-left text runs leftwards; mixed text follows the bidirectional algorithm")
    func bidiOrder() throws {
        // Hebrew alef, bet, gimel: the first letter is drawn rightmost.
        let hebrew = try TextLayout("אבג", font: dejaVu, pointSize: 17)
        let g = glyphs(hebrew)[0]
        let alef = dejaVu.shape([0x05D0], size: 17 * 64, rightToLeft: true, features: [])[0].index
        let gimel = dejaVu.shape([0x05D2], size: 17 * 64, rightToLeft: true, features: [])[0].index
        #expect(g.count == 3 && g[2].index == alef && g[0].index == gimel)
        #expect(g[0].x == 0 && g[1].x > g[0].x && g[2].x > g[1].x)
        #expect(hebrew.lines[0].isRightToLeft)

        // "ab אב cd" in a left-to-right paragraph: a b ␠ ב א ␠ c d.
        let mixed = try TextLayout("ab אב cd", font: dejaVu, pointSize: 17)
        let order = glyphs(mixed)[0].map(\.index)
        let expected = ["a", "b", " ", "\u{05D1}", "\u{05D0}", " ", "c", "d"].map {
            dejaVu.shape([Unicode.Scalar($0)!.value], size: 17 * 64, rightToLeft: false, features: [])[0].index
        }
        #expect(order == expected)
        #expect(!mixed.lines[0].isRightToLeft)
        // In an explicit right-to-left paragraph Latin words keep their order (the space between
        // two left-to-right letters joins them, rule N1), but a trailing "!" goes to the left.
        let rtl = try TextLayout(
            "ab cd!", spans: [.init(length: 6, font: dejaVu, pointSize: 17)], direction: .rightToLeft, cascade: nil)
        let bang = dejaVu.shape([0x21], size: 17 * 64, rightToLeft: false, features: [])[0].index
        #expect(glyphs(rtl)[0].map(\.index) == [bang, expected[0], expected[1], expected[2], expected[6], expected[7]])
        #expect(rtl.lines[0].isRightToLeft)
    }

    @Test("the visual order reverses runs from the highest level down to the lowest odd one (UAX #9 L2)")
    func visualOrder() {
        #expect(Bidi.visualOrder([0, 0, 0]) == [0, 1, 2])
        #expect(Bidi.visualOrder([1, 1, 1]) == [2, 1, 0])
        #expect(Bidi.visualOrder([0, 1, 1, 0]) == [0, 2, 1, 3])
        // A number (level 2) inside right-to-left text keeps its digits' order.
        #expect(Bidi.visualOrder([1, 2, 2, 1]) == [3, 1, 2, 0])
        #expect(Bidi.visualOrder([2, 2]) == [0, 1])
        #expect(Bidi.visualOrder([]) == [])
        let (levels, base) = Bidi.levels(Array("abc".unicodeScalars)[...], direction: .natural)
        #expect(levels == [0, 0, 0] && base == 0)
        let (hebrew, hebrewBase) = Bidi.levels(Array("אב 12".unicodeScalars)[...], direction: .natural)
        #expect(hebrewBase == 1 && hebrew == [1, 1, 1, 2, 2])
    }

    @Test("a right-to-left paragraph's trailing space hangs at its left; trailing alignment puts short lines at the right")
    func rightToLeftAlignment() throws {
        let plain = try TextLayout("אבג", font: dejaVu, pointSize: 17)
        let spaced = try TextLayout("אבג ", font: dejaVu, pointSize: 17)
        #expect(plain.size.width == spaced.size.width)
        #expect(glyphs(spaced)[0].first!.x < 0, "the trailing space sits left of the text")
        // Alignment is the interface's, not the text's: a right-to-left layout asks for
        // trailing, and the shorter line sits at the right.
        let two = try TextLayout("אבגדהו\nא", font: dejaVu, pointSize: 17, alignment: .trailing)
        let mask = try two.mask()
        var lastLineInk: [Int] = []
        for y in two.lineHeight..<(2 * two.lineHeight) {
            for x in 0..<mask.width where mask[x, y].a > 128 { lastLineInk.append(x) }
        }
        #expect((lastLineInk.min() ?? 0) > mask.width / 2, "the one-letter line sits at the right")
    }

    @Test("each script is drawn by its own face from the cascade; uncovered characters are boxes, counted")
    func cascade() throws {
        let cascade = FontCascade(folders: Font.searchFolders)
        let devanagari: Unicode.Scalar = "\u{0915}"
        guard let face = cascade.font(for: devanagari, bold: false) else {
            withKnownIssue("fonts-noto-core is not installed: Devanagari has no face") { Issue.record("skipped") }
            return
        }
        #expect(face.path.hasSuffix("NotoSansDevanagari-Regular.ttf"))
        #expect(cascade.font(for: devanagari, bold: true)?.path.hasSuffix("NotoSansDevanagari-Bold.ttf") == true)
        #expect(FontCascade.hasScriptFace(devanagari) && !FontCascade.hasScriptFace("a"))
        // A layout in Inter (or DejaVu) draws the Devanagari with Noto, the Latin with its own face.
        let base = inter ?? dejaVu
        let text = "ok क्षत्रिय"
        let layout = try TextLayout(text, spans: [.init(length: text.unicodeScalars.count, font: base, pointSize: 17)], cascade: cascade)
        let faces = glyphs(layout)[0].map(\.face)
        #expect(faces.first == String(base.path.split(separator: "/").last!))
        #expect(faces.last == "NotoSansDevanagari-Regular.ttf")
        // The conjunct क्ष is one cluster: fewer glyphs than scalars.
        #expect(faces.count < text.unicodeScalars.count)
        // A private-use character no face has: nil, counted once per character.
        let before = cascade.uncoveredCharacters
        #expect(cascade.font(for: "\u{F8FF}", bold: false) == nil)
        #expect(cascade.font(for: "\u{F8FF}", bold: false) == nil)
        #expect(cascade.uncoveredCharacters == before + 1)
        // Without a cascade the box is the span's own .notdef (glyph 0).
        let boxed = try TextLayout("\u{F8FF}", spans: [.init(length: 1, font: dejaVu, pointSize: 17)], cascade: nil)
        #expect(glyphs(boxed)[0].map(\.index) == [0])
    }

    @Test("shaped runs are cached: the same text again is a hit and gives the same bytes")
    func shapeCache() throws {
        let font = try Font.dejaVuSans()
        let text = "The same words, every frame"
        let first = try TextLayout(text, font: font, pointSize: 15, scale: 2, maxWidth: 300).mask()
        let misses = font.shapeCacheStatistics.misses
        let second = try TextLayout(text, font: font, pointSize: 15, scale: 2, maxWidth: 300).mask()
        #expect(font.shapeCacheStatistics.misses == misses)
        #expect(first.pixels == second.pixels)
        // A fresh font (empty cache) draws the same bytes.
        let fresh = try TextLayout(text, font: try Font.dejaVuSans(), pointSize: 15, scale: 2, maxWidth: 300).mask()
        #expect(fresh.pixels == first.pixels)
    }

    @Test("clusters are never split: a conjunct or a letter with its marks stays whole when a word breaks")
    func clustersStayWhole() throws {
        // "é" as e + combining acute, at a width narrower than one letter: each line holds whole
        // clusters, so no line starts with the bare mark.
        let text = "e\u{0301}e\u{0301}e\u{0301}"
        let layout = try TextLayout(text, font: dejaVu, pointSize: 17, maxWidth: 3)
        #expect(layout.lineCount == 3)
        let lone = dejaVu.shape([0x0301], size: 17 * 64, rightToLeft: false, features: [])[0].index
        for line in glyphs(layout) { #expect(line.first?.index != lone) }
    }
}
