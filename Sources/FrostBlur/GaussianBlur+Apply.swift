import Foundation
import FrostImage

extension GaussianBlur {
    /// Blurs `image` (or only `region` of it) and returns the result.
    ///
    /// - Parameters:
    ///   - image: the input, premultiplied.
    ///   - region: pixels to blur; every pixel outside it is returned byte-identical, and the
    ///     pixels around it are read as input (as a privacy blur or a material needs). Must lie
    ///     inside the image. Not allowed with `.expanded` extent.
    ///   - threads: worker threads, 1…256; default: every core.
    /// - Throws: `ImageError` for invalid σ, region or thread count.
    public func apply(to image: Image, region: PixelRect? = nil, threads: Int? = nil) throws(ImageError) -> Image {
        var out = image  // shares storage until the first write
        try render(image, into: &out, region: region, threads: threads, outputHoldsInput: true)
        return out
    }

    /// Blurs `image` into `output`, reusing `output`'s storage: no image-sized allocation per
    /// call, which is what a blur redrawn every frame (60/120 Hz) wants.
    ///
    /// `output` ends up exactly as ``apply(to:region:threads:)`` would return it (pixels outside
    /// `region` are copied from `image`).
    /// - Parameters:
    ///   - image: the input, premultiplied.
    ///   - output: an image of the result's size — `image`'s size, or for `.expanded` extent the
    ///     size grown by ``expansion`` on each side; its previous contents are ignored.
    ///   - region: pixels to blur, as in ``apply(to:region:threads:)``.
    ///   - threads: worker threads, 1…256; default: every core.
    /// - Throws: `ImageError` for invalid σ, region, thread count or a wrongly sized `output`.
    public func apply(
        to image: Image, into output: inout Image, region: PixelRect? = nil,
        threads: Int? = nil
    ) throws(ImageError) {
        try render(image, into: &output, region: region, threads: threads, outputHoldsInput: false)
    }

    /// Blurs `image` (or only `region` of it) where it lies.
    ///
    /// The result is ``apply(to:region:threads:)``'s. A whole-image blur that runs on the
    /// binomial pyramid (most σ at the default quality; `frost bench --explain` prints the plan)
    /// writes its result over the input, which it has finished reading by then, so no second
    /// image-sized buffer is mapped: a 4K image is 33 MB less memory to fault in and hold. Other blurs return into `image` through a new buffer.
    /// `image`'s storage is reused only when nothing else refers to it (Swift's copy-on-write).
    /// - Parameters:
    ///   - image: the input, premultiplied; the output on return.
    ///   - region: pixels to blur, as in ``apply(to:region:threads:)``.
    ///   - threads: worker threads, 1…256; default: every core.
    /// - Throws: `ImageError` for invalid σ, region or thread count; `image` is then unchanged.
    public func apply(inPlace image: inout Image, region: PixelRect? = nil, threads: Int? = nil) throws(ImageError) {
        try validate()
        if region == nil || region == image.bounds, extent == .same, withNegligibleSigmaRemoved == nil {
            let workers = try ImageError.resolveThreads(threads)
            let plan = plan(width: image.width, height: image.height, region: nil)
            try checkWork(of: plan)
            if case let .pyramid(kx, ky, sx, sy) = plan.schedule {
                pyramid(kx, ky, sx, sy).runInPlace(&image, threads: workers)
                return
            }
        }
        image = try apply(to: image, region: region, threads: threads)
    }

    /// The pyramid a `.pyramid(kx, ky, sx, sy)` plan runs.
    private func pyramid(_ kx: Int, _ ky: Int, _ sx: Double, _ sy: Double) -> BinomialPyramid {
        BinomialPyramid(
            sigmaX: sigmaX, sigmaY: sigmaY, levelsX: kx, levelsY: ky, smallSigmaX: sx,
            smallSigmaY: sy, edges: edges)
    }

    /// Shared body of both `apply`s. `outputHoldsInput` says `out` already holds `image`'s pixels
    /// (then copying them in is skipped).
    private func render(
        _ image: Image, into out: inout Image, region: PixelRect?, threads: Int?,
        outputHoldsInput: Bool
    ) throws(ImageError) {
        try validate()
        if let plain = withNegligibleSigmaRemoved {
            try plain.render(image, into: &out, region: region, threads: threads, outputHoldsInput: outputHoldsInput)
            return
        }
        let threads = try ImageError.resolveThreads(threads)
        // One planner, for the rectangle actually rendered: the switch below runs what the plan
        // says (`frost bench --explain` prints it), with no case it cannot run. Work over the
        // budget is refused before anything is allocated (an expanded image can be hundreds of MB).
        let plan = plan(width: image.width, height: image.height, region: region)
        try checkWork(of: plan)
        if extent == .expanded {
            guard region == nil else { throw .invalidArgument("a region cannot be combined with the expanded extent") }
            let (ex, ey) = expansion
            var padded = try Image(width: image.width + 2 * ex, height: image.height + 2 * ey)
            padded.paste(image, atX: ex, y: ey)
            var same = self
            same.extent = .same
            same.edges = .transparent
            if outputHoldsInput { out = padded }
            try same.render(padded, into: &out, region: nil, threads: threads, outputHoldsInput: outputHoldsInput)
            return
        }
        guard out.width == image.width && out.height == image.height else {
            throw .sizeMismatch(
                what: "the output image", actual: "\(out.width)x\(out.height)", expected: "\(image.width)x\(image.height) (what the blur makes)")
        }
        let rect = region ?? image.bounds
        // Inside the image, the plan's rectangle (the region clipped to the image) is `rect`.
        try rect.validate(inside: image.bounds)
        switch plan.schedule {
        case let .pyramid(kx, ky, sx, sy):
            let pyramid = pyramid(kx, ky, sx, sy)
            // Reads only `image` and writes every pixel of `rect`: copy just what lies outside.
            if !outputHoldsInput && rect != image.bounds { out.copyPixels(from: image) }
            if outputHoldsInput {
                // `out` shares `image`'s storage until written: the pyramid reads the input while
                // it writes, so give it its own — unzeroed, as the pyramid writes all of `rect`
                // and the copy the rest (zeroing a 4K image cost 1–2 ms).
                if rect == image.bounds {
                    out = Image(fullyWrittenWidth: image.width, height: image.height)
                } else {
                    out = Image(unwrittenWidth: image.width, height: image.height)
                    out.copyPixels(from: image)
                }
            }
            pyramid.run(image, into: &out, region: rect, threads: threads)
        case .downsampled:
            try applyDownsampled(to: image, into: &out, region: rect, threads: threads, outputHoldsInput: outputHoldsInput)
        case .identity, .fixedPointFIR, .separable:
            // A realtime blur too small to shrink runs the default schedule, as its plan says
            // (it used to run the float passes instead: 4–6× slower at σ 3).
            var direct = self
            if direct.quality == .realtime { direct.quality = .default }
            direct.renderDirect(image, into: &out, region: rect, threads: threads, outputHoldsInput: outputHoldsInput)
        }
    }

    /// The most multiply-adds per channel an `.exact` (or linear-light) blur's FIR passes may
    /// take: 2³⁴ ≈ 1.7·10¹⁰, about 24 s on one core here (σ 200 exact on 1500×900 is
    /// 4.3·10⁹ and took 6.0 s in a release build). The exact FIR's cost grows with σ
    /// (8σ + 1 taps per axis), so a large σ on a large image — σ 4096 expanded, ~27 Mpx × 32 k
    /// taps — would otherwise run for hours. Past it `apply` throws
    /// `ImageError.overBudget` naming `.default` quality, whose
    /// cost per pixel does not grow with σ (≥ 57 dB against float64).
    public static let exactWorkLimit = Double(1 << 34)

    /// Throws when `plan`'s FIR work is over ``exactWorkLimit``.
    func checkWork(of plan: BlurPlan) throws(ImageError) {
        let work = plan.firWork
        guard work > GaussianBlur.exactWorkLimit else { return }
        throw .overBudget(
            what: "an exact blur of σ \(sigmaX.shortText)×\(sigmaY.shortText) on \(plan.region.width)x\(plan.region.height) px",
            work: work, limit: GaussianBlur.exactWorkLimit, unit: "multiply-adds per channel",
            instead: "use quality default, whose cost does not grow with σ (≥ 57 dB against float64)")
    }

    /// The full-resolution schedules: the fixed-point FIR when ``fixedPointPlan()`` applies,
    /// otherwise the float/recursive passes of ``run(on:into:region:threads:)``. Copies the input
    /// into `out` only where the schedule needs it.
    func renderDirect(_ image: Image, into out: inout Image, region rect: PixelRect, threads: Int, outputHoldsInput: Bool) {
        switch (withNegligibleSigmaRemoved ?? self).directSchedule {
        case .fixedPointFIR:
            // Reads only `image` and writes every pixel of `rect`: copy just what lies outside.
            if !outputHoldsInput && rect != image.bounds { out.copyPixels(from: image) }
            fixedPointPlan()!.run(image, into: &out, region: rect, threads: threads)
        case .identity:
            if !outputHoldsInput { out.copyPixels(from: image) }
        case .separable, .downsampled, .pyramid:
            if !outputHoldsInput { out.copyPixels(from: image) }
            run(on: image, into: &out, region: rect, threads: threads)
        }
    }

    /// The float/recursive passes: vertical pass into an intermediate, horizontal pass into the
    /// output. `out` holds a copy of `image`'s pixels on entry.
    func run(on image: Image, into out: inout Image, region rect: PixelRect, threads: Int) {
        let fx = lineFilter(sigma: sigmaX), fy = lineFilter(sigma: sigmaY)
        let W = image.width, H = image.height
        // Columns the horizontal pass reads: the region's window, mapped through the edge mode.
        var cx0 = rect.x, cx1 = rect.maxX
        for i in (rect.x - fx.reach)..<(rect.maxX + fx.reach) {
            if let m = edges.map(i, count: W) { cx0 = min(cx0, m); cx1 = max(cx1, m + 1) }
        }
        let cw = cx1 - cx0, rh = rect.height
        let wholeImage = rect == image.bounds

        func passes(src: Plane, tmp: Plane, dst: Plane, dstOriginX: Int, dstLineY: Int) {
            SeparablePass(
                axis: .vertical, filter: fy, edges: edges, imageLength: H, srcOrigin: 0,
                outStart: rect.y, outEnd: rect.maxY, dstOrigin: rect.y,
                srcLine: cx0, dstLine: 0, lineCount: cw, threads: threads
            ).run(src: src, dst: tmp)
            SeparablePass(
                axis: .horizontal, filter: fx, edges: edges, imageLength: W, srcOrigin: cx0,
                outStart: rect.x, outEnd: rect.maxX, dstOrigin: dstOriginX,
                srcLine: 0, dstLine: dstLineY, lineCount: rh, threads: threads
            ).run(src: tmp, dst: dst)
        }

        switch (encoding, quality) {
        case (.sRGB, .default) where wholeImage:
            // Leanest schedule: both passes in place in the output buffer.
            out.withUnsafeMutablePixels { o in
                let p = Plane(storage: .u8(o.baseAddress!), width: W, height: H)
                passes(src: p, tmp: p, dst: p, dstOriginX: 0, dstLineY: 0)
            }
        case (.sRGB, _):
            // 8-bit intermediate for `.default`, float for `.exact`.
            let exact = quality == .exact
            var tmp8 = [UInt8](repeating: 0, count: exact ? 0 : cw * rh * 4)
            var tmp32 = [Float](repeating: 0, count: exact ? cw * rh * 4 : 0)
            // The vertical pass reads the output buffer (still a copy of the input) before the
            // horizontal pass writes the region into it.
            out.withUnsafeMutablePixels { o in
                tmp8.withUnsafeMutableBufferPointer { t8 in
                    tmp32.withUnsafeMutableBufferPointer { t32 in
                        let dst = Plane(storage: .u8(o.baseAddress!), width: W, height: H)
                        let tmp =
                            exact
                            ? Plane(storage: .f32(t32.baseAddress!), width: cw, height: rh)
                            : Plane(storage: .u8(t8.baseAddress!), width: cw, height: rh)
                        passes(src: dst, tmp: tmp, dst: dst, dstOriginX: 0, dstLineY: rect.y)
                    }
                }
            }
        case (.linear, _):
            var linear = FloatImage(image, encoding: .linear)
            var tmp = [Float](repeating: 0, count: cw * rh * 4)
            var result = try! FloatImage(width: rect.width, height: rect.height, encoding: .linear)
            linear.withUnsafeMutableValues { l in
                tmp.withUnsafeMutableBufferPointer { t in
                    result.withUnsafeMutableValues { r in
                        passes(
                            src: Plane(storage: .f32(l.baseAddress!), width: W, height: H),
                            tmp: Plane(storage: .f32(t.baseAddress!), width: cw, height: rh),
                            dst: Plane(storage: .f32(r.baseAddress!), width: rect.width, height: rect.height),
                            dstOriginX: rect.x, dstLineY: 0)
                    }
                }
            }
            out.paste(result.image(), atX: rect.x, y: rect.y)
        }
    }
}

extension GaussianBlur {
    /// The 16-bit fixed-point FIR when it applies: default quality, sRGB bytes, both σ > 0 and
    /// a kernel (3.5σ) within ``FixedPointFIR/maxRadius``.
    func fixedPointPlan() -> FixedPointFIR? {
        guard quality == .default, encoding == .sRGB, sigmaX > 0, sigmaY > 0 else { return nil }
        let kx = GaussianKernel(sigma: sigmaX, truncation: 3.5), ky = GaussianKernel(sigma: sigmaY, truncation: 3.5)
        guard max(kx.radius, ky.radius) <= FixedPointFIR.maxRadius else { return nil }
        return FixedPointFIR(tx: FixedPointFIR.Taps(kx), ty: FixedPointFIR.Taps(ky), edges: edges)
    }
}

extension GaussianBlur {
    /// The blur's output streamed row by row: what a renderer that blends a blurred layer into
    /// its target wants, without an image-sized buffer for the blur in between (which, for a
    /// layer whose size changes every frame, is fresh memory each time).
    package struct RowStream: Sendable {
        let fir: FixedPointFIR

        /// Blurs all of `image` and hands each output row to `sink(y, x, pixels, count)` —
        /// rows of `image`, in parts of whole rows, on `threads` workers (several rows at once),
        /// the pointer valid only during the call. The bytes are those `apply(to:)` returns.
        package func run(
            _ image: Image, threads: Int,
            _ sink: @escaping @Sendable (_ y: Int, _ x: Int, _ pixels: UnsafePointer<UInt8>, _ count: Int) -> Void
        ) {
            fir.run(image, region: image.bounds, threads: max(1, threads), rows: sink)
        }
    }

    /// The row stream for a `width × height` image when `apply` blurs it with the fixed-point
    /// FIR at full resolution (small σ at `.default` or `.realtime` quality); nil when it takes
    /// another schedule (pyramid, downsampling, float passes) or the blur is invalid.
    package func rowStream(width: Int, height: Int) -> RowStream? {
        guard (try? validate()) != nil, extent == .same, width > 0, height > 0 else { return nil }
        if let plain = withNegligibleSigmaRemoved { return plain.rowStream(width: width, height: height) }
        switch plan(width: width, height: height).schedule {
        case .identity, .fixedPointFIR, .separable:
            var direct = self
            if direct.quality == .realtime { direct.quality = .default }
            guard case .fixedPointFIR = direct.directSchedule, let fir = direct.fixedPointPlan() else { return nil }
            return RowStream(fir: fir)
        case .pyramid, .downsampled:
            return nil
        }
    }
}
