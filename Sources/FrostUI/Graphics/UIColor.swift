import Foundation
import FrostGeometry

// Reproduces UIKit's `UIColor` as SwiftUI code uses it: an open class (apps add
// `convenience init(hex:)` in extensions), components in sRGB, white, HSB or Display P3, the
// system and semantic colours by their UIKit names with light and dark values, dynamic colours
// (`UIColor { traits in … }`), `UIColor(named:)` from asset catalogues, `UIColor(Color)`,
// `withAlphaComponent` and `getRed(_:green:blue:alpha:)`. It lives in FrostUI so that
// `Color(.systemGroupedBackground)` compiles with only `import FrostUI`; the `UIKit` module
// re-exports it. Not reproduced: pattern images, CGColor, wide-gamut output (Frost draws sRGB).

/// A colour, as UIKit's `UIColor`: fixed or with light and dark appearances.
open class UIColor: NSObject, _ExpressibleByColorLiteral, @unchecked Sendable {
    /// The SwiftUI colour it stands for (light and dark values).
    public let color: Color

    /// sRGB components 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha))
    }
    /// A grey, 0 (black) … 1 (white).
    public init(white: CGFloat, alpha: CGFloat) { color = Color(white: Double(white), opacity: Double(alpha)) }
    /// Hue, saturation, brightness 0…1.
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        color = Color(hue: Double(hue), saturation: Double(saturation), brightness: Double(brightness), opacity: Double(alpha))
    }
    /// Display P3 components 0…1, converted to sRGB.
    public init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(.displayP3, red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha))
    }
    /// The UIKit colour of a SwiftUI colour.
    public init(_ color: Color) { self.color = color }
    /// `#colorLiteral(red:green:blue:alpha:)`.
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
    /// A colour resolved per appearance: `provider` is asked once for light and once for dark.
    public init(dynamicProvider provider: @escaping (UITraitCollection) -> UIColor) {
        let light = provider(UITraitCollection(userInterfaceStyle: .light)).color.resolved(.light)
        let dark = provider(UITraitCollection(userInterfaceStyle: .dark)).color.resolved(.dark)
        color = Color(light: light, dark: dark)
    }
    /// A colour set of the app's asset catalogues (see ``AssetCatalog``); nil when none has it.
    public convenience init?(named name: String) { self.init(named: name, in: nil, compatibleWith: nil) }
    /// A colour set of the asset catalogues in `bundle` (nil: every catalogue found).
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let c = AssetCatalog.color(named: name, bundle: bundle) else { return nil }
        self.init(c)
    }

    /// The same colour with opacity `alpha` (0…1).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        var l = color.resolved(.light), d = color.resolved(.dark)
        l.opacity = Double(alpha)
        d.opacity = Double(alpha)
        return UIColor(Color(light: l, dark: d))
    }

    /// The colour for `traitCollection`'s style.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        let c = color.resolved(traitCollection.userInterfaceStyle == .dark ? .dark : .light)
        return UIColor(Color(light: c, dark: c))
    }

    /// The sRGB components for the current traits; always true (every colour here is RGB).
    @discardableResult
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?, blue: UnsafeMutablePointer<CGFloat>?,
        alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let c = color.resolved(UITraitCollection.current.userInterfaceStyle == .dark ? .dark : .light)
        red?.pointee = CGFloat(c.red); green?.pointee = CGFloat(c.green); blue?.pointee = CGFloat(c.blue); alpha?.pointee = CGFloat(c.opacity)
        return true
    }

    /// Hue, saturation, brightness and alpha for the current traits; always true.
    @discardableResult
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?, brightness: UnsafeMutablePointer<CGFloat>?,
        alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let c = color.resolved(UITraitCollection.current.userInterfaceStyle == .dark ? .dark : .light)
        let mx = max(c.red, c.green, c.blue), mn = min(c.red, c.green, c.blue), d = mx - mn
        var h = 0.0
        if d > 0 {
            if mx == c.red { h = (c.green - c.blue) / d } else if mx == c.green { h = 2 + (c.blue - c.red) / d } else { h = 4 + (c.red - c.green) / d }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = CGFloat(h); saturation?.pointee = CGFloat(mx > 0 ? d / mx : 0); brightness?.pointee = CGFloat(mx); alpha?.pointee = CGFloat(c.opacity)
        return true
    }

    open override func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.color == color }
    open override var hash: Int { color.hashValue }

    public static let label = UIColor(Color.primary)
    public static let secondaryLabel = UIColor(Color.secondary)
    public static let tertiaryLabel = UIColor(Color.tertiaryLabel)
    public static let quaternaryLabel = UIColor(Color.quaternaryLabel)
    public static let placeholderText = UIColor(Color.placeholderText)
    public static let link = UIColor(Color.system("#007AFF", "#0984FF"))
    public static let lightText = UIColor(white: 1, alpha: 0.6)
    public static let darkText = UIColor(white: 0, alpha: 1)
    public static let systemBackground = UIColor(Color.systemBackground)
    public static let secondarySystemBackground = UIColor(Color.secondarySystemBackground)
    public static let tertiarySystemBackground = UIColor(Color.system("#FFFFFF", "#2C2C2E"))
    public static let systemGroupedBackground = UIColor(Color.systemGroupedBackground)
    public static let secondarySystemGroupedBackground = UIColor(Color.secondarySystemGroupedBackground)
    public static let tertiarySystemGroupedBackground = UIColor(Color.tertiarySystemGroupedBackground)
    public static let separator = UIColor(Color.separator)
    public static let opaqueSeparator = UIColor(Color.opaqueSeparator)
    public static let systemFill = UIColor(Color.systemFill)
    public static let secondarySystemFill = UIColor(Color.secondarySystemFill)
    public static let tertiarySystemFill = UIColor(Color.tertiarySystemFill)
    public static let quaternarySystemFill = UIColor(Color.quaternarySystemFill)
    public static let systemGray = UIColor(Color.gray)
    public static let systemGray2 = UIColor(Color.systemGray2)
    public static let systemGray3 = UIColor(Color.systemGray3)
    public static let systemGray4 = UIColor(Color.systemGray4)
    public static let systemGray5 = UIColor(Color.systemGray5)
    public static let systemGray6 = UIColor(Color.systemGray6)
    public static let systemBlue = UIColor(Color.blue)
    public static let systemRed = UIColor(Color.red)
    public static let systemGreen = UIColor(Color.green)
    public static let systemOrange = UIColor(Color.orange)
    public static let systemYellow = UIColor(Color.yellow)
    public static let systemPink = UIColor(Color.pink)
    public static let systemPurple = UIColor(Color.purple)
    public static let systemIndigo = UIColor(Color.indigo)
    public static let systemTeal = UIColor(Color.teal)
    public static let systemMint = UIColor(Color.mint)
    public static let systemCyan = UIColor(Color.cyan)
    public static let systemBrown = UIColor(Color.brown)
    public static let tintColor = UIColor(Color.accentColor)
    // UIKit's fixed (non-semantic) colours.
    public static let white = UIColor(white: 1, alpha: 1)
    public static let black = UIColor(white: 0, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
}

extension Color {
    /// The SwiftUI colour of a UIKit colour.
    public init(uiColor: UIColor) { self = uiColor.color }
    /// The SwiftUI colour of a UIKit colour (`Color(.systemGroupedBackground)`).
    public init(_ uiColor: UIColor) { self = uiColor.color }
}
