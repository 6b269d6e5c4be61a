import Foundation
import FrostImage
import FrostGeometry

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

    /// Premultiplied colour (0…1) at (x, y) in the paint's coordinates. For many pixels, take
    /// the ``Ramp`` once and ask ``parameter(atX:y:)`` per pixel, as the canvas does.
    public func colour(atX x: Double, y: Double) -> SIMD4<Double> {
        guard let stops else { if case .solid(let c) = self { return c.premultipliedComponents }; return .zero }
        return Ramp(stops).colour(at: parameter(atX: x, y: y))
    }

    /// Where (x, y) falls along the gradient, in stop locations (nil for a solid colour).
    public func parameter(atX x: Double, y: Double) -> Double {
        switch self {
        case .solid: return 0
        case .linearGradient(let a, let b, _):
            let d = b - a, len2 = d.x * d.x + d.y * d.y
            return len2 > 0 ? ((x - a.x) * d.x + (y - a.y) * d.y) / len2 : 0
        case .radialGradient(let c, let r, _):
            return r > 0 ? ((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)).squareRoot() / r : 0
        case .ellipticalGradient(let c, let rx, let ry, _):
            guard rx > 0, ry > 0 else { return 0 }
            let dx = (x - c.x) / rx, dy = (y - c.y) / ry
            return (dx * dx + dy * dy).squareRoot()
        case .angularGradient(let c, let a0, let a1, _):
            let sweep = a1 - a0
            guard sweep != 0, sweep.isFinite else { return 0 }
            // The angle from the start, in [0, 2π) (or (−2π, 0] for a backwards sweep).
            var theta = atan2(y - c.y, x - c.x) - a0
            let turn = 2 * Double.pi
            theta = theta.truncatingRemainder(dividingBy: turn)
            if sweep > 0 { if theta < 0 { theta += turn } } else if theta > 0 { theta -= turn }
            let t = theta / sweep
            // Past the sweep's end: nearer the end than the start (going round) keeps the end colour.
            if t > 1 { return (abs(theta) - abs(sweep)) < (turn - abs(theta)) ? 1 : 0 }
            return t
        }
    }

    /// A gradient's stops made ready for sampling: premultiplied colours, and OKLab values for
    /// stops that mix in OKLab, computed once rather than per pixel.
    public struct Ramp: Sendable {
        let locations: [Double]
        let premultiplied: [SIMD4<Double>]
        let opacities: [Double]
        let lab: [SIMD3<Double>]
        let mixes: [Mix]

        public init(_ stops: [Stop]) {
            locations = stops.map(\.location)
            premultiplied = stops.map(\.color.premultipliedComponents)
            opacities = stops.map(\.color.opacity)
            mixes = stops.map(\.mix)
            // A stop needs OKLab when it or the stop before it mixes that way.
            lab = stops.indices.map { i in
                stops[i].mix == .oklab || (i > 0 && stops[i - 1].mix == .oklab) ? Paint.oklab(stops[i].color) : .zero
            }
        }

        /// The premultiplied colour (0…1) at `t`; beyond the ends the end colours continue.
        public func colour(at t: Double) -> SIMD4<Double> {
            guard let first = locations.first, let last = locations.last else { return .zero }
            if t <= first { return premultiplied[0] }
            if t >= last { return premultiplied[premultiplied.count - 1] }
            var i = 1
            while i < locations.count - 1 && t > locations[i] { i += 1 }
            let a = i - 1
            let f = locations[i] > locations[a] ? (t - locations[a]) / (locations[i] - locations[a]) : 1
            guard mixes[a] == .oklab else { return premultiplied[a] + (premultiplied[i] - premultiplied[a]) * f }
            // OKLab, weighted by opacity; opacity itself mixes linearly.
            let alpha = opacities[a] + (opacities[i] - opacities[a]) * f
            guard alpha > 0 else { return .zero }
            let wa = opacities[a] * (1 - f), wb = opacities[i] * f
            let rgb = Paint.srgb(fromOKLab: (lab[a] * wa + lab[i] * wb) / (wa + wb))
            return SIMD4(rgb.x * alpha, rgb.y * alpha, rgb.z * alpha, alpha)
        }
    }

    /// Throws unless colours are finite and stops are in increasing order.
    public func validate() throws(ImageError) {
        func ok(_ c: Color) -> Bool { [c.red, c.green, c.blue, c.opacity].allSatisfy(\.isFinite) }
        switch self {
        case .solid(let c): guard ok(c) else { throw .nonFinite(what: "the paint colour") }
        case .linearGradient(_, _, let stops), .radialGradient(_, _, let stops), .ellipticalGradient(_, _, _, let stops),
            .angularGradient(_, _, _, let stops):
            guard !stops.isEmpty, stops.allSatisfy({ $0.location.isFinite && ok($0.color) }),
                zip(stops, stops.dropFirst()).allSatisfy({ $0.location <= $1.location })
            else {
                throw .invalidArgument("gradient stops must be finite, non-empty and in increasing order")
            }
        }
    }

    // MARK: OKLab

    static func oklab(_ c: Color) -> SIMD3<Double> {
        let r = SRGBTransfer.toLinear(c.red), g = SRGBTransfer.toLinear(c.green), b = SRGBTransfer.toLinear(c.blue)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return SIMD3(
            0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    static func srgb(fromOKLab lab: SIMD3<Double>) -> SIMD3<Double> {
        let l = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z
        let m = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z
        let s = lab.x - 0.0894841775 * lab.y - 1.2914855480 * lab.z
        let l3 = l * l * l, m3 = m * m * m, s3 = s * s * s
        // The 8-bit encoding by table (exact to the byte; no pow per pixel): what the canvas
        // stores anyway.
        func encoded(_ v: Double) -> Double { Double(SRGB.encode8(Float(v))) / 255 }
        return SIMD3(
            encoded(4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3),
            encoded(-1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3),
            encoded(-0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3))
    }
}
