import Testing
import FrostImage
import FrostRaster
import FrostScene
import CFreeType
@testable import FrostRaster
@testable import FrostUI
import FrostTestSupport

/// Text runs (`+`), Markdown literals, tracking and SF's size-specific tracking, decorations,
/// baseline offsets, textCase, lineSpacing and minimumScaleFactor.
@Suite("Text styling", .hangLimit)
struct TextStylingTests {
    /// The view at its ideal size, transparent, at `scale`.
    func render(_ view: some View, scale: CGFloat = 2) throws -> FrostImage.Image {
        let renderer = ImageRenderer(content: view)
        renderer.scale = scale
        return try renderer.render()
    }

    /// The text contents of the view's display list.
    func texts(_ view: some View, width: CGFloat = 400) throws -> [TextContent] {
        let host = try ViewHost(view, size: CGSize(width: width, height: 300))
        return leaves(try host.displayList()).compactMap { if case .text(let t) = $0.content { return t } else { return nil } }
    }

    /// The width of the text's frame in points.
    func width(_ view: some View) throws -> Double {
        let host = try ViewHost(view, size: CGSize(width: 1000, height: 300))
        return leaves(try host.displayList()).first { if case .text = $0.content { true } else { false } }!.frame.width
    }

    /// Columns (x) and rows (y) holding ink of a colour channel dominant over the others.
    func inkColumns(_ image: FrostImage.Image, where test: (RGBA8) -> Bool) -> [Int] {
        (0..<image.width).filter { x in (0..<image.height).contains { test(image[x, $0]) } }
    }
    func inkRows(_ image: FrostImage.Image, columns: Range<Int>? = nil) -> [Int] {
        let cols = columns ?? 0..<image.width
        return (0..<image.height).filter { y in cols.contains { image[$0, y].a > 100 } }
    }

    @Test func sfTrackingFollowsAppleTable() {
        // HIG values: 0 at 12 pt, −26/1000 em at 17 pt (−0.442 pt), +14/1000 at 28 pt, 0 from 72.
        #expect(abs(Font.system(size: 12).sfTracking) < 1e-12)
        #expect(abs(Font.body.sfTracking - (-0.442)) < 1e-9)
        #expect(abs(Font.title.sfTracking - 0.392) < 1e-9)
        #expect(Font.system(size: 100).sfTracking == 0)
        // Between entries it interpolates: 17.5 pt is −25.5/1000 em.
        #expect(abs(Font.system(size: 17.5).sfTracking - (-0.0255 * 17.5)) < 1e-9)
        // Below the table it keeps 6 pt's per-em value.
        #expect(abs(Font.system(size: 4).sfTracking - 0.041 * 4) < 1e-9)
    }

    @Test func trackingWidensByItsAmountPerGlyph() throws {
        let base = try width(Text("abcdefgh"))
        let tracked = try width(Text("abcdefgh").tracking(2))
        // 8 glyphs × 2 pt, within a pixel of rounding (the host draws at 1×).
        #expect(abs(tracked - base - 16) <= 1, "\(base) → \(tracked)")
        let tighter = try width(Text("abcdefgh").kerning(-1))
        #expect(abs(base - tighter - 8) <= 1, "\(base) → \(tighter)")
        // The view-level modifier reaches text inside a container.
        let viaStack = try width(VStack { Text("abcdefgh") }.tracking(2))
        #expect(viaStack == tracked)
        // Custom tracking is added to SF's own: the content says the sum.
        let t = try texts(Text("ab").tracking(1)).first!
        #expect(abs(t.tracking - (1 - 0.442)) < 1e-9)
    }

    @Test func concatenatedRunsKeepTheirColoursAndWeights() throws {
        let view = Text("Red").foregroundColor(.red) + Text("Blue").foregroundColor(.blue).bold()
        let content = try texts(view).first!
        #expect(content.string == "RedBlue")
        #expect(content.spans.map(\.length) == [3, 4])
        #expect(content.spans.map(\.bold) == [false, true])
        let image = try render(view)
        let red = inkColumns(image) { $0.a > 100 && Int($0.r) > 2 * Int($0.b) }
        let blue = inkColumns(image) { $0.a > 100 && Int($0.b) > 2 * Int($0.r) }
        #expect(!red.isEmpty && !blue.isEmpty)
        #expect(red.max()! < blue.min()!, "red ink ends before blue begins")
        // The joined width is the parts' widths (same size; no kerning across runs).
        let whole = try width(view)
        let parts = try width(Text("Red")) + width(Text("Blue").bold())
        #expect(abs(whole - parts) <= 1, "\(whole) vs \(parts)")
        // Equality sees the style, not only the string.
        #expect(Text("a").foregroundColor(.red) != Text("a").foregroundColor(.blue))
        #expect(Text("a").foregroundColor(.red) == Text("a").foregroundColor(.red))
    }

    @Test func markdownInLiteralsButNotInArguments() throws {
        func runs(_ t: Text) -> [(String, Bool, Bool, Bool, Bool)] {
            t.runs.map { ($0.string, $0.style.bold, $0.style.italic, $0.style.strikethrough ?? false, $0.style.monospaced) }
        }
        let plain = runs(Text("Plain **bold** and *italic*, ~~gone~~ `code`"))
        #expect(plain.map(\.0) == ["Plain ", "bold", " and ", "italic", ", ", "gone", " ", "code"])
        #expect(plain.map(\.1) == [false, true, false, false, false, false, false, false])
        #expect(plain.map(\.2) == [false, false, false, true, false, false, false, false])
        #expect(plain.map(\.3) == [false, false, false, false, false, true, false, false])
        #expect(plain.map(\.4) == [false, false, false, false, false, false, false, true])
        // Nested and tripled delimiters.
        let nested = runs(Text("*a **b** c* ***both***"))
        #expect(nested.map(\.0) == ["a ", "b", " c", " ", "both"])
        #expect(nested.map(\.1) == [false, true, false, false, true])
        #expect(nested.map(\.2) == [true, true, true, false, true])
        // Not emphasis: spaced asterisks, intraword underscores, escapes, unclosed delimiters.
        #expect(Text("2 * 3 * 4").string == "2 * 3 * 4")
        #expect(Text("snake_case_name").runs.count == 1)
        #expect(Text("\\*not\\*").string == "*not*")
        #expect(Text("**open").string == "**open")
        // Links show their text in the tint colour.
        let link = Text("See [the docs](https://example.com).")
        #expect(link.string == "See the docs.")
        #expect(link.runs.count == 3 && link.runs[1].style.foreground != nil)
        // Interpolated strings are shown as written; a String value is never Markdown.
        let value = "**x**"
        #expect(Text("v: \(value)").string == "v: **x**")
        #expect(Text(value).string == "**x**")
        // Interpolations format as SwiftUI's key does.
        #expect(Text("\(3)").string == "3")
        #expect(Text("\(2.5)").string == "2.500000")
        #expect(Text("\(2.5, specifier: "%.1f")").string == "2.5")
        #expect(Text("a \(Text("b").bold()) c").runs.map(\.style.bold) == [false, true, false])
    }

    @Test func underlineAndStrikethroughDrawLines() throws {
        // A wide space run: only decorations put ink between the words.
        let gap = 0.5
        func gapInk(_ t: Text) throws -> [Int] {
            let image = try render(t, scale: 2)
            let plain = try render(Text("a        b"), scale: 2)
            let firstInk = inkColumns(plain) { $0.a > 100 }
            // The middle of the gap between the two letters.
            let mid = Int(Double(firstInk.first! + firstInk.last!) * gap)
            return inkRows(image, columns: mid..<(mid + 1))
        }
        #expect(try gapInk(Text("a        b")).isEmpty)
        let under = try gapInk(Text("a        b").underline())
        let through = try gapInk(Text("a        b").strikethrough())
        #expect(!under.isEmpty && !through.isEmpty)
        // At 2×, the baseline is at 2 × 16.19 ≈ 32 px: the underline below it, the strike above.
        #expect(under.min()! > 32 && under.max()! < 41, "\(under)")
        #expect(through.max()! < 32 && through.min()! > 10, "\(through)")
        // The view-level modifier reaches text inside.
        #expect(try !inkRows(render(HStack { Text("a        b") }.underline()), columns: 40..<41).isEmpty)
    }

    @Test func baselineOffsetRaisesGlyphs() throws {
        let flat = inkRows(try render(Text("x"), scale: 2))
        let raised = inkRows(try render(Text("x").baselineOffset(4), scale: 2))
        #expect(raised.min()! == flat.min()! - 8 && raised.max()! == flat.max()! - 8, "\(flat) → \(raised)")
    }

    @Test func textCaseLineSpacingAndMinimumScale() throws {
        #expect(try texts(Text("Straße").textCase(.uppercase)).first!.string == "STRASSE")
        #expect(try texts(VStack { Text("MiXeD") }.textCase(.lowercase)).first!.string == "mixed")
        // lineSpacing adds to every line after the first.
        let words = "one two three four five six seven eight nine ten eleven twelve"
        func height(_ v: some View) throws -> Double {
            let host = try ViewHost(v, size: CGSize(width: 120, height: 600))
            return leaves(try host.displayList()).first!.frame.height
        }
        let tight = try height(Text(words).frame(width: 120))
        let spaced = try height(Text(words).lineSpacing(10).frame(width: 120))
        let lines = (tight - 17 * Font.sfLineBox) / 22 + 1
        #expect(abs(spaced - tight - 10 * (lines.rounded() - 1)) < 1, "\(tight) → \(spaced), \(lines) lines")
        // minimumScaleFactor shrinks a one-line text to fit instead of truncating it.
        let long = Text("A rather long single line").lineLimit(1)
        let cut = try texts(long.frame(width: 120), width: 300).first!
        let shrunk = try texts(long.minimumScaleFactor(0.4).frame(width: 120), width: 300).first!
        let floor = try texts(long.minimumScaleFactor(0.9).frame(width: 120), width: 300).first!
        #expect(cut.size == 17)
        #expect(shrunk.size < 17 && shrunk.size >= 17 * 0.4, "\(shrunk.size)")
        #expect(abs(floor.size - 17 * 0.9) < 17.0 / 64 + 1e-9, "\(floor.size)")
    }

    @Test func layoutSpansAreCheckedAndColourGroupsPartitionTheMask() throws {
        let font = try FrostRaster.Font.dejaVuSans()
        #expect(throws: ImageError.self) {
            try TextLayout("abc", spans: [TextLayout.Span(length: 2, font: font, pointSize: 12)])
        }
        #expect(throws: ImageError.self) { try TextLayout("abc", font: font, pointSize: 12, tracking: 100) }
        #expect(throws: ImageError.self) {
            try TextLayout("abc", spans: [TextLayout.Span(length: 3, font: font, pointSize: 12, baselineOffset: .nan)])
        }
        // The masks of each span add up to the whole (no glyph lost or drawn twice).
        let bold = try FrostRaster.Font.dejaVuSans(bold: true)
        let layout = try TextLayout(
            "Hello world",
            spans: [
                TextLayout.Span(length: 6, font: font, pointSize: 20),
                TextLayout.Span(length: 5, font: bold, pointSize: 30, decorations: .underline),
            ], scale: 1)
        let whole = try layout.mask(), a = try layout.mask(subpixelOffset: (0, 0), spans: [0]), b = try layout.mask(subpixelOffset: (0, 0), spans: [1])
        var mismatched = 0
        for y in 0..<whole.height { for x in 0..<whole.width where whole[x, y].a != max(a[x, y].a, b[x, y].a) { mismatched += 1 } }
        #expect(mismatched == 0)
        // The larger span sets the line: 30 pt DejaVu is taller than 20 pt.
        #expect(layout.size.height == (try TextLayout("x", font: bold, pointSize: 30)).size.height)
    }

    @Test func headAndMiddleTruncationKeepTheEnds() throws {
        let font = try FrostRaster.Font.dejaVuSans()
        let text = "Documents/Projects/Frost/Sources/Layout.swift"
        func line(_ mode: TextLayout.Truncation) throws -> (String, Int, Bool) {
            let layout = try TextLayout(
                text, spans: [TextLayout.Span(length: text.unicodeScalars.count, font: font, pointSize: 14)],
                maxWidth: 150, lineLimit: 1, truncation: mode)
            // The glyph indices kept, read back as characters of the text.
            let chars = Array(text)
            var seen = ""
            for g in layout.lines[0].glyphs {
                if let k = chars.firstIndex(where: { FT_Get_Char_Index(font.face, FT_ULong($0.unicodeScalars.first!.value)) == g.index }) {
                    seen.append(chars[k])
                } else {
                    seen.append("…")
                }
            }
            return (seen, layout.size.width, layout.isTruncated)
        }
        let (tail, tw, tt) = try line(.tail), (head, hw, ht) = try line(.head), (middle, mw, mt) = try line(.middle)
        #expect(tt && ht && mt)
        #expect(tw <= 150 && hw <= 150 && mw <= 150, "\(tw) \(hw) \(mw)")
        #expect(tail.hasPrefix("Documents") && tail.hasSuffix("…"), "\(tail)")
        #expect(head.hasPrefix("…") && head.hasSuffix("Layout.swift"), "\(head)")
        #expect(middle.hasPrefix("Docu") && middle.hasSuffix("yout.swift") && middle.contains("…"), "\(middle)")
        // Each keeps as much as fits: within one glyph's width of the limit.
        #expect(hw > 150 - 12 && mw > 150 - 12, "\(hw) \(mw)")
        // A text that fits is not cut in any mode.
        let short = try TextLayout("Short", spans: [TextLayout.Span(length: 5, font: font, pointSize: 14)], maxWidth: 150, lineLimit: 1, truncation: .middle)
        #expect(!short.isTruncated && short.lineCount == 1)
        // Through FrostUI: the mode reaches the text's content.
        let content = try texts(Text(text).lineLimit(1).truncationMode(.middle).frame(width: 150)).first!
        #expect(content.truncation == .middle)
    }

    /// Thousands of unmatched or nested delimiters parse in bounded work (a closer search is
    /// memoised, nesting stops at 32, a step budget ends syntax): before the bound, "*a " × 3000
    /// did not finish in 5 minutes. Every character is still shown (syntax or text).
    @Test func pathologicalMarkdownStaysBounded() {
        let cases = [
            String(repeating: "*a ", count: 3000), String(repeating: "**", count: 3000) + "x",
            String(repeating: "[", count: 3000) + "](x)", String(repeating: "_a_", count: 3000),
            String(repeating: "*", count: 6000), String(repeating: "`", count: 3001), String(repeating: "~~a", count: 3000),
        ]
        for c in cases {
            let text = Text(LocalizedStringKey(c))
            #expect(!text.string.isEmpty && text.string.count <= c.count, "\(c.prefix(12))")
        }
        // Deep but matched nesting still parses up to the bound.
        let nested = String(repeating: "*a ", count: 40) + "b" + String(repeating: " a*", count: 40)
        #expect(Text(LocalizedStringKey(nested)).runs.contains { $0.style.italic })
    }

    @Test("Dynamic Type: text styles follow Apple's table at every size, custom fonts scale with their style, fixed sizes stay")
    func dynamicType() throws {
        func size(_ view: some View) throws -> Double { try #require(try texts(view).first).size }
        // Apple's HIG: body 14…53, largeTitle 31…60, caption2 11…41, footnote 13 at Large.
        let body: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        for (i, dts) in DynamicTypeSize.allCases.enumerated() {
            #expect(try size(Text("a").font(.body).dynamicTypeSize(dts)) == body[i], "\(dts)")
        }
        #expect(try size(Text("a").font(.largeTitle).dynamicTypeSize(.accessibility5)) == 60)
        #expect(try size(Text("a").font(.caption2).dynamicTypeSize(.xSmall)) == 11)
        #expect(try size(Text("a").dynamicTypeSize(.xxxLarge)) == 23, "the default font is body")
        #expect(try size(Text("a").font(.headline.bold()).dynamicTypeSize(.accessibility1)) == 28, "modifiers keep the style")
        // Custom fonts scale with body (or their relative style); fixed sizes and system(size:) do not.
        #expect(abs(try size(Text("a").font(.custom("Nope", size: 34)).dynamicTypeSize(.accessibility5)) - 34.0 * 53 / 17) < 1e-9)
        #expect(abs(try size(Text("a").font(.custom("Nope", size: 20, relativeTo: .caption)).dynamicTypeSize(.xxLarge)) - 20.0 * 16 / 12) < 1e-9)
        #expect(try size(Text("a").font(.custom("Nope", fixedSize: 20)).dynamicTypeSize(.accessibility5)) == 20)
        #expect(try size(Text("a").font(.system(size: 20)).dynamicTypeSize(.accessibility5)) == 20)
        // A range clamps the inherited size; the innermost modifier wins.
        #expect(try size(Text("a").dynamicTypeSize(...DynamicTypeSize.xxLarge).dynamicTypeSize(.accessibility3)) == 21)
        #expect(try size(Text("a").dynamicTypeSize(DynamicTypeSize.large...).dynamicTypeSize(.xSmall)) == 17)
        #expect(try size(Text("a").dynamicTypeSize(.small).environment(\.sizeCategory, .accessibilityLarge)) == 15)
        // The environment reads back under both names.
        struct Reader: View {
            @Environment(\.dynamicTypeSize) var size
            @Environment(\.sizeCategory) var category
            var body: some View { Text("\(size.isAccessibilitySize) \(category.isAccessibilityCategory)") }
        }
        let host = try ViewHost(Reader().dynamicTypeSize(.accessibility2), size: CGSize(width: 200, height: 50))
        #expect(leaves(try host.displayList()).contains { if case .text(let t) = $0.content { t.string == "true true" } else { false } })
    }

    @Test("an image renderer places a row at its ideal size as SwiftUI does: the padded text keeps one line")
    func paddedTextAtIdealSize() throws {
        // The row's ideal width is the sum of its children's; SwiftUI places them with the
        // unspecified proposal it measured, so nothing wraps (re-dividing that width among the
        // children would wrap "7 nights" onto two lines).
        let row = HStack {
            Text("7 nights").font(.caption.weight(.semibold)).padding(.horizontal, 10)
            Spacer()
            Text("Details")
        }
        for scale in [1.0, 2, 3] {
            let image = try render(row, scale: CGFloat(scale))
            // One line: the row is as tall as the 17 pt "Details" line box (20.3 pt), not two caption lines.
            #expect(Double(image.height) / scale < 22, "at \(scale)×: \(image.width)×\(image.height) px")
        }
    }
}
