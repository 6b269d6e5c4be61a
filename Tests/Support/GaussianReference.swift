import Foundation
import FrostBlur
import FrostImage

/// Float64 reference Gaussian: each axis is the matrix of a sampled, normalised kernel
/// truncated at 6σ, folded through the edge mode. Independent of the engine's code paths.
public enum Reference {
    public static func matrix(n: Int, sigma: Double, edges: EdgeMode) -> [[Double]] {
        var m = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        if sigma == 0 {
            for i in 0..<n { m[i][i] = 1 }
            return m
        }
        let r = Int((6 * sigma).rounded(.up))
        var w = (0...r).map { k in
            let z = Double(k) / sigma; return exp(-0.5 * z * z)
        }
        let total = w[0] + 2 * w[1...].reduce(0, +)
        w = w.map { $0 / total }
        for i in 0..<n {
            for k in -r...r {
                let j = i + k
                let src: Int?
                if j >= 0 && j < n {
                    src = j
                } else {
                    switch edges {
                    case .clamp: src = j < 0 ? 0 : n - 1
                    case .transparent: src = nil
                    case .wrap: src = ((j % n) + n) % n
                    case .mirror:
                        var q = j % (2 * n); if q < 0 { q += 2 * n }
                        src = q < n ? q : 2 * n - 1 - q
                    }
                }
                if let src { m[i][src] += w[abs(k)] }
            }
        }
        return m
    }

    /// Blurs premultiplied values (0…255 floats, 4 channels) exactly.
    public static func blur(_ image: Image, sigmaX: Double, sigmaY: Double, edges: EdgeMode) -> [Double] {
        let w = image.width, h = image.height
        let mx = matrix(n: w, sigma: sigmaX, edges: edges), my = matrix(n: h, sigma: sigmaY, edges: edges)
        let src = image.pixels.map(Double.init)
        var tmp = [Double](repeating: 0, count: src.count)
        for y in 0..<h {
            for j in 0..<h where my[y][j] != 0 {
                let wgt = my[y][j]
                for i in 0..<(4 * w) { tmp[4 * w * y + i] += wgt * src[4 * w * j + i] }
            }
        }
        var out = [Double](repeating: 0, count: src.count)
        for y in 0..<h {
            for x in 0..<w {
                for j in 0..<w where mx[x][j] != 0 {
                    let wgt = mx[x][j]
                    for c in 0..<4 { out[4 * (w * y + x) + c] += wgt * tmp[4 * (w * y + j) + c] }
                }
            }
        }
        return out
    }

    /// PSNR in dB of 8-bit values against float references (peak 255).
    public static func psnr(_ a: [UInt8], _ ref: [Double]) -> Double {
        guard a.count == ref.count, !a.isEmpty else { return -.infinity }
        var se = 0.0
        for i in 0..<a.count { let d = Double(a[i]) - ref[i]; se += d * d }
        let mse = se / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}

/// Peak signal-to-noise ratios in dB (peak 255 for bytes, 1 for unit floats); +∞ when equal.
public enum PSNR {
    /// Two 8-bit buffers of one length.
    public static func of(_ a: [UInt8], _ b: [UInt8]) -> Double {
        // Buffers of different lengths are as unlike as can be: −∞ dB fails the test's bound
        // instead of crashing the test process.
        guard a.count == b.count else { return -.infinity }
        var se = 0.0
        for i in 0..<a.count { let d = Double(a[i]) - Double(b[i]); se += d * d }
        return db(se / Double(max(1, a.count)), peak: 255)
    }

    /// 8-bit values against float64 references on the 0…255 scale.
    public static func of(_ a: [UInt8], reference: [Double]) -> Double { Reference.psnr(a, reference) }

    /// Unit-range floats (scaled by 255) against float64 references on the 0…255 scale.
    public static func of(_ a: [Float], reference: [Double]) -> Double {
        guard a.count == reference.count else { return -.infinity }
        var se = 0.0
        for i in 0..<a.count { let d = Double(a[i]) * 255 - reference[i]; se += d * d }
        return db(se / Double(max(1, a.count)), peak: 255)
    }

    static func db(_ mse: Double, peak: Double) -> Double { mse == 0 ? .infinity : 10 * log10(peak * peak / mse) }
}
