import Foundation
import FrostImage

/// A colour as sRGB-encoded components and straight opacity, each 0…1 — the form Apple's API
/// and CSS use. Effects convert to premultiplied pixels where they composite.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, opacity: Double

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
    }

    /// A grey of `white` (0…1), as `UIColor(white:alpha:)`.
    public init(white: Double, opacity: Double = 1) { self.init(red: white, green: white, blue: white, opacity: opacity) }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` optional, case-insensitive).
    /// - Throws: ``ImageError/invalidArgument(_:)`` naming the text when it is not such a colour.
    public init(hex text: String) throws(ImageError) {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        let valid = digits.allSatisfy(\.isHexDigit) && [3, 6, 8].contains(digits.count)
        guard valid, var value = UInt64(digits, radix: 16) else {
            throw .invalidArgument("'\(text)' is not a colour: use #RGB, #RRGGBB or #RRGGBBAA")
        }
        if digits.count == 3 {  // #RGB → #RRGGBB
            let r = (value >> 8) & 0xF, g = (value >> 4) & 0xF, b = value & 0xF
            value = (r * 17) << 16 | (g * 17) << 8 | b * 17
        }
        if digits.count != 8 { value = value << 8 | 0xFF }
        self.init(red: Double((value >> 24) & 0xFF) / 255, green: Double((value >> 16) & 0xFF) / 255,
                  blue: Double((value >> 8) & 0xFF) / 255, opacity: Double(value & 0xFF) / 255)
    }

    public var description: String {
        func hex(_ v: Double) -> String {
            let byte = Int((min(max(v, 0), 1) * 255).rounded())
            return String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (opacity < 1 ? hex(opacity) : "")
    }

    /// WCAG 2 relative luminance: 0.2126 R + 0.7152 G + 0.0722 B of the linearised components.
    public var relativeLuminance: Double {
        0.2126 * SRGB.toLinear(red) + 0.7152 * SRGB.toLinear(green) + 0.0722 * SRGB.toLinear(blue)
    }

    /// WCAG 2 contrast ratio (L1 + 0.05) / (L2 + 0.05), 1…21, of two opaque colours. Body text
    /// needs ≥ 4.5, large text ≥ 3.
    public static func contrastRatio(_ a: Color, _ b: Color) -> Double {
        let (la, lb) = (a.relativeLuminance, b.relativeLuminance)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// This colour composited over an opaque `backdrop` (source-over), for contrast checks of
    /// translucent text.
    public func over(_ backdrop: Color) -> Color {
        let a = min(max(opacity, 0), 1)
        return Color(red: red * a + backdrop.red * (1 - a), green: green * a + backdrop.green * (1 - a),
                     blue: blue * a + backdrop.blue * (1 - a), opacity: 1)
    }
}

extension String {
    func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
