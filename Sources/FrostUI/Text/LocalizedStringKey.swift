import Foundation

// Reproduces SwiftUI's LocalizedStringKey as Text reads it: a string literal, with
// interpolations formatted as SwiftUI formats them (integers in full, floating point with
// "%f", `specifier:`, `format:` and `formatter:` forms, embedded Text keeping its style), and
// the inline Markdown SwiftUI renders in literals: **strong** / __strong__, *emphasis* /
// _emphasis_, ~~strikethrough~~, `code`, [links](url) in the tint colour, and backslash escapes.
// Interpolated values are never read as Markdown, as in SwiftUI. Not reproduced: localisation
// tables (the key is the text), block Markdown (headings, lists: shown as written), images.

/// A text literal that may hold Markdown and interpolations, as SwiftUI's `LocalizedStringKey`.
/// FrostUI has no string tables: the key is what is shown.
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    enum Piece: Equatable {
        /// Written in the literal: Markdown applies.
        case literal(String)
        /// An interpolated value, shown as it is.
        case argument(String)
        /// An interpolated Text, shown with its own style.
        case text(Text)
    }
    var pieces: [Piece]

    public init(_ value: String) { pieces = [.literal(value)] }
    public init(stringLiteral value: String) { pieces = [.literal(value)] }
    public init(stringInterpolation: StringInterpolation) { pieces = stringInterpolation.pieces }

    /// Interpolations as SwiftUI formats them inside a localized key.
    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []
        public init(literalCapacity: Int, interpolationCount: Int) { pieces.reserveCapacity(2 * interpolationCount + 1) }
        public mutating func appendLiteral(_ literal: String) { if !literal.isEmpty { pieces.append(.literal(literal)) } }
        public mutating func appendInterpolation(_ string: String) { pieces.append(.argument(string)) }
        public mutating func appendInterpolation<S: StringProtocol>(_ string: S) { pieces.append(.argument(String(string))) }
        public mutating func appendInterpolation(_ text: Text) { pieces.append(.text(text)) }
        /// Floating point as "%f" (six decimals), as SwiftUI's key formats a Double.
        public mutating func appendInterpolation(_ value: Double) { pieces.append(.argument(String(format: "%f", value))) }
        public mutating func appendInterpolation(_ value: Float) { pieces.append(.argument(String(format: "%f", Double(value)))) }
        public mutating func appendInterpolation(_ value: CGFloat) { pieces.append(.argument(String(format: "%f", Double(value)))) }
        /// A value in a printf format (`"%.2f"`, `"%d"`, `"%@"`…).
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            pieces.append(.argument(String(format: specifier, value)))
        }
        /// A value formatted by a format style (`.number`, `.percent`, dates…).
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            pieces.append(.argument(format.format(input)))
        }
        /// A value formatted by a Foundation formatter (nil result: empty).
        public mutating func appendInterpolation(_ subject: Any, formatter: Formatter) {
            pieces.append(.argument(formatter.string(for: subject) ?? ""))
        }
        /// Any other value as it describes itself.
        public mutating func appendInterpolation<T>(_ value: T) { pieces.append(.argument(String(describing: value))) }
    }

    public static func == (a: LocalizedStringKey, b: LocalizedStringKey) -> Bool { a.pieces == b.pieces }

    /// The key as styled runs: Markdown in the literal parts, arguments as they are.
    var runs: [Text.Run] {
        var characters: [(Character, Bool)] = []
        var out: [Text.Run] = []
        func flush() {
            if !characters.isEmpty { out += MarkdownInline(characters).runs(); characters = [] }
        }
        for piece in pieces {
            switch piece {
            case .literal(let s): characters += s.map { ($0, true) }
            case .argument(let s): characters += s.map { ($0, false) }
            case .text(let t): flush(); out += t.runs
            }
        }
        flush()
        return out
    }
}

extension Text {
    /// Text from a literal, with its inline Markdown drawn (bold, italic, strikethrough, code,
    /// links) and its interpolations formatted as SwiftUI formats them. `tableName`, `bundle`
    /// and `comment` are accepted for source compatibility (there are no string tables).
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        self.init(runs: Text.merged(key.runs))
    }

    /// Adjacent runs set alike as one (fewer spans to lay out).
    static func merged(_ runs: [Run]) -> [Run] {
        var out: [Run] = []
        for run in runs where !run.string.isEmpty {
            if let last = out.last, last.style == run.style { out[out.count - 1].string += run.string } else { out.append(run) }
        }
        return out
    }
}

/// Inline Markdown over characters that are either written (may be syntax) or interpolated
/// (never syntax): a small recursive parser after CommonMark's flanking rules, enough for what
/// people put in a Text literal. Bounded: closer searches are memoised, emphasis nests at most
/// ``maxDepth`` deep, and past ``maxSteps`` scanning steps the rest of the text is shown as
/// written — pathological input (thousands of unmatched delimiters) costs milliseconds, not hours.
final class MarkdownInline {
    let chars: [Character]
    let syntax: [Bool]
    /// Deepest emphasis nesting parsed; deeper delimiters show as written.
    static let maxDepth = 32
    /// Scanning steps before the parser gives up on syntax and shows the rest as written.
    static let maxSteps = 2_000_000
    private var steps = 0
    private var depth = 0
    private struct CloserKey: Hashable { let c: Character; let count: Int; let from: Int; let limit: Int }
    private var closers: [CloserKey: Int?] = [:]
    init(_ characters: [(Character, Bool)]) { chars = characters.map(\.0); syntax = characters.map(\.1) }

    func runs() -> [Text.Run] { parse(0, chars.count, Text.Style()) }

    /// Whether the budget is spent (then nothing more is read as syntax).
    private var exhausted: Bool { steps > MarkdownInline.maxSteps }

    private func isSyntax(_ i: Int, _ c: Character) -> Bool { i < chars.count && syntax[i] && chars[i] == c }
    private func isSpace(_ i: Int) -> Bool { i < 0 || i >= chars.count || chars[i].isWhitespace }

    /// The run of `c` starting at `i`: its end (exclusive).
    private func runEnd(_ i: Int, _ c: Character, _ limit: Int) -> Int {
        var j = i
        while j < limit && isSyntax(j, c) { j += 1 }
        return j
    }

    /// Where a delimiter run [i, e) of `c` can open and close (CommonMark's flanking; `_` also
    /// needs a word boundary outside).
    private func flanking(_ i: Int, _ e: Int, _ c: Character) -> (opens: Bool, closes: Bool) {
        var opens = !isSpace(e), closes = !isSpace(i - 1)
        if c == "_" {
            opens = opens && (i == 0 || !chars[i - 1].isLetter && !chars[i - 1].isNumber)
            closes = closes && (e >= chars.count || !chars[e].isLetter && !chars[e].isNumber)
        }
        return (opens, closes)
    }

    /// The closing delimiter of `count` `c`s for an opener ending at `from`, within `limit`:
    /// the index where the closing delimiter starts. Nested openers are skipped past their own
    /// closers; code spans are skipped whole.
    private func closer(_ c: Character, _ count: Int, from: Int, _ limit: Int) -> Int? {
        let key = CloserKey(c: c, count: count, from: from, limit: limit)
        if let known = closers[key] { return known }
        let found = scanCloser(c, count, from: from, limit)
        closers[key] = .some(found)
        return found
    }

    private func scanCloser(_ c: Character, _ count: Int, from: Int, _ limit: Int) -> Int? {
        guard depth < MarkdownInline.maxDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        var j = from
        while j < limit {
            steps += 1
            if exhausted { return nil }
            if isSyntax(j, "\\") { j += 2; continue }
            if isSyntax(j, "`"), let end = (j + 1..<limit).first(where: { isSyntax($0, "`") }) { j = end + 1; continue }
            guard isSyntax(j, c) else { j += 1; continue }
            let e = runEnd(j, c, limit)
            let f = flanking(j, e, c)
            if f.closes && j > from && e - j >= count { return e - count }
            if f.opens && !f.closes, let inner = closer(c, min(2, e - j), from: e, limit) {
                j = inner + min(2, e - j)
                continue
            }
            j = e
        }
        return nil
    }

    private func parse(_ start: Int, _ end: Int, _ style: Text.Style) -> [Text.Run] {
        var out: [Text.Run] = []
        var plain = ""
        func emit(_ runs: [Text.Run]) {
            if !plain.isEmpty { out.append(Text.Run(string: plain, style: style)); plain = "" }
            out += runs
        }
        var i = start
        depth += 1
        defer { depth -= 1 }
        while i < end {
            let c = chars[i]
            steps += 1
            guard syntax[i], !exhausted, depth <= MarkdownInline.maxDepth else { plain.append(c); i += 1; continue }
            // A backslash escapes ASCII punctuation.
            if c == "\\", i + 1 < end, let a = chars[i + 1].asciiValue, (33...126).contains(a), !chars[i + 1].isLetter, !chars[i + 1].isNumber {
                plain.append(chars[i + 1]); i += 2; continue
            }
            if c == "`", let close = (i + 1..<end).first(where: { isSyntax($0, "`") }), close > i + 1 {
                var s = style; s.monospaced = true
                emit([Text.Run(string: String(chars[i + 1..<close]), style: s)])
                i = close + 1; continue
            }
            if c == "[", let link = link(at: i, end) {
                var s = style; s.foreground = AnyShapeStyle(TintShapeStyle())
                emit(parse(i + 1, link.textEnd, s))
                i = link.next; continue
            }
            if c == "*" || c == "_" || c == "~" {
                let e = runEnd(i, c, end)
                let f = flanking(i, e, c)
                let sizes = c == "~" ? [2] : (e - i >= 2 ? [2, 1] : [1])
                var matched = false
                if f.opens {
                    for n in sizes where e - i >= n {
                        // The opener is the run's first n characters; the rest of the run (a
                        // nested opener, as in ***both***) is inside.
                        guard let close = closer(c, n, from: i + n, end), close > i + n else { continue }
                        var s = style
                        if c == "~" { s.strikethrough = true } else if n == 2 { s.bold = true } else { s.italic = true }
                        emit(parse(i + n, close, s))
                        i = close + n
                        matched = true
                        break
                    }
                }
                if matched { continue }
                plain += String(chars[i..<e]); i = e; continue
            }
            plain.append(c); i += 1
        }
        emit([])
        return out
    }

    /// `[text](destination)` starting at `i`: where the text ends and what follows the link.
    private func link(at i: Int, _ end: Int) -> (textEnd: Int, next: Int)? {
        var depth = 0, j = i + 1
        while j < end {
            steps += 1
            if exhausted { return nil }
            if isSyntax(j, "\\") { j += 2; continue }
            if isSyntax(j, "[") { depth += 1 }
            if isSyntax(j, "]") {
                if depth == 0 { break }
                depth -= 1
            }
            j += 1
        }
        guard j < end, j > i + 1, isSyntax(j + 1, "("),
            let close = (j + 2..<end).first(where: { isSyntax($0, ")") })
        else { return nil }
        return (j, close + 1)
    }
}
