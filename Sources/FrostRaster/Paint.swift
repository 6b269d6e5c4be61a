import Foundation
import FrostImage

/// How a filled path is coloured. Colours are sRGB-encoded components with straight opacity,
/// 0…1; gradients interpolate premultiplied (as CSS does), so a fade to transparent keeps its hue.
public enum Paint: Hashable, Sendable {
    /// A gradient stop: a colour at a location along the gradient (0…1 nominal).
    public struct Stop: Hashable, Sendable {
        public var location: Double
        public var color: Color
        public init(location: Double, color: Color) { self.location = location; self.color = color }
        public init(_ location: Double, _ color: Color) { self.init(location: location, color: color) }
    }

    case solid(Color)
    /// Along the line `from` → `to` (pixels); beyond the ends the end colours continue.
    case linearGradient(from: Point, to: Point, stops: [Stop])
    /// Around `center` out to `radius` pixels.
    case radialGradient(center: Point, radius: Double, stops: [Stop])

    /// Premultiplied colour (0…1) at (x, y) in the paint's coordinates.
    public func colour(atX x: Double, y: Double) -> SIMD4<Double> {
        switch self {
        case .solid(let c): return Paint.premultiplied(c)
        case .linearGradient(let a, let b, let stops):
            let d = b - a, len2 = d.x * d.x + d.y * d.y
            let t = len2 > 0 ? ((x - a.x) * d.x + (y - a.y) * d.y) / len2 : 0
            return Paint.sample(stops, t)
        case .radialGradient(let c, let r, let stops):
            let t = r > 0 ? ((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)).squareRoot() / r : 0
            return Paint.sample(stops, t)
        }
    }

    static func premultiplied(_ c: Color) -> SIMD4<Double> { c.premultipliedComponents }

    static func sample(_ stops: [Stop], _ t: Double) -> SIMD4<Double> {
        guard let first = stops.first, let last = stops.last else { return .zero }
        if t <= first.location { return premultiplied(first.color) }
        if t >= last.location { return premultiplied(last.color) }
        for i in 1..<stops.count where t <= stops[i].location {
            let a = stops[i - 1], b = stops[i]
            let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
            let pa = premultiplied(a.color), pb = premultiplied(b.color)
            return pa + (pb - pa) * f
        }
        return premultiplied(last.color)
    }

    /// Throws unless colours are finite and stops are in increasing order.
    public func validate() throws(ImageError) {
        func ok(_ c: Color) -> Bool { [c.red, c.green, c.blue, c.opacity].allSatisfy(\.isFinite) }
        switch self {
        case .solid(let c): guard ok(c) else { throw .nonFinite(what: "the paint colour") }
        case .linearGradient(_, _, let stops), .radialGradient(_, _, let stops):
            guard !stops.isEmpty, stops.allSatisfy({ $0.location.isFinite && ok($0.color) }),
                  zip(stops, stops.dropFirst()).allSatisfy({ $0.location <= $1.location }) else {
                throw .invalidArgument("gradient stops must be finite, non-empty and in increasing order")
            }
        }
    }
}
