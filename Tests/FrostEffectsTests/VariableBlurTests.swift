import Foundation
import Testing
import FrostBlur
import FrostImage
import FrostTestSupport
@testable import FrostEffects

// Progressive blur against a per-pixel exact Gaussian of the local σ (edges clamped).

@Suite("Progressive (variable) blur", .hangLimit)
struct VariableBlurTests {
    func photo(_ w: Int, _ h: Int) throws -> Image {
        try Resample.resized(try SampleImages.astronaut().cropped(to: PixelRect(x: 150, y: 60, width: 480, height: 400)), width: w, height: h)
    }

    @Test("against the per-pixel exact Gaussian: a top-edge gradient to σ 6 px and a bottom-edge one to σ 20 px, ≥ 48 dB")
    func accuracy() throws {
        for (w, h, top, mask) in [(64, 48, 6.0, VariableBlur.Mask.topEdge(fraction: 0.7)), (44, 40, 20.0, .bottomEdge(fraction: 1))] {
            let img = try photo(w, h)
            let vb = VariableBlur(maxSigma: top, mask: mask)
            let got = try vb.apply(to: img)
            let truth = try vb.reference(for: img)
            let db = try got.psnr(against: truth)
            #expect(db >= 48, "σ ≤ \(top): \(db) dB")
            #expect(try vb.apply(to: img, threads: 4).pixels == got.pixels, "thread-independent")
        }
    }

    @Test("the reference at one σ everywhere is the exact Gaussian blur")
    func referenceChecks() throws {
        let img = try photo(30, 20)
        let constant = VariableBlur(maxSigma: 3, mask: .image(try Image(width: 1, height: 1, fill: RGBA8(0, 0, 0, 255)), channel: .alpha))
        #expect(try constant.reference(for: img).psnr(against: try GaussianBlur(sigma: 3, quality: .exact).apply(to: img)) >= 50)
    }

    @Test("mask 0 leaves the image exactly; mask 1 everywhere is the plain blur; the tint follows the mask")
    func limits() throws {
        let img = try photo(40, 30)
        #expect(try VariableBlur(maxSigma: 8, mask: .image(try Image(width: 5, height: 5))).apply(to: img).pixels == img.pixels)
        #expect(try VariableBlur(maxSigma: 0, mask: .topEdge(fraction: 1)).apply(to: img).pixels == img.pixels)
        let full = try VariableBlur(maxSigma: 5, mask: .image(try Image(width: 1, height: 1, fill: RGBA8(0, 0, 0, 255)), channel: .alpha)).apply(to: img)
        #expect(try full.psnr(against: try GaussianBlur(sigma: 5, quality: .exact).apply(to: img)) >= 48)
        // Tint: black at 50 % over the top edge, none at the bottom (fraction 0.5).
        let plain = try Image(width: 10, height: 20, fill: RGBA8(200, 200, 200, 255))
        let tinted = try VariableBlur(maxSigma: 4, mask: .topEdge(fraction: 0.5), tint: Color(white: 0, opacity: 0.5)).apply(to: plain)
        #expect(tinted[5, 0].r < 110 && tinted[5, 0].r > 95)  // 200 · (1 − 0.5 · 0.975)
        #expect(tinted[5, 15] == plain[5, 15])
    }

    @Test("the σ map: gradients in unit coordinates, image masks by alpha and stretched")
    func sigmaMap() throws {
        let top = try VariableBlur(maxSigma: 10, mask: .topEdge(fraction: 0.5)).sigmaMap(width: 2, height: 4)
        #expect(abs(top[0] - 7.5) < 1e-5 && abs(top[2] - 2.5) < 1e-5 && top[4] == 0 && top[6] == 0)
        let bottom = try VariableBlur(maxSigma: 10, mask: .bottomEdge(fraction: 0.25)).sigmaMap(width: 1, height: 4)
        #expect(bottom == [0, 0, 0, 5])
        var m = try Image(width: 2, height: 1)
        m[1, 0] = RGBA8(0, 0, 0, 255)
        #expect(try VariableBlur(maxSigma: 4, mask: .image(m)).sigmaMap(width: 2, height: 1) == [0, 4])
        #expect(throws: ImageError.self) { try VariableBlur(maxSigma: 4, mask: .linear(from: (0, .nan), to: (1, 1))).sigmaMap(width: 2, height: 2) }
    }

    @Test("an image mask's rows: σ per pixel and each row's smallest and largest σ, for widths with and without a vector tail")
    func imageMaskRows() throws {
        var rng = SeededGenerator.forTest(2502)
        for w in [1, 15, 16, 37, 64] {
            var m = try Image(width: w, height: 5)
            for y in 0..<5 { for x in 0..<w { m[x, y] = RGBA8(0, 0, 0, y == 4 ? 200 : .random(in: 0...255, using: &rng)) } }
            let vb = VariableBlur(maxSigma: 51, mask: .image(m))
            let field = try VariableBlur.SigmaField(vb, width: w, height: 5)
            let map = try vb.sigmaMap(width: w, height: 5)
            for y in 0..<5 {
                #expect(Array(map[(y * w)..<((y + 1) * w)]) == (0..<w).map { 51 * Float(m[$0, y].a) / 255 }, "\(rng) w \(w) row \(y)")
                #expect(
                    field.rowMin[y] == map[(y * w)..<((y + 1) * w)].min() && field.rowMax[y] == map[(y * w)..<((y + 1) * w)].max(),
                    "\(rng) w \(w) row \(y)")
            }
            #expect(field.constant(row: 4) == 40)
        }
    }

    @Test(
        "the σ field's 32-pixel blocks hold every pixel's σ in their range (gradients at any angle, image masks, edge bands; sizes not a multiple of 32), and a band's blocks are tight"
    )
    func blockBounds() throws {
        var rng = SeededGenerator.forTest(2503)
        var masks: [VariableBlur.Mask] = [
            .topEdge(fraction: 0.4), .bottomEdge(fraction: 0.7), .linear(from: (0, 0), to: (1, 1)),
            .linear(from: (0.9, 0.2), to: (0.1, 0.6)), .linear(from: (0.5, 0.5), to: (0.5, 0.5)),
        ]
        var m = try Image(width: 70, height: 45)
        for y in 0..<45 {
            for x in 0..<70 { m[x, y] = RGBA8(0, 0, 0, (x - 35) * (x - 35) + (y - 20) * (y - 20) < 200 ? 0 : .random(in: 0...255, using: &rng)) }
        }
        masks.append(.image(m))
        for (n, mask) in masks.enumerated() {
            for (w, h) in [(70, 45), (33, 97), (1, 1), (64, 32)] {
                let vb = VariableBlur(maxSigma: 37, mask: mask)
                let field = try VariableBlur.SigmaField(vb, width: w, height: h)
                let map = try vb.sigmaMap(width: w, height: h), bw = field.blockColumns
                #expect(field.blockMin.count == bw * field.blockRows)
                for y in 0..<h {
                    for x in 0..<w {
                        let i = (y / 32) * bw + x / 32, s = map[y * w + x]
                        if !(field.blockMin[i] <= s && s <= field.blockMax[i]) {
                            Issue.record("\(rng) mask \(n) \(w)x\(h): pixel \(x),\(y) σ \(s) outside its block's \(field.blockMin[i])…\(field.blockMax[i])")
                            return
                        }
                    }
                }
            }
        }
        // An image mask's block ranges are exact: each is its pixels' smallest and largest σ.
        let vb = VariableBlur(maxSigma: 37, mask: .image(m))
        let field = try VariableBlur.SigmaField(vb, width: 70, height: 45), map = try vb.sigmaMap(width: 70, height: 45)
        for j in 0..<field.blockRows {
            for i in 0..<field.blockColumns {
                let values = (j * 32..<min(45, j * 32 + 32)).flatMap { y in (i * 32..<min(70, i * 32 + 32)).map { map[y * 70 + $0] } }
                #expect(
                    field.blockMin[j * field.blockColumns + i] == values.min() && field.blockMax[j * field.blockColumns + i] == values.max(),
                    "block \(i),\(j)")
            }
        }
    }

    @Test("an image mask's σ row computed eight at a time (AVX2) is the table's floats, for every alpha byte and several maxima")
    func alphaSigmaRow() throws {
        var m = try Image(width: 259, height: 1)
        for x in 0..<259 { m[x, 0] = RGBA8(0, 0, 0, UInt8(x % 256)) }
        for top in [0.1, 1, 37.3, 51, 199.99, 200] {
            let field = try VariableBlur.SigmaField(VariableBlur(maxSigma: top, mask: .image(m)), width: 259, height: 1)
            var wide = [Float](repeating: -1, count: 259), portable = wide
            wide.withUnsafeMutableBufferPointer { field.fill(row: 0, columns: 0..<259, into: $0.baseAddress!) }
            portable.withUnsafeMutableBufferPointer { field.fill(row: 0, columns: 0..<259, into: $0.baseAddress!, wide: false) }
            #expect(wide == portable, "max σ \(top)")
            #expect(portable == (0..<259).map { Float(top) * Float($0 % 256) / 255 }, "max σ \(top)")
        }
    }

    @Test(
        "a linear gradient's σ row: AVX2 and portable C give the floats of the formula evaluated per pixel in Swift, clamped at both ends, for widths with and without a vector tail"
    )
    func linearSigmaRow() {
        var rng = SeededGenerator.forTest(2504)
        for trial in 0..<40 {
            let w = [1, 3, 4, 7, 64, 129][trial % 6], h = 9
            let f = (x: Double.random(in: -0.5...1.5, using: &rng), y: Double.random(in: -0.5...1.5, using: &rng))
            let t = (x: Double.random(in: -0.5...1.5, using: &rng), y: Double.random(in: -0.5...1.5, using: &rng))
            let dx = (t.x - f.x) * Double(w), dy = (t.y - f.y) * Double(h), inverse = 1 / (dx * dx + dy * dy)
            let top = Float.random(in: 0...200, using: &rng), y = trial % h, x0 = trial % 3
            let columns = x0..<(x0 + w)
            var wide = [Float](repeating: -1, count: w), portable = [Float](repeating: -1, count: w)
            wide.withUnsafeMutableBufferPointer {
                VariableBlur.SigmaField.linearRow(f, dx, dy, inverse, top: top, width: w, height: h, y: y, columns: columns, into: $0.baseAddress!)
            }
            portable.withUnsafeMutableBufferPointer {
                VariableBlur.SigmaField.linearRow(
                    f, dx, dy, inverse, top: top, width: w, height: h, y: y, columns: columns,
                    into: $0.baseAddress!, wide: false)
            }
            let across = ((Double(y) + 0.5) - f.y * Double(h)) * dy
            let expected = columns.map { x -> Float in
                let along = (((Double(x) + 0.5) - f.x * Double(w)) * dx + across) * inverse
                return top * Float(1 - min(max(along, 0), 1))
            }
            #expect(wide == expected && portable == expected, "\(rng) trial \(trial): w \(w)")
            #expect(wide.allSatisfy { $0 >= 0 && $0 <= top })
        }
    }

    @Test("the pyramid's halving: every block (inside, on and past the edges) is the rounded mean of its edge-mapped pixels")
    func halving() throws {
        // 45 columns: the vector span inside the image runs several 4-pixel steps and a tail.
        let W = 45, H = 9
        var img = try Image(width: W, height: H)
        var rng = SeededGenerator.forTest(2505)
        for y in 0..<H {
            for x in 0..<W {
                let a = UInt8.random(in: 0...255, using: &rng)
                img[x, y] = RGBA8(.random(in: 0...a, using: &rng), .random(in: 0...a, using: &rng), .random(in: 0...a, using: &rng), a)
            }
        }
        for edges in [EdgeMode.clamp, .transparent, .mirror, .wrap] {
            let region = PixelRect(x: -3, y: -2, width: 30, height: 10)
            let got = try VariableBlur.halve(img, sourceOrigin: nil, region: region, edges: edges)
            for j in 0..<region.height {
                for i in 0..<region.width {
                    var sum = [2, 2, 2, 2]
                    for b in 0..<2 {
                        for a in 0..<2 {
                            guard let x = edges.map(2 * (region.x + i) + a, count: W), let y = edges.map(2 * (region.y + j) + b, count: H) else { continue }
                            let p = img[x, y]
                            sum[0] += Int(p.r); sum[1] += Int(p.g); sum[2] += Int(p.b); sum[3] += Int(p.a)
                        }
                    }
                    #expect(got[i, j] == RGBA8(UInt8(sum[0] >> 2), UInt8(sum[1] >> 2), UInt8(sum[2] >> 2), UInt8(sum[3] >> 2)), "\(rng) \(edges) \(i),\(j)")
                }
            }
        }
    }

    @Test(
        "masks that vary along rows — a diagonal gradient and an image with a hard edge — against the per-pixel exact Gaussian, ≥ 45 dB; AVX2 or not, the same bytes"
    )
    func masksAlongRows() throws {
        let img = try photo(72, 56)
        var hard = try Image(width: 72, height: 56)
        for y in 0..<56 { for x in 0..<72 where x > 30 && y > 12 { hard[x, y] = RGBA8(0, 0, 0, x > 50 ? 255 : 140) } }
        for (top, mask) in [(9.0, VariableBlur.Mask.linear(from: (0, 0), to: (0.8, 1))), (7.0, .image(hard)), (30.0, .linear(from: (1, 0.2), to: (0, 0.9)))] {
            let vb = VariableBlur(maxSigma: top, mask: mask)
            let got = try vb.apply(to: img)
            let db = try got.psnr(against: try vb.reference(for: img))
            #expect(db >= 45, "\(mask) to σ \(top): \(db) dB")
            #expect(try vb.apply(to: img, threads: 3).pixels == got.pixels, "thread-independent")
            #expect(try vb.render(img, threads: 1, perPixel: false, wide: false).pixels == got.pixels, "portable kernels, same bytes")
        }
    }

    @Test("a tall image: the full-resolution rungs made strip by strip leave no seam (the bytes of one strip for the whole image)")
    func stripsLeaveNoSeam() throws {
        let img = try Resample.resized(try SampleImages.astronaut(), width: 40, height: 3 * VariableBlur.stripRows + 37)
        for edges in [EdgeMode.clamp, .transparent, .mirror, .wrap] {
            let vb = VariableBlur(maxSigma: 7, mask: .topEdge(fraction: 1), edges: edges)
            let strips = try vb.apply(to: img), whole = try vb.render(img, threads: 2, perPixel: false, stripRows: img.height)
            let worst = zip(strips.pixels, whole.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst == 0, "\(edges): worst \(worst)")
            // σ varying along the rows too: each strip's rungs cover slanted column spans.
            let slant = VariableBlur(maxSigma: 7, mask: .linear(from: (0, 0), to: (1, 1)), edges: edges)
            let slantStrips = try slant.apply(to: img), slantWhole = try slant.render(img, threads: 2, perPixel: false, stripRows: img.height)
            #expect((zip(slantStrips.pixels, slantWhole.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0) == 0, "\(edges) diagonal")
            if edges == .clamp || edges == .wrap { #expect(try strips.psnr(against: try vb.reference(for: img)) >= 48, "\(edges)") }
        }
    }

    @Test(
        "a wide image: the full-resolution rungs made tile by tile leave no seam between tiles (the bytes of one tile per strip, on one thread or two), for every edge mode, a ring-shaped image mask, a slanted gradient and a top edge"
    )
    func tilesLeaveNoSeam() throws {
        let img = try Resample.resized(try SampleImages.astronaut(), width: 3 * 64 + 29, height: 90)
        // σ grows with the distance from the centre: each rung is mixed on a ring.
        var ring = try Image(width: img.width, height: img.height)
        for y in 0..<img.height {
            for x in 0..<img.width {
                let dx = Double(x) - 110, dy = Double(y) - 45
                ring[x, y] = RGBA8(0, 0, 0, UInt8(min(255, (dx * dx + dy * dy).squareRoot() * 2.2)))
            }
        }
        for edges in [EdgeMode.clamp, .transparent, .mirror, .wrap] {
            for (name, mask) in [("ring", VariableBlur.Mask.image(ring)), ("slant", .linear(from: (0, 0), to: (1, 0.3))), ("top", .topEdge(fraction: 1))] {
                let vb = VariableBlur(maxSigma: 7, mask: mask, edges: edges)
                let tiles = try vb.render(img, threads: 2, perPixel: false, stripRows: 40, tileColumns: 64)
                let whole = try vb.render(img, threads: 2, perPixel: false, stripRows: img.height, tileColumns: img.width)
                let worst = zip(tiles.pixels, whole.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
                let at = zip(tiles.pixels, whole.pixels).map { abs(Int($0) - Int($1)) }.firstIndex(of: worst) ?? 0
                #expect(worst == 0, "\(edges) \(name): worst \(worst) at x \(at / 4 % img.width), y \(at / 4 / img.width)")
                #expect(
                    try vb.render(img, threads: 1, perPixel: false, stripRows: 40, tileColumns: 64).pixels == tiles.pixels,
                    "\(edges): one thread or two, the same bytes")
                if edges == .clamp { #expect(try tiles.psnr(against: try vb.reference(for: img)) >= 45, "\(name)") }
            }
        }
    }

    @Test("a row of one σ (every built-in gradient) gives the bytes the per-pixel kernel gives, AVX2 or not, tint included")
    func oneSigmaRowsMatchPerPixel() throws {
        let img = try photo(300, 260)
        for (top, tint) in [(6.0, nil), (40.0, Color(white: 0, opacity: 0.3)), (200.0, Color(red: 0.2, green: 0.4, blue: 1, opacity: 0.5))] {
            for mask in [VariableBlur.Mask.topEdge(fraction: 0.6), .bottomEdge(fraction: 1)] {
                let vb = VariableBlur(maxSigma: top, mask: mask, tint: tint)
                let fused = try vb.render(img, threads: 2, perPixel: false)
                #expect(fused.pixels == (try vb.render(img, threads: 2, perPixel: true)).pixels, "\(mask) σ \(top)")
                #expect(fused.pixels == (try vb.render(img, threads: 2, perPixel: false, wide: false)).pixels, "portable \(mask) σ \(top)")
                #expect(fused.pixels != img.pixels)
            }
        }
    }

    @Test("apply(into:) reuses an output of the image's size and gives apply's bytes; another size is an error")
    func applyInto() throws {
        let img = try photo(90, 70)
        let vb = VariableBlur(maxSigma: 12, mask: .bottomEdge(fraction: 0.8), tint: Color(white: 1, opacity: 0.2))
        var out = try Image(width: 90, height: 70, fill: RGBA8(9, 9, 9, 255))
        try vb.apply(to: img, into: &out)
        #expect(out.pixels == (try vb.apply(to: img)).pixels)
        try vb.apply(to: img, into: &out)
        #expect(out.pixels == (try vb.apply(to: img)).pixels)
        var wrong = try Image(width: 89, height: 70)
        #expect(throws: ImageError.self) { try vb.apply(to: img, into: &wrong) }
    }

    @Test("σ outside 0…200 px is an error; a 1×1 image works")
    func errors() throws {
        let img = try Image(width: 1, height: 1, fill: RGBA8(1, 2, 3, 255))
        for bad in [-1.0, .nan, 201, .infinity] {
            #expect(throws: ImageError.self) { try VariableBlur(maxSigma: bad, mask: .topEdge(fraction: 1)).apply(to: img) }
        }
        #expect(try VariableBlur(maxSigma: 200, mask: .topEdge(fraction: 1)).apply(to: img).pixels == img.pixels)
    }
}
