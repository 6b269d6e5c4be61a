import FrostImage

extension GaussianBlur {
    /// Downsample factor the realtime quality uses for `sigma` along a side of `length` pixels:
    /// the small image keeps σ ≥ 3 px and at least 16 samples, so its edges stay faithful.
    static func realtimeFactor(_ sigma: Double, length: Int) -> Int {
        max(1, min(Int(sigma / 3), length / 16))
    }

    /// Realtime schedule: area-average by (fx, fy), blur the small image with σ reduced by what
    /// the averaging and the bilinear upsampling add (variances (f²−1)/12 and f²/6), upsample.
    func applyRealtime(to image: Image, region rect: PixelRect, threads: Int) throws(ImageError) -> Image {
        // The window read: the region plus 3σ, extended through the edge mode (not clipped),
        // so the small image carries the edge behaviour the full-resolution blur would see.
        let rx = Int((3 * sigmaX).rounded(.up)), ry = Int((3 * sigmaY).rounded(.up))
        let wx0 = rect.x - rx, wy0 = rect.y - ry
        let ww = rect.width + 2 * rx, wh = rect.height + 2 * ry
        let fx = GaussianBlur.realtimeFactor(sigmaX, length: ww)
        let fy = GaussianBlur.realtimeFactor(sigmaY, length: wh)
        var direct = self
        direct.quality = .default
        if fx == 1 && fy == 1 { return direct.run(on: image, region: rect, threads: threads) }
        let sw = (ww + fx - 1) / fx, sh = (wh + fy - 1) / fy
        let mapX = (0..<ww).map { edges.map(wx0 + $0, count: image.width) ?? -1 }
        let mapY = (0..<wh).map { edges.map(wy0 + $0, count: image.height) ?? -1 }

        let source: FloatImage? = encoding == .linear ? FloatImage(image, encoding: .linear) : nil
        var small = [Float](repeating: 0, count: sw * sh * 4)
        // Area downsample (partial blocks at the far edges average the samples they have).
        image.pixels.withUnsafeBufferPointer { px in
            small.withUnsafeMutableBufferPointer { sm in
                for j in 0..<sh {
                    let y0 = j * fy, y1 = min(wh, y0 + fy)
                    for i in 0..<sw {
                        let x0 = i * fx, x1 = min(ww, x0 + fx)
                        var acc = SIMD4<Float>(repeating: 0)
                        for y in y0..<y1 {
                            let my = mapY[y]
                            if my < 0 { continue }
                            for x in x0..<x1 {
                                let mx = mapX[x]
                                if mx < 0 { continue }
                                let k = 4 * (my * image.width + mx)
                                if let source {
                                    acc += SIMD4(source.values[k], source.values[k + 1], source.values[k + 2], source.values[k + 3])
                                } else {
                                    acc += SIMD4(Float(px[k]), Float(px[k + 1]), Float(px[k + 2]), Float(px[k + 3]))
                                }
                            }
                        }
                        acc /= Float((y1 - y0) * (x1 - x0))
                        let o = 4 * (j * sw + i)
                        sm[o] = acc[0]; sm[o + 1] = acc[1]; sm[o + 2] = acc[2]; sm[o + 3] = acc[3]
                    }
                }
            }
        }
        // Beyond the window (3σ out) the small image continues as its edge, or as zero.
        let smallEdges: EdgeMode = edges == .transparent ? .transparent : .clamp
        func reduced(_ s: Double, _ f: Int) -> Double {
            let ff = Double(f * f)
            return (max(0, s * s - (ff - 1) / 12 - ff / 6)).squareRoot() / Double(f)
        }
        var smallBlur = direct
        smallBlur.sigmaX = reduced(sigmaX, fx)
        smallBlur.sigmaY = reduced(sigmaY, fy)
        let fxl = smallBlur.lineFilter(sigma: smallBlur.sigmaX), fyl = smallBlur.lineFilter(sigma: smallBlur.sigmaY)
        small.withUnsafeMutableBufferPointer { sm in
            let p = Plane(storage: .f32(sm.baseAddress!), width: sw, height: sh)
            SeparablePass(axis: .vertical, filter: fyl, edges: smallEdges, imageLength: sh, srcOrigin: 0,
                          outStart: 0, outEnd: sh, dstOrigin: 0, srcLine: 0, dstLine: 0, lineCount: sw,
                          threads: threads).run(src: p, dst: p)
            SeparablePass(axis: .horizontal, filter: fxl, edges: smallEdges, imageLength: sw, srcOrigin: 0,
                          outStart: 0, outEnd: sw, dstOrigin: 0, srcLine: 0, dstLine: 0, lineCount: sh,
                          threads: threads).run(src: p, dst: p)
        }

        // Bilinear upsample into the region; sample i of the small image sits at the centre
        // of its block, x = wx0 + i·fx + (fx − 1)/2.
        var result = try FloatImage(width: rect.width, height: rect.height, encoding: encoding)
        small.withUnsafeBufferPointer { sm in
            result.values.withUnsafeMutableBufferPointer { r in
                var xi = [Int](repeating: 0, count: rect.width), xt = [Float](repeating: 0, count: rect.width)
                for x in 0..<rect.width {
                    let u = (Double(rect.x + x - wx0) - Double(fx - 1) / 2) / Double(fx)
                    let i = min(max(Int(u.rounded(.down)), 0), sw - 1)
                    xi[x] = i
                    xt[x] = Float(min(max(u - Double(i), 0), 1))
                }
                for y in 0..<rect.height {
                    let v = (Double(rect.y + y - wy0) - Double(fy - 1) / 2) / Double(fy)
                    let j = min(max(Int(v.rounded(.down)), 0), sh - 1)
                    let t = Float(min(max(v - Double(j), 0), 1))
                    let j1 = min(j + 1, sh - 1)
                    for x in 0..<rect.width {
                        let i = xi[x], i1 = min(i + 1, sw - 1), s = xt[x]
                        for c in 0..<4 {
                            let a = sm[4 * (j * sw + i) + c] * (1 - s) + sm[4 * (j * sw + i1) + c] * s
                            let b = sm[4 * (j1 * sw + i) + c] * (1 - s) + sm[4 * (j1 * sw + i1) + c] * s
                            r[4 * (y * rect.width + x) + c] = a * (1 - t) + b * t
                        }
                    }
                }
            }
        }
        var out = image
        if encoding == .linear {
            out.paste(result.image(), atX: rect.x, y: rect.y)
        } else {
            out.pixels.withUnsafeMutableBufferPointer { o in
                result.values.withUnsafeBufferPointer { r in
                    let dst = Plane(storage: .u8(o.baseAddress!), width: image.width, height: image.height)
                    for y in 0..<rect.height {
                        for x in 0..<rect.width {
                            dst.store((rect.y + y) * image.width + rect.x + x, from: r.baseAddress! + 4 * (y * rect.width + x))
                        }
                    }
                }
            }
        }
        return out
    }
}
