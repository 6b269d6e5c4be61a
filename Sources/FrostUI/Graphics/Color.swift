import FrostGeometry
import FrostScene
import FrostLayout
import FrostRaster

// Reproduces SwiftUI's Color (system colours of iOS 13–18 or iOS 26, opacity, light and dark).
// ShapeStyle is in ShapeStyle.swift, gradients in Gradient.swift, materials in Material.swift.
// Colour spaces other than sRGB are not modelled.

/// A colour, as SwiftUI's `Color`: a view that fills the space it is offered, and a shape style.
/// System colours carry their light and dark values (REFERENCE.md §4, iOS 13–18) and resolve by
/// the environment's colour scheme.
public struct Color: View, PrimitiveView, ShapeStyle, Hashable, Sendable {
    let light: FrostGeometry.Color
    let dark: FrostGeometry.Color
    /// The iOS 26 values where that palette changed the colour (nil: the same as iOS 18).
    var light26: FrostGeometry.Color?
    var dark26: FrostGeometry.Color?

    /// sRGB components 0…1 and opacity.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        let c = FrostGeometry.Color(red: red, green: green, blue: blue, opacity: opacity)
        light = c; dark = c
    }
    public init(white: Double, opacity: Double = 1) { self.init(red: white, green: white, blue: white, opacity: opacity) }

    /// The colour spaces SwiftUI's `Color(_:red:green:blue:opacity:)` takes.
    public enum RGBColorSpace: Hashable, Sendable {
        /// sRGB-encoded components (the default).
        case sRGB
        /// Linear-light sRGB components.
        case sRGBLinear
        /// Display P3 (encoded with the sRGB curve), converted to sRGB; colours outside sRGB are
        /// clamped to it (Frost draws in sRGB).
        case displayP3
    }

    /// Components 0…1 in `colorSpace`, converted to sRGB, and opacity.
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        switch colorSpace {
        case .sRGB: self.init(red: red, green: green, blue: blue, opacity: opacity)
        case .sRGBLinear:
            self.init(red: Color.encode(red), green: Color.encode(green), blue: Color.encode(blue), opacity: opacity)
        case .displayP3:
            // Linear P3 to linear sRGB (both D65; the matrix from their primaries).
            let r = Color.decode(red), g = Color.decode(green), b = Color.decode(blue)
            self.init(
                red: Color.encode(1.2249401 * r - 0.2249404 * g),
                green: Color.encode(-0.0420569 * r + 1.0420571 * g),
                blue: Color.encode(-0.0196376 * r - 0.0786361 * g + 1.0982735 * b), opacity: opacity)
        }
    }
    /// A grey of `white` (0…1) in `colorSpace`.
    public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }
    /// Hue, saturation and brightness 0…1 (hue 0 and 1 are red), as SwiftUI's HSB initialiser.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue.isFinite ? hue - hue.rounded(.down) : 0) * 6
        let s = min(max(saturation.isFinite ? saturation : 0, 0), 1), v = min(max(brightness.isFinite ? brightness : 0, 0), 1)
        let sector = min(5, Int(h)), f = h - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }
    /// Linear light to sRGB encoding, clamped to sRGB's gamut (Frost draws in sRGB).
    static func encode(_ l: Double) -> Double { SRGBTransfer.fromLinear(min(max(l.isFinite ? l : 0, 0), 1)) }
    static func decode(_ c: Double) -> Double { SRGBTransfer.toLinear(c.isFinite ? c : 0) }
    init(light: FrostGeometry.Color, dark: FrostGeometry.Color) { self.light = light; self.dark = dark }
    static func system(_ light: String, _ dark: String, _ a: Double = 1, _ b: Double = 1) -> Color {
        Color(light: (try! FrostGeometry.Color(hex: light)).opacity(a), dark: (try! FrostGeometry.Color(hex: dark)).opacity(b))
    }
    /// A system colour with its iOS 13–18 light/dark values and its iOS 26 light/dark values.
    static func system(_ light: String, _ dark: String, ios26 light26: String, _ dark26: String) -> Color {
        var c = system(light, dark)
        c.light26 = try! FrostGeometry.Color(hex: light26); c.dark26 = try! FrostGeometry.Color(hex: dark26)
        return c
    }

    public func opacity(_ factor: Double) -> Color {
        var c = Color(light: light.opacity(factor), dark: dark.opacity(factor))
        c.light26 = light26?.opacity(factor); c.dark26 = dark26?.opacity(factor)
        return c
    }
    /// The colour for a scheme and palette (REFERENCE.md §4).
    func resolved(_ scheme: ColorScheme, palette: SystemColorPalette = .iOS18) -> FrostGeometry.Color {
        switch (scheme, palette) {
        case (.light, .iOS18): return light
        case (.dark, .iOS18): return dark
        case (.light, .iOS26): return light26 ?? light
        case (.dark, .iOS26): return dark26 ?? dark
        }
    }
    func resolved(_ environment: EnvironmentValues) -> FrostGeometry.Color {
        resolved(environment.colorScheme, palette: environment.systemColorPalette)
    }

    // System colours: iOS 13–18 light / dark (REFERENCE.md §4; the rest from Apple's HIG colour
    // table), then the iOS 26 light / dark values (HIG, 2025-06-09) where they changed.
    public static let red = system("#FF3B30", "#FF453A", ios26: "#FF383C", "#FF4245")
    public static let orange = system("#FF9500", "#FF9F0A", ios26: "#FF8D28", "#FF9230")
    public static let yellow = system("#FFCC00", "#FFD60A", ios26: "#FFCC00", "#FFD600")
    public static let green = system("#34C759", "#30D158")
    public static let mint = system("#00C7BE", "#63E6E2", ios26: "#00C8B3", "#00DAC3")
    public static let teal = system("#30B0C7", "#40CBE0", ios26: "#00C3D0", "#00D2E0")
    public static let cyan = system("#32ADE6", "#64D2FF", ios26: "#00C0E8", "#3CD3FE")
    public static let blue = system("#007AFF", "#0A84FF", ios26: "#0088FF", "#0091FF")
    public static let indigo = system("#5856D6", "#5E5CE6", ios26: "#6155F5", "#6D7CFF")
    public static let purple = system("#AF52DE", "#BF5AF2", ios26: "#CB30E0", "#DB34F2")
    public static let pink = system("#FF2D55", "#FF375F")
    public static let brown = system("#A2845E", "#AC8E68", ios26: "#AC7F5E", "#B78A66")
    public static let gray = system("#8E8E93", "#8E8E93")
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, opacity: 0)
    /// The accent colour (blue by default).
    public static let accentColor = blue
    /// `.primary`: the label colour.
    public static let primary = system("#000000", "#FFFFFF")
    /// `.secondary`: the secondary label colour.
    public static let secondary = system("#3C3C43", "#EBEBF5", 0.6, 0.6)

    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let c = resolved(context.environment)
        return [
            Element(context.identity, node: LayoutNode(.flexible, name: "Color")) { size in
                .shape(ShapeContent("rect", path: .rect(x: 0, y: 0, width: size.width, height: size.height), fill: .solid(c)))
            }
        ]
    }
    public func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle { .color(resolved(environment)) }
}

extension ShapeStyle where Self == Color {
    public static var blue: Color { Color.blue }
    public static var red: Color { Color.red }
    public static var green: Color { Color.green }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var gray: Color { Color.gray }
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var clear: Color { Color.clear }
}
