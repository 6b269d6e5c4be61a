import Foundation

/// A sampled, normalised Gaussian: `weights[k] ∝ exp(-k² / 2σ²)` for `k = 0…radius`
/// (symmetric; `weights[0] + 2·Σ weights[1...]` = 1).
struct GaussianKernel: Sendable {
    let sigma: Double
    let radius: Int
    let weights: [Float]

    init(sigma: Double, truncation: Double) {
        self.sigma = sigma
        let r = max(1, Int((truncation * sigma).rounded(.up)))
        radius = r
        // (k/σ)² rather than k²/(2σ²): for σ ≲ 1e-154, 2σ² underflows to 0 and the centre tap would be
        // 0/0 = NaN; this way the centre stays exp(0) = 1 and the others fall to exp(−∞) = 0.
        var w = (0...r).map { k in
            let z = Double(k) / sigma; return exp(-0.5 * z * z)
        }
        let total = w[0] + 2 * w[1...].reduce(0, +)
        w = w.map { $0 / total }
        weights = w.map(Float.init)
    }
}

/// Deriche's 4th-order recursive approximation of the Gaussian (R. Deriche, "Recursively
/// implementing the Gaussian and its derivatives", INRIA RR-1893, 1993), run as two parallel
/// complex first-order filters per direction. The parallel form keeps float32 stable for
/// large σ, where the direct 4th-order form loses precision (poles close to 1).
///
/// Impulse response h(n) = Σₖ Re(αₖ zₖ^|n|), zₖ = exp((−λₖ + iωₖ)/σ), normalised so Σ h = 1.
struct DericheFilter: Sendable {
    /// (a, b, ω, λ) per term: h(x) ∝ Σ (a cos(ωx/σ) + b sin(ωx/σ)) e^(−λx/σ).
    static let terms: [(Double, Double, Double, Double)] = [
        (1.680, 3.735, 0.6318, 1.783),
        (-0.6803, -0.2598, 1.997, 1.723),
    ]
    /// Slowest decay rate of the terms: the response falls as exp(−minLambda·n/σ).
    static let minLambda = 1.723

    let sigma: Double
    /// Normalised αₖ (real, imaginary), poles zₖ (real, imaginary).
    let alpha: [(Float, Float)]
    let pole: [(Float, Float)]
    /// αₖ/(1 − zₖ): causal steady state per unit input.
    let causalSteady: [(Float, Float)]
    /// zₖ/(1 − zₖ): anticausal steady state per unit input.
    let anticausalSteady: [(Float, Float)]

    init(sigma: Double) {
        self.sigma = sigma
        var a: [(Double, Double)] = [], z: [(Double, Double)] = []
        for (ak, bk, w, l) in DericheFilter.terms {
            let m = exp(-l / sigma)
            z.append((m * cos(w / sigma), m * sin(w / sigma)))
            a.append((ak, -bk))  // a cos + b sin = Re((a − ib) e^{iθ})
        }
        func mul(_ p: (Double, Double), _ q: (Double, Double)) -> (Double, Double) {
            (p.0 * q.0 - p.1 * q.1, p.0 * q.1 + p.1 * q.0)
        }
        func div(_ p: (Double, Double), _ q: (Double, Double)) -> (Double, Double) {
            let d = q.0 * q.0 + q.1 * q.1
            return ((p.0 * q.0 + p.1 * q.1) / d, (p.1 * q.0 - p.0 * q.1) / d)
        }
        // Σₙ h(n) over all integers = Σₖ Re(αₖ (1 + zₖ)/(1 − zₖ)).
        var total = 0.0
        for k in 0..<a.count {
            total += mul(a[k], div((1 + z[k].0, z[k].1), (1 - z[k].0, -z[k].1))).0
        }
        let an = a.map { ($0.0 / total, $0.1 / total) }
        alpha = an.map { (Float($0.0), Float($0.1)) }
        pole = z.map { (Float($0.0), Float($0.1)) }
        causalSteady = (0..<an.count).map { k in
            let v = div(an[k], (1 - z[k].0, -z[k].1)); return (Float(v.0), Float(v.1))
        }
        anticausalSteady = (0..<an.count).map { k in
            let v = div(z[k], (1 - z[k].0, -z[k].1)); return (Float(v.0), Float(v.1))
        }
    }

    /// Samples beyond the output a line must read so the truncated tail weighs < 4e-5.
    var reach: Int { Int((10.2 / DericheFilter.minLambda * sigma).rounded(.up)) + 2 }
}
