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
        /// The alpha of an image (stretched bilinearly to the blurred image's size when it differs).
        case image(Image)

        public static func == (a: Mask, b: Mask) -> Bool {
            switch (a, b) {
            case let (.topEdge(x), .topEdge(y)), let (.bottomEdge(x), .bottomEdge(y)): return x == y
            case let (.linear(f1, t1), .linear(f2, t2)): return f1 == f2 && t1 == t2
            case let (.image(x), .image(y)): return x == y
            default: return false
            }
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

    /// The mask as σ (pixels) per pixel of a `width × height` image.
    public func sigmaMap(width: Int, height: Int) throws -> [Float] {
        var out = [Float](repeating: 0, count: width * height)
        let top = Float(maxSigma)
        func linear(_ f: (x: Double, y: Double), _ t: (x: Double, y: Double)) {
            let dx = (t.x - f.x) * Double(width), dy = (t.y - f.y) * Double(height)
            let len2 = dx * dx + dy * dy
            if dx == 0, len2 > 0 {
                // A vertical gradient: one value per row.
                for y in 0..<height {
                    let along = ((Double(y) + 0.5) - f.y * Double(height)) * dy / len2
                    let v = top * Float(1 - min(max(along, 0), 1))
                    for x in 0..<width { out[y * width + x] = v }
                }
                return
            }
            for y in 0..<height {
                for x in 0..<width {
                    let px = (Double(x) + 0.5) - f.x * Double(width), py = (Double(y) + 0.5) - f.y * Double(height)
                    let along = len2 > 0 ? (px * dx + py * dy) / len2 : 1
                    out[y * width + x] = top * Float(1 - min(max(along, 0), 1))
                }
            }
        }
        switch mask {
        case .topEdge(let fraction):
            linear((0.5, 0), (0.5, min(max(fraction.isNaN ? 0 : fraction, 0), 1)))
        case .bottomEdge(let fraction):
            linear((0.5, 1), (0.5, 1 - min(max(fraction.isNaN ? 0 : fraction, 0), 1)))
        case let .linear(from, to):
            guard from.x.isFinite, from.y.isFinite, to.x.isFinite, to.y.isFinite else {
                throw ImageError.invalidArgument("a variable blur's gradient needs finite end points")
            }
            linear(from, to)
        case .image(let m):
            let sized = (m.width == width && m.height == height) ? m : try Resample.resized(m, width: width, height: height)
            sized.pixels.withUnsafeBufferPointer { p in
                for i in 0..<(width * height) { out[i] = top * Float(p[4 * i + 3]) / 255 }
            }
        }
        return out
    }

    /// One rung: the image blurred with one σ of the ladder, stored at 1/`factor` for the
    /// pixels (in its own grid) of `origin` and its size.
    struct Rung {
        var factor: Int
        var image: Image
        var originX: Int, originY: Int
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
        guard maxSigma.isFinite, maxSigma >= 0, maxSigma <= VariableBlur.maxSigma else {
            throw ImageError.parameterOutOfRange(name: "maximum σ", value: "\(maxSigma)", expected: "0…\(Int(VariableBlur.maxSigma)) px")
        }
        let threads = try ImageError.resolveThreads(threads)
        let w = image.width, h = image.height
        let sigma = try sigmaMap(width: w, height: h)
        let ladder = VariableBlur.ladder(upTo: maxSigma)
        guard ladder.count > 1 else { return tinted(image, sigma: sigma) }

        // Per row, the range of σ (one pass); a rung is needed on the rows whose range meets the
        // σ it is mixed into: (its lower neighbour, its upper neighbour]. Its box spans whole rows
        // (a mask's columns rarely narrow it much, and rows keep the bookkeeping to one pass).
        var rowMin = [Float](repeating: .infinity, count: h), rowMax = [Float](repeating: 0, count: h)
        sigma.withUnsafeBufferPointer { m in
            for y in 0..<h {
                var lo = Float.infinity, hi: Float = 0
                for x in 0..<w { let v = m[y * w + x]; lo = min(lo, v); hi = max(hi, v) }
                rowMin[y] = lo; rowMax[y] = hi
            }
        }
        var boxes = [PixelRect?](repeating: nil, count: ladder.count)
        let cut = Float(VariableBlur.floorSigma * 0.5)
        for r in 1..<ladder.count {
            let below = Float(ladder[r - 1]), above = r + 1 < ladder.count ? Float(ladder[r + 1]) : .infinity
            var first = -1, last = -1
            for y in 0..<h where rowMax[y] >= cut && rowMax[y] > below && max(rowMin[y], cut) <= above {
                if first < 0 { first = y }
                last = y
            }
            if first >= 0 { boxes[r] = PixelRect(x: 0, y: first, width: w, height: last - first + 1) }
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
            let x0 = VariableBlur.floorDiv(box.x, f) - reach, y0 = VariableBlur.floorDiv(box.y, f) - reach
            let x1 = VariableBlur.floorDiv(box.maxX + f - 1, f) + reach, y1 = VariableBlur.floorDiv(box.maxY + f - 1, f) + reach
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
            levels[m] = (try VariableBlur.halve(m == 1 ? image : source!.image, sourceOrigin: source?.origin,
                                                 region: region, edges: edges, threads: threads), region)
        }
        var rungs = [Rung?](repeating: nil, count: ladder.count)
        for r in 1..<ladder.count {
            guard let plan = plans[r] else { continue }
            let crop: Image
            if plan.m == 0 {
                // Full resolution: the blur itself extends the true image edges.
                let region = plan.region.clipped(to: image.bounds)
                crop = try image.cropped(to: region)
                let blurred = try GaussianBlur(sigma: plan.rest, edges: edges, quality: .default).apply(to: crop, threads: threads)
                rungs[r] = Rung(factor: 1, image: blurred, originX: region.x, originY: region.y)
                continue
            }
            let level = levels[plan.m]!
            crop = try level.image.cropped(to: PixelRect(x: plan.region.x - level.origin.x, y: plan.region.y - level.origin.y,
                                                          width: plan.region.width, height: plan.region.height))
            // The crop already holds the extended edges within the reach: clamping beyond it
            // changes nothing.
            let blurred = try GaussianBlur(sigma: plan.rest, edges: .clamp, quality: .default).apply(to: crop, threads: threads)
            rungs[r] = Rung(factor: 1 << plan.m, image: blurred, originX: plan.region.x, originY: plan.region.y)
        }
        var out = image
        VariableBlur.mix(image, rungs: rungs, ladder: ladder, sigma: sigma, rowMin: rowMin, rowMax: rowMax, into: &out, threads: threads)
        return tinted(out, sigma: sigma)
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// The 2 × 2 block means over `region` (pixels of the halved grid): from the full-resolution
    /// `source` (nil origin: read through `edges` outside it), or from the previous level,
    /// whose pixel (0, 0) is at `sourceOrigin` and which covers every block asked for.
    static func halve(_ source: Image, sourceOrigin: PixelRect?, region: PixelRect, edges: EdgeMode, threads: Int = 1) throws -> Image {
        var out = try Image(width: region.width, height: region.height)
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
                        frost_halve_mapped(src.base, Int32(sw), maps.value.0, ym.baseAddress! + 2 * first, dst.base + 4 * first * dw,
                                           Int32(dw), Int32(end - first))
                    }
                }
            }
        }
        return out
    }

    /// Each pixel: the two rungs around its σ, mixed by variance, read bilinearly at their scale.
    /// Row by row: every rung the row needs is first expanded to a full-resolution float row
    /// (its two nearest rows mixed, then its columns, from per-rung column tables), then each
    /// pixel mixes its two rows.
    /// `rowMin`/`rowMax`: each row's smallest and largest σ.
    static func mix(_ image: Image, rungs: [Rung?], ladder: [Double], sigma: [Float], rowMin: [Float], rowMax: [Float],
                    into out: inout Image, threads: Int) {
        let w = image.width, h = image.height
        let cut = Float(floorSigma * 0.5)
        let levels = ladder.map { Float($0) }
        // Per rung: for each output column, its left source column and the weight of the next.
        struct Columns { var u0: [Int32], u1: [Int32], fu: [Float] }
        let columns: [Columns?] = rungs.map { r in
            guard let r else { return nil }
            let f = Float(r.factor), rw = r.image.width
            var c = Columns(u0: [], u1: [], fu: [])
            for x in 0..<w {
                let u = (Float(x) + 0.5) / f - 0.5 - Float(r.originX)
                let u0 = min(max(Int(u.rounded(.down)), 0), rw - 1)
                c.u0.append(Int32(u0)); c.u1.append(Int32(min(u0 + 1, rw - 1))); c.fu.append(min(max(u - Float(u0), 0), 1))
            }
            return c
        }
        let shared = UncheckedSendable((rungs, sigma, columns, rowMin, rowMax))
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutablePixels { dst in
                let s = SharedPointer(src.baseAddress!), d = SharedPointer(dst.baseAddress!)
                parallelBands(lines: h, threads: w * h >= 65_536 ? threads : 1) { first, end in
                    let (rungs, sigma, columns, rowMin, rowMax) = shared.value
                    let n = rungs.count
                    let rows = UnsafeMutablePointer<Float>.allocate(capacity: 4 * w * n)
                    let vertical = UnsafeMutablePointer<Float>.allocate(capacity: 4 * (rungs.compactMap { $0?.image.width }.max() ?? 1))
                    defer { rows.deallocate(); vertical.deallocate() }
                    sigma.withUnsafeBufferPointer { map in
                        for y in first..<end {
                            let line = map.baseAddress! + y * w
                            let lo = rowMin[y], hi = rowMax[y]
                            guard hi >= cut else { continue }
                            // The rungs this row mixes: from the one below its smallest σ to the
                            // one above its largest.
                            var kLo = 1, kHi = 1
                            while kLo < n - 1, levels[kLo] < max(lo, cut) { kLo += 1 }
                            while kHi < n - 1, levels[kHi] < hi { kHi += 1 }
                            for r in max(1, kLo - 1)...kHi {
                                guard let rung = rungs[r], let c = columns[r] else { continue }
                                let f = Float(rung.factor), rw = rung.image.width, rh = rung.image.height
                                let v = (Float(y) + 0.5) / f - 0.5 - Float(rung.originY)
                                let v0 = min(max(Int(v.rounded(.down)), 0), rh - 1), v1 = min(v0 + 1, rh - 1)
                                let fv = min(max(v - Float(v0), 0), 1)
                                rung.image.pixels.withUnsafeBufferPointer { p in
                                    frost_vb_expand(p.baseAddress! + 4 * v0 * rw, p.baseAddress! + 4 * v1 * rw, fv, Int32(rw),
                                                    c.u0, c.u1, c.fu, Int32(w), vertical, rows + 4 * w * r)
                                }
                            }
                            frost_vb_mix_row(d.base + 4 * y * w, s.base + 4 * y * w, line, Int32(w), levels, Int32(n), rows, cut)
                        }
                    }
                }
            }
        }
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

    /// The tint over `image`, its opacity scaled by the mask (σ / maxSigma).
    func tinted(_ image: Image, sigma: [Float]) -> Image {
        guard let tint, tint.opacity > 0, maxSigma > 0 else { return image }
        var out = image
        let c = SIMD4<Float>(tint.premultipliedComponents) * 255
        let top = Float(maxSigma), w = image.width
        out.withUnsafeMutablePixels { p in
            for i in 0..<(w * image.height) {
                let k = sigma[i] / top
                guard k > 0 else { continue }
                let a = c[3] * k / 255
                for ch in 0..<4 { p[4 * i + ch] = UInt8(min(max(c[ch] * k + Float(p[4 * i + ch]) * (1 - a) + 0.5, 0), 255)) }
            }
        }
        return out
    }
}
