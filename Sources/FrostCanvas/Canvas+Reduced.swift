import FrostImage
import FrostBlur
import CFrostKernels

/// Reduced-resolution rendering for realtime blurs and shadows: content that is about to be
/// blurred by σ pixels loses nothing visible when it is drawn at 1/f of the resolution and
/// blurred by σ/f, as long as σ/f stays ≥ 3 px (the same downsample–blur–upsample the realtime
/// blur plans for an image, but without drawing the full-resolution layer first). The result is
/// upsampled bilinearly straight into the target.
extension Canvas {
    /// The reduction a realtime blur or shadow of σ `sigma` pixels draws its content at: 1 (full
    /// resolution) below σ 6, at most 8.
    static func reduction(forSigma sigma: Double) -> Int { max(1, min(8, Int(sigma / 3))) }

    /// A transparent layer of `region` (target pixels) at 1/`factor` resolution, in the same
    /// user space as this canvas, with `body` drawn into it.
    func reducedLayer(_ region: PixelRect, factor f: Int, _ body: (inout Canvas) throws -> Void) throws -> Canvas {
        var layer = try Canvas(width: (region.width + f - 1) / f, height: (region.height + f - 1) / f)
        layer.threads = threads
        layer.transform = transform
            .concatenating(AffineTransform2D(translationX: Double(-region.x), y: Double(-region.y)))
            .concatenating(AffineTransform2D(scaleX: 1 / Double(f), y: 1 / Double(f)))
        try body(&layer)
        return layer
    }

    /// Composites `small` magnified `f`× (bilinear; its top-left corner at target pixel
    /// `origin`, which may be fractional) inside `window` (target pixels), under the clip and
    /// opacity. With a `tint`, only `small`'s alpha is used, as coverage of the tint (shadows).
    /// `occluded(y)` gives, per target row, a span of pixels the caller is about to cover
    /// opaquely: they are skipped.
    mutating func compositeMagnified(_ small: Image, origin: (x: Double, y: Double), factor f: Int, window: PixelRect,
                                     tint: Color?, occluded: ((Int) -> Range<Int>?)? = nil) {
        let area = window.clipped(to: clipBounds)
        guard !area.isEmpty, alpha > 0, small.width > 0, small.height > 0 else { return }
        let sw = small.width, sh = small.height, w = image.width, n = area.width, inv = 1 / Double(f)
        // Separable: each reduced row is magnified across once (into a float row, 4 lanes), and
        // target rows mix the two magnified rows around them.
        var i0 = [Int32](repeating: 0, count: n), i1 = i0, fu = [Float](repeating: 0, count: n)
        for x in 0..<n {
            let u = (Double(area.x + x) + 0.5 - origin.x) * inv - 0.5
            let i = Int(u.rounded(.down))
            i0[x] = Int32(min(max(i, 0), sw - 1)); i1[x] = Int32(min(max(i + 1, 0), sw - 1)); fu[x] = Float(u - u.rounded(.down))
        }
        let clip = self.coverage
        let tintColour = tint.map { SIMD4<Float>($0.premultipliedComponents) } ?? .zero
        let bands = area.width * area.height >= 65_536 ? threads : 1
        clip.withMaskRows { maskRow in
        small.pixels.withUnsafeBufferPointer { sp in
        image.withUnsafeMutablePixels { px in
        i0.withUnsafeBufferPointer { i0 in i1.withUnsafeBufferPointer { i1 in fu.withUnsafeBufferPointer { fu in
            let src = SharedPointer(sp.baseAddress!), dst = SharedPointer(px.baseAddress!)
            let cols = (SharedPointer(i0.baseAddress!), SharedPointer(i1.baseAddress!), SharedPointer(fu.baseAddress!))
            let rows = (area.y..<area.maxY).map { maskRow($0).map { SharedPointer($0 + (area.x - clip.bounds.x)) } }
            let skips = (area.y..<area.maxY).map { occluded?($0) ?? 0..<0 }
            let alpha = clip.alpha, hasTint = tint != nil
            // Bands of rows in parallel: each keeps its own pair of reduced rows.
            parallelBands(lines: area.height, threads: bands) { first, end in
                var rowA = [Float](repeating: 0, count: 4 * sw), rowB = rowA, scratch = rowA
                var rowAIndex = -1, rowBIndex = -1
                var tintValue = tintColour
                withUnsafeBytes(of: &tintValue) { tintBytes in
                    let tintPointer = hasTint ? tintBytes.baseAddress!.assumingMemoryBound(to: Float.self) : nil
                    for r in first..<end {
                        let y = area.y + r
                        let v = (Double(y) + 0.5 - origin.y) * inv - 0.5
                        let j = Int(v.rounded(.down)), fv = Float(v - v.rounded(.down))
                        let j0 = min(max(j, 0), sh - 1), j1 = min(max(j + 1, 0), sh - 1)
                        // Keep row A = j0 and row B = j1, reusing whichever is already converted.
                        if rowAIndex != j0 {
                            if rowBIndex == j0 {
                                swap(&rowA, &rowB); swap(&rowAIndex, &rowBIndex)
                            } else {
                                frost_row_to_float(src.base + 4 * sw * j0, Int32(sw), &rowA); rowAIndex = j0
                            }
                        }
                        if rowBIndex != j1 { frost_row_to_float(src.base + 4 * sw * j1, Int32(sw), &rowB); rowBIndex = j1 }
                        let skip = skips[r]
                        let cut0 = max(0, min(skip.lowerBound, area.maxX) - area.x), cut1 = max(0, min(skip.upperBound, area.maxX) - area.x)
                        frost_blend_magnified_rows(dst.base + 4 * (y * w + area.x), rowA, rowB, Int32(sw), fv, &scratch,
                                                   Int32(n), cols.0.base, cols.1.base, cols.2.base, rows[r]?.base, alpha,
                                                   tintPointer, Int32(cut0), Int32(cut1))
                    }
                }
            }
        }}}}}}
        markDirty(area)
    }

    @inline(__always) static func texel(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
        SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
    }

    /// `body` drawn at 1/f resolution over the clip (grown by the blur's reach plus `extra`
    /// pixels) and blurred by σ/f: the reduced layer's drawn area (`drawn`), its blurred copy
    /// (`soft`), the factor, and the target pixel of their top-left corner. Nil when nothing
    /// was drawn.
    struct ReducedPass { let f: Int, drawn: Image, soft: Image, x0: Int, y0: Int }
    func reducedPass(sigma: Double, extra: Int, within: Rect? = nil, _ body: (inout Canvas) throws -> Void) throws -> ReducedPass? {
        let f = Canvas.reduction(forSigma: sigma)
        let region = effectRegion(reach: Int((4 * sigma).rounded(.up)) + extra, within: within)
        guard !region.isEmpty else { return nil }
        let small = try reducedLayer(region, factor: f, body)
        guard let drawn = small.dirty else { return nil }
        let lowSigma = sigma / Double(f)
        let area = drawn.expanded(by: Int((4 * lowSigma).rounded(.up)) + 1).clipped(to: small.bounds)
        let crop = try small.image.cropped(to: area)
        let soft = try GaussianBlur(sigma: lowSigma, edges: .transparent, quality: .realtime)
            .apply(to: crop, threads: crop.width * crop.height >= 262_144 ? threads : 1)
        return ReducedPass(f: f, drawn: crop, soft: soft, x0: region.x + area.x * f, y0: region.y + area.y * f)
    }

    /// The realtime blur at reduced resolution (see the extension's note); `false` when σ is
    /// too small to gain from it.
    mutating func reducedBlur(sigma: Double, _ body: (inout Canvas) throws -> Void) throws -> Bool {
        guard Canvas.reduction(forSigma: sigma) > 1 else { return false }
        guard let pass = try reducedPass(sigma: sigma, extra: 0, body) else { return true }
        compositeMagnified(pass.soft, origin: (Double(pass.x0), Double(pass.y0)), factor: pass.f,
                           window: PixelRect(x: pass.x0, y: pass.y0, width: pass.soft.width * pass.f, height: pass.soft.height * pass.f), tint: nil)
        return true
    }

    /// The realtime shadow at reduced resolution, then the content drawn over it; `false` when σ
    /// is too small to gain from it. Target pixels the content will cover opaquely (its reduced
    /// silhouette is opaque there and around) are not shadowed at all: the content hides them.
    mutating func reducedShadow(color: Color, sigma: Double, offset: (x: Double, y: Double), drawsContent: Bool,
                                within: Rect? = nil, _ body: (inout Canvas) throws -> Void) throws -> Bool {
        guard Canvas.reduction(forSigma: sigma) > 1 else { return false }
        let extra = Int(max(abs(offset.x), abs(offset.y)).rounded(.up))
        guard let pass = try reducedPass(sigma: sigma, extra: extra, within: within, body) else {
            if drawsContent { if alpha == 1 { try body(&self) } else { try withLayer(body) } }
            return true
        }
        let f = pass.f, silhouette = pass.drawn, soft = pass.soft
        // Occlusion needs the content to land at full strength: no clip mask, opacity 1.
        var occluded: ((Int) -> Range<Int>?)?
        if drawsContent, clipMask == nil, alpha == 1 {
            let runs = Canvas.opaqueRuns(silhouette)
            let x0 = pass.x0, y0 = pass.y0
            occluded = { y in
                let j = (y - y0) / f
                guard y >= y0, j < runs.count, let run = runs[j] else { return nil }
                return (x0 + run.lowerBound * f)..<(x0 + run.upperBound * f)
            }
        }
        let ox = Double(pass.x0) + offset.x, oy = Double(pass.y0) + offset.y
        let window = PixelRect(x: Int(ox.rounded(.down)), y: Int(oy.rounded(.down)), width: soft.width * f + 1, height: soft.height * f + 1)
        compositeMagnified(soft, origin: (ox, oy), factor: f, window: window, tint: color, occluded: occluded)
        guard drawsContent else { return true }
        if alpha == 1 { try body(&self) } else { try withLayer(body) }
        return true
    }

    /// Per row, the longest run of cells whose alpha is 255 with all eight neighbours 255: the
    /// target pixels they stand for are covered (to within 1/255) by the content drawn at full
    /// resolution. One run per row is enough: skipping fewer pixels than could be is only slower.
    static func opaqueRuns(_ image: Image) -> [Range<Int>?] {
        let w = image.width, h = image.height
        var out = [Range<Int>?](repeating: nil, count: h)
        guard w >= 3, h >= 3 else { return out }
        image.pixels.withUnsafeBufferPointer { p in
            func opaque(_ x: Int, _ y: Int) -> Bool { p[4 * (y * w + x) + 3] == 255 }
            for y in 1..<(h - 1) {
                var best: Range<Int>?, start: Int?
                for x in 1..<w {
                    let solid = x < w - 1 && opaque(x, y) && opaque(x - 1, y - 1) && opaque(x, y - 1) && opaque(x + 1, y - 1)
                        && opaque(x - 1, y) && opaque(x + 1, y) && opaque(x - 1, y + 1) && opaque(x, y + 1) && opaque(x + 1, y + 1)
                    if solid, start == nil { start = x }
                    if !solid, let s = start {
                        if x - s > (best?.count ?? 0) { best = s..<x }
                        start = nil
                    }
                }
                out[y] = best
            }
        }
        return out
    }
}
