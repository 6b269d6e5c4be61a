import Foundation

extension Image {
    /// Peak signal-to-noise ratio (dB) of this image against `reference`, over all four
    /// channels of every pixel (peak 255): 10 · log10(255² / mean squared error); +∞ when the
    /// bytes are equal. What Frost's quality bars (≥ 45 dB, ≥ 38 dB) are stated in.
    /// - Throws: `ImageError.sizeMismatch` when the sizes differ.
    public func psnr(against reference: Image) throws(ImageError) -> Double {
        guard width == reference.width, height == reference.height else {
            throw .sizeMismatch(what: "the image", actual: "\(width)x\(height)", expected: "\(reference.width)x\(reference.height) (the reference)")
        }
        // Integer sums per block of 4096 bytes (exact), accumulated in a Double.
        var se = 0.0
        pixels.withUnsafeBufferPointer { a in
            reference.pixels.withUnsafeBufferPointer { b in
                for start in stride(from: 0, to: a.count, by: 4096) {
                    var block = 0
                    for k in start..<min(a.count, start + 4096) { let d = Int(a[k]) - Int(b[k]); block += d * d }
                    se += Double(block)
                }
            }
        }
        return se == 0 ? .infinity : 10 * log10(255 * 255 * Double(pixels.count) / se)
    }
}
