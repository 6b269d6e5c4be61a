/// How a Gaussian blur trades accuracy for speed.
public enum BlurQuality: String, Sendable, CaseIterable, Hashable {
    /// Float separable convolution truncated at 4σ with float intermediates: the reference.
    case exact
    /// ≥ 45 dB PSNR against an exact float64 Gaussian for σ in 0.5…200, with a cost per pixel
    /// that does not grow with σ for large σ (recursive filter, then downsampling). Default.
    case `default`
    /// Downsample–blur–upsample for interactive use (60/120 Hz): the PSNR it reaches is
    /// measured in the test suite and stated in the README.
    case realtime
}
