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
        return (window, GaussianBlur.downsampleFactor(sigmaX, length: window.width, quality: quality),
                GaussianBlur.downsampleFactor(sigmaY, length: window.height, quality: quality))
    }

    /// Downsampled schedule: area-average by (fx, fy), blur the small image with the reduced σ,
    /// bilinear-upsample into the region. Rows are summed in blocks first and the block's columns
    /// after, so the cost is the image's pixels plus the window's width per small row — σ far
    /// beyond a tiny image stays cheap.
    func applyDownsampled(to image: Image, into out: inout Image, region rect: PixelRect, threads: Int,
                       outputHoldsInput: Bool) throws(ImageError) {
        let (window, fx, fy) = downsampledWindow(around: rect)
        var direct = self
        direct.quality = .default
        if fx == 1 && fy == 1 {
            return direct.renderDirect(image, into: &out, region: rect, threads: threads, outputHoldsInput: outputHoldsInput)
        }
        // The upsample writes every pixel of `rect` (sRGB) or pastes a float result (linear).
        if !outputHoldsInput && (rect != image.bounds || encoding == .linear) { out.copyPixels(from: image) }

        let linear = encoding == .linear ? FloatImage(image, encoding: .linear).values : []
        var small = image.pixels.withUnsafeBufferPointer { px in
            linear.withUnsafeBufferPointer { lin in
                downsample(lin.isEmpty ? .bytes(px.baseAddress!) : .floats(lin.baseAddress!), width: image.width,
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

    /// Where ``downsample(_:width:height:window:fx:fy:threads:)`` reads: 8-bit or float pixels.
    enum DownsampleSource {
        case bytes(UnsafePointer<UInt8>)
        case floats(UnsafePointer<Float>)
    }

    /// Block means of `window` (mapped through the edge mode; transparent samples count as zero)
    /// of a `width` × `height` source, in the source's units: an image of ⌈w/fx⌉ × ⌈h/fy⌉
    /// pixels, partial blocks at the far edges averaging the samples they have.
    func downsample(_ source: DownsampleSource, width W: Int, height H: Int, window: PixelRect, fx: Int, fy: Int,
                    threads: Int) -> FloatImage {
        let sw = (window.width + fx - 1) / fx, sh = (window.height + fy - 1) / fy
        let mapX = (0..<window.width).map { edges.map(window.x + $0, count: W) ?? -1 }
        let mapY = (0..<window.height).map { edges.map(window.y + $0, count: H) ?? -1 }
        // The image columns the window reads; rows are summed over just this span.
        let used = mapX.filter { $0 >= 0 }
        let c0 = used.min() ?? 0, span = used.isEmpty ? 0 : used.max()! - c0 + 1
        var small = try! FloatImage(width: sw, height: sh, encoding: encoding)
        let (bytes, floats): (SharedPointer<UInt8>?, SharedPointer<Float>?)
        switch source {
        case .bytes(let p): (bytes, floats) = (SharedPointer(UnsafeMutablePointer(mutating: p)), nil)
        case .floats(let p): (bytes, floats) = (nil, SharedPointer(UnsafeMutablePointer(mutating: p)))
        }
        small.withUnsafeMutableValues { sm in
              mapX.withUnsafeBufferPointer { mx in
                mapY.withUnsafeBufferPointer { my in
                  let out = SharedPointer(sm.baseAddress!)
                  let mapX = SharedPointer(mx.baseAddress!), mapY = SharedPointer(my.baseAddress!)
                  parallelBands(lines: sh, threads: threads) { first, end in
                      let acc = UnsafeMutablePointer<Float>.allocate(capacity: max(1, span * 4))
                      defer { acc.deallocate() }
                      for j in first..<end {
                          // Sum the block's image rows over the column span (exact in Float:
                          // at most 1024 · 255 per sum for 8-bit input).
                          acc.update(repeating: 0, count: span * 4)
                          let y0 = j * fy, y1 = min(window.height, y0 + fy)
                          for y in y0..<y1 where mapY.base[y] >= 0 {
                              let k0 = 4 * (mapY.base[y] * W + c0)
                              if let floats {
                                  let row = floats.base + k0
                                  for k in 0..<(span * 4) { acc[k] += row[k] }
                              } else if let bytes {
                                  let row = bytes.base + k0
                                  for k in 0..<(span * 4) { acc[k] += Float(row[k]) }
                              }
                          }
                          // Then the block's columns, through the edge map, divided by its area.
                          let dst = out.base + j * sw * 4
                          for i in 0..<sw {
                              let x0 = i * fx, x1 = min(window.width, x0 + fx)
                              var sum = SIMD4<Float>(repeating: 0)
                              for x in x0..<x1 where mapX.base[x] >= 0 {
                                  sum += UnsafeRawPointer(acc + 4 * (mapX.base[x] - c0)).loadUnaligned(as: SIMD4<Float>.self)
                              }
                              let mean = sum / Float((y1 - y0) * (x1 - x0))
                              UnsafeMutableRawPointer(dst + 4 * i).storeBytes(of: mean, as: SIMD4<Float>.self)
                          }
                      }
                  }
                }
              }
        }
        return small
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
            SeparablePass(axis: .vertical, filter: fyl, edges: smallBlur.edges, imageLength: sh, srcOrigin: 0,
                          outStart: 0, outEnd: sh, dstOrigin: 0, srcLine: 0, dstLine: 0, lineCount: sw,
                          threads: threads).run(src: p, dst: p)
            SeparablePass(axis: .horizontal, filter: fxl, edges: smallBlur.edges, imageLength: sw, srcOrigin: 0,
                          outStart: 0, outEnd: sw, dstOrigin: 0, srcLine: 0, dstLine: 0, lineCount: sh,
                          threads: threads).run(src: p, dst: p)
        }
    }

    /// A run of output columns that interpolate between the same two small pixels; `u` grows by
    /// `du` per column (or the run is a clamped edge with i0 == i1).
    private struct UpsampleRun {
        var start: Int, end: Int, i0: Int, i1: Int, u: Float, du: Float
    }

    /// Bilinear upsampling of the blurred small image into `region` of `out`: sRGB goes straight
    /// to bytes, linear light is upsampled as floats and encoded once.
    private func upsample(_ small: FloatImage, into out: inout Image, region rect: PixelRect, window: PixelRect,
                          fx: Int, fy: Int, threads: Int) throws(ImageError) {
        if encoding == .linear {
            var result = try FloatImage(width: rect.width, height: rect.height, encoding: encoding)
            result.withUnsafeMutableValues { res in
                let r = SharedPointer(res.baseAddress!), n = 4 * rect.width
                GaussianBlur.upsampleRows(small, region: rect, origin: (window.x, window.y), fx: fx, fy: fy,
                                          threads: threads) { y, row in
                    (r.base + y * n).update(from: row, count: n)
                }
            }
            out.paste(result.image(), atX: rect.x, y: rect.y)
            return
        }
        let width = out.width
        out.withUnsafeMutablePixels { o in
            let bytes = SharedPointer(o.baseAddress!)
            GaussianBlur.upsampleRows(small, region: rect, origin: (window.x, window.y), fx: fx, fy: fy,
                                      threads: threads) { y, row in
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

    /// Bilinear upsampling of `small` (pixel i is the mean of the block starting at
    /// origin + i·f, so it sits at origin + i·f + (f − 1)/2) over `rect`, one output row at a time:
    /// `emit(y, row)` gets the row `rect.y + y` as `rect.width` RGBA floats, from the workers
    /// (rows in parallel bands; the row buffer is reused after `emit` returns).
    static func upsampleRows(_ small: FloatImage, region rect: PixelRect, origin: (x: Int, y: Int), fx: Int, fy: Int,
                             threads: Int, emit: @Sendable (Int, UnsafeMutablePointer<Float>) -> Void) {
        let sw = small.width, sh = small.height
        @Sendable func position(_ p: Int, _ origin: Int, _ f: Int, _ count: Int) -> (i0: Int, i1: Int, u: Float) {
            let u = (Double(p - origin) - Double(f - 1) / 2) / Double(f)
            if u <= 0 { return (0, 0, 0) }
            let i = min(Int(u.rounded(.down)), count - 1)
            return i == count - 1 ? (i, i, 0) : (i, i + 1, Float(u - Double(i)))
        }
        var runs: [UpsampleRun] = []
        for x in rect.x..<rect.maxX {
            let p = position(x, origin.x, fx, sw)
            if let last = runs.last, last.i0 == p.i0, last.i1 == p.i1 {
                runs[runs.count - 1].end = x - rect.x + 1
            } else {
                runs.append(UpsampleRun(start: x - rect.x, end: x - rect.x + 1, i0: p.i0, i1: p.i1, u: p.u,
                                        du: p.i0 == p.i1 ? 0 : 1 / Float(fx)))
            }
        }
        small.values.withUnsafeBufferPointer { sm in
            runs.withUnsafeBufferPointer { rs in
                let s = SharedPointer(UnsafeMutablePointer(mutating: sm.baseAddress!))
                let runs = SharedPointer(UnsafeMutablePointer(mutating: rs.baseAddress!))
                let runCount = rs.count
                parallelBands(lines: rect.height, threads: threads) { first, end in
                    // Small rows upsampled horizontally to the region's width, kept two at a
                    // time (rows j0 and j1 of the current output row), so the horizontal work
                    // is done once per small row and each output pixel is one vertical lerp.
                    let n = rect.width * 4
                    let wide = UnsafeMutablePointer<Float>.allocate(capacity: 2 * n)
                    let row = UnsafeMutablePointer<Float>.allocate(capacity: n)
                    defer { wide.deallocate(); row.deallocate() }
                    var held = (-1, -1)  // small rows held in wide[0..<n] and wide[n..<2n]
                    func widen(_ j: Int, into dst: UnsafeMutablePointer<Float>) {
                        let line = s.base + j * sw * 4
                        for k in 0..<runCount {
                            let run = runs.base[k]
                            let p0 = UnsafeRawPointer(line + 4 * run.i0).loadUnaligned(as: SIMD4<Float>.self)
                            let d = UnsafeRawPointer(line + 4 * run.i1).loadUnaligned(as: SIMD4<Float>.self) - p0
                            for x in run.start..<run.end {
                                let v = p0 + d * (run.u + Float(x - run.start) * run.du)
                                UnsafeMutableRawPointer(dst + 4 * x).storeBytes(of: v, as: SIMD4<Float>.self)
                            }
                        }
                    }
                    for y in first..<end {
                        let (j0, j1, t) = position(rect.y + y, origin.y, fy, sh)
                        if held != (j0, j1) {
                            // Moving down one small row: the old j1 becomes j0.
                            if held.1 == j0 && held.0 != held.1 {
                                wide.update(from: wide + n, count: n)
                            } else if held.0 != j0 {
                                widen(j0, into: wide)
                            }
                            if j1 != j0 { widen(j1, into: wide + n) }
                            held = (j0, j1)
                        }
                        let a = wide, b = j1 == j0 ? wide : wide + n
                        for k in 0..<n { row[k] = a[k] + (b[k] - a[k]) * t }
                        emit(y, row)
                    }
                }
            }
        }
    }
}
