import FrostImage
import CFrostKernels

extension VariableBlur {
    /// The mask as σ (pixels) per pixel, produced a row at a time — a 4K image's σ as one float
    /// map would be 33 MB written and scanned on every call, while the built-in gradients have
    /// one σ per row (or a line's worth along it) and an image mask is one byte per pixel.
    struct SigmaField {
        enum Source {
            /// One σ per row (top/bottom edge and every vertical gradient).
            case rows([Float])
            /// σ = top · (1 − clamp(along, 0, 1)), `along` linear in x and y (`inverse`: 1 / the
            /// gradient's squared length, so a pixel costs a multiply, not a division).
            case linear(from: (x: Double, y: Double), dx: Double, dy: Double, inverse: Double)
            /// σ = top · alpha / 255, the mask's alpha at the image's size.
            case alpha([UInt8])
        }

        let width: Int, height: Int
        let top: Float
        let source: Source
        /// Each row's smallest and largest σ.
        private(set) var rowMin: [Float], rowMax: [Float]
        /// σ for each alpha byte of an image mask (the same products as computing it per pixel).
        let alphaSigma: [Float]
        /// Each block's smallest and largest σ: blocks of ``block`` × ``block`` pixels, row-major,
        /// ``blockColumns`` a row (the last ones cut by the image's edges). What narrows a rung
        /// to the columns a ring or a corner needs.
        private(set) var blockMin: [Float] = [], blockMax: [Float] = []
        static let block = 32
        var blockColumns: Int { (width + SigmaField.block - 1) / SigmaField.block }
        var blockRows: Int { (height + SigmaField.block - 1) / SigmaField.block }

        init(_ blur: VariableBlur, width: Int, height: Int, threads: Int = 1) throws(ImageError) {
            self.width = width; self.height = height
            let top = Float(blur.maxSigma)
            self.top = top
            alphaSigma = (0...255).map { top * Float($0) / 255 }
            var alphaRange: (lows: [UInt8], highs: [UInt8], blockLows: [UInt8], blockHighs: [UInt8])?
            func gradient(_ f: (x: Double, y: Double), _ t: (x: Double, y: Double)) -> Source {
                let dx = (t.x - f.x) * Double(width), dy = (t.y - f.y) * Double(height)
                let len2 = dx * dx + dy * dy
                guard dx == 0, len2 > 0 else { return .linear(from: f, dx: dx, dy: dy, inverse: len2 > 0 ? 1 / len2 : 0) }
                return .rows(
                    (0..<height).map { y in
                        let along = ((Double(y) + 0.5) - f.y * Double(height)) * dy / len2
                        return top * Float(1 - min(max(along, 0), 1))
                    })
            }
            switch blur.mask {
            case .topEdge(let fraction):
                source = gradient((0.5, 0), (0.5, min(max(fraction.isNaN ? 0 : fraction, 0), 1)))
            case .bottomEdge(let fraction):
                source = gradient((0.5, 1), (0.5, 1 - min(max(fraction.isNaN ? 0 : fraction, 0), 1)))
            case let .linear(from, to):
                guard from.x.isFinite, from.y.isFinite, to.x.isFinite, to.y.isFinite else {
                    throw .invalidArgument("a variable blur's gradient needs finite end points")
                }
                source = gradient(from, to)
            case let .image(original, channel):
                let m = channel.resolved(for: original) == .luminance ? original.luminanceAsAlpha() : original
                let sized = (m.width == width && m.height == height) ? m : try Resample.resized(m, width: width, height: height)
                let (alpha, ranges) = SigmaField.alphaRows(of: sized, threads: threads)
                source = .alpha(alpha)
                alphaRange = ranges
            }
            rowMin = []; rowMax = []
            switch source {
            case .rows(let v):
                rowMin = v; rowMax = v
            case .linear:
                // Linear in x, then clamped: monotonic along a row (as IEEE rounding is), so the
                // two ends bound it.
                for y in 0..<height {
                    let a = value(x: 0, y: y), b = value(x: width - 1, y: y)
                    rowMin.append(min(a, b)); rowMax.append(max(a, b))
                }
            case .alpha:
                // σ grows with alpha, so each row's alpha range bounds it.
                rowMin = alphaRange!.lows.map { alphaSigma[Int($0)] }
                rowMax = alphaRange!.highs.map { alphaSigma[Int($0)] }
            }
            if let alphaRange {
                // σ grows with alpha, so each block's alpha range bounds it too.
                blockMin = alphaRange.blockLows.map { alphaSigma[Int($0)] }
                blockMax = alphaRange.blockHighs.map { alphaSigma[Int($0)] }
            } else {
                (blockMin, blockMax) = gradientBlockBounds()
            }
        }

        /// Every block's σ range (or a range holding it) from the rows' ranges, or for a slanted
        /// gradient from σ at the block's corners and the next block's, as σ is monotonic along
        /// rows and along columns (each operation of `linearRow` is, rounding included). An image
        /// mask's exact ranges come from its alpha pass instead.
        private func gradientBlockBounds() -> ([Float], [Float]) {
            let b = SigmaField.block, bw = blockColumns, bh = blockRows
            guard bw > 0, bh > 0 else { return ([], []) }
            var lows = [Float](repeating: 0, count: bw * bh), highs = lows
            switch source {
            case .rows, .alpha:
                for j in 0..<bh {
                    let rows = (j * b)..<min(height, (j + 1) * b)
                    let lo = rowMin[rows].min()!, hi = rowMax[rows].max()!
                    for i in 0..<bw { lows[j * bw + i] = lo; highs[j * bw + i] = hi }
                }
            case .linear:
                // σ on the grid of block corners (pixels i·32, clamped to the last): a block's
                // pixels lie between its four grid points along each axis.
                var grid = [Float](repeating: 0, count: (bw + 1) * (bh + 1))
                let row = UnsafeMutablePointer<Float>.allocate(capacity: width)
                defer { row.deallocate() }
                for j in 0...bh {
                    fill(row: min(j * b, height - 1), into: row)
                    for i in 0...bw { grid[j * (bw + 1) + i] = row[min(i * b, width - 1)] }
                }
                for j in 0..<bh {
                    for i in 0..<bw {
                        let a = grid[j * (bw + 1) + i], c = grid[j * (bw + 1) + i + 1]
                        let d = grid[(j + 1) * (bw + 1) + i], e = grid[(j + 1) * (bw + 1) + i + 1]
                        lows[j * bw + i] = min(min(a, c), min(d, e)); highs[j * bw + i] = max(max(a, c), max(d, e))
                    }
                }
            }
            return (lows, highs)
        }

        /// The alpha bytes of `mask`, each row's smallest and largest, and each 32-pixel block's,
        /// in one parallel pass (bands of block rows; a row's blocks are folded in while its
        /// alpha bytes are still in cache).
        private static func alphaRows(
            of mask: Image, threads: Int
        )
            -> (alpha: [UInt8], ranges: (lows: [UInt8], highs: [UInt8], blockLows: [UInt8], blockHighs: [UInt8]))
        {
            let width = mask.width, height = mask.height, b = SigmaField.block
            let bw = (width + b - 1) / b, bh = (height + b - 1) / b
            var lows = [UInt8](repeating: 0, count: height), highs = lows
            var blockLows = [UInt8](repeating: 255, count: bw * bh), blockHighs = [UInt8](repeating: 0, count: bw * bh)
            let alpha = [UInt8](unsafeUninitializedCapacity: width * height) { a, done in
                mask.pixels.withUnsafeBufferPointer { p in
                    lows.withUnsafeMutableBufferPointer { lo in
                        highs.withUnsafeMutableBufferPointer { hi in
                            blockLows.withUnsafeMutableBufferPointer { blo in
                                blockHighs.withUnsafeMutableBufferPointer { bhi in
                                    let src = SharedPointer(p.baseAddress!), dst = SharedPointer(a.baseAddress!)
                                    let l = SharedPointer(lo.baseAddress!), u = SharedPointer(hi.baseAddress!)
                                    let bl = SharedPointer(blo.baseAddress!), bu = SharedPointer(bhi.baseAddress!)
                                    parallelBands(lines: bh, threads: width * height >= 65_536 ? threads : 1) { first, end in
                                        for y in (first * b)..<min(height, end * b) {
                                            let row = dst.base + y * width, block = (y / b) * bw
                                            frost_alpha_row(src.base + 4 * y * width, Int32(width), row, l.base + y, u.base + y)
                                            frost_block_minmax(row, Int32(width), Int32(b), bl.base + block, bu.base + block)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                done = width * height
            }
            return (alpha, (lows, highs, blockLows, blockHighs))
        }

        /// σ at pixel (x, y) of a linear gradient.
        private func value(x: Int, y: Int) -> Float {
            guard case let .linear(f, dx, dy, inverse) = source else { return 0 }
            var out: Float = 0
            SigmaField.linearRow(f, dx, dy, inverse, top: top, width: width, height: height, y: y, columns: x..<(x + 1), into: &out)
            return out
        }

        /// A linear gradient's σ over `columns` of row `y`: top · (1 − clamp(along, 0, 1)) with
        /// along = ((x + ½ − fx)·dx + across)·inverse, four pixels at a time in C (the per-pixel
        /// Swift loop with its double `min`/`max` was 14 % of a diagonal mask's blur). Every
        /// pixel takes the same operations, so `value`, which bounds the rows, agrees with it.
        /// `wide` false: the portable C loop (the same floats).
        static func linearRow(
            _ f: (x: Double, y: Double), _ dx: Double, _ dy: Double, _ inverse: Double, top: Float,
            width: Int, height: Int, y: Int, columns: Range<Int>, into out: UnsafeMutablePointer<Float>,
            wide: Bool = true
        ) {
            let fx = f.x * Double(width), across = ((Double(y) + 0.5) - f.y * Double(height)) * dy
            guard inverse > 0 else { out.update(repeating: 0, count: columns.count); return }
            frost_vb_linear_row(Int32(columns.lowerBound), Int32(columns.count), fx, dx, across, inverse, top, out, wide ? 1 : 0)
        }

        /// Row `y`'s one σ, when the whole row has one.
        func constant(row y: Int) -> Float? { rowMin[y] == rowMax[y] ? rowMin[y] : nil }

        /// Writes row `y`'s σ into `out` (`width` values).
        func fill(row y: Int, into out: UnsafeMutablePointer<Float>) { fill(row: y, columns: 0..<width, into: out) }

        /// Writes the σ of row `y`'s `columns` into `out` (`columns.count` values); `wide` false
        /// keeps to the portable loops (the same floats).
        func fill(row y: Int, columns: Range<Int>, into out: UnsafeMutablePointer<Float>, wide: Bool = true) {
            switch source {
            case .rows(let v):
                out.update(repeating: v[y], count: columns.count)
            case let .linear(f, dx, dy, inverse):
                SigmaField.linearRow(
                    f, dx, dy, inverse, top: top, width: width, height: height, y: y, columns: columns, into: out,
                    wide: wide)
            case .alpha(let alpha):
                alpha.withUnsafeBufferPointer { p in
                    alphaSigma.withUnsafeBufferPointer { lut in
                        frost_vb_alpha_sigma_row(
                            p.baseAddress! + y * width + columns.lowerBound, Int32(columns.count), lut.baseAddress!,
                            top, out, wide ? 1 : 0)
                    }
                }
            }
        }
    }

    /// The mask as σ (pixels) per pixel of a `width × height` image, row by row.
    /// - Throws: `ImageError` for a gradient with a non-finite end point.
    public func sigmaMap(width: Int, height: Int) throws -> [Float] {
        let field = try SigmaField(self, width: width, height: height)
        guard width > 0, height > 0 else { return [] }
        return [Float](unsafeUninitializedCapacity: width * height) { b, n in
            for y in 0..<height { field.fill(row: y, into: b.baseAddress! + y * width) }
            n = width * height
        }
    }
}
