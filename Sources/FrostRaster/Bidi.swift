import CFriBidi

// The Unicode bidirectional algorithm (UAX #9) through FriBidi, as Core Text orders SwiftUI's
// Text: each character's embedding level in its paragraph (rules P2–I2, brackets included), and
// the visual order of a line (rule L2). Rule L1 (trailing whitespace at the paragraph's level)
// is applied by the caller, which knows where lines end. Text with no right-to-left character
// in a left-to-right paragraph skips FriBidi: every level is 0.

/// The direction a paragraph of text runs in, before its characters' own directions apply.
public enum TextDirection: String, Sendable, CaseIterable {
    /// From the paragraph's first strong character (Hebrew or Arabic letters: right to left;
    /// Latin and most others: left to right; none: left to right), as Core Text's natural
    /// writing direction.
    case natural
    case leftToRight
    case rightToLeft
}

enum Bidi {
    /// Embedding levels of `scalars` (one paragraph: no `\n`) and the paragraph's level (0 or 1).
    static func levels(_ scalars: ArraySlice<Unicode.Scalar>, direction: TextDirection) -> (levels: [UInt8], base: UInt8) {
        let count = scalars.count
        let mayHaveRTL = scalars.contains { isRightToLeftOrControl($0) }
        if !mayHaveRTL && direction != .rightToLeft { return ([UInt8](repeating: 0, count: count), 0) }
        guard count > 0 else { return ([], direction == .rightToLeft ? 1 : 0) }
        let chars = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var base: FriBidiParType =
            switch direction {
            case .natural: frost_fribidi_par_auto
            case .leftToRight: frost_fribidi_par_ltr
            case .rightToLeft: frost_fribidi_par_rtl
            }
        fribidi_get_bidi_types(chars, FriBidiStrIndex(count), &types)
        fribidi_get_bracket_types(chars, FriBidiStrIndex(count), types, &brackets)
        let ok = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &base, &levels)
        let baseLevel: UInt8 = base == frost_fribidi_par_rtl ? 1 : 0
        guard ok != 0 else { return ([UInt8](repeating: baseLevel, count: count), baseLevel) }
        return (levels.map { UInt8(clamping: $0) }, baseLevel)
    }

    /// Letters of right-to-left scripts and the explicit directional marks and controls.
    static func isRightToLeftOrControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        case 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: true
        default: false
        }
    }

    /// The visual order (left to right) of items at `levels` (rule L2): from the highest level
    /// down to the lowest odd one, every maximal run at that level or above is reversed.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), highest > 0 else { return order }
        // The lowest odd level at or above the line's lowest: levels below it are never reversed.
        let lowestOdd = levels.min()! | 1
        var level = highest
        while level >= lowestOdd {
            var k = 0
            while k < order.count {
                guard levels[order[k]] >= level else { k += 1; continue }
                var e = k
                while e + 1 < order.count && levels[order[e + 1]] >= level { e += 1 }
                order[k...e].reverse()
                k = e + 1
            }
            level -= 1
        }
        return order
    }
}
