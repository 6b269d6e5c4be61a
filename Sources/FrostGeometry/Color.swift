/// A colour as sRGB-encoded components and straight opacity, each 0…1 — the form Apple's API
/// and CSS use. Effects convert to premultiplied pixels where they composite; animation converts
/// to premultiplied linear light.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, opacity: Double

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
    }

    /// Components clamped to 0…1 (NaN → 0): what a pixel can hold.
    public var clamped: Color {
        func c(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        return Color(red: c(red), green: c(green), blue: c(blue), opacity: c(opacity))
    }

    /// Premultiplied sRGB-encoded components (r·a, g·a, b·a, a), clamped to 0…1: what Frost's
    /// 8-bit pixels hold.
    public var premultipliedComponents: SIMD4<Double> {
        let k = clamped
        return SIMD4(k.red * k.opacity, k.green * k.opacity, k.blue * k.opacity, k.opacity)
    }

    /// The colour with its opacity multiplied by `factor`, as SwiftUI's `Color.opacity(_:)`.
    public func opacity(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, opacity: opacity * factor)
    }

    /// A grey of `white` (0…1), as `UIColor(white:alpha:)`.
    public init(white: Double, opacity: Double = 1) { self.init(red: white, green: white, blue: white, opacity: opacity) }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` optional, case-insensitive).
    /// - Throws: ``GeometryError/notAColor(text:)`` when it is not such a colour.
    public init(hex text: String) throws(GeometryError) {
        var digits = Substring(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        let valid = digits.allSatisfy(\.isHexDigit) && [3, 6, 8].contains(digits.count)
        guard valid, var value = UInt64(digits, radix: 16) else {
            throw .notAColor(text: text)
        }
        if digits.count == 3 {  // #RGB → #RRGGBB
            let r = (value >> 8) & 0xF, g = (value >> 4) & 0xF, b = value & 0xF
            value = (r * 17) << 16 | (g * 17) << 8 | b * 17
        }
        if digits.count != 8 { value = value << 8 | 0xFF }
        self.init(
            red: Double((value >> 24) & 0xFF) / 255, green: Double((value >> 16) & 0xFF) / 255,
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
        0.2126 * SRGBTransfer.toLinear(red) + 0.7152 * SRGBTransfer.toLinear(green) + 0.0722 * SRGBTransfer.toLinear(blue)
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
        return Color(
            red: red * a + backdrop.red * (1 - a), green: green * a + backdrop.green * (1 - a),
            blue: blue * a + backdrop.blue * (1 - a), opacity: 1)
    }
}

extension String {
    package func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
