import FrostGeometry
import FrostMotion
import FrostLayout
import FrostScene
import FrostRaster
import FrostEffects

// Reproduces SwiftUI's built-in shapes: Rectangle, RoundedRectangle and UnevenRoundedRectangle
// with circular and continuous corners, Circle, Ellipse, Capsule, and the iOS 17 shorthands
// (`.rect`, `.rect(cornerRadius:)`, `.circle`, `.capsule`…). The continuous corner is UIKit's
// published curve, eased less on sides without room (fitted to Apple's capsule render).

public struct Rectangle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
}

public struct Circle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let d = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
    }
}

public struct Ellipse: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

/// Rounded-corner styles, as SwiftUI's `RoundedCornerStyle`: `.continuous` is UIKit's own
/// squircle-like corner (reach 1.52866 r).
public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

/// A rectangle with rounded corners; the style defaults to `.continuous`, as SwiftUI's
/// initialiser does in the iOS 17 and 18 SDKs.
public struct RoundedRectangle: Shape {
    public var cornerRadius: CGFloat
    public var style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { self.cornerRadius = cornerRadius; self.style = style }
    /// The corner radius animates (points).
    public var animatableData: CGFloat {
        get { cornerRadius }
        set { cornerRadius = newValue }
    }
    public func path(in rect: CGRect) -> Path {
        Path(
            .roundedRect(
                x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height),
                radius: max(0, Double(cornerRadius)), continuous: style == .continuous))
    }
}

/// A capsule: a rounded rectangle whose corner radius is half its shorter side. `.continuous`
/// (the default, as in the iOS 17 and 18 SDKs) keeps a long ease along the long sides and a
/// circular end, as Apple draws it; `.circular` is a semicircle at each end.
public struct Capsule: Shape {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    public func path(in rect: CGRect) -> Path {
        Path(
            .roundedRect(
                x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height),
                radius: Double(min(rect.width, rect.height)) / 2, continuous: style == .continuous))
    }
}

/// A rectangle whose four corners have their own radii, as SwiftUI's `UnevenRoundedRectangle`
/// (iOS 16). Each radius is limited to half the shorter side; `.continuous` corners use the
/// continuous corner's eased curve.
public struct UnevenRoundedRectangle: Shape {
    public var cornerRadii: RectangleCornerRadii
    public var style: RoundedCornerStyle
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) { self.cornerRadii = cornerRadii; self.style = style }
    public init(
        topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
        topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous
    ) {
        self.init(
            cornerRadii: RectangleCornerRadii(
                topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius), style: style)
    }
    public func path(in rect: CGRect) -> Path {
        func r(_ v: CGFloat) -> Double { Double(v) }
        return Path(
            .roundedRect(
                x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height),
                radii: (r(cornerRadii.topLeading), r(cornerRadii.topTrailing), r(cornerRadii.bottomTrailing), r(cornerRadii.bottomLeading)),
                continuous: style == .continuous))
    }
}

/// The radii of a rectangle's four corners, in points.
public struct RectangleCornerRadii: Hashable, Sendable {
    public var topLeading: CGFloat, bottomLeading: CGFloat, bottomTrailing: CGFloat, topTrailing: CGFloat
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading; self.bottomLeading = bottomLeading; self.bottomTrailing = bottomTrailing; self.topTrailing = topTrailing
    }
}

// SwiftUI's shape shorthands (iOS 17): `.rect`, `.rect(cornerRadius:)`, `.circle`, `.capsule`…
extension Shape where Self == Rectangle { public static var rect: Rectangle { Rectangle() } }

extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

extension Shape where Self == UnevenRoundedRectangle {
    public static func rect(
        topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
        topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous
    ) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(
            topLeadingRadius: topLeadingRadius, bottomLeadingRadius: bottomLeadingRadius,
            bottomTrailingRadius: bottomTrailingRadius, topTrailingRadius: topTrailingRadius, style: style)
    }
    public static func rect(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(cornerRadii: cornerRadii, style: style)
    }
}

extension Shape where Self == Circle { public static var circle: Circle { Circle() } }

extension Shape where Self == Ellipse { public static var ellipse: Ellipse { Ellipse() } }

extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}
