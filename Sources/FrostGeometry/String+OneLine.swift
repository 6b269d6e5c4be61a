extension String {
    /// The text with every control character (newline, tab, escape, DEL, C1 controls) written as
    /// a visible escape (`\n`, `\t`, `\u{1B}`), so user text echoed in an error message keeps the
    /// message on one line and cannot drive the terminal.
    public var escapingControlCharacters: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
