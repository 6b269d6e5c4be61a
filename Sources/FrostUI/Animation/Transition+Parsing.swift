import FrostMotion

// Parses SwiftUI transition and animation expressions as written in source (`.move(edge:
// .leading).combined(with: .opacity)`, `.spring(duration: 0.4)`) for the command line. Frost's
// own; covers every built-in transition and animation FrostUI has.

/// Why a transition expression could not be read: the offending token, its column (1-based)
/// and what is accepted there, in one line.
public struct TransitionParseError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

extension AnyTransition {
    /// The transitions and modifiers ``parse(_:)`` accepts, as one would write them.
    public static let parsableForms = [
        ".identity", ".opacity", ".scale", ".scale(x, anchor: .center)", ".slide", ".move(edge: .leading)",
        ".offset(x: x, y: y)", ".push(from: .bottom)", ".blurReplace", ".blurReplace(.upUp)",
        ".asymmetric(insertion: T, removal: T)", "T.combined(with: T)", "T.animation(.smooth)",
    ]

    /// Reads a transition written as in SwiftUI source, e.g.
    /// `.move(edge: .leading).combined(with: .opacity)` or
    /// `.asymmetric(insertion: .scale(0.5, anchor: .topLeading), removal: .opacity)`.
    /// - Throws: ``TransitionParseError`` naming the column, the token and the accepted forms.
    public static func parse(_ text: String) throws(TransitionParseError) -> AnyTransition {
        var p = TransitionParser(Array(text), source: text)
        let t = try p.transition()
        p.skip()
        guard p.i == p.text.count else {
            throw p.problem("expected the end or '.combined(with:)' / '.animation(…)'", accepted: "T.combined(with: T), T.animation(.smooth)")
        }
        return t
    }
}

struct TransitionParser {
    let text: [Character]
    let source: String
    var i = 0
    init(_ text: [Character], source: String) { self.text = text; self.source = source }

    func problem(_ what: String, accepted: String, at column: Int? = nil) -> TransitionParseError {
        TransitionParseError(description: "cannot read transition '\(source)' at column \((column ?? i) + 1): \(what); accepted: \(accepted)")
    }

    mutating func skip() { while i < text.count, text[i].isWhitespace { i += 1 } }

    mutating func eat(_ c: Character) -> Bool {
        skip()
        if i < text.count, text[i] == c { i += 1; return true }
        return false
    }

    mutating func expect(_ c: Character, _ accepted: String) throws(TransitionParseError) {
        guard eat(c) else { throw problem("expected '\(c)'", accepted: accepted) }
    }

    mutating func name() -> String {
        skip()
        var n = ""
        while i < text.count, text[i].isLetter || text[i].isNumber || text[i] == "_" { n.append(text[i]); i += 1 }
        return n
    }

    mutating func label(_ expected: String, _ accepted: String) throws(TransitionParseError) {
        let start = i
        let n = name()
        guard n == expected, eat(":") else { throw problem("expected '\(expected):'", accepted: accepted, at: start) }
    }

    mutating func number(_ accepted: String) throws(TransitionParseError) -> Double {
        skip()
        let start = i
        var literal = ""
        while i < text.count, text[i].isNumber || "+-.eE".contains(text[i]) {
            if text[i] == ".", i + 1 < text.count, text[i + 1].isLetter { break }
            literal.append(text[i]); i += 1
        }
        guard let v = Double(literal), v.isFinite else { throw problem("expected a number", accepted: accepted, at: start) }
        return v
    }

    mutating func member<T>(_ table: [(String, T)], _ what: String) throws(TransitionParseError) -> T {
        let accepted = table.map { "." + $0.0 }.joined(separator: ", ")
        skip()
        let start = i
        guard eat(".") else { throw problem("expected \(what)", accepted: accepted, at: start) }
        let n = name()
        guard let hit = table.first(where: { $0.0 == n }) else { throw problem("unknown \(what) '\(n)'", accepted: accepted, at: start) }
        return hit.1
    }

    static let edges: [(String, Edge)] = [("top", .top), ("leading", .leading), ("bottom", .bottom), ("trailing", .trailing)]
    static let points: [(String, UnitPoint)] = [
        ("center", .center), ("top", .top), ("bottom", .bottom), ("leading", .leading), ("trailing", .trailing),
        ("topLeading", .topLeading), ("topTrailing", .topTrailing), ("bottomLeading", .bottomLeading), ("bottomTrailing", .bottomTrailing),
    ]

    mutating func transition() throws(TransitionParseError) -> AnyTransition {
        skip()
        let start = i
        let forms = AnyTransition.parsableForms.joined(separator: ", ")
        guard eat(".") else { throw problem("a transition starts with '.'", accepted: forms, at: start) }
        let n = name()
        var t: AnyTransition
        switch n {
        case "identity": t = .identity
        case "opacity": t = .opacity
        case "slide": t = .slide
        case "scale":
            if eat("(") {
                let form = ".scale(x, anchor: .center)"
                skip()
                let s =
                    text[i...].starts(with: "scale")
                    ? try { () throws(TransitionParseError) -> Double in
                        try label("scale", form); return try number(form)
                    }() : try number(form)
                var anchor = UnitPoint.center
                if eat(",") { try label("anchor", form); anchor = try member(TransitionParser.points, "anchor") }
                try expect(")", form)
                t = .scale(CGFloat(s), anchor: anchor)
            } else {
                t = .scale
            }
        case "move":
            try expect("(", ".move(edge: .leading)"); try label("edge", ".move(edge: .leading)")
            t = .move(edge: try member(TransitionParser.edges, "edge")); try expect(")", ".move(edge: .leading)")
        case "push":
            try expect("(", ".push(from: .bottom)"); try label("from", ".push(from: .bottom)")
            t = .push(from: try member(TransitionParser.edges, "edge")); try expect(")", ".push(from: .bottom)")
        case "offset":
            let form = ".offset(x: x, y: y)"
            try expect("(", form)
            var x = 0.0, y = 0.0
            repeat {
                let at = i
                switch name() {
                case "x": try expect(":", form); x = try number(form)
                case "y": try expect(":", form); y = try number(form)
                default: throw problem("expected 'x:' or 'y:'", accepted: form, at: at)
                }
            } while eat(",")
            try expect(")", form)
            t = .offset(x: CGFloat(x), y: CGFloat(y))
        case "blurReplace":
            if eat("(") {
                let c: BlurReplaceConfiguration = try member([("downUp", .downUp), ("upUp", .upUp)], "configuration")
                try expect(")", ".blurReplace(.upUp)")
                t = .blurReplace(c)
            } else {
                t = .blurReplace
            }
        case "asymmetric":
            let form = ".asymmetric(insertion: T, removal: T)"
            try expect("(", form); try label("insertion", form)
            let a = try transition()
            try expect(",", form); try label("removal", form)
            let b = try transition()
            try expect(")", form)
            t = .asymmetric(insertion: a, removal: b)
        default:
            throw problem(n.isEmpty ? "expected a transition name after '.'" : "unknown transition '\(n)'", accepted: forms, at: start)
        }
        // Modifiers.
        while true {
            skip()
            let at = i
            guard i < text.count, text[i] == "." else { return t }
            i += 1
            switch name() {
            case "combined":
                try expect("(", "T.combined(with: T)"); try label("with", "T.combined(with: T)")
                t = t.combined(with: try transition())
                try expect(")", "T.combined(with: T)")
            case "animation":
                try expect("(", "T.animation(.smooth)")
                // The animation is everything up to the matching ')': FrostMotion reads it.
                let begin = i
                var depth = 1
                while i < text.count, depth > 0 {
                    if text[i] == "(" { depth += 1 } else if text[i] == ")" { depth -= 1 }
                    i += 1
                }
                guard depth == 0 else { throw problem("unclosed '.animation('", accepted: "T.animation(.smooth)", at: begin) }
                let inner = String(text[begin..<(i - 1)])
                do { t = t.animation(try Animation.parse(inner)) } catch {
                    throw TransitionParseError(description: "cannot read transition '\(source)' at column \(begin + 1): \(error)")
                }
            default:
                i = at
                throw problem("unknown modifier", accepted: "T.combined(with: T), T.animation(.smooth)", at: at)
            }
        }
    }
}
