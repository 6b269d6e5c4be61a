import Foundation

extension Resample {
    /// The mean of each `factorX × factorY` block (partial blocks at the right and bottom average
    /// what they hold): an image ⌈w/fx⌉ × ⌈h/fy⌉. Premultiplied, so transparent pixels weigh
    /// nothing in the colour. Factors 1…4096.
    public static func area(_ image: Image, factorX fx: Int, factorY fy: Int, threads: Int? = nil) throws(ImageError) -> Image {
        guard (1...4096).contains(fx), (1...4096).contains(fy) else {
            throw .parameterOutOfRange(name: "area factors", value: "\(fx)×\(fy)", expected: "1...4096")
        }
        let threads = try ImageError.resolveThreads(threads)
        let small = image.pixels.withUnsafeBufferPointer { px in
            blockMeans(
                .bytes(px.baseAddress!), width: image.width, height: image.height, window: image.bounds,
                edges: .clamp, factorX: fx, factorY: fy, encoding: .sRGB, threads: threads)
        }
        return small.scaled(by: 1.0 / 255).image()
    }

    /// `image` resized to `width × height` pixels: shrinking averages whole blocks first (so no
    /// detail aliases), then every size is reached by bilinear interpolation of pixel centres.
    public static func resized(_ image: Image, width: Int, height: Int, threads: Int? = nil) throws(ImageError) -> Image {
        try Image.validate(width: width, height: height)
        var out = try Image(width: width, height: height)
        let t = AffineTransform2D(scaleX: Double(width) / Double(image.width), y: Double(height) / Double(image.height))
        try warp(image, transform: t, into: &out, edges: .clamp, threads: threads)
        return out
    }

    /// Draws `source` through `transform` (source pixels → destination pixels) over `destination`,
    /// replacing the pixels of `region` (default: the whole destination) with the warped image:
    /// each destination pixel centre is mapped back into the source and sampled bilinearly.
    /// With `.transparent` edges (the default) the image's own edges are anti-aliased and pixels
    /// it does not reach become transparent; `.clamp` extends its edge pixels.
    ///
    /// When the transform shrinks by more than 2× on an axis, the source is first area-averaged
    /// by the whole factor, so minified detail is averaged rather than skipped.
    /// - Throws: ``ImageError`` for a singular or non-finite transform or a region outside the
    ///   destination.
    public static func warp(
        _ source: Image, transform: AffineTransform2D, into destination: inout Image,
        region: PixelRect? = nil, edges: EdgeMode = .transparent, threads: Int? = nil
    ) throws(ImageError) {
        let rect = region ?? destination.bounds
        try rect.validate(inside: destination.bounds)
        guard transform.isFinite, let inverse = transform.inverted else {
            throw .invalidArgument("cannot draw an image through a singular or non-finite transform \(transform)")
        }
        let threads = try ImageError.resolveThreads(threads)
        // Minification: how many source pixels one destination pixel spans along each source axis.
        let spanX = (inverse.a * inverse.a + inverse.b * inverse.b).squareRoot()
        let spanY = (inverse.c * inverse.c + inverse.d * inverse.d).squareRoot()
        // A factor past the image's own size averages it to one pixel all the same (a view
        // scaled to almost nothing by a transition).
        let fx = min(max(1, Int(min(spanX / 2, 1e9))), max(1, source.width), 4096)
        let fy = min(max(1, Int(min(spanY / 2, 1e9))), max(1, source.height), 4096)
        var src = source, map = inverse
        if fx > 1 || fy > 1 {
            src = try area(source, factorX: fx, factorY: fy, threads: threads)
            // Block i covers source [i·f, (i+1)·f): small = source / f.
            map = inverse.concatenating(AffineTransform2D(scaleX: 1 / Double(fx), y: 1 / Double(fy)))
        }
        let sw = src.width, sh = src.height, dw = destination.width
        let m = map
        src.pixels.withUnsafeBufferPointer { sp in
            destination.withUnsafeMutablePixels { dp in
                let s = SharedPointer(sp.baseAddress!), d = SharedPointer(dp.baseAddress!)
                parallelBands(lines: rect.height, threads: threads) { first, end in
                    @inline(__always) func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
                        var xi = x, yi = y
                        if xi < 0 || yi < 0 || xi >= sw || yi >= sh {
                            switch edges {
                            case .transparent: return .zero
                            default:
                                guard let mx = edges.map(x, count: sw), let my = edges.map(y, count: sh) else { return .zero }
                                xi = mx; yi = my
                            }
                        }
                        let p = s.base + 4 * (yi * sw + xi)
                        return SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
                    }
                    for row in first..<end {
                        let y = rect.y + row
                        for x in rect.x..<rect.maxX {
                            let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                            let u = m.a * cx + m.c * cy + m.tx - 0.5, v = m.b * cx + m.d * cy + m.ty - 0.5
                            var out = SIMD4<Float>.zero
                            let reaches = u > -1 && v > -1 && u < Double(sw) && v < Double(sh)
                            if reaches || edges != .transparent {
                                let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                                let fu = Float(u - Double(x0)), fv = Float(v - Double(y0))
                                let top = texel(x0, y0) * (1 - fu) + texel(x0 + 1, y0) * fu
                                let bottom = texel(x0, y0 + 1) * (1 - fu) + texel(x0 + 1, y0 + 1) * fu
                                out = top * (1 - fv) + bottom * fv
                            }
                            let q = d.base + 4 * (y * dw + x)
                            let a = min(max(out[3], 0), 255).rounded()
                            q[3] = UInt8(a)
                            for c in 0..<3 { q[c] = UInt8(min(max(out[c], 0), a).rounded()) }
                        }
                    }
                }
            }
        }
    }
}

extension FloatImage {
    /// Every value multiplied by `factor` (the encoding is kept).
    public func scaled(by factor: Float) -> FloatImage {
        var out = self
        out.withUnsafeMutableValues { v in for i in 0..<v.count { v[i] *= factor } }
        return out
    }
}
