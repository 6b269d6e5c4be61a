import Foundation

/// A user's Swift file prepared for `frost preview`: its `PreviewProvider` types and `#Preview`
/// blocks found, and the text rewritten so that it compiles against FrostUI without a macro.
///
/// Why scanning, not a macro: a `#Preview` macro needs swift-syntax, which adds one to two and
/// a half minutes to every first build of FrostUI for every user (CI builds from scratch).
/// Scanning costs nothing and keeps the user's file as written: each `#Preview(args) { body }`
/// becomes `@MainActor func __frostPreview_N() -> FrostUI.Preview { FrostUI.Preview(args) { body } }`
/// (what the macro expands to on Apple's platforms, give or take the names), with
/// `@Previewable` declarations turned into the state of a small wrapper view; `import SwiftUI`
/// stays (the preview package depends on Frost's `SwiftUI`, `UIKit`, `Combine` and `OSLog`
/// modules), `@main` is dropped (the preview program has its own), and `#if os(iOS)` /
/// `targetEnvironment(simulator)` answer true, other systems false, as an iOS build sees them. Every line
/// keeps its number, so the compiler's messages, with the copy's path replaced by the user's,
/// name the user's file, line and source as written (a `#sourceLocation` directive would map
/// the numbers but make the compiler quote the neighbouring line). The price: `#Preview` compiles only through
/// `frost preview` (a package built with plain `swift build` on Linux should use
/// `PreviewProvider`, or guard `#Preview` with `#if os(iOS)`, which `frost preview` reads as true).
struct PreviewSource {
    /// A preview the file declares.
    enum Declaration: Equatable {
        /// A `PreviewProvider` type, by name, and the line of its declaration.
        case provider(name: String, line: Int)
        /// A `#Preview` block: the function it became, its line (1-based) and its name when
        /// written as a plain string literal.
        case block(function: String, line: Int, name: String? = nil)
    }

    /// Where a `#Preview` cannot be rewritten.
    struct Problem: Error, CustomStringConvertible {
        var path: String, line: Int, message: String
        var description: String { "\(path):\(line): error: \(message)" }
    }

    var path: String
    var declarations: [Declaration] = []
    /// The text to compile: the file with every line on its own number.
    var rewritten = ""

    /// Scans and rewrites `text`, read from `path`; `prefix` makes generated names unique
    /// across files.
    init(path: String, text: String, prefix: String) throws {
        self.path = path
        var bytes = Array(text.utf8)
        let code = PreviewSource.codeMask(bytes)
        var edits: [(range: Range<Int>, text: String)] = []
        var blockCount = 0

        // `import SwiftUI` stays (the preview package has Frost's SwiftUI, UIKit, Combine and
        // OSLog modules); `@main` is dropped (the preview program has its own).
        for range in PreviewSource.occurrences(of: "@main", in: bytes, code: code) {
            edits.append((range, "     "))
        }
        // Compiled as for an iOS simulator: `#if os(iOS)` true, other systems false (same
        // length, so columns stay and the edits apply at once, before the blocks are read);
        // `canImport(UIKit)` is true by itself.
        for edit in PreviewSource.platformConditions(bytes, code: code) { bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8)) }

        for start in PreviewSource.occurrences(of: "#Preview", in: bytes, code: code).map(\.lowerBound) {
            let line = PreviewSource.line(at: start, in: bytes)
            var i = start + "#Preview".utf8.count
            i = PreviewSource.skipSpace(bytes, code, from: i)
            var args = ""
            if i < bytes.count, bytes[i] == UInt8(ascii: "(") {
                guard let close = PreviewSource.matching(bytes, code, open: i) else {
                    throw Problem(path: path, line: line, message: "#Preview's arguments are not closed")
                }
                args = String(decoding: bytes[(i + 1)..<close], as: UTF8.self)
                i = PreviewSource.skipSpace(bytes, code, from: close + 1)
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "{"), let close = PreviewSource.matching(bytes, code, open: i) else {
                throw Problem(path: path, line: line, message: "#Preview needs a { … } body (frost preview reads the block form)")
            }
            let function = "__frostPreview_\(prefix)_\(blockCount)"
            let body = Array(bytes[(i + 1)..<close])
            let bodyCode = Array(code[(i + 1)..<close])
            let head: String
            let inner: String
            let previewables = PreviewSource.occurrences(of: "@Previewable", in: body, code: bodyCode)
            if let last = previewables.last {
                // @Previewable declarations become the state of a wrapper view whose body is the
                // rest of the block: insert the view's `var body` after the last declaration.
                var b = body
                for r in previewables { for k in r { b[k] = UInt8(ascii: " ") } }
                let end = PreviewSource.statementEnd(b, bodyCode, from: last.upperBound)
                let wrapper = "\(function)_View"
                let innerText =
                    String(decoding: b[..<end], as: UTF8.self) + "; var body: some FrostUI.View {"
                    + String(decoding: b[end...], as: UTF8.self)
                head = "@MainActor func \(function)() -> FrostUI.Preview { FrostUI.Preview(\(args)) { \(wrapper)() } }; struct \(wrapper): FrostUI.View {"
                inner = innerText + "} }"
            } else {
                head = "@MainActor func \(function)() -> FrostUI.Preview { FrostUI.Preview(\(args)) {"
                inner = String(decoding: body, as: UTF8.self) + "} }"
            }
            // Keep the lines of the arguments and of the gap before the brace, as blank lines.
            let gapNewlines = bytes[start..<(i + 1)].filter { $0 == UInt8(ascii: "\n") }.count
            edits.append((start..<(close + 1), head + String(repeating: "\n", count: gapNewlines) + inner))
            declarations.append(.block(function: function, line: line, name: PreviewSource.literalName(args)))
            blockCount += 1
        }

        // PreviewProvider conformances, in code only (comments and strings blanked out).
        var masked = bytes
        for k in masked.indices where !code[k] && masked[k] != UInt8(ascii: "\n") { masked[k] = UInt8(ascii: " ") }
        let text = String(decoding: masked, as: UTF8.self)
        let pattern = #"\b(?:struct|class|enum|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)\s*(?:<[^>{]*>)?\s*:([^{]*)\{"#
        let regex = try! NSRegularExpression(pattern: pattern)
        for m in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let nameRange = Range(m.range(at: 1), in: text), let listRange = Range(m.range(at: 2), in: text) else { continue }
            let conformances = text[listRange].split(whereSeparator: { ",& \n\t".contains($0) }).map {
                $0.split(separator: "where").first.map(String.init) ?? ""
            }
            guard conformances.contains(where: { $0 == "PreviewProvider" || $0 == "FrostUI.PreviewProvider" || $0 == "SwiftUI.PreviewProvider" }) else {
                continue
            }
            let offset = text.utf8.distance(from: text.startIndex, to: nameRange.lowerBound)
            declarations.append(.provider(name: String(text[nameRange]), line: PreviewSource.line(at: offset, in: bytes)))
        }
        declarations.sort { PreviewSource.lineOf($0) < PreviewSource.lineOf($1) }

        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        // The generated preview functions name FrostUI's types; a file may import only SwiftUI.
        rewritten = String(decoding: bytes, as: UTF8.self) + "\nimport FrostUI\n"
    }

    /// Edits that make the platform tests of `#if` and `#elseif` lines answer as an iOS
    /// simulator build does.
    static func platformConditions(_ bytes: [UInt8], code: [Bool]) -> [(range: Range<Int>, text: String)] {
        let truths: [(String, Bool)] = [
            ("iOS", true), ("macOS", false), ("OSX", false), ("Linux", false), ("watchOS", false), ("tvOS", false), ("visionOS", false),
            ("xrOS", false), ("Windows", false), ("Android", false), ("FreeBSD", false), ("WASI", false),
        ]
        let text = String(decoding: bytes, as: UTF8.self)
        var edits: [(range: Range<Int>, text: String)] = []
        var offset = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { offset += line.utf8.count + 1 }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("#if") || trimmed.hasPrefix("#elseif"), code.indices.contains(offset), code[offset + line.utf8.count - trimmed.utf8.count]
            else { continue }
            let pattern = try! NSRegularExpression(pattern: #"\b(os|targetEnvironment)\(\s*([A-Za-z]+)\s*\)"#)
            let lineText = String(line)
            for m in pattern.matches(in: lineText, range: NSRange(lineText.startIndex..., in: lineText)) {
                guard let whole = Range(m.range, in: lineText), let kindRange = Range(m.range(at: 1), in: lineText),
                    let argRange = Range(m.range(at: 2), in: lineText)
                else { continue }
                let kind = lineText[kindRange], arg = String(lineText[argRange])
                let value: Bool
                if kind == "os" {
                    guard let t = truths.first(where: { $0.0 == arg }) else { continue }
                    value = t.1
                } else {
                    guard arg == "simulator" || arg == "macCatalyst" else { continue }
                    value = arg == "simulator"
                }
                let start = offset + lineText.utf8.distance(from: lineText.startIndex, to: whole.lowerBound)
                let length = lineText[whole].utf8.count
                let word = value ? "true" : "false"
                guard length >= word.count else { continue }
                edits.append((start..<(start + length), word + String(repeating: " ", count: length - word.count)))
            }
        }
        return edits
    }

    static func lineOf(_ d: Declaration) -> Int {
        switch d {
        case .provider(_, let l), .block(_, let l, _): return l
        }
    }

    /// The first argument when it is a string literal without escapes or interpolation.
    static func literalName(_ args: String) -> String? {
        let t = args.trimmingCharacters(in: .whitespacesAndNewlines)
        guard t.hasPrefix("\""), let end = t.dropFirst().firstIndex(of: "\"") else { return nil }
        let name = t[t.index(after: t.startIndex)..<end]
        return name.contains("\\") ? nil : String(name)
    }

    // MARK: Lexing

    /// For each byte: true where it is code, false inside comments and string literals (an
    /// interpolation's expression counts as code). Handles nested block comments, escapes,
    /// multi-line and raw strings, and interpolations with strings inside.
    static func codeMask(_ b: [UInt8]) -> [Bool] {
        var mask = [Bool](repeating: true, count: b.count)
        enum Context { case code(depth: Int, interpolation: Bool), string(hashes: Int, multiline: Bool) }
        var stack: [Context] = [.code(depth: 0, interpolation: false)]
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        let backslash = UInt8(ascii: "\\"), open = UInt8(ascii: "("), close = UInt8(ascii: ")"), newline = UInt8(ascii: "\n")
        func at(_ i: Int) -> UInt8 { i < b.count ? b[i] : 0 }
        var i = 0
        while i < b.count {
            switch stack.last! {
            case let .code(depth, interpolation):
                if b[i] == slash, at(i + 1) == slash {
                    while i < b.count, b[i] != newline { mask[i] = false; i += 1 }
                    continue
                }
                if b[i] == slash, at(i + 1) == star {
                    var nesting = 0
                    repeat {
                        if b[i] == slash, at(i + 1) == star { nesting += 1; mask[i] = false; mask[i + 1] = false; i += 2; continue }
                        if b[i] == star, at(i + 1) == slash { nesting -= 1; mask[i] = false; mask[i + 1] = false; i += 2; continue }
                        mask[i] = false; i += 1
                    } while i < b.count && nesting > 0
                    continue
                }
                var hashes = 0
                while at(i + hashes) == hash { hashes += 1 }
                if at(i + hashes) == quote {
                    let multiline = at(i + hashes + 1) == quote && at(i + hashes + 2) == quote
                    let length = hashes + (multiline ? 3 : 1)
                    for k in i..<min(b.count, i + length) { mask[k] = false }
                    i += length
                    stack.append(.string(hashes: hashes, multiline: multiline))
                    continue
                }
                if interpolation {
                    if b[i] == open { stack[stack.count - 1] = .code(depth: depth + 1, interpolation: true) }
                    if b[i] == close {
                        if depth == 0 { mask[i] = false; stack.removeLast(); i += 1; continue }
                        stack[stack.count - 1] = .code(depth: depth - 1, interpolation: true)
                    }
                }
                i += 1
            case let .string(hashes, multiline):
                mask[i] = false
                if b[i] == backslash {
                    var n = 0
                    while n < hashes, at(i + 1 + n) == hash { n += 1 }
                    if n == hashes {
                        for k in i..<min(b.count, i + 1 + n) { mask[k] = false }
                        if at(i + 1 + n) == open {
                            if i + 1 + n < b.count { mask[i + 1 + n] = false }
                            i += 2 + n
                            stack.append(.code(depth: 0, interpolation: true))
                            continue
                        }
                        i += 2 + n  // the escaped character
                        continue
                    }
                }
                if b[i] == quote, !multiline || (at(i + 1) == quote && at(i + 2) == quote) {
                    let q = multiline ? 3 : 1
                    var n = 0
                    while n < hashes, at(i + q + n) == hash { n += 1 }
                    if n == hashes {
                        for k in i..<min(b.count, i + q + n) { mask[k] = false }
                        i += q + n
                        stack.removeLast()
                        continue
                    }
                }
                if b[i] == newline, !multiline { stack.removeLast() }  // an unterminated literal ends with its line
                i += 1
            }
        }
        return mask
    }

    /// Ranges of `word` in code, not inside a longer identifier.
    static func occurrences(of word: String, in b: [UInt8], code: [Bool]) -> [Range<Int>] {
        let w = Array(word.utf8)
        guard w.count <= b.count else { return [] }
        func isIdentifier(_ c: UInt8) -> Bool { c == UInt8(ascii: "_") || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c >= 0x80 }
        var out: [Range<Int>] = []
        var i = 0
        while i + w.count <= b.count {
            if b[i] == w[0], code[i], b[i..<(i + w.count)].elementsEqual(w),
                i + w.count == b.count || !isIdentifier(b[i + w.count]),
                i == 0 || !isIdentifier(b[i - 1]) || w[0] == UInt8(ascii: "#") || w[0] == UInt8(ascii: "@")
            {
                out.append(i..<(i + w.count))
                i += w.count
            } else {
                i += 1
            }
        }
        return out
    }

    static func line(at offset: Int, in b: [UInt8]) -> Int {
        b[..<min(offset, b.count)].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    static func skipSpace(_ b: [UInt8], _ code: [Bool], from start: Int) -> Int {
        var i = start
        while i < b.count, !code[i] || b[i] == 32 || b[i] == 9 || b[i] == 10 || b[i] == 13 { i += 1 }
        return i
    }

    /// The index of the bracket closing the one at `open` ((, [ or {), counting code only.
    static func matching(_ b: [UInt8], _ code: [Bool], open: Int) -> Int? {
        var depth = 0
        for i in open..<b.count where code[i] {
            switch b[i] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
        }
        return nil
    }

    /// The end of the statement starting before `start`: the first newline (or `;`) outside
    /// brackets, in code.
    static func statementEnd(_ b: [UInt8], _ code: [Bool], from start: Int) -> Int {
        var depth = 0, i = start
        while i < b.count {
            if code[i] {
                switch b[i] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                case UInt8(ascii: "\n"), UInt8(ascii: ";"): if depth <= 0 { return i }
                default: break
                }
            }
            i += 1
        }
        return b.count
    }
}
