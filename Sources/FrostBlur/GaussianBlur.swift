import FrostImage

/// A Gaussian blur: the description of *what* to do. ``apply(to:region:threads:)`` decides *how*.
///
/// σ is the Gaussian's standard deviation **in pixels**, the parameter of CoreImage's
/// `CIGaussianBlur.inputRadius`, SwiftUI's `blur(radius:)`, CSS `blur()`, OpenCV's `sigmaX`,
/// Pillow and libvips. For a UI value in points, multiply by the display scale first.
///
/// By default Frost blurs the sRGB-encoded values, which is what Apple's UI blur does; set
/// ``encoding`` to `.linear` for physically correct light mixing (brighter, wider highlights).
/// Alpha is premultiplied throughout, so a shape on transparency fades without dark fringes.
///
/// How each quality is computed (the plan, ``plan(width:height:region:)``):
/// - `.exact`: a float FIR truncated at 4σ, float intermediates.
/// - `.default` and `.realtime` (sRGB bytes; they run the same schedule):
///   - σ ≲ 1.7: a 16-bit fixed-point FIR fused per output row (`FixedPointFIR`).
///   - above: a binomial pyramid (`BinomialPyramid`): halve k times with [1 4 6 4 1]/16, blur
///     the smallest level with the fixed-point FIR (σ ≥ 0.7 left there), expand back. Its cost
///     does not grow with σ; ≥ 57 dB against float64 at every σ and edge mode (tested).
///   - σ so large that the pyramid's window would dwarf the image, and linear light: the
///     area-downsampled schedule (factor ⌊σ/8⌋, float blur of the small image, bilinear
///     upsample; `.realtime` ⌊σ/3⌋) or, below it, a float FIR then Deriche's recursive filter.
/// AVX2 kernels run where the CPU has them (chosen at run time); other CPUs run portable code
/// that gives the same bytes.
public struct GaussianBlur: Sendable, Hashable {
    /// Horizontal σ in pixels, 0…``maxSigma``; 0 leaves rows unblurred.
    public var sigmaX: Double
    /// Vertical σ in pixels, 0…``maxSigma``; 0 leaves columns unblurred.
    public var sigmaY: Double
    public var edges: EdgeMode
    public var quality: BlurQuality
    public var extent: BlurExtent
    /// The values the blur averages: sRGB-encoded (Apple's behaviour, default) or linear light.
    public var encoding: ColorEncoding

    /// The largest σ accepted, in pixels. Larger values blur any image Frost can hold to
    /// (nearly) its mean, so they are taken as a mistake.
    public static let maxSigma = 4096.0
    /// The most FIR taps per side the default quality uses before switching to the recursive filter.
    public static let firMaxRadius = 8

    public init(
        sigma: Double, edges: EdgeMode = .clamp, quality: BlurQuality = .default,
        extent: BlurExtent = .same, encoding: ColorEncoding = .sRGB
    ) {
        self.init(sigmaX: sigma, sigmaY: sigma, edges: edges, quality: quality, extent: extent, encoding: encoding)
    }

    public init(
        sigmaX: Double, sigmaY: Double, edges: EdgeMode = .clamp, quality: BlurQuality = .default,
        extent: BlurExtent = .same, encoding: ColorEncoding = .sRGB
    ) {
        self.sigmaX = sigmaX
        self.sigmaY = sigmaY
        self.edges = edges
        self.quality = quality
        self.extent = extent
        self.encoding = encoding
    }

    /// σ below this (in pixels) blurs nothing: the nearest neighbour's weight exp(−1/(2σ²)) is
    /// below 1e-21, far under half an 8-bit level (or a float's precision). Such σ run as 0, so
    /// `σ = 1e-170` is exactly the identity (and `σx = 1e-9, σy = 2` exactly `σx = 0, σy = 2`).
    public static let negligibleSigma = 0.1

    /// This blur with negligible σ set to 0, or nil when there are none.
    var withNegligibleSigmaRemoved: GaussianBlur? {
        let small = { (s: Double) in s > 0 && s < GaussianBlur.negligibleSigma }
        guard small(sigmaX) || small(sigmaY) else { return nil }
        var b = self
        if small(sigmaX) { b.sigmaX = 0 }
        if small(sigmaY) { b.sigmaY = 0 }
        return b
    }

    /// Throws unless both σ are finite and within 0…``maxSigma``.
    public func validate() throws(ImageError) {
        for (name, s) in [("sigma", sigmaX), ("sigma-y", sigmaY)] {
            guard s.isFinite else { throw .parameterOutOfRange(name: name, value: "\(s)", expected: "a finite number") }
            guard s >= 0 else { throw .parameterOutOfRange(name: name, value: "\(s)", expected: "non-negative") }
            guard s <= GaussianBlur.maxSigma else {
                throw .invalidArgument("\(name) \(s) is absurd: the limit is \(Int(GaussianBlur.maxSigma)) px")
            }
        }
    }

    /// Pixels the output grows by on each side with `.expanded` extent: ⌈3σ⌉ per axis.
    /// Negligible σ (below ``negligibleSigma``) expand by nothing, as σ = 0 does.
    public var expansion: (x: Int, y: Int) {
        let b = withNegligibleSigmaRemoved ?? self
        return (Int((3 * b.sigmaX).rounded(.up)), Int((3 * b.sigmaY).rounded(.up)))
    }

    /// The 1-D filter used along an axis with blur `sigma`.
    func lineFilter(sigma: Double) -> LineFilter {
        if sigma == 0 { return .identity }
        switch quality {
        case .exact:
            return .fir(GaussianKernel(sigma: sigma, truncation: 4))
        case .default, .realtime:
            let k = GaussianKernel(sigma: sigma, truncation: 3.5)
            return k.radius <= GaussianBlur.firMaxRadius ? .fir(k) : .iir(DericheFilter(sigma: sigma))
        }
    }
}
