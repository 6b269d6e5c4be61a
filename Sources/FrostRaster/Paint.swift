import Foundation
import FrostImage

/// How a filled path is coloured. Colours are sRGB-encoded components with straight opacity,
/// 0…1; gradients interpolate premultiplied (as CSS does), so a fade to transparent keeps its hue.
public enum Paint: Sendable {
    public typealias Stop = (location: Double, color: SIMD4<Double>)

    case solid(SIMD4<Double>)
    /// Along the line `from` → `to` (pixels); beyond the ends the end colours continue.
    case linearGradient(from: Vec2, to: Vec2, stops: [Stop])
    /// Around `center` out to `radius` pixels.
    case radialGradient(center: Vec2, radius: Double, stops: [Stop])

    /// Premultiplied colour (0…1) at pixel centre (x, y).
    func colour(atX x: Double, y: Double) -> SIMD4<Double> {
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

    static func premultiplied(_ c: SIMD4<Double>) -> SIMD4<Double> {
        let a = min(max(c[3], 0), 1)
        return SIMD4(min(max(c[0], 0), 1) * a, min(max(c[1], 0), 1) * a, min(max(c[2], 0), 1) * a, a)
    }

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
    func validate() throws(ImageError) {
        func ok(_ c: SIMD4<Double>) -> Bool { (0..<4).allSatisfy { c[$0].isFinite } }
        switch self {
        case .solid(let c): guard ok(c) else { throw .invalidArgument("the paint colour is not finite") }
        case .linearGradient(_, _, let stops), .radialGradient(_, _, let stops):
            guard !stops.isEmpty, stops.allSatisfy({ $0.location.isFinite && ok($0.color) }),
                  zip(stops, stops.dropFirst()).allSatisfy({ $0.location <= $1.location }) else {
                throw .invalidArgument("gradient stops must be finite, non-empty and in increasing order")
            }
        }
    }
}

extension Image {
    /// Fills `path` with `paint` (source-over, anti-aliased coverage).
    public mutating func fill(_ path: Path, with paint: Paint, rule: FillRule = .nonZero) throws(ImageError) {
        try paint.validate()
        let cov = try Rasterizer.coverage(of: path, width: width, height: height, rule: rule)
        for y in 0..<height {
            for x in 0..<width {
                let k = Double(cov[y * width + x])
                if k == 0 { continue }
                let c = paint.colour(atX: Double(x) + 0.5, y: Double(y) + 0.5) * k * 255
                let i = 4 * (y * width + x)
                let inv = 1 - c[3] / 255
                for ch in 0..<4 { pixels[i + ch] = UInt8(min(255, (c[ch] + Double(pixels[i + ch]) * inv).rounded())) }
            }
        }
    }

    /// Strokes `path` with `width` pixels of `paint` (round joins and caps).
    public mutating func stroke(_ path: Path, width: Double, with paint: Paint) throws(ImageError) {
        guard width.isFinite, width > 0, width < 1e5 else { throw .invalidArgument("stroke width must be a positive number of pixels, got \(width)") }
        try fill(path.stroked(width: width), with: paint, rule: .nonZero)
    }
}
