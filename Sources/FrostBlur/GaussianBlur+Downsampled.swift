import FrostImage

extension GaussianBlur {
    /// Downsample factor for `sigma` along a side of `length` pixels: the small image keeps
    /// σ ≥ 3 px (`.realtime`) or σ ≥ 8 px (`.default`, for ≥ 45 dB) and at least 16 samples,
    /// so its edges stay faithful.
    static func downsampleFactor(_ sigma: Double, length: Int, quality: BlurQuality) -> Int {
        let keep = quality == .realtime ? 3.0 : 8.0
        return max(1, min(Int(sigma / keep), length / 16, 1024))
    }

    /// Whether `apply` takes the downsampled schedule: always for `.realtime`, and for
    /// `.default` once σ ≥ 16 on an axis (a factor of at least 2).
    var usesDownsampling: Bool {
        guard sigmaX > 0 || sigmaY > 0 else { return false }
        switch quality {
        case .realtime: return true
        case .default: return max(sigmaX, sigmaY) >= 16
        case .exact: return false
        }
    }

    /// σ left for the small image once area-averaging by `f` and bilinear upsampling have added
    /// their variances ((f²−1)/12 and f²/6), in small-image pixels.
    static func realtimeReducedSigma(_ sigma: Double, factor f: Int) -> Double {
        let ff = Double(f * f)
        return max(0, sigma * sigma - (ff - 1) / 12 - ff / 6).squareRoot() / Double(f)
    }

    /// The window the downsampled schedule reads for `rect` — the rect plus 3σ, extended through
    /// the edge mode (not clipped), so the small image carries the edge behaviour the
    /// full-resolution blur would see — and the factors along each axis.
    func downsampledWindow(around rect: PixelRect) -> (window: PixelRect, fx: Int, fy: Int) {
        let (rx, ry) = expansion
        let window = PixelRect(x: rect.x - rx, y: rect.y - ry, width: rect.width + 2 * rx, height: rect.height + 2 * ry)
        return (
            window, GaussianBlur.downsampleFactor(sigmaX, length: window.width, quality: quality),
            GaussianBlur.downsampleFactor(sigmaY, length: window.height, quality: quality)
        )
    }

    /// Downsampled schedule: area-average by (fx, fy), blur the small image with the reduced σ,
    /// bilinear-upsample into the region. Rows are summed in blocks first and the block's columns
    /// after, so the cost is the image's pixels plus the window's width per small row — σ far
    /// beyond a tiny image stays cheap.
    /// Runs only where the plan chose it: a factor above 1 on some axis (the factors come from
    /// ``downsampledWindow(around:)``, as the plan's do).
    func applyDownsampled(
        to image: Image, into out: inout Image, region rect: PixelRect, threads: Int,
        outputHoldsInput: Bool
    ) throws(ImageError) {
        let (window, fx, fy) = downsampledWindow(around: rect)
        // The upsample writes every pixel of `rect` (sRGB) or pastes a float result (linear).
        if !outputHoldsInput && (rect != image.bounds || encoding == .linear) { out.copyPixels(from: image) }

        let linear = encoding == .linear ? FloatImage(image, encoding: .linear).values : []
        var small = image.pixels.withUnsafeBufferPointer { px in
            linear.withUnsafeBufferPointer { lin in
                downsample(
                    lin.isEmpty ? .bytes(px.baseAddress!) : .floats(lin.baseAddress!), width: image.width,
                    height: image.height, window: window, fx: fx, fy: fy, threads: threads)
            }
        }
        blurSmall(&small, fx: fx, fy: fy, threads: threads)
        // Valid premultiplied values in, so every bilinear mix of them stays in range.
        if encoding == .sRGB {
            small.withUnsafeMutableValues { values in
                for i in stride(from: 0, to: values.count, by: 4) {
                    let a = min(max(values[i + 3], 0), 255)  // min/max: NaN becomes 0 or 255
                    values[i + 3] = a.isNaN ? 0 : a
                    for c in 0..<3 { let v = values[i + c]; values[i + c] = v >= 0 ? min(v, values[i + 3]) : 0 }
                }
            }
        }
        try upsample(small, into: &out, region: rect, window: window, fx: fx, fy: fy, threads: threads)
    }

    /// Block means of `window` through the edge mode (see ``Resample/blockMeans(_:width:height:window:edges:factorX:factorY:encoding:threads:)``).
    func downsample(
        _ source: Resample.Source, width W: Int, height H: Int, window: PixelRect, fx: Int, fy: Int,
        threads: Int
    ) -> FloatImage {
        Resample.blockMeans(
            source, width: W, height: H, window: window, edges: edges, factorX: fx, factorY: fy,
            encoding: encoding, threads: threads)
    }

    /// Blurs the downsampled image in place with the σ left after factors (fx, fy); beyond the
    /// window the small image continues as its edge, or as zero.
    func blurSmall(_ small: inout FloatImage, fx: Int, fy: Int, threads: Int) {
        var smallBlur = self
        smallBlur.quality = .default
        smallBlur.edges = edges == .transparent ? .transparent : .clamp
        smallBlur.sigmaX = GaussianBlur.realtimeReducedSigma(sigmaX, factor: fx)
        smallBlur.sigmaY = GaussianBlur.realtimeReducedSigma(sigmaY, factor: fy)
        let fxl = smallBlur.lineFilter(sigma: smallBlur.sigmaX), fyl = smallBlur.lineFilter(sigma: smallBlur.sigmaY)
        let (sw, sh) = (small.width, small.height)
        small.withUnsafeMutableValues { sm in
            let p = Plane(storage: .f32(sm.baseAddress!), width: sw, height: sh)
            SeparablePass(
                axis: .vertical, filter: fyl, edges: smallBlur.edges, imageLength: sh, srcOrigin: 0,
                outStart: 0, outEnd: sh, dstOrigin: 0, srcLine: 0, dstLine: 0, lineCount: sw,
                threads: threads
            ).run(src: p, dst: p)
            SeparablePass(
                axis: .horizontal, filter: fxl, edges: smallBlur.edges, imageLength: sw, srcOrigin: 0,
                outStart: 0, outEnd: sw, dstOrigin: 0, srcLine: 0, dstLine: 0, lineCount: sh,
                threads: threads
            ).run(src: p, dst: p)
        }
    }

    /// Bilinear upsampling of the blurred small image into `region` of `out`: sRGB goes straight
    /// to bytes, linear light is upsampled as floats and encoded once.
    private func upsample(
        _ small: FloatImage, into out: inout Image, region rect: PixelRect, window: PixelRect,
        fx: Int, fy: Int, threads: Int
    ) throws(ImageError) {
        if encoding == .linear {
            var result = try FloatImage(width: rect.width, height: rect.height, encoding: encoding)
            result.withUnsafeMutableValues { res in
                let r = SharedPointer(res.baseAddress!), n = 4 * rect.width
                Resample.bilinearRows(
                    small, region: rect, origin: (window.x, window.y), fx: fx, fy: fy,
                    threads: threads
                ) { y, row in
                    (r.base + y * n).update(from: row, count: n)
                }
            }
            out.paste(result.image(), atX: rect.x, y: rect.y)
            return
        }
        let width = out.width
        out.withUnsafeMutablePixels { o in
            let bytes = SharedPointer(o.baseAddress!)
            Resample.bilinearRows(
                small, region: rect, origin: (window.x, window.y), fx: fx, fy: fy,
                threads: threads
            ) { y, row in
                let rowOut = bytes.base + 4 * ((rect.y + y) * width + rect.x)
                var x = 0
                while x + 4 <= rect.width {
                    let packed = Plane.pack4InRange(UnsafeRawPointer(row + 4 * x).loadUnaligned(as: SIMD16<Float>.self))
                    UnsafeMutableRawPointer(rowOut + 4 * x).storeBytes(of: packed, as: SIMD4<UInt32>.self)
                    x += 4
                }
                while x < rect.width {
                    let v = UnsafeRawPointer(row + 4 * x).loadUnaligned(as: SIMD4<Float>.self)
                    UnsafeMutableRawPointer(rowOut + 4 * x).storeBytes(of: Plane.pack(v), as: UInt32.self)
                    x += 1
                }
            }
        }
    }

}
