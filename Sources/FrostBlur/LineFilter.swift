/// A one-dimensional filter along one axis, as the planner chose it.
enum LineFilter: Sendable {
    /// σ = 0 on this axis: nothing to do.
    case identity
    /// Symmetric FIR: `out[n] = w₀x[n] + Σⱼ wⱼ(x[n−j] + x[n+j])`.
    case fir(GaussianKernel)
    /// Recursive Deriche filter: constant cost per sample whatever σ.
    case iir(DericheFilter)

    /// Samples read beyond the output range on each side.
    var reach: Int {
        switch self {
        case .identity: return 0
        case .fir(let k): return k.radius
        case .iir(let d): return d.reach
        }
    }
}

/// The hot loops. Lines are stored interleaved in scratch memory: sample `s` of every line sits
/// in `lanes` consecutive floats (`lanes` is a multiple of 8), so each step works on SIMD8
/// vectors spanning 2 pixels × 4 channels of different lines, and independent lines hide the
/// latency of the recursive filter.
enum LineKernels {
    typealias V8 = SIMD8<Float>

    @inline(__always)
    static func load(_ p: UnsafePointer<Float>, _ i: Int) -> V8 {
        UnsafeRawPointer(p + i).loadUnaligned(as: V8.self)
    }

    @inline(__always)
    static func store(_ v: V8, _ p: UnsafeMutablePointer<Float>, _ i: Int) {
        UnsafeMutableRawPointer(p + i).storeBytes(of: v, as: V8.self)
    }

    /// FIR over samples `[outStart, outStart + outCount)` of `src`; `src` holds `radius`
    /// extra samples before and after that range. Writes `outCount` samples into `dst`.
    static func fir(
        _ k: GaussianKernel, src: UnsafePointer<Float>, dst: UnsafeMutablePointer<Float>,
        outStart: Int, outCount: Int, lanes: Int
    ) {
        let r = k.radius
        k.weights.withUnsafeBufferPointer { w in
            let w0 = w[0]
            for n in 0..<outCount {
                let center = (outStart + n) * lanes
                var c = 0
                while c < lanes {
                    var acc = load(src, center + c) * w0
                    var j = 1
                    while j <= r {
                        let off = j * lanes
                        acc += (load(src, center + c - off) + load(src, center + c + off)) * w[j]
                        j += 1
                    }
                    store(acc, dst, n * lanes + c)
                    c += 8
                }
            }
        }
    }

    /// Deriche filter over a window of `count` samples; writes samples
    /// `[outStart, outStart + outCount)` of the window into `dst` (index 0 = outStart).
    /// Before and after the window the line continues as its first/last sample, or as 0 where
    /// `zeroStart`/`zeroEnd` say so (transparent edges).
    static func iir(
        _ d: DericheFilter, src: UnsafePointer<Float>, dst: UnsafeMutablePointer<Float>,
        count: Int, outStart: Int, outCount: Int, lanes: Int, zeroStart: Bool, zeroEnd: Bool
    ) {
        let (a0r, a0i) = d.alpha[0], (a1r, a1i) = d.alpha[1]
        let (z0r, z0i) = d.pole[0], (z1r, z1i) = d.pole[1]
        let outEnd = outStart + outCount
        var c = 0
        while c < lanes {
            // Causal: yₖ[n] = αₖ x[n] + zₖ yₖ[n−1], started at its steady state.
            let first = zeroStart ? V8(repeating: 0) : load(src, c)
            var y0r = first * d.causalSteady[0].0, y0i = first * d.causalSteady[0].1
            var y1r = first * d.causalSteady[1].0, y1i = first * d.causalSteady[1].1
            var n = 0
            while n < outEnd {
                let x = load(src, n * lanes + c)
                let t0r = x * a0r + y0r * z0r - y0i * z0i
                let t0i = x * a0i + y0i * z0r + y0r * z0i
                let t1r = x * a1r + y1r * z1r - y1i * z1i
                let t1i = x * a1i + y1i * z1r + y1r * z1i
                y0r = t0r; y0i = t0i; y1r = t1r; y1i = t1i
                if n >= outStart { store(y0r + y1r, dst, (n - outStart) * lanes + c) }
                n += 1
            }
            // Anticausal: uₖ[n] = Σ_{m≥1} zₖ^m x[n+m] = zₖ (x[n+1] + uₖ[n+1]); adds Re(αₖ uₖ[n]).
            let last = zeroEnd ? V8(repeating: 0) : load(src, (count - 1) * lanes + c)
            var u0r = last * d.anticausalSteady[0].0, u0i = last * d.anticausalSteady[0].1
            var u1r = last * d.anticausalSteady[1].0, u1i = last * d.anticausalSteady[1].1
            n = count - 1
            while n >= outStart {
                if n < outEnd {
                    let i = (n - outStart) * lanes + c
                    store(load(dst, i) + (u0r * a0r - u0i * a0i) + (u1r * a1r - u1i * a1i), dst, i)
                }
                let x = load(src, n * lanes + c)
                let s0r = x + u0r, s1r = x + u1r
                let t0r = s0r * z0r - u0i * z0i
                let t0i = u0i * z0r + s0r * z0i
                let t1r = s1r * z1r - u1i * z1i
                let t1i = u1i * z1r + s1r * z1i
                u0r = t0r; u0i = t0i; u1r = t1r; u1i = t1i
                n -= 1
            }
            c += 8
        }
    }

    /// The same Deriche filter with the sample loop outermost and the filter state kept in
    /// `state` (16 floats per 4 lanes … 4 per lane), for wide line groups (image rows): every
    /// access streams through memory in address order, which the hardware prefetcher follows.
    static func iirWide(
        _ d: DericheFilter, src: UnsafePointer<Float>, dst: UnsafeMutablePointer<Float>,
        count: Int, outStart: Int, outCount: Int, lanes: Int, zeroStart: Bool, zeroEnd: Bool,
        state: UnsafeMutablePointer<Float>
    ) {
        let (a0r, a0i) = d.alpha[0], (a1r, a1i) = d.alpha[1]
        let (z0r, z0i) = d.pole[0], (z1r, z1i) = d.pole[1]
        let outEnd = outStart + outCount
        let chunks = lanes / 8
        // state layout per chunk: y0r, y0i, y1r, y1i (4 × 8 floats).
        for c in 0..<chunks {
            let first = zeroStart ? V8(repeating: 0) : load(src, 8 * c)
            let s = state + 32 * c
            store(first * d.causalSteady[0].0, s, 0); store(first * d.causalSteady[0].1, s, 8)
            store(first * d.causalSteady[1].0, s, 16); store(first * d.causalSteady[1].1, s, 24)
        }
        for n in 0..<outEnd {
            let row = src + n * lanes
            let writes = n >= outStart
            let out = dst + (n - outStart) * lanes
            for c in 0..<chunks {
                let s = state + 32 * c
                let x = load(row, 8 * c)
                let y0r = load(s, 0), y0i = load(s, 8), y1r = load(s, 16), y1i = load(s, 24)
                let t0r = x * a0r + y0r * z0r - y0i * z0i
                let t0i = x * a0i + y0i * z0r + y0r * z0i
                let t1r = x * a1r + y1r * z1r - y1i * z1i
                let t1i = x * a1i + y1i * z1r + y1r * z1i
                store(t0r, s, 0); store(t0i, s, 8); store(t1r, s, 16); store(t1i, s, 24)
                if writes { store(t0r + t1r, out, 8 * c) }
            }
        }
        for c in 0..<chunks {
            let last = zeroEnd ? V8(repeating: 0) : load(src, (count - 1) * lanes + 8 * c)
            let s = state + 32 * c
            store(last * d.anticausalSteady[0].0, s, 0); store(last * d.anticausalSteady[0].1, s, 8)
            store(last * d.anticausalSteady[1].0, s, 16); store(last * d.anticausalSteady[1].1, s, 24)
        }
        var n = count - 1
        while n >= outStart {
            let row = src + n * lanes
            let writes = n < outEnd
            let out = dst + (n - outStart) * lanes
            for c in 0..<chunks {
                let s = state + 32 * c
                let u0r = load(s, 0), u0i = load(s, 8), u1r = load(s, 16), u1i = load(s, 24)
                if writes {
                    store(load(out, 8 * c) + (u0r * a0r - u0i * a0i) + (u1r * a1r - u1i * a1i), out, 8 * c)
                }
                let x = load(row, 8 * c)
                let s0r = x + u0r, s1r = x + u1r
                store(s0r * z0r - u0i * z0i, s, 0); store(u0i * z0r + s0r * z0i, s, 8)
                store(s1r * z1r - u1i * z1i, s, 16); store(u1i * z1r + s1r * z1i, s, 24)
            }
            n -= 1
        }
    }
}
