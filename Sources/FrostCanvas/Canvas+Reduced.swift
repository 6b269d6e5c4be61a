import FrostImage
import FrostBlur
import CFrostKernels

/// Reduced-resolution rendering for realtime blurs and shadows: content that is about to be
/// blurred by σ pixels loses nothing visible when it is drawn at 1/f of the resolution and
/// blurred by about σ/f, for σ ≥ 2 px (see `reduction(forSigma:)`; the downsample–blur–upsample the realtime
/// blur plans for an image, but without drawing the full-resolution layer first). The result is
/// upsampled bilinearly straight into the target.
extension Canvas {
    /// The reduction a realtime blur or shadow of σ `sigma` pixels draws its content at: 1 (full
    /// resolution) below σ 2, 2 up to σ 6, then σ/3 (the reduced σ stays ≥ 0.9 px), at most 8.
    /// An animated blur passes through every small σ (the blur bridge clearing), so they
    /// matter: at σ 2–6 px a full-resolution layer cost 2–3× a 120 Hz frame. Measured on a card
    /// with sharp bars against the exact blur: σ 2 at 1/2 gives 49.9 dB, σ 1.5 only 42.7 dB
    /// (the drawing's own box and the bilinear magnification then add most of the variance).
    static func reduction(forSigma sigma: Double) -> Int {
        sigma < 2 ? 1 : sigma < 6 ? 2 : min(8, Int(sigma / 3))
    }

    /// The σ (reduced pixels) to blur a 1/f drawing with so that the whole pipeline — drawing at
    /// 1/f (a box of f: variance (f² − 1)/12), blurring, magnifying bilinearly (a tent of f:
    /// variance f²/6) — has the variance of the Gaussian asked for.
    static func reducedSigma(_ sigma: Double, factor f: Int) -> Double {
        let d = Double(f), added = (d * d - 1) / 12 + d * d / 6
        return max(sigma * sigma - added, 0.25 * sigma * sigma).squareRoot() / d
    }

    /// A transparent layer of `region` (target pixels) at 1/`factor` resolution, in the same
    /// user space as this canvas, with `body` drawn into it.
    func reducedLayer(_ region: PixelRect, factor f: Int, _ body: (inout Canvas) throws -> Void) throws -> Canvas {
        var layer = try Canvas(width: (region.width + f - 1) / f, height: (region.height + f - 1) / f)
        layer.threads = threads
        layer.transform =
            transform
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
    mutating func compositeMagnified(
        _ small: Image, origin: (x: Double, y: Double), factor f: Int, window: PixelRect,
        tint: Color?, occluded: ((Int) -> Range<Int>?)? = nil
    ) {
        let area = window.clipped(to: clipBounds)
        guard !area.isEmpty, alpha > 0, small.width > 0, small.height > 0 else { return }
        let skips = (area.y..<area.maxY).map { occluded?($0) ?? 0..<0 }
        let tint = tint.map { SIMD4<Float>($0.premultipliedComponents) }
        let columns = Magnification.Columns(small, origin: origin, factor: f, area: area)
        small.pixels.withUnsafeBufferPointer { sp in
            let pixels = SharedPointer(sp.baseAddress!)
            magnifiedRows(area, makeState: { Magnification(columns, pixels: pixels) }) { m, r, y, dst, clipRow, alpha in
                let fv = m.advance(to: y)
                let skip = skips[r]
                let cut0 = max(0, min(skip.lowerBound, area.maxX) - area.x), cut1 = max(0, min(skip.upperBound, area.maxX) - area.x)
                Magnification.withTint(tint) { t in
                    frost_blend_vertical(dst, m.rowA, m.rowB, fv, Int32(area.width), clipRow, alpha, t, Int32(cut0), Int32(cut1))
                }
            }
        }
    }

    /// A shadow (`shadow`, tinted) and content (`content`) magnified `f`× in one pass: the
    /// shadow blended first, then the content over it; the same bytes as two composites.
    mutating func compositeMagnifiedPair(
        content: Image, shadow: Image, contentOrigin: (x: Double, y: Double),
        shadowOrigin: (x: Double, y: Double), factor f: Int, window: PixelRect, tint: Color
    ) {
        let area = window.clipped(to: clipBounds)
        guard !area.isEmpty, alpha > 0, content.width > 0, shadow.width > 0 else { return }
        let tint = SIMD4<Float>(tint.premultipliedComponents)
        let cc = Magnification.Columns(content, origin: contentOrigin, factor: f, area: area)
        let sc = Magnification.Columns(shadow, origin: shadowOrigin, factor: f, area: area)
        content.pixels.withUnsafeBufferPointer { cp in
            shadow.pixels.withUnsafeBufferPointer { sp in
                let cPixels = SharedPointer(cp.baseAddress!), sPixels = SharedPointer(sp.baseAddress!)
                magnifiedRows(area, makeState: { (Magnification(cc, pixels: cPixels), Magnification(sc, pixels: sPixels)) }) {
                    pair, _, y, dst, clipRow, alpha in
                    let cfv = pair.0.advance(to: y), sfv = pair.1.advance(to: y)
                    Magnification.withTint(tint) { t in
                        frost_blend_vertical_pair(
                            dst, Int32(area.width), clipRow, alpha, t,
                            pair.1.rowA, pair.1.rowB, sfv, pair.0.rowA, pair.0.rowB, cfv)
                    }
                }
            }
        }
    }

    /// Runs `row(state, index, y, destination at the area's left edge, clip row, opacity)` for
    /// every target row of `area`, in bands of rows over the canvas's threads when the area is
    /// large; each band makes its own `state` (with `makeState`).
    private mutating func magnifiedRows<State>(
        _ area: PixelRect, makeState: () -> State,
        _ row: (inout State, Int, Int, UnsafeMutablePointer<UInt8>, UnsafePointer<Float>?, Float) -> Void
    ) {
        let clip = self.coverage
        let w = image.width
        let bands = area.width * area.height >= 65_536 ? threads : 1
        clip.withMaskRows { maskRows in
            image.withUnsafeMutablePixels { px in
                let dst = SharedPointer(px.baseAddress!), alpha = clip.alpha
                withoutActuallyEscaping(makeState) { makeState in
                    withoutActuallyEscaping(row) { row in
                        // Bands touch disjoint rows and each has its own state.
                        let shared = UncheckedSendable((makeState, row))
                        parallelBands(lines: area.height, threads: bands) { first, end in
                            var state = shared.value.0()
                            for r in first..<end {
                                let y = area.y + r
                                shared.value.1(&state, r, y, dst.base + 4 * (y * w + area.x), maskRows.row(y, from: area.x), alpha)
                            }
                        }
                    }
                }
            }
        }
        markDirty(area)
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
        let lowSigma = Canvas.reducedSigma(sigma, factor: f)
        // The blurred copy keeps the blur's reach, plus `extra` (a shadow's) in reduced pixels.
        let area = drawn.expanded(by: Int((4 * lowSigma).rounded(.up)) + 1 + (extra + f - 1) / f).clipped(to: small.bounds)
        let crop = try small.image.cropped(to: area)
        let soft = try GaussianBlur(sigma: lowSigma, edges: .transparent, quality: .realtime)
            .apply(to: crop, threads: crop.width * crop.height >= 262_144 ? threads : 1)
        return ReducedPass(f: f, drawn: crop, soft: soft, x0: region.x + area.x * f, y0: region.y + area.y * f)
    }

    /// The realtime blur at reduced resolution (see the extension's note); `false` when σ is
    /// too small to gain from it.
    mutating func reducedBlur(sigma: Double, within: Rect? = nil, _ body: (inout Canvas) throws -> Void) throws -> Bool {
        guard Canvas.reduction(forSigma: sigma) > 1 else { return false }
        guard let pass = try reducedPass(sigma: sigma, extra: 0, within: within, body) else { return true }
        compositeMagnified(
            pass.soft, origin: (Double(pass.x0), Double(pass.y0)), factor: pass.f,
            window: PixelRect(x: pass.x0, y: pass.y0, width: pass.soft.width * pass.f, height: pass.soft.height * pass.f), tint: nil)
        return true
    }

    /// A realtime blur of `body` (σ `sigma` pixels, edges fading) and the shadow of the blurred
    /// result under it (σ `shadowSigma` pixels, `offset` pixels, in `shadowColor`) — SwiftUI's
    /// blurred view casting a shadow, the blur bridge's case — from one reduced drawing, blurred
    /// once more for the shadow, and composited in one pass. `false` when σ is too small to draw
    /// at reduced resolution (the caller then draws shadow and blur separately).
    package mutating func blurCastingShadow(
        sigma: Double, shadowColor: Color, shadowSigma: Double, offset: (x: Double, y: Double),
        within: Rect? = nil, _ body: (inout Canvas) throws -> Void
    ) throws -> Bool {
        guard sigma.isFinite, shadowSigma.isFinite, shadowSigma >= 0, shadowSigma <= GaussianBlur.maxSigma,
            offset.x.isFinite, offset.y.isFinite, Canvas.reduction(forSigma: sigma) > 1
        else { return false }
        let extra = Int((4 * shadowSigma).rounded(.up)) + Int(max(abs(offset.x), abs(offset.y)).rounded(.up)) + 1
        guard let pass = try reducedPass(sigma: sigma, extra: extra, within: within, body) else { return true }
        let f = pass.f
        let lowShadow = shadowSigma / Double(f)
        let shadow =
            lowShadow < GaussianBlur.negligibleSigma
            ? pass.soft
            : try GaussianBlur(sigma: lowShadow, edges: .transparent, quality: .realtime)
                .apply(to: pass.soft, threads: pass.soft.width * pass.soft.height >= 262_144 ? threads : 1)
        let width = pass.soft.width * f, height = pass.soft.height * f
        let contentWindow = PixelRect(x: pass.x0, y: pass.y0, width: width, height: height)
        let shadowWindow = PixelRect(
            x: pass.x0 + Int(offset.x.rounded(.down)), y: pass.y0 + Int(offset.y.rounded(.down)),
            width: width + 1, height: height + 1)
        let x0 = min(contentWindow.x, shadowWindow.x), y0 = min(contentWindow.y, shadowWindow.y)
        let window = PixelRect(
            x: x0, y: y0, width: max(contentWindow.maxX, shadowWindow.maxX) - x0,
            height: max(contentWindow.maxY, shadowWindow.maxY) - y0)
        compositeMagnifiedPair(
            content: pass.soft, shadow: shadow, contentOrigin: (Double(pass.x0), Double(pass.y0)),
            shadowOrigin: (Double(pass.x0) + offset.x, Double(pass.y0) + offset.y), factor: f, window: window,
            tint: shadowColor)
        return true
    }

    /// The realtime shadow at reduced resolution, then the content drawn over it; `false` when σ
    /// is too small to gain from it. Target pixels the content will cover opaquely (its reduced
    /// silhouette is opaque there and around) are not shadowed at all: the content hides them.
    mutating func reducedShadow(
        color: Color, sigma: Double, offset: (x: Double, y: Double), drawsContent: Bool,
        within: Rect? = nil, _ body: (inout Canvas) throws -> Void
    ) throws -> Bool {
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
                    let solid =
                        x < w - 1 && opaque(x, y) && opaque(x - 1, y - 1) && opaque(x, y - 1) && opaque(x + 1, y - 1)
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

/// Bilinear magnification state: the source's column taps for a target area, and the two
/// reduced rows around the current target row, magnified across the area once per reduced row
/// (float RGBA), so each target pixel only mixes two values vertically.
struct Magnification {
    struct Columns: Sendable {
        let i0: [Int32], i1: [Int32], fu: [Float]
        let sw: Int, sh: Int, originY: Double, inverse: Double
        init(_ small: Image, origin: (x: Double, y: Double), factor f: Int, area: PixelRect) {
            sw = small.width; sh = small.height; originY = origin.y; inverse = 1 / Double(f)
            var i0 = [Int32](repeating: 0, count: area.width), i1 = i0, fu = [Float](repeating: 0, count: area.width)
            for x in 0..<area.width {
                let u = (Double(area.x + x) + 0.5 - origin.x) * inverse - 0.5
                let i = Int(u.rounded(.down))
                i0[x] = Int32(min(max(i, 0), sw - 1)); i1[x] = Int32(min(max(i + 1, 0), sw - 1)); fu[x] = Float(u - u.rounded(.down))
            }
            self.i0 = i0; self.i1 = i1; self.fu = fu
        }
    }
    let columns: Columns
    let pixels: SharedPointer<UInt8>
    var rowA: [Float], rowB: [Float], scratch: [Float]
    var indexA = -1, indexB = -1

    init(_ columns: Columns, pixels: SharedPointer<UInt8>) {
        self.columns = columns; self.pixels = pixels
        rowA = [Float](repeating: 0, count: 4 * columns.i0.count); rowB = rowA
        scratch = [Float](repeating: 0, count: 4 * columns.sw)
    }

    static func magnify(_ columns: Columns, _ pixels: SharedPointer<UInt8>, _ j: Int, scratch: inout [Float], into row: inout [Float]) {
        frost_magnify_row(
            pixels.base + 4 * columns.sw * j, Int32(columns.sw), Int32(columns.i0.count), columns.i0, columns.i1, columns.fu,
            &scratch, &row)
    }

    /// Loads the reduced rows around target row `y`; returns the weight of the lower one.
    mutating func advance(to y: Int) -> Float {
        let v = (Double(y) + 0.5 - columns.originY) * columns.inverse - 0.5
        let j = Int(v.rounded(.down)), fv = Float(v - v.rounded(.down))
        let j0 = min(max(j, 0), columns.sh - 1), j1 = min(max(j + 1, 0), columns.sh - 1)
        // Keep row A = j0 and row B = j1, reusing whichever is already converted.
        if indexA != j0 {
            if indexB == j0 {
                swap(&rowA, &rowB); swap(&indexA, &indexB)
            } else {
                Magnification.magnify(columns, pixels, j0, scratch: &scratch, into: &rowA); indexA = j0
            }
        }
        if indexB != j1 { Magnification.magnify(columns, pixels, j1, scratch: &scratch, into: &rowB); indexB = j1 }
        return fv
    }

    static func withTint(_ tint: SIMD4<Float>?, _ body: (UnsafePointer<Float>?) -> Void) {
        guard var t = tint else { body(nil); return }
        withUnsafeBytes(of: &t) { body($0.baseAddress!.assumingMemoryBound(to: Float.self)) }
    }
}
