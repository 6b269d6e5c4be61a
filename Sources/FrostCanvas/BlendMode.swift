/// How a source colour combines with the backdrop, with the formulas of the W3C Compositing and
/// Blending spec (Level 1 and 2), on premultiplied colour:
/// co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs), αo = αs + αb·(1 − αs),
/// where B is the separable blend function on straight colours.
public enum BlendMode: String, CaseIterable, Hashable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn
    /// W3C soft-light, hard-light, difference and exclusion (separable).
    case softLight, hardLight, difference, exclusion
    /// W3C non-separable modes, on the whole colour: hue, saturation and colour of the source
    /// with the backdrop's luminosity, or the source's luminosity on the backdrop.
    case hue, saturation, color, luminosity
    /// Porter–Duff: the source only where the backdrop is (source-atop), the source under the
    /// backdrop (destination-over), the backdrop cut out by the source (destination-out).
    case sourceAtop, destinationOver, destinationOut
    /// co = min(1, cs + cb), αo = min(1, αs + αb) (W3C plus-lighter).
    case plusLighter
    /// Apple's R = max(0, 1 − ((1 − D) + (1 − S))), generalised to premultiplied colour as
    /// co = max(0, αo − ((αb − cb) + (αs − cs))), αo = min(1, αs + αb) (derived; reduces to
    /// Apple's formula for opaque colours and leaves the backdrop alone under a clear source).
    case plusDarker

    /// The separable blend function B(Cb, Cs) on straight colours in 0…1.
    public func blend(backdrop cb: Double, source cs: Double) -> Double {
        switch self {
        case .normal, .plusLighter, .plusDarker, .hue, .saturation, .color, .luminosity, .sourceAtop, .destinationOver, .destinationOut:
            return cs
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return BlendMode.hardLight(source: cb, backdrop: cs)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge:
            if cb == 0 { return 0 }
            if cs >= 1 { return 1 }
            return min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            if cs <= 0 { return 0 }
            return 1 - min(1, (1 - cb) / cs)
        case .hardLight: return BlendMode.hardLight(source: cs, backdrop: cb)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        }
    }

    /// The W3C non-separable blend B(Cb, Cs) of straight colours (Compositing and Blending
    /// Level 1, §10.3: Lum, ClipColor, SetLum, Sat, SetSat).
    func nonSeparable(backdrop cb: SIMD3<Double>, source cs: SIMD3<Double>) -> SIMD3<Double> {
        func lum(_ c: SIMD3<Double>) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
        func clip(_ c: SIMD3<Double>) -> SIMD3<Double> {
            let l = lum(c), n = c.min(), x = c.max()
            var c = c
            if n < 0 { c = SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * l / (l - n) }
            if x > 1 { c = SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * (1 - l) / (x - l) }
            return c
        }
        func setLum(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> { clip(c + SIMD3(repeating: l - lum(c))) }
        func sat(_ c: SIMD3<Double>) -> Double { c.max() - c.min() }
        func setSat(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
            let order = (0..<3).sorted { c[$0] < c[$1] }
            let (lo, mid, hi) = (order[0], order[1], order[2])
            var out = SIMD3<Double>(repeating: 0)
            if c[hi] > c[lo] {
                out[mid] = (c[mid] - c[lo]) * s / (c[hi] - c[lo])
                out[hi] = s
            }
            return out
        }
        switch self {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return cs
        }
    }

    static func hardLight(source cs: Double, backdrop cb: Double) -> Double {
        cs <= 0.5 ? cb * 2 * cs : BlendMode.screen.blend(backdrop: cb, source: 2 * cs - 1)
    }

    /// Composites premultiplied `source` over premultiplied `backdrop` (RGBA, 0…1).
    public func composite(source s: SIMD4<Double>, backdrop b: SIMD4<Double>) -> SIMD4<Double> {
        let (as_, ab) = (s[3], b[3])
        switch self {
        case .plusLighter:
            return SIMD4(min(1, s[0] + b[0]), min(1, s[1] + b[1]), min(1, s[2] + b[2]), min(1, as_ + ab))
        case .sourceAtop:
            let c = s * ab + b * (1 - as_)
            return SIMD4(c[0], c[1], c[2], ab)
        case .destinationOver:
            return s * (1 - ab) + b
        case .destinationOut:
            return b * (1 - as_)
        case .hue, .saturation, .color, .luminosity:
            let ao = as_ + ab * (1 - as_)
            let cs = as_ > 0 ? SIMD3(s[0], s[1], s[2]) / as_ : .zero, cb = ab > 0 ? SIMD3(b[0], b[1], b[2]) / ab : .zero
            let mixed = nonSeparable(backdrop: cb, source: cs)
            var o = SIMD4<Double>(0, 0, 0, ao)
            for i in 0..<3 { o[i] = s[i] * (1 - ab) + b[i] * (1 - as_) + as_ * ab * mixed[i] }
            return o
        case .plusDarker:
            let ao = min(1, as_ + ab)
            var o = SIMD4<Double>(0, 0, 0, ao)
            for i in 0..<3 { o[i] = max(0, ao - ((ab - b[i]) + (as_ - s[i]))) }
            return o
        default:
            let ao = as_ + ab * (1 - as_)
            var o = SIMD4<Double>(0, 0, 0, ao)
            for i in 0..<3 {
                let cs = as_ > 0 ? s[i] / as_ : 0, cb = ab > 0 ? b[i] / ab : 0
                o[i] = s[i] * (1 - ab) + b[i] * (1 - as_) + as_ * ab * blend(backdrop: cb, source: cs)
            }
            return o
        }
    }
}
