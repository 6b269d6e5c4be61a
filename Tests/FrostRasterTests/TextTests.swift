import Foundation
import Testing
import FrostImage
@testable import FrostRaster
import FrostTestSupport

@Suite("Text through FreeType", .hangLimit)
struct TextTests {
    let font = try! Font.dejaVuSans()

    func coverage(_ image: Image) -> Int { stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Int(image.pixels[$1]) } }

    @Test("measures and renders deterministically; size scales with points and scale")
    func deterministic() throws {
        let a = try TextLayout("Frosted glass", font: font, pointSize: 17, scale: 2)
        let b = try TextLayout("Frosted glass", font: font, pointSize: 17, scale: 2)
        let (ma, mb) = (try a.mask(), try b.mask())
        #expect(a.size == b.size && ma == mb)
        let small = try TextLayout("Frosted glass", font: font, pointSize: 17, scale: 1)
        #expect(abs(Double(a.size.width) / Double(small.size.width) - 2) < 0.1)
        #expect(a.size.height == a.lineHeight && a.lineCount == 1)
        let mask = try a.mask()
        #expect(mask.width == a.size.width && coverage(mask) > 0)
        #expect(mask.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 })  // colour 0, alpha = coverage
    }

    @Test("lines break at spaces within the width; long words break between characters")
    func wrapping() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        let one = try TextLayout(text, font: font, pointSize: 14)
        let wrapped = try TextLayout(text, font: font, pointSize: 14, maxWidth: one.size.width / 3)
        #expect(wrapped.lineCount >= 3 && wrapped.size.width <= one.size.width / 3)
        #expect(wrapped.size.height == wrapped.lineCount * wrapped.lineHeight)
        let word = try TextLayout("Supercalifragilistic", font: font, pointSize: 14, maxWidth: 40)
        #expect(word.lineCount > 1 && word.size.width <= 40)
        #expect(try TextLayout("a\nb\n\nc", font: font, pointSize: 12).lineCount == 4)
    }

    /// Each line's text, from how many glyphs (one per scalar) each line holds.
    func lineTexts(_ layout: TextLayout) -> [String] {
        var scalars = Array(layout.text.unicodeScalars.filter { $0 != "\n" })[...]
        return layout.lines.map { line in
            let taken = scalars.prefix(line.glyphs.count)
            scalars = scalars.dropFirst(line.glyphs.count)
            return String(String.UnicodeScalarView(taken))
        }
    }

    @Test(
        "break opportunities follow UAX #14's core: spaces, hyphens inside words, CJK between characters but not before closing punctuation or small kana, nor after opening"
    )
    func breakOpportunities() {
        func breaks(_ s: String) -> [Int] {
            LineBreaking.opportunities(Array(s.unicodeScalars)).indices.filter { LineBreaking.opportunities(Array(s.unicodeScalars))[$0] }
        }
        #expect(breaks("a bc  d") == [2, 6])
        #expect(breaks("well-known") == [5])
        #expect(breaks("x -5 and -5") == [2, 5, 9])  // a minus before a number is not a break
        #expect(breaks("(a)") == [])
        // 日本語です。「はい」っ: 。 and 」 and っ never start a line; 「 never ends one.
        #expect(breaks("日本語です。「はい」っ") == [1, 2, 3, 4, 6, 8])
        #expect(breaks("漢字abc漢字") == [1, 2, 5, 6])
        // Hangul and emoji break at spaces only.
        #expect(breaks("안녕하세요 세계") == [6])
        #expect(breaks("hi👋🏽there") == [])
        #expect(breaks("") == [] && breaks("a") == [])
    }

    @Test("lines wrap after a hyphen and between CJK characters, keeping closing punctuation on the line it closes")
    func unicodeWrapping() throws {
        let hyphen = try TextLayout("well-known", font: font, pointSize: 14)
        let halves = try ["well-", "known"].map { try TextLayout($0, font: font, pointSize: 14).size.width }
        let wrapped = try TextLayout("well-known", font: font, pointSize: 14, maxWidth: halves.max()! + 2)
        #expect(hyphen.lineCount == 1 && lineTexts(wrapped) == ["well-", "known"], "\(lineTexts(wrapped))")
        // Ideographs (drawn as .notdef boxes here, all one width): three to a line, and "。"
        // pulls the character before it onto the next line rather than start one.
        let three = try TextLayout("日本語", font: font, pointSize: 14)
        let cjk = try TextLayout("日本語日本語。日本", font: font, pointSize: 14, maxWidth: three.size.width + 1)
        #expect(lineTexts(cjk) == ["日本語", "日本", "語。日", "本"], "\(lineTexts(cjk))")
    }

    @Test("alignment moves lines inside the block")
    func alignment() throws {
        let text = "wide line here\nx"
        func firstInkColumn(_ m: Image, row: Int) -> Int? {
            (0..<m.width).first { x in (row..<min(m.height, row + 10)).contains { m[x, $0].a > 0 } }
        }
        let leading = try TextLayout(text, font: font, pointSize: 20, alignment: .leading).mask()
        let trailing = try TextLayout(text, font: font, pointSize: 20, alignment: .trailing).mask()
        let secondLine = try TextLayout(text, font: font, pointSize: 20).lineHeight
        #expect(firstInkColumn(trailing, row: secondLine)! > firstInkColumn(leading, row: secondLine)! + 50)
    }

    @Test("accented Latin renders; missing glyphs draw .notdef and never crash")
    func glyphs() throws {
        #expect(font.hasGlyph(for: "é") && font.hasGlyph(for: "ß") && !font.hasGlyph(for: "\u{E123}"))
        let accented = try TextLayout("Crème brûlée à la carte", font: font, pointSize: 16).mask()
        #expect(coverage(accented) > 0)
        let missing = try TextLayout("\u{E123}\u{10FFFD}", font: font, pointSize: 16)
        let boxes = try missing.mask()
        #expect(missing.size.width > 0 && coverage(boxes) > 0)  // .notdef boxes
    }

    @Test("kerning tightens AV when the font has kerning")
    func kerning() throws {
        let av = try TextLayout("AV", font: font, pointSize: 40).size.width
        let a = try TextLayout("A", font: font, pointSize: 40).size.width, v = try TextLayout("V", font: font, pointSize: 40).size.width
        #expect(av < a + v)
    }

    @Test("bad fonts, empty and huge text, absurd sizes give clear errors")
    func errors() throws {
        #expect(throws: ImageError.self) { try Font(path: "/nonexistent/font.ttf") }
        let junk = FileManager.default.temporaryDirectory.appendingPathComponent("frost-junk-\(UUID()).ttf").path
        try Data("not a font at all".utf8).write(to: URL(fileURLWithPath: junk))
        defer { try? FileManager.default.removeItem(atPath: junk) }
        do { _ = try Font(path: junk); Issue.record("junk accepted") } catch { #expect(error.description.contains("not a valid font")) }
        // fifoFontIsRefused: a named pipe would block FreeType's read forever.
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("frost-fifo-\(UUID()).ttf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        do { _ = try Font(path: fifo); Issue.record("a FIFO accepted") } catch { #expect(error.description.contains("not a regular file")) }
        #expect(throws: ImageError.self) { try TextLayout("", font: font, pointSize: 12) }
        #expect(throws: ImageError.self) { try TextLayout(String(repeating: "x", count: 100_001), font: font, pointSize: 12) }
        #expect(throws: ImageError.self) { try TextLayout("x", font: font, pointSize: .nan) }
        #expect(throws: ImageError.self) { try TextLayout("x", font: font, pointSize: 12, scale: 0) }
        #expect(throws: ImageError.self) { try TextLayout("x", font: font, pointSize: 12, maxWidth: 0) }
    }
}

@Suite("Glyph cache", .hangLimit)
struct GlyphCacheTests {
    @Test("cached glyphs give the same bytes as a fresh font, at every sub-pixel offset and size")
    func sameBytes() throws {
        let warm = try Font.dejaVuSans()
        for (size, scale) in [(12.0, 1.0), (17, 3), (40, 2)] {
            for offset in [(0.0, 0.0), (0.25, 0.5), (0.984375, 0)] {
                let text = "Quick brown fox, Ωμέγα 123 — ffi"
                let first = try TextLayout(text, font: warm, pointSize: size, scale: scale, maxWidth: 200).mask(subpixelOffset: offset)
                let again = try TextLayout(text, font: warm, pointSize: size, scale: scale, maxWidth: 200).mask(subpixelOffset: offset)
                let fresh = try TextLayout(text, font: try Font.dejaVuSans(), pointSize: size, scale: scale, maxWidth: 200).mask(subpixelOffset: offset)
                #expect(first == again && again == fresh, "\(size) pt × \(scale) at \(offset)")
            }
        }
        let stats = warm.glyphCacheStatistics
        #expect(stats.hits > 0 && stats.misses > 0)
    }
}

@Suite("Line limits and truncation", .hangLimit)
struct TruncationTests {
    @Test("past lineLimit the last line shown ends in an ellipsis within the width; short text is untouched")
    func tailTruncation() throws {
        let font = try Font.dejaVuSans()
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        let full = try TextLayout(text, font: font, pointSize: 14, maxWidth: 120)
        #expect(full.lineCount > 2 && !full.isTruncated)
        let cut = try TextLayout(text, font: font, pointSize: 14, maxWidth: 120, lineLimit: 2)
        #expect(cut.lineCount == 2 && cut.isTruncated)
        #expect(cut.size.width <= 120 && cut.size.height == 2 * cut.lineHeight)
        // The ellipsis is drawn: the cut layout's last line differs from the full one's second line.
        let one = try TextLayout(text, font: font, pointSize: 14, maxWidth: 120, lineLimit: 1)
        let ellipsisOnly = try TextLayout("…", font: font, pointSize: 14)
        #expect(one.lineCount == 1 && one.size.width >= ellipsisOnly.size.width)
        let short = try TextLayout("Hi", font: font, pointSize: 14, maxWidth: 120, lineLimit: 1)
        let plain = try TextLayout("Hi", font: font, pointSize: 14)
        #expect(!short.isTruncated && short.size == plain.size)
        // Paragraphs count as lines without a width too.
        let paragraphs = try TextLayout("one\ntwo\nthree", font: font, pointSize: 14, lineLimit: 2)
        #expect(paragraphs.lineCount == 2 && paragraphs.isTruncated)
        #expect(throws: ImageError.self) { try TextLayout("x", font: font, pointSize: 14, lineLimit: 0) }
        // A width narrower than the ellipsis still terminates (the ellipsis overhangs).
        let tiny = try TextLayout(text, font: font, pointSize: 14, maxWidth: 3, lineLimit: 1)
        #expect(tiny.isTruncated && tiny.lineCount == 1)
    }
}
