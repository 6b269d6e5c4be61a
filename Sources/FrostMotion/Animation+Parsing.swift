/// Reading animations written as in SwiftUI source, e.g. `.spring(duration: 0.5, bounce: 0.3)`,
/// `.easeInOut(duration: 0.35).delay(0.1)` or `.linear.repeatCount(3, autoreverses: true)`.
extension Animation {
    /// Parses a SwiftUI-style animation expression.
    /// - Throws: ``MotionError`` whose message quotes the offending token, gives its column
    ///   (1-based) and lists what is accepted there.
    public static func parse(_ text: String) throws(MotionError) -> Animation {
        var parser = AnimationParser(text)
        return try parser.parseExpression()
    }

    /// The animations and modifiers ``parse(_:)`` accepts, as one would write them.
    public static let parsableForms: [String] = AnimationParser.bases.map(\.form) + AnimationParser.modifiers.map(\.form)
}

/// A recursive-descent reader over a tiny token stream: `.name`, `(`, `label:`, numbers,
/// `true`/`false`, `,`, `)`.
struct AnimationParser {
    enum Token: Equatable {
        case dot, open, close, comma, colon
        case name(String)
        case number(Double)
        case end
    }

    struct Overload: Sendable {
        /// Labels in order (nil: unlabeled) with defaults (nil: required).
        let parameters: [(label: String?, defaultValue: Double?)]
        let build: @Sendable ([Double]) throws(MotionError) -> Animation
    }

    struct Entry: Sendable {
        let name: String
        /// Usable without parentheses (a static property in SwiftUI).
        let bare: Animation?
        let overloads: [Overload]
        var form: String {
            let calls = overloads.map { o in
                "." + name + "(" + o.parameters.map { ($0.label.map { $0 + ": " } ?? "") + "x" }.joined(separator: ", ") + ")"
            }
            return ([bare == nil ? nil : "." + name] + calls).compactMap { $0 }.joined(separator: " | ")
        }
    }

    typealias P = (label: String?, defaultValue: Double?)

    /// Parsed text reports out-of-range numbers; the public builders would clamp them.
    static let strict = Strict()

    static let bases: [Entry] = [
        Entry(name: "default", bare: .default, overloads: []),
        Entry(
            name: "linear", bare: .linear,
            overloads: [Overload(parameters: [("duration", nil)]) { v throws(MotionError) in try .timingCurve(.linear, duration: v[0], check: strict) }]),
        Entry(
            name: "easeIn", bare: .easeIn,
            overloads: [Overload(parameters: [("duration", nil)]) { v throws(MotionError) in try .timingCurve(.easeIn, duration: v[0], check: strict) }]),
        Entry(
            name: "easeOut", bare: .easeOut,
            overloads: [Overload(parameters: [("duration", nil)]) { v throws(MotionError) in try .timingCurve(.easeOut, duration: v[0], check: strict) }]),
        Entry(
            name: "easeInOut", bare: .easeInOut,
            overloads: [Overload(parameters: [("duration", nil)]) { v throws(MotionError) in try .timingCurve(.easeInOut, duration: v[0], check: strict) }]),
        Entry(
            name: "timingCurve", bare: nil,
            overloads: [
                Overload(parameters: [(nil, nil), (nil, nil), (nil, nil), (nil, nil), ("duration", 0.35)]) { v throws(MotionError) in
                    try .timingCurve(v[0], v[1], v[2], v[3], duration: v[4], check: strict)
                }
            ]),
        Entry(
            name: "spring", bare: .spring,
            overloads: [
                Overload(parameters: [("duration", 0.5), ("bounce", 0), ("blendDuration", 0)]) { v throws(MotionError) in
                    try .spring(Spring(duration: v[0], bounce: v[1], check: strict), blendDuration: v[2], check: strict)
                },
                Overload(parameters: [("response", 0.5), ("dampingFraction", 0.825), ("blendDuration", 0)]) { v throws(MotionError) in
                    try .spring(Spring(response: v[0], dampingRatio: v[1], check: strict), blendDuration: v[2], check: strict)
                },
            ]),
        Entry(
            name: "interactiveSpring", bare: .interactiveSpring,
            overloads: [
                Overload(parameters: [("response", 0.15), ("dampingFraction", 0.86), ("blendDuration", 0.25)]) { v throws(MotionError) in
                    try .spring(Spring(response: v[0], dampingRatio: v[1], check: strict), blendDuration: v[2], check: strict)
                }
            ]),
        Entry(
            name: "smooth", bare: .smooth,
            overloads: [
                Overload(parameters: [("duration", 0.5), ("extraBounce", 0)]) { v throws(MotionError) in
                    try .spring(Spring(duration: v[0], bounce: v[1], check: strict), blendDuration: 0, check: strict)
                }
            ]),
        Entry(
            name: "snappy", bare: .snappy,
            overloads: [
                Overload(parameters: [("duration", 0.5), ("extraBounce", 0)]) { v throws(MotionError) in
                    try .spring(Spring(duration: v[0], bounce: 0.15 + v[1], check: strict), blendDuration: 0, check: strict)
                }
            ]),
        Entry(
            name: "bouncy", bare: .bouncy,
            overloads: [
                Overload(parameters: [("duration", 0.5), ("extraBounce", 0)]) { v throws(MotionError) in
                    try .spring(Spring(duration: v[0], bounce: 0.3 + v[1], check: strict), blendDuration: 0, check: strict)
                }
            ]),
        Entry(
            name: "interpolatingSpring", bare: .interpolatingSpring,
            overloads: [
                Overload(parameters: [("mass", 1), ("stiffness", nil), ("damping", nil), ("initialVelocity", 0)]) { v throws(MotionError) in
                    try .interpolatingSpring(
                        Spring(mass: v[0], stiffness: v[1], damping: v[2], allowOverDamping: true, check: strict), initialVelocity: v[3], check: strict)
                },
                Overload(parameters: [("duration", 0.5), ("bounce", 0), ("initialVelocity", 0)]) { v throws(MotionError) in
                    try .interpolatingSpring(Spring(duration: v[0], bounce: v[1], check: strict), initialVelocity: v[2], check: strict)
                },
            ]),
    ]

    /// Modifiers take the animation so far as an extra leading value (its index in `built`).
    struct Modifier: Sendable {
        let name: String
        let parameters: [P]
        let bare: Bool
        let apply: @Sendable (Animation, [Double]) throws(MotionError) -> Animation
        var form: String {
            let call = "." + name + "(" + parameters.map { ($0.label.map { $0 + ": " } ?? "") + "x" }.joined(separator: ", ") + ")"
            return bare ? "." + name + " | " + call : call
        }
    }

    static let modifiers: [Modifier] = [
        Modifier(name: "delay", parameters: [(nil, nil)], bare: false) { a, v throws(MotionError) in try a.delay(v[0], check: strict) },
        Modifier(name: "speed", parameters: [(nil, nil)], bare: false) { a, v throws(MotionError) in try a.speed(v[0], check: strict) },
        Modifier(name: "repeatCount", parameters: [(nil, nil), ("autoreverses", 1)], bare: false) { a, v throws(MotionError) in
            guard v[0] == v[0].rounded(), abs(v[0]) < 1e9 else { throw .invalidParameter("repeatCount must be a whole number, got \(v[0])") }
            return try a.repeatCount(Int(v[0]), autoreverses: v[1] != 0, check: strict)
        },
        Modifier(name: "repeatForever", parameters: [("autoreverses", 1)], bare: true) { a, v throws(MotionError) in
            a.repeatForever(autoreverses: v[0] != 0)
        },
    ]

    let text: [Character]
    var position = 0
    /// Column (1-based) where the current token starts.
    var tokenStart = 0

    init(_ text: String) { self.text = Array(text) }

    // MARK: Tokens

    mutating func skipSpaces() { while position < text.count, text[position].isWhitespace { position += 1 } }

    mutating func next() throws(MotionError) -> Token {
        skipSpaces()
        tokenStart = position
        guard position < text.count else { return .end }
        let c = text[position]
        switch c {
        case ".": position += 1; return .dot
        case "(": position += 1; return .open
        case ")": position += 1; return .close
        case ",": position += 1; return .comma
        case ":": position += 1; return .colon
        default: break
        }
        if c.isLetter || c == "_" {
            var name = ""
            while position < text.count, text[position].isLetter || text[position].isNumber || text[position] == "_" {
                name.append(text[position]); position += 1
            }
            return .name(name)
        }
        if c.isNumber || c == "-" || c == "+" {
            var literal = ""
            while position < text.count, text[position].isNumber || "+-.eE_".contains(text[position]) {
                // A '.' followed by a letter starts a modifier, not a fraction.
                if text[position] == ".", position + 1 < text.count, text[position + 1].isLetter { break }
                literal.append(text[position]); position += 1
            }
            guard let value = Double(String(literal.filter { $0 != "_" })), value.isFinite else {
                throw problem("'\(literal)' is not a number", accepted: "a finite decimal number such as 0.35")
            }
            return .number(value)
        }
        throw problem("unexpected character '\(c)'", accepted: "names, numbers, '.', '(', ')', ',' and ':'")
    }

    mutating func peek() throws(MotionError) -> Token {
        let saved = (position, tokenStart)
        let token = try next()
        (position, tokenStart) = saved
        return token
    }

    func problem(_ what: String, accepted: String) -> MotionError {
        .invalidParameter("cannot read animation '\(String(text))' at column \(tokenStart + 1): \(what); accepted: \(accepted)")
    }

    // MARK: Grammar

    mutating func parseExpression() throws(MotionError) -> Animation {
        guard try next() == .dot else {
            throw problem("an animation starts with '.'", accepted: "e.g. .smooth or .spring(duration: 0.5, bounce: 0.3)")
        }
        guard case .name(let name) = try next() else {
            throw problem("expected an animation name after '.'", accepted: AnimationParser.bases.map { "." + $0.name }.joined(separator: ", "))
        }
        guard let entry = AnimationParser.bases.first(where: { $0.name == name }) else {
            throw problem("unknown animation '\(name)'", accepted: AnimationParser.bases.map { "." + $0.name }.joined(separator: ", "))
        }
        var animation: Animation
        if try peek() == .open {
            let start = tokenStart
            let args = try parseArguments()
            animation = try AnimationParser.call(entry.overloads, args, form: entry.form, name: name) { o, v throws(MotionError) in
                try o.build(v)
            } onError: { column, message in
                self.problemAt(column ?? start, message, accepted: entry.form)
            }
        } else if let bare = entry.bare {
            animation = bare
        } else {
            throw problem("'.\(name)' needs arguments", accepted: entry.form)
        }
        while true {
            let token = try next()
            if token == .end { return animation }
            guard token == .dot else {
                throw problem("expected '.' and a modifier or the end", accepted: AnimationParser.modifiers.map(\.form).joined(separator: ", "))
            }
            guard case .name(let m) = try next(), let modifier = AnimationParser.modifiers.first(where: { $0.name == m }) else {
                throw problem("unknown modifier", accepted: AnimationParser.modifiers.map(\.form).joined(separator: ", "))
            }
            let current = animation
            if try peek() == .open {
                let start = tokenStart
                let args = try parseArguments()
                let overload = Overload(parameters: modifier.parameters) { v throws(MotionError) in try modifier.apply(current, v) }
                animation = try AnimationParser.call([overload], args, form: modifier.form, name: m) { o, v throws(MotionError) in
                    try o.build(v)
                } onError: { column, message in
                    self.problemAt(column ?? start, message, accepted: modifier.form)
                }
            } else if modifier.bare {
                animation = try modifier.apply(current, modifier.parameters.map { $0.defaultValue ?? 0 })
            } else {
                throw problem("'.\(m)' needs arguments", accepted: modifier.form)
            }
        }
    }

    func problemAt(_ column: Int, _ what: String, accepted: String) -> MotionError {
        .invalidParameter("cannot read animation '\(String(text))' at column \(column + 1): \(what); accepted: \(accepted)")
    }

    /// `( [label:] value, … )` → (label, value) pairs; `true`/`false` read as 1/0.
    mutating func parseArguments() throws(MotionError) -> [(label: String?, value: Double, column: Int)] {
        _ = try next()  // (
        var args: [(label: String?, value: Double, column: Int)] = []
        if try peek() == .close { _ = try next(); return args }
        while true {
            var label: String? = nil
            var token = try next()
            let column = tokenStart
            if case .name(let n) = token, try peek() == .colon {
                label = n
                _ = try next()
                token = try next()
            }
            switch token {
            case .number(let v): args.append((label, v, column))
            case .name("true"): args.append((label, 1, column))
            case .name("false"): args.append((label, 0, column))
            default: throw problem("expected a number", accepted: "a number, true or false")
            }
            let separator = try next()
            if separator == .close { return args }
            guard separator == .comma else { throw problem("expected ',' or ')'", accepted: "',' between arguments, ')' at the end") }
        }
    }

    /// Picks the overload whose labels match (in order, defaults filling the gaps) and builds.
    static func call(
        _ overloads: [Overload], _ args: [(label: String?, value: Double, column: Int)], form: String, name: String,
        build: (Overload, [Double]) throws(MotionError) -> Animation,
        onError: (Int?, String) -> MotionError
    ) throws(MotionError) -> Animation {
        // A label no form knows is the likeliest typo: point at it.
        let known = Set(overloads.flatMap { $0.parameters.map(\.label) })
        if let bad = args.first(where: { !known.contains($0.label) }) {
            throw onError(bad.column, bad.label.map { "unknown argument label '\($0):'" } ?? "this argument needs a label")
        }
        for o in overloads {
            var values: [Double] = []
            var i = 0
            var ok = true
            for p in o.parameters {
                if i < args.count, args[i].label == p.label {
                    values.append(args[i].value); i += 1
                } else if let d = p.defaultValue {
                    values.append(d)
                } else {
                    ok = false; break
                }
            }
            if ok && i == args.count {
                do { return try build(o, values) } catch { throw onError(nil, "\(error)") }
            }
        }
        let given = args.map { ($0.label.map { $0 + ": " } ?? "") + "\($0.value)" }.joined(separator: ", ")
        throw onError(nil, "no form of .\(name) takes (\(given))")
    }
}
