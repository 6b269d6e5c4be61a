import Foundation
import FrostImage
import FrostBlur
import CFrostKernels

/// Progressive (variable) blur: σ varies over the image as `maxSigma` × the mask's alpha, as
/// iOS's private `variableBlur` filter does (REFERENCE.md §1: alpha 1 → the full blur, 0 → none);
/// the top-edge and bottom-edge gradients behind navigation bars and toolbars are built in.
///
/// How: a ladder of true Gaussian blurs at half-octave steps of σ (0.5, 0.71, 1, 1.41 … up to
/// the maximum), each computed only where the mask asks for σ near it, at a resolution of 1/f
/// with σ/f ≥ 4 (so bilinear reading loses nothing visible), from an area pyramid of the image.
/// Each output pixel mixes the two rungs around its own σ by variance — never a blocky level
/// choice, so no pixelation or streaks where the mask changes. The cost hardly depends on σ
/// (more rungs are smaller ones), up to σ 200 px (CoreImage's `CIMaskedVariableBlur` stops at 100).
/// Accuracy against a per-pixel exact Gaussian of the local σ is measured in the tests and by
/// `frost bench variable` (README).
public struct VariableBlur: Sendable {
    /// Where the blur is, 0…1 per pixel.
    public enum Mask: Sendable, Equatable {
        /// Full blur at the top edge, fading linearly to none at `fraction` of the height down.
        case topEdge(fraction: Double)
        /// Full blur at the bottom edge, fading linearly to none at `fraction` of the height up.
        case bottomEdge(fraction: Double)
        /// Linear from full blur at `from` to none at `to` (unit coordinates of the image: (0, 0)
        /// top-left, (1, 1) bottom-right), constant beyond both ends.
        case linear(from: (x: Double, y: Double), to: (x: Double, y: Double))
        /// An image (stretched bilinearly to the blurred image's size when it differs), read
        /// through `channel`: by default its alpha when it has transparency, its luminance when
        /// it is opaque everywhere (an ordinary grayscale mask, as CoreImage's
        /// `CIMaskedVariableBlur` reads it: white blurs, black does not).
        case image(Image, channel: MaskChannel = .automatic)

        public static func == (a: Mask, b: Mask) -> Bool {
            switch (a, b) {
            case let (.topEdge(x), .topEdge(y)), let (.bottomEdge(x), .bottomEdge(y)): return x == y
            case let (.linear(f1, t1), .linear(f2, t2)): return f1 == f2 && t1 == t2
            case let (.image(x, c1), .image(y, c2)): return x == y && c1 == c2
            default: return false
            }
        }
    }

    /// Which values of an image mask set the blur.
    public enum MaskChannel: String, Sendable, Hashable, CaseIterable {
        /// Luminance when every pixel of the mask is opaque (it carries no alpha to read),
        /// alpha otherwise.
        case automatic
        /// The mask's alpha: 1 → full blur, 0 → none.
        case alpha
        /// The mask's luminance — Rec. 709 luma of its premultiplied sRGB values, i.e. of the
        /// mask over black: white → full blur, black → none.
        case luminance

        /// The channel read for `mask`: `.automatic` resolved by looking at its alpha.
        public func resolved(for mask: Image) -> MaskChannel {
            guard self == .automatic else { return self }
            return mask.isOpaque ? .luminance : .alpha
        }
    }

    /// The largest σ the ladder reaches, pixels.
    public static let maxSigma = 200.0
    /// Below this σ (pixels) a pixel is copied unblurred.
    static let floorSigma = 0.5

    /// σ in pixels where the mask is 1 (0…200).
    public var maxSigma: Double
    public var mask: Mask
    /// A colour laid over the blur with its opacity × the mask (the tint iOS puts over
    /// progressive blurs); nil for none.
    public var tint: Color?
    public var edges: EdgeMode

    public init(maxSigma: Double, mask: Mask, tint: Color? = nil, edges: EdgeMode = .clamp) {
        self.maxSigma = maxSigma; self.mask = mask; self.tint = tint; self.edges = edges
    }

    /// One rung: the image blurred with one σ of the ladder, stored at 1/`factor` for the
    /// pixels (in its own grid) of `origin` and its size.
    struct Rung {
        var factor: Int
        var image: Image
        var originX: Int, originY: Int
        /// The full-resolution rows a full-resolution rung may be read on (it holds more, its
        /// blur's margin); nil: all of its rows.
        var written: Range<Int>? = nil
    }

    /// A rung at full resolution (σ < 8 px), blurred a tile at a time while mixing.
    struct FullResolutionRung {
        var index: Int
        var sigma: Double
        /// The halvings its blur takes (0: the FIR), as `SharedPyramid.depth(sigma:)` says.
        var depth: Int
    }

    /// The rungs' σ: 0 (the image), then half octaves from 0.5 px, and `maxSigma` last.
    static func ladder(upTo top: Double) -> [Double] {
        var s: [Double] = [0]
        var next = floorSigma
        while next < top * (1 - 1e-9) { s.append(next); next *= 2.0.squareRoot() }
        if top >= floorSigma { s.append(top) }
        return s
    }

    /// Blurs `image` with σ varying as the mask says.
    /// - Throws: `ImageError` for σ outside 0…200, a non-finite gradient or a thread count out of range.
    public func apply(to image: Image, threads: Int? = nil) throws -> Image {
        try render(image, threads: threads, perPixel: false)
    }

    /// Blurs `image` into `output`, reusing `output`'s storage: no image-sized allocation (and,
    /// on a fresh 4K image, no 8,100 page faults) per call — what a progressive blur redrawn
    /// every frame wants. `output` ends up exactly as ``apply(to:threads:)`` would return it.
    /// - Parameters:
    ///   - image: the input, premultiplied.
    ///   - output: an image of `image`'s size; its previous contents are ignored.
    ///   - threads: worker threads, 1…256; default: every core.
    /// - Throws: `ImageError` as ``apply(to:threads:)`` does, or for an `output` of another size.
    public func apply(to image: Image, into output: inout Image, threads: Int? = nil) throws {
        guard output.width == image.width, output.height == image.height else {
            throw ImageError.sizeMismatch(
                what: "the output image", actual: "\(output.width)x\(output.height)",
                expected: "\(image.width)x\(image.height) (the input's size)")
        }
        try render(image, threads: threads, perPixel: false, into: &output)
    }

    /// `apply`'s body into a new image.
    func render(
        _ image: Image, threads: Int?, perPixel: Bool, stripRows: Int = VariableBlur.stripRows,
        tileColumns: Int = VariableBlur.tileColumns, wide: Bool = true
    ) throws -> Image {
        var output = Image(unwrittenWidth: image.width, height: image.height)  // every byte is written
        try render(image, threads: threads, perPixel: perPixel, stripRows: stripRows, tileColumns: tileColumns, wide: wide, into: &output)
        return output
    }

    /// `apply`'s body; `perPixel` sends every row through the per-pixel mixing kernel,
    /// `stripRows` × `tileColumns` sets the tiles of the full-resolution rungs, `wide` false
    /// keeps to the portable kernels (all for tests).
    func render(
        _ image: Image, threads: Int?, perPixel: Bool, stripRows: Int = VariableBlur.stripRows,
        tileColumns: Int = VariableBlur.tileColumns, wide: Bool = true, into output: inout Image
    ) throws {
        guard maxSigma.isFinite, maxSigma >= 0, maxSigma <= VariableBlur.maxSigma else {
            throw ImageError.parameterOutOfRange(name: "maximum σ", value: "\(maxSigma)", expected: "0…\(Int(VariableBlur.maxSigma)) px")
        }
        let threads = try ImageError.resolveThreads(threads)
        let w = image.width, h = image.height
        let field = try SigmaField(self, width: w, height: h, threads: threads)
        let ladder = VariableBlur.ladder(upTo: maxSigma)
        let rowMin = field.rowMin, rowMax = field.rowMax
        // A rung is needed on the rows whose σ range meets the σ it is mixed into: (its lower
        // neighbour, its upper neighbour], and on the columns of the 32-pixel blocks whose σ
        // range does (a ring or a corner needs part of each row). The full-resolution rungs are
        // narrowed further, tile by tile, while mixing.
        var boxes = [PixelRect?](repeating: nil, count: ladder.count)
        let cut = Float(VariableBlur.floorSigma * 0.5)
        for r in 1..<ladder.count {
            let below = Float(ladder[r - 1]), above = r + 1 < ladder.count ? Float(ladder[r + 1]) : .infinity
            func meets(_ lo: Float, _ hi: Float) -> Bool { hi >= cut && hi > below && max(lo, cut) <= above }
            var first = -1, last = -1
            for y in 0..<h where meets(rowMin[y], rowMax[y]) {
                if first < 0 { first = y }
                last = y
            }
            guard first >= 0 else { continue }
            var left = Int.max, right = Int.min
            let bw = field.blockColumns, b = SigmaField.block
            for j in (first / b)...(last / b) {
                for i in 0..<bw where meets(field.blockMin[j * bw + i], field.blockMax[j * bw + i]) {
                    left = min(left, i * b); right = max(right, min(w, (i + 1) * b))
                }
            }
            if left < right { boxes[r] = PixelRect(x: left, y: first, width: right - left, height: last - first + 1) }
        }

        // Each rung blurs a level of an area pyramid: level m averages 2^m × 2^m blocks of the
        // image (a box of 2^m: variance (4^m − 1)/12 full-resolution px², taken off the blur).
        // A rung's pixels: its box in level pixels, grown by the blur's reach (4σ) and two more
        // for bilinear reads — reaching past the image, where the levels hold blocks of the
        // image extended by the edge mode at full resolution (as the exact blur extends it).
        struct Plan { var m: Int; var rest: Double; var region: PixelRect }
        var plans = [Plan?](repeating: nil, count: ladder.count)
        var need = [PixelRect?](repeating: nil, count: 12)
        for r in 1..<ladder.count {
            guard let box = boxes[r] else { continue }
            let s = ladder[r]
            var m = 0
            while Double(1 << (m + 1)) * 4 <= s, m < 10 { m += 1 }
            let f = 1 << m
            let rest = (max(s * s - (Double(f * f) - 1) / 12, 0)).squareRoot() / Double(f)
            let reach = Int((4 * rest).rounded(.up)) + 2
            let x0 = floorDiv(box.x, f) - reach, y0 = floorDiv(box.y, f) - reach
            let x1 = floorDiv(box.maxX + f - 1, f) + reach, y1 = floorDiv(box.maxY + f - 1, f) + reach
            let region = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            plans[r] = Plan(m: m, rest: rest, region: region)
            if m > 0 { need[m] = need[m].map { $0.union(region) } ?? region }
        }
        // Each level must also cover what the next one averages.
        for m in stride(from: need.count - 1, through: 2, by: -1) {
            guard let next = need[m] else { continue }
            let down = PixelRect(x: 2 * next.x, y: 2 * next.y, width: 2 * next.width, height: 2 * next.height)
            need[m - 1] = need[m - 1].map { $0.union(down) } ?? down
        }
        var levels: [Int: (image: Image, origin: PixelRect)] = [:]
        for m in 1..<need.count {
            guard let region = need[m] else { break }
            let source = m == 1 ? nil : levels[m - 1]
            levels[m] = (
                try VariableBlur.halve(
                    m == 1 ? image : source!.image, sourceOrigin: source?.origin,
                    region: region, edges: edges, threads: threads), region
            )
        }
        var rungs = [Rung?](repeating: nil, count: ladder.count)
        var fullResolution: [FullResolutionRung] = []
        for r in 1..<ladder.count {
            // Full resolution: made tile by tile while mixing (see `mix`).
            if let plan = plans[r], plan.m == 0 {
                fullResolution.append(FullResolutionRung(index: r, sigma: plan.rest, depth: SharedPyramid.depth(sigma: plan.rest)))
            }
        }
        // The reduced rungs of one level (two a level: half an octave apart) are pyramid blurs
        // of the same pixels: one set of halvings serves both, read straight from the level (no
        // crop copied out first), and each is expanded over just its region. The level holds
        // the edges extended within the reach, so clamping past it changes nothing read.
        for m in Set(plans.compactMap { $0?.m }).sorted() where m > 0 {
            let level = levels[m]!
            let members = (1..<ladder.count).filter { plans[$0]?.m == m }
            // Each region in the level's pixels, from an even column (the expansion writes pairs).
            func local(_ r: Int) -> PixelRect {
                let g = plans[r]!.region, x = (g.x - level.origin.x) & ~1
                return PixelRect(x: x, y: g.y - level.origin.y, width: g.maxX - level.origin.x - x, height: g.height)
            }
            // σ/f ≥ 4 leaves every reduced rung a σ of at least 3.99 level pixels: a pyramid blur.
            let union = members.dropFirst().reduce(local(members[0])) { $0.union(local($1)) }
            var shared = SharedPyramid(
                level.image, covering: union, depth: members.map { SharedPyramid.depth(sigma: plans[$0]!.rest) }.max()!,
                largestSigma: members.map { plans[$0]!.rest }.max()!, edges: .clamp, wide: wide, threads: threads)
            for r in members {
                let area = local(r)
                var blurred = ScratchImages.shared.take(width: area.width, height: area.height)
                shared.blur(sigma: plans[r]!.rest, rect: area, into: &blurred)
                rungs[r] = Rung(factor: 1 << m, image: blurred, originX: area.x + level.origin.x, originY: area.y + level.origin.y)
            }
            shared.release()
        }
        try VariableBlur.mix(
            image, rungs: rungs, fullResolution: fullResolution, edges: edges, ladder: ladder, field: field,
            tint: tint, threads: threads, perPixel: perPixel, stripRows: stripRows, tileColumns: tileColumns,
            wide: wide, into: &output)
        // The rungs' storage back to the pool for the next call (unshared first).
        for r in rungs.indices {
            guard let image = rungs[r]?.image else { continue }
            rungs[r] = nil
            ScratchImages.shared.give(image)
        }
    }

    /// The 2 × 2 block means over `region` (pixels of the halved grid): from the full-resolution
    /// `source` (nil origin: read through `edges` outside it), or from the previous level,
    /// whose pixel (0, 0) is at `sourceOrigin` and which covers every block asked for.
    static func halve(_ source: Image, sourceOrigin: PixelRect?, region: PixelRect, edges: EdgeMode, threads: Int = 1) throws -> Image {
        try Image.validate(width: region.width, height: region.height)
        var out = Image(unwrittenWidth: region.width, height: region.height)  // every pixel is written below
        let sw = source.width, sh = source.height
        let ox = sourceOrigin?.x ?? 0, oy = sourceOrigin?.y ?? 0
        func map(_ v: Int, _ n: Int) -> Int32 {
            sourceOrigin == nil ? Int32(edges.map(v, count: n) ?? -1) : Int32(min(max(v, 0), n - 1))
        }
        let xmap = (0..<(2 * region.width)).map { map(2 * region.x + $0 - ox, sw) }
        let ymap = (0..<(2 * region.height)).map { map(2 * region.y + $0 - oy, sh) }
        let dw = region.width
        source.pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutablePixels { q in
                let src = SharedPointer(p.baseAddress!), dst = SharedPointer(q.baseAddress!), maps = UncheckedSendable((xmap, ymap))
                parallelBands(lines: region.height, threads: dw * region.height >= 65_536 ? threads : 1) { first, end in
                    maps.value.1.withUnsafeBufferPointer { ym in
                        frost_halve_mapped(
                            src.base, Int32(sw), maps.value.0, ym.baseAddress! + 2 * first, dst.base + 4 * first * dw,
                            Int32(dw), Int32(end - first))
                    }
                }
            }
        }
        return out
    }

    /// The exact result to measure against: each pixel the 2-D Gaussian sum of its own σ
    /// (truncated at 4σ, edges as `edges`, float64), no tint. O(σ²) per pixel: for small images.
    public func reference(for image: Image, threads: Int? = nil) throws -> Image {
        let w = image.width, h = image.height
        let sigma = try sigmaMap(width: w, height: h)
        var out = image
        let edges = self.edges
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutablePixels { dst in
                let s = SharedPointer(src.baseAddress!), d = SharedPointer(dst.baseAddress!), map = UncheckedSendable(sigma)
                parallelBands(lines: h, threads: (try? ImageError.resolveThreads(threads)) ?? 1) { first, end in
                    for y in first..<end {
                        for x in 0..<w {
                            let sv = Double(map.value[y * w + x])
                            guard sv >= 0.25 else { continue }
                            let r = Int((4 * sv).rounded(.up))
                            let g = (-r...r).map { exp(-Double($0 * $0) / (2 * sv * sv)) }
                            let norm = g.reduce(0, +)
                            var acc = SIMD4<Double>(repeating: 0)
                            for dy in -r...r {
                                guard let yy = edges.map(y + dy, count: h) else { continue }
                                var row = SIMD4<Double>(repeating: 0)
                                for dx in -r...r {
                                    guard let xx = edges.map(x + dx, count: w) else { continue }
                                    let o = 4 * (yy * w + xx)
                                    row += g[dx + r] * SIMD4(Double(s.base[o]), Double(s.base[o + 1]), Double(s.base[o + 2]), Double(s.base[o + 3]))
                                }
                                acc += g[dy + r] * row
                            }
                            let v = acc / (norm * norm)
                            for c in 0..<4 { d.base[4 * (y * w + x) + c] = UInt8(min(max(v[c].rounded(), 0), 255)) }
                        }
                    }
                }
            }
        }
        return out
    }
}
