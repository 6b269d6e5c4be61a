#if !canImport(Darwin)
import Foundation
import FrostUI

// UIKit's `UIBezierPath` as SwiftUI code uses it: built with UIKit's calls (rounded rectangles
// with chosen corners, arcs clockwise on screen as UIKit means it) and handed to SwiftUI through
// `Path(path.cgPath)`. There is no CoreGraphics on Linux, so `CGPath` here is a small value that
// carries the path.

/// The corners of a rectangle, as UIKit's `UIRectCorner`.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1)
    public static let topRight = UIRectCorner(rawValue: 2)
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    public static let bottomRight = UIRectCorner(rawValue: 8)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path for SwiftUI's `Path(_:)` (CoreGraphics' `CGPath` is not on Linux).
public struct CGPath: Equatable {
    public let path: Path
    public init(_ path: Path) { self.path = path }
}

extension Path {
    /// The path a `UIBezierPath.cgPath` carries.
    public init(_ path: CGPath) { self = path.path }
}

/// A vector path, as UIKit's `UIBezierPath` (y down; `clockwise` as seen on screen).
open class UIBezierPath: NSObject {
    public private(set) var path = Path()
    open var lineWidth: CGFloat = 1
    open var usesEvenOddFillRule = false

    public override init() {}
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }
    /// A rounded rectangle with circular corners of `cornerRadius` (limited to half the shorter side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }
    /// A rectangle with only `corners` rounded, by `cornerRadii.width` (limited to half the shorter side).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = max(0, min(cornerRadii.width, rect.width / 2, rect.height / 2))
        func radius(_ c: UIRectCorner) -> CGFloat { corners.contains(c) ? r : 0 }
        let tl = radius(.topLeft), tr = radius(.topRight), br = radius(.bottomRight), bl = radius(.bottomLeft)
        path.move(to: CGPoint(x: rect.minX + tl, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - tr, y: rect.minY))
        if tr > 0 { arc(CGPoint(x: rect.maxX - tr, y: rect.minY + tr), tr, -.pi / 2, 0) }
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br))
        if br > 0 { arc(CGPoint(x: rect.maxX - br, y: rect.maxY - br), br, 0, .pi / 2) }
        path.addLine(to: CGPoint(x: rect.minX + bl, y: rect.maxY))
        if bl > 0 { arc(CGPoint(x: rect.minX + bl, y: rect.maxY - bl), bl, .pi / 2, .pi) }
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl))
        if tl > 0 { arc(CGPoint(x: rect.minX + tl, y: rect.minY + tl), tl, .pi, 3 * .pi / 2) }
        path.closeSubpath()
    }
    /// An arc as its own path.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    private func arc(_ c: CGPoint, _ r: CGFloat, _ a: Double, _ b: Double) {
        path.addArc(center: c, radius: r, startAngle: .radians(a), endAngle: .radians(b), clockwise: false)
    }

    open func move(to point: CGPoint) { path.move(to: point) }
    open func addLine(to point: CGPoint) { path.addLine(to: point) }
    open func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: point, control: controlPoint) }
    open func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: point, control1: controlPoint1, control2: controlPoint2)
    }
    /// An arc; `clockwise` as seen on screen (SwiftUI's `Path.addArc` has the flipped sense).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: .radians(Double(startAngle)), endAngle: .radians(Double(endAngle)), clockwise: !clockwise)
    }
    open func close() { path.closeSubpath() }
    open func append(_ other: UIBezierPath) { path.addPath(other.path) }
    open func removeAllPoints() { path = Path() }
    open var isEmpty: Bool { path.isEmpty }
    open var bounds: CGRect { path.boundingRect }
    open var currentPoint: CGPoint { path.currentPoint ?? .zero }
    /// The path, for `Path(_:)`.
    open var cgPath: CGPath { CGPath(path) }
}
#endif
