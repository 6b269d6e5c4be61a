import FrostImage

/// *How* a ``GaussianBlur`` runs on an image of a given size: made once per request by
/// ``GaussianBlur/plan(width:height:region:)`` and followed by `apply`, so what is printed (`frost bench
/// --explain`) and tested is what runs. The blur value is the *what*; the plan is the schedule.
public struct BlurPlan: Hashable, Sendable, CustomStringConvertible {
    /// The filter along one axis.
    public enum AxisFilter: Hashable, Sendable, CustomStringConvertible {
        /// σ = 0 (or negligible): the axis is left alone.
        case identity
        /// A separable FIR with `radius` taps each side (float weights).
        case fir(radius: Int)
        /// Deriche's 4th-order recursive filter: constant cost per pixel.
        case recursive

        public var description: String {
            switch self {
            case .identity: return "identity"
            case .fir(let r): return "FIR r=\(r)"
            case .recursive: return "recursive (Deriche)"
            }
        }
    }

    public enum Schedule: Hashable, Sendable {
        /// Nothing to blur: the output is the input.
        case identity
        /// 16-bit fixed-point FIR with Q8 weights, both passes fused per output row.
        case fixedPointFIR(radiusX: Int, radiusY: Int)
        /// Separable passes at full resolution: vertical, then horizontal, with an 8-bit
        /// (`.default`) or float (`.exact`, linear light) intermediate.
        case separable(horizontal: AxisFilter, vertical: AxisFilter, floatIntermediate: Bool)
        /// Binomial pyramid: halve `levelsX`×`levelsY` times, blur the smallest level with the
        /// fixed-point FIR at the σ left, expand back (`BinomialPyramid`).
        case pyramid(levelsX: Int, levelsY: Int, smallSigmaX: Double, smallSigmaY: Double)
        /// Area-average by (factorX, factorY), blur the small image with the σ left, upsample
        /// bilinearly.
        case downsampled(factorX: Int, factorY: Int, smallSigmaX: Double, smallSigmaY: Double)
    }

    public let blur: GaussianBlur
    /// The image's size in pixels (before any `.expanded` growth).
    public let width: Int, height: Int
    /// The rectangle the schedule blurs, in the pixels it runs on (for `.expanded` extent, the
    /// whole padded image).
    public let region: PixelRect
    public let schedule: Schedule

    /// Multiply-adds per channel the schedule's separable FIR passes take (0 for the other
    /// schedules, whose cost per pixel does not grow with σ): what ``GaussianBlur/exactWorkLimit``
    /// bounds.
    public var firWork: Double {
        guard case let .separable(h, v, _) = schedule else { return 0 }
        func taps(_ f: AxisFilter) -> Double {
            switch f {
            case .identity: return 0
            case .fir(let r): return Double(2 * r + 1)
            case .recursive: return 8
            }
        }
        // The vertical pass runs over the columns the horizontal pass reads (at most the width).
        return Double(region.width) * Double(region.height) * (taps(h) + taps(v))
    }

    public var description: String {
        var what = "gaussian σ \(blur.sigmaX.shortText)×\(blur.sigmaY.shortText) \(blur.quality) \(blur.edges) \(blur.encoding) on \(width)x\(height)"
        if blur.extent == .expanded {
            what += " expanded to \(region.width)x\(region.height) (transparent edges)"
        } else if region != PixelRect(x: 0, y: 0, width: width, height: height) {
            what += " region \(region.x),\(region.y),\(region.width),\(region.height)"
        }
        switch schedule {
        case .identity: return "\(what): identity (copy)"
        case let .fixedPointFIR(rx, ry): return "\(what): fixed-point FIR (Q8), r=\(rx)×\(ry), passes fused per row"
        case let .separable(h, v, f):
            return "\(what): separable, vertical \(v) then horizontal \(h), \(f ? "float" : "8-bit") intermediate"
        case let .pyramid(kx, ky, sx, sy):
            return
                "\(what): binomial pyramid, \(kx)×\(ky) halvings, small-level fixed-point FIR σ \(sx.shortText)×\(sy.shortText), 8-bit halving levels, 16-bit expansion"
        case let .downsampled(fx, fy, sx, sy):
            return "\(what): area-downsample ÷\(fx)×\(fy), blur σ \(sx.shortText)×\(sy.shortText) in float, bilinear upsample"
        }
    }
}

extension GaussianBlur {
    /// The schedule `apply` follows for an image of `width × height`, blurring `region` (nil:
    /// the whole image) — the one planner: `apply` switches on what it returns, so the plan of a
    /// region is the plan of that rectangle, never the whole image's. Negligible σ count as 0.
    /// With `.expanded` extent the plan is that of the padded image (transparent edges, the
    /// size grown by ``expansion``), which is what runs.
    /// - Parameters:
    ///   - width: image width in pixels (≥ 1 for a meaningful plan).
    ///   - height: image height in pixels.
    ///   - region: the rectangle blurred, in pixels; clipped to the image for planning (`apply`
    ///     rejects a region outside the image before it plans).
    public func plan(width: Int, height: Int, region: PixelRect? = nil) -> BlurPlan {
        if extent == .expanded {
            var same = self
            same.extent = .same
            same.edges = .transparent
            let (ex, ey) = expansion
            let padded = same.plan(width: width + 2 * ex, height: height + 2 * ey)
            return BlurPlan(blur: self, width: width, height: height, region: padded.region, schedule: padded.schedule)
        }
        let blur = withNegligibleSigmaRemoved ?? self
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        let rect = region?.clipped(to: whole) ?? whole
        func make(_ s: BlurPlan.Schedule) -> BlurPlan {
            BlurPlan(blur: self, width: width, height: height, region: rect, schedule: s)
        }
        if blur.sigmaX == 0 && blur.sigmaY == 0 || rect.isEmpty { return make(.identity) }
        if let p = blur.pyramid(for: rect, width: width, height: height) {
            return make(
                .pyramid(
                    levelsX: p.levelsX, levelsY: p.levelsY, smallSigmaX: p.smallSigmaX,
                    smallSigmaY: p.smallSigmaY))
        }
        if blur.usesDownsampling {
            let (_, fx, fy) = blur.downsampledWindow(around: rect)
            if fx > 1 || fy > 1 {
                return make(
                    .downsampled(
                        factorX: fx, factorY: fy,
                        smallSigmaX: GaussianBlur.realtimeReducedSigma(blur.sigmaX, factor: fx),
                        smallSigmaY: GaussianBlur.realtimeReducedSigma(blur.sigmaY, factor: fy)))
            }
            // Too small to shrink: the full-resolution default schedule runs.
            var direct = blur
            direct.quality = .default
            return make(direct.directSchedule)
        }
        return make(blur.directSchedule)
    }

    /// The smallest σ (in small-level pixels) the pyramid leaves for its last level's FIR: more
    /// halvings leave less and cost less. At 0.7 `.default` keeps ≥ 57 dB on the sample photo at
    /// every σ and edge mode (measured: 57.2–59.9 dB, the tests' bar 57);
    /// `.realtime` takes the same schedule, which is faster than its old area downsampling at
    /// every σ (the README's sweep), so the two qualities now give the same bytes on sRGB.
    static func pyramidMinSmallSigma(_ quality: BlurQuality) -> Double? {
        switch quality {
        case .default: return 0.7
        case .realtime: return 0.7
        case .exact: return nil
        }
    }

    /// The same floor for a second halving and deeper: 0.6. Measured on the test photo, with
    /// and without alpha, every edge mode, where the small σ lands in 0.6…0.7 (σ 3.97–4.2 on
    /// two halvings, 8.2–8.4 on three): 57.6–59.3 dB, clamp ≥ 58.8 — so σ 4 takes two halvings
    /// and costs what σ 5 does instead of 1.33× σ 2 (its one-halving FIR had 15 taps). A first
    /// halving keeps 0.7: at 0.6 (σ 1.86) transparent edges fell to 56.7 dB.
    static let pyramidDeeperMinSmallSigma = 0.6

    /// The pyramid's halvings and small σ (small-level pixels) along an axis of σ `sigma`
    /// pixels at `quality`; nil for a quality that runs no pyramid.
    static func pyramidLevels(sigma: Double, quality: BlurQuality) -> (levels: Int, smallSigma: Double)? {
        guard let minSmall = pyramidMinSmallSigma(quality) else { return nil }
        return BinomialPyramid.levels(
            sigma: sigma, minSmallSigma: minSmall,
            deeperMinSmallSigma: min(minSmall, pyramidDeeperMinSmallSigma))
    }

    /// The binomial pyramid for `rect` of a `width × height` image when it applies: sRGB
    /// values, `.default` or `.realtime`, at least one halving, and a window (the region plus
    /// the blur's reach through the edge mode) no more than 4× the region (plus 1 Mpx) — σ far
    /// beyond the image takes the area-downsampled schedule, whose cost does not grow with the
    /// window.
    func pyramid(for rect: PixelRect, width: Int, height: Int) -> BinomialPyramid? {
        guard encoding == .sRGB, let (kx, sx) = GaussianBlur.pyramidLevels(sigma: sigmaX, quality: quality),
            let (ky, sy) = GaussianBlur.pyramidLevels(sigma: sigmaY, quality: quality), kx + ky > 0
        else { return nil }
        let p = BinomialPyramid(
            sigmaX: sigmaX, sigmaY: sigmaY, levelsX: kx, levelsY: ky, smallSigmaX: sx,
            smallSigmaY: sy, edges: edges)
        let win = p.window(for: rect, width: width, height: height)
        guard win.width * win.height <= 4 * rect.width * rect.height + (1 << 20) else { return nil }
        return p
    }

    /// The full-resolution schedule: the fixed-point FIR where it applies, else separable passes.
    var directSchedule: BlurPlan.Schedule {
        if sigmaX == 0 && sigmaY == 0 { return .identity }
        if let fixed = fixedPointPlan() { return .fixedPointFIR(radiusX: fixed.tx.radius, radiusY: fixed.ty.radius) }
        func axis(_ f: LineFilter) -> BlurPlan.AxisFilter {
            switch f {
            case .identity: return .identity
            case .fir(let k): return .fir(radius: k.radius)
            case .iir: return .recursive
            }
        }
        return .separable(
            horizontal: axis(lineFilter(sigma: sigmaX)), vertical: axis(lineFilter(sigma: sigmaY)),
            floatIntermediate: quality == .exact || encoding == .linear)
    }
}
