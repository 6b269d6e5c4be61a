// Where a line may break, after the core of Unicode's line breaking algorithm (UAX #14) as Core
// Text applies it to SwiftUI's Text: after spaces (which hang at the line's end); after a
// hyphen or dash inside a word ("well-|known"), but not before a digit ("-5"); before and after
// CJK ideographs, kana and fullwidth letters, so Chinese and Japanese wrap between characters —
// never before closing punctuation or small kana ("。", "」", "ー", "っ"), never after opening
// punctuation ("「", "("). Hangul breaks at spaces, as UIKit's standard strategy (Hangul word
// priority) does; emoji break only at spaces (their sequences are not split). Not modelled:
// the tailorings for numbers with prefixes and suffixes, quotation marks' context, and breaks
// around slashes.

/// Line break opportunities in a run of Unicode scalars.
enum LineBreaking {
    /// `result[k]` is true when a line may start at scalar `k` (never at 0). Mandatory breaks
    /// (`\n`) are the caller's; this says only where a line may wrap.
    static func opportunities(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var out = [Bool](repeating: false, count: scalars.count)
        guard scalars.count > 1 else { return out }
        for k in 1..<scalars.count {
            let a = scalars[k - 1], b = scalars[k]
            if isSpace(b) || b == "\n" || a == "\n" { continue }
            if isSpace(a) { out[k] = true; continue }
            if closes(b) || opens(a) { continue }
            // After closing punctuation, before an ideograph (or, for CJK's wide punctuation,
            // before an opening mark): "。|日", "」|「".
            if closes(a) && (isIdeographic(b) || opens(b) && isWide(a)) { out[k] = true; continue }
            if isHyphen(a) {
                // Inside a word only ("well-known"), and not a minus before a number.
                let before = k >= 2 ? scalars[k - 2] : " "
                if !isSpace(before) && !opens(before) && !(a == "-" && isDigit(b)) { out[k] = true }
                continue
            }
            if isIdeographic(a) || isIdeographic(b) { out[k] = true }
        }
        return out
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\u{3000}" || s == "\t" }
    static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }

    /// Hyphens and dashes a line may break after (UAX #14's HY and BA, and B2's em dash).
    static func isHyphen(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2D, 0x2010, 0x2012, 0x2013, 0x2014: true
        default: false
        }
    }

    /// Characters no line may start with: closing punctuation (CL, CP), exclamation and
    /// interrogation (EX), infix separators (IS), non-starters (NS: small kana, the prolonged
    /// sound mark, iteration marks) and closing quotation marks.
    static func closes(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x25, 0x2019, 0x201D, 0x2026, 0x203C, 0x2047...0x2049: true
        case 0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301C, 0x301E, 0x301F: true
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096, 0x309B...0x309E: true
        case 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x30FB...0x30FE: true
        case 0x31F0...0x31FF: true  // small katakana extensions
        case 0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64: true
        default: false
        }
    }

    /// Characters no line may end with: opening punctuation (OP) and opening quotation marks.
    static func opens(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x28, 0x5B, 0x7B, 0x2018, 0x201C: true
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D: true
        case 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62: true
        default: false
        }
    }

    /// CJK's own punctuation and fullwidth forms.
    static func isWide(_ s: Unicode.Scalar) -> Bool { (0x3000...0x303F).contains(s.value) || (0xFF00...0xFF65).contains(s.value) }

    /// Ideographs, kana and fullwidth forms (UAX #14's ID), which break on either side.
    static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x2FFF, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: true
        case 0xFF01...0xFF60, 0x20000...0x3FFFD: true
        default: false
        }
    }
}
