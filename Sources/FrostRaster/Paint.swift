import Foundation
import FrostImage

/// How a filled path is coloured. Colours are sRGB-encoded components with straight opacity,
/// 0…1; gradients interpolate premultiplied (as CSS does), so a fade to transparent keeps its hue.
public enum Paint: Hashable, Sendable {
    /// A gradient stop: a colour at a location along the gradient (0…1 nominal).
    public struct Stop: Hashable, Sendable {
        public var location: Double
        public var color: Color
        /// How colours mix between this stop and the next.
        public var mix: Mix = .sRGB
        public init(location: Double, color: Color, mix: Mix = .sRGB) { self.location = location; self.color = color; self.mix = mix }
        public init(_ location: Double, _ color: Color, mix: Mix = .sRGB) { self.init(location: location, color: color, mix: mix) }
    }

    /// The space colours mix in between two stops. Both interpolate opacity linearly and weigh
    /// each colour by its opacity (premultiplied), so a fade to transparent keeps its hue.
    public enum Mix: String, Hashable, Sendable, CaseIterable {
        /// The sRGB-encoded components, as CSS, Core Graphics and `Gradient.colorSpace(.device)`.
        case sRGB
        /// Björn Ottosson's OKLab (perceptually uniform lightness and hue), as SwiftUI's
        /// gradients on iOS 18 mix: a `.blue` → `.yellow` midpoint is (148, 174, 181) here and
        /// (149.5, 174.5, 181) in Apple's render, where sRGB gives (128, 163, 128).
        case oklab
    }

    case solid(Color)
    /// Along the line `from` → `to` (pixels); beyond the ends the end colours continue.
    case linearGradient(from: Point, to: Point, stops: [Stop])
    /// Around `center` out to `radius` pixels.
    case radialGradient(center: Point, radius: Double, stops: [Stop])
    /// Around `center` out to an ellipse of radii `radiusX` × `radiusY` pixels.
    case ellipticalGradient(center: Point, radiusX: Double, radiusY: Double, stops: [Stop])
    /// Sweeping round `center` from `startAngle` to `endAngle` (radians, clockwise on screen
    /// from the +x axis, y down); outside the sweep the end colours continue.
    case angularGradient(center: Point, startAngle: Double, endAngle: Double, stops: [Stop])

    /// The paint's stops (nil for a solid colour).
    public var stops: [Stop]? {
        switch self {
        case .solid: return nil
        case .linearGradient(_, _, let s), .radialGradient(_, _, let s), .ellipticalGradient(_, _, _, let s), .angularGradient(_, _, _, let s): return s
        }
    }

    /// The same paint with other stops (a solid colour stays as it is).
    public func withStops(_ stops: [Stop]) -> Paint {
        switch self {
        case .solid: return self
        case .linearGradient(let a, let b, _): return .linearGradient(from: a, to: b, stops: stops)
        case .radialGradient(let c, let r, _): return .radialGradient(center: c, radius: r, stops: stops)
        case .ellipticalGradient(let c, let rx, let ry, _): return .ellipticalGradient(center: c, radiusX: rx, radiusY: ry, stops: stops)
        case .angularGradient(let c, let a0, let a1, _): return .angularGradient(center: c, startAngle: a0, endAngle: a1, stops: stops)
        }
    }

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
        case .ellipticalGradient(let c, let rx, let ry, let stops):
            guard rx > 0, ry > 0 else { return Paint.sample(stops, 0) }
            let dx = (x - c.x) / rx, dy = (y - c.y) / ry
            return Paint.sample(stops, (dx * dx + dy * dy).squareRoot())
        case .angularGradient(let c, let a0, let a1, let stops):
            let sweep = a1 - a0
            guard sweep != 0, sweep.isFinite else { return Paint.sample(stops, 0) }
            // The angle from the start, in [0, 2π) (or (−2π, 0] for a backwards sweep).
            var theta = atan2(y - c.y, x - c.x) - a0
            let turn = 2 * Double.pi
            theta = theta.truncatingRemainder(dividingBy: turn)
            if sweep > 0 { if theta < 0 { theta += turn } } else if theta > 0 { theta -= turn }
            var t = theta / sweep
            // Past the sweep's end: nearer the end than the start (going round) keeps the end colour.
            if t > 1 { t = (abs(theta) - abs(sweep)) < (turn - abs(theta)) ? 1 : 0 }
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
            if a.mix == .oklab { return mixOKLab(a.color, b.color, f) }
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
        case .linearGradient(_, _, let stops), .radialGradient(_, _, let stops), .ellipticalGradient(_, _, _, let stops),
             .angularGradient(_, _, _, let stops):
            guard !stops.isEmpty, stops.allSatisfy({ $0.location.isFinite && ok($0.color) }),
                  zip(stops, stops.dropFirst()).allSatisfy({ $0.location <= $1.location }) else {
                throw .invalidArgument("gradient stops must be finite, non-empty and in increasing order")
            }
        }
    }

    // MARK: OKLab

    /// `a` and `b` mixed at `f` in OKLab, weighted by opacity, premultiplied sRGB out.
    static func mixOKLab(_ a: Color, _ b: Color, _ f: Double) -> SIMD4<Double> {
        let alpha = a.opacity + (b.opacity - a.opacity) * f
        guard alpha > 0 else { return .zero }
        let la = oklab(a), lb = oklab(b)
        let wa = a.opacity * (1 - f), wb = b.opacity * f
        let lab = (la * wa + lb * wb) / (wa + wb)
        let rgb = srgb(fromOKLab: lab)
        return SIMD4(rgb.x * alpha, rgb.y * alpha, rgb.z * alpha, alpha)
    }

    static func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    static func encoded(_ l: Double) -> Double {
        let v = min(max(l, 0), 1)
        return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
    }

    static func oklab(_ c: Color) -> SIMD3<Double> {
        let r = linear(c.red), g = linear(c.green), b = linear(c.blue)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return SIMD3(0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                     1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                     0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    static func srgb(fromOKLab lab: SIMD3<Double>) -> SIMD3<Double> {
        let l = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z
        let m = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z
        let s = lab.x - 0.0894841775 * lab.y - 1.2914855480 * lab.z
        let l3 = l * l * l, m3 = m * m * m, s3 = s * s * s
        return SIMD3(encoded(4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3),
                     encoded(-1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3),
                     encoded(-0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3))
    }
}
