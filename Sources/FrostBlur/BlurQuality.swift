/// How a Gaussian blur trades accuracy for speed.
public enum BlurQuality: String, Sendable, CaseIterable, Hashable {
    /// Float separable convolution truncated at 4σ with float intermediates: the reference.
    case exact
    /// ≥ 45 dB PSNR against an exact float64 Gaussian for σ in 0.5…200 (≥ 57 dB from σ 2, where
    /// the binomial pyramid runs), with a cost per pixel that does not grow with σ. Default.
    case `default`
    /// For interactive use (60/120 Hz). On sRGB bytes it now runs `.default`'s schedule, which
    /// is faster than its old downsample–blur–upsample at every σ; in linear light it still
    /// downsamples by ⌊σ/3⌋. The PSNR it reaches is tested (≥ 53 dB) and stated in the README.
    case realtime
}
