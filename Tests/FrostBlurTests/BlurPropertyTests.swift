import Foundation
import Testing
import FrostTestSupport
@testable import FrostBlur
import FrostImage

@Suite("Gaussian blur properties and edge cases", .hangLimit)
struct BlurPropertyTests {
    @Test("a constant image stays exactly constant", arguments: BlurQuality.allCases)
    func constant(quality: BlurQuality) throws {
        let image = try Image(width: 40, height: 30, fill: RGBA8(90, 160, 220, 200))
        for edges in [EdgeMode.clamp, .mirror, .wrap] {
            for sigma in [0.7, 3.0, 25.0, 300.0] {
                let out = try GaussianBlur(sigma: sigma, edges: edges, quality: quality).apply(to: image)
                #expect(out == image, "σ=\(sigma) \(edges)")
            }
        }
    }

    @Test("impulse response variance equals σ² within 2 % (FIR and recursive paths)")
    func impulseVariance() throws {
        for quality in [BlurQuality.exact, .default] {
            for sigma in [0.8, 1.5, 2.0, 5.0, 12.0, 40.0] {
                let blur = GaussianBlur(sigma: sigma, quality: quality)
                let n = Int(24 * sigma) + 41, center = n / 2
                var line = [Float](repeating: 0, count: n * 4)
                line[center * 4] = 1
                line.withUnsafeMutableBufferPointer { p in
                    let plane = Plane(storage: .f32(p.baseAddress!), width: n, height: 1)
                    SeparablePass(
                        axis: .horizontal, filter: blur.lineFilter(sigma: sigma), edges: .transparent,
                        imageLength: n, srcOrigin: 0, outStart: 0, outEnd: n, dstOrigin: 0,
                        srcLine: 0, dstLine: 0, lineCount: 1, threads: 1
                    ).run(src: plane, dst: plane)
                }
                var sum = 0.0, mean = 0.0, variance = 0.0
                for i in 0..<n { sum += Double(line[4 * i]) }
                for i in 0..<n { mean += Double(i) * Double(line[4 * i]) / sum }
                for i in 0..<n { variance += pow(Double(i) - mean, 2) * Double(line[4 * i]) / sum }
                #expect(abs(sum - 1) < 1e-4, "\(quality) σ=\(sigma) sum \(sum)")
                #expect(abs(mean - Double(center)) < 1e-3)
                #expect(abs(variance / (sigma * sigma) - 1) < 0.02, "\(quality) σ=\(sigma): variance \(variance)")
            }
        }
    }

    @Test(
        "a red shape on transparency fades to transparent red, never to dark fringes",
        arguments: BlurQuality.allCases)
    func noDarkFringe(quality: BlurQuality) throws {
        var image = try Image(width: 48, height: 48)
        for y in 16..<32 { for x in 16..<32 { image[x, y] = RGBA8(255, 0, 0, 255) } }
        for encoding in ColorEncoding.allCases {
            let out = try GaussianBlur(sigma: 5, edges: .transparent, quality: quality, encoding: encoding).apply(to: image)
            var faded = 0
            for y in 0..<48 {
                for x in 0..<48 {
                    let p = out[x, y]
                    #expect(p.g == 0 && p.b == 0)
                    if p.a >= 8 { #expect(Int(p.r) >= Int(p.a) - 1, "dark fringe at \(x),\(y): \(p) \(encoding)") }
                    if p.a > 0 && p.a < 255 { faded += 1 }
                }
            }
            #expect(faded > 200)
        }
    }

    @Test("tiny images and σ far larger than the image", arguments: BlurQuality.allCases)
    func tinyImages(quality: BlurQuality) throws {
        for (w, h) in [(1, 1), (1, 9), (9, 1), (2, 3)] {
            let image = try TestPattern.noise.render(width: w, height: h)
            for edges in EdgeMode.allCases {
                for sigma in [0.5, 3.0, 1000.0, 4096.0] {
                    let out = try GaussianBlur(sigma: sigma, edges: edges, quality: quality).apply(to: image)
                    #expect(out.width == w && out.height == h)
                    if w == 1 && h == 1 && edges != .transparent { #expect(out == image) }
                    if edges == .clamp || edges == .mirror || edges == .wrap {
                        // A weighted average stays within the input's range.
                        for c in 0..<4 {
                            let values = stride(from: c, to: image.pixels.count, by: 4).map { Int(image.pixels[$0]) }
                            for i in stride(from: c, to: out.pixels.count, by: 4) {
                                #expect(Int(out.pixels[i]) >= values.min()! - 1 && Int(out.pixels[i]) <= values.max()! + 1)
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("huge σ on a wrapped image converges to the mean")
    func hugeSigmaMean() throws {
        let image = try TestPattern.gradient.render(width: 16, height: 12)
        let out = try GaussianBlur(sigma: 2000, edges: .wrap).apply(to: image)
        for c in 0..<3 {
            let mean = stride(from: c, to: image.pixels.count, by: 4).map { Double(image.pixels[$0]) }.reduce(0, +) / 192
            for i in stride(from: c, to: out.pixels.count, by: 4) { #expect(abs(Double(out.pixels[i]) - mean) <= 1) }
        }
    }

    @Test(
        "region blur leaves every outside pixel identical and matches the full blur inside",
        arguments: BlurQuality.allCases)
    func region(quality: BlurQuality) throws {
        let image = try SampleImages.astronaut().cropped(to: PixelRect(x: 150, y: 50, width: 120, height: 90))
        for edges in EdgeMode.allCases {
            for rect in [
                PixelRect(x: 30, y: 20, width: 40, height: 30), PixelRect(x: 0, y: 70, width: 120, height: 20),
                PixelRect(x: 119, y: 0, width: 1, height: 1),
            ] {
                let blur = GaussianBlur(sigma: 6, edges: edges, quality: quality)
                let part = try blur.apply(to: image, region: rect)
                let full = try blur.apply(to: image)
                var worst = 0
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let inside = x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
                        if inside {
                            let a = part[x, y], b = full[x, y]
                            worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.a) - Int(b.a)))
                        } else {
                            #expect(part[x, y] == image[x, y])
                        }
                    }
                }
                #expect(worst <= (quality == .realtime ? 6 : 1), "\(edges) \(rect): \(worst)")
            }
        }
    }

    @Test("expanded extent grows by ⌈3σ⌉ and matches the transparent reference")
    func expanded() throws {
        let image = try TestPattern.transparent.render(width: 30, height: 20)
        let blur = GaussianBlur(sigmaX: 4, sigmaY: 2.5, extent: .expanded)
        let out = try blur.apply(to: image)
        #expect(out.width == 30 + 2 * 12 && out.height == 20 + 2 * 8)
        var padded = try Image(width: out.width, height: out.height)
        padded.paste(image, atX: 12, y: 8)
        let ref = Reference.blur(padded, sigmaX: 4, sigmaY: 2.5, edges: .transparent)
        #expect(Reference.psnr(out.pixels, ref) >= 45)
        #expect(throws: ImageError.self) { try blur.apply(to: image, region: PixelRect(x: 0, y: 0, width: 2, height: 2)) }
    }

    @Test("linear-light blur brightens a black/white mix as physics says")
    func linearLight() throws {
        var image = try Image(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { image[x, y] = (x + y) % 2 == 0 ? RGBA8(0, 0, 0) : RGBA8(255, 255, 255) } }
        let srgb = try GaussianBlur(sigma: 6, edges: .wrap).apply(to: image)
        let linear = try GaussianBlur(sigma: 6, edges: .wrap, encoding: .linear).apply(to: image)
        #expect(abs(Int(srgb[32, 32].r) - 128) <= 1)
        #expect(abs(Int(linear[32, 32].r) - 188) <= 1)  // encode(0.5) = 187.5
    }

    @Test("invalid parameters are rejected with a message")
    func invalid() throws {
        let image = try Image(width: 4, height: 4)
        for sigma in [-1, .nan, .infinity, 1e9] {
            #expect(throws: ImageError.self, "σ=\(sigma)") { try GaussianBlur(sigma: sigma).apply(to: image) }
        }
        #expect(throws: ImageError.self) { try GaussianBlur(sigmaX: 1, sigmaY: -2).apply(to: image) }
        #expect(throws: ImageError.self) { try GaussianBlur(sigma: 1).apply(to: image, threads: 0) }
        #expect(throws: ImageError.self) {
            try GaussianBlur(sigma: 1).apply(to: image, region: PixelRect(x: 2, y: 2, width: 3, height: 1))
        }
        #expect(throws: ImageError.self) {
            try GaussianBlur(sigma: 1).apply(to: image, region: PixelRect(x: 0, y: 0, width: 0, height: 1))
        }
        #expect {
            try GaussianBlur(sigma: .nan).validate()
        } throws: { error in
            (error as? ImageError)?.description.contains("finite") == true
        }
        #expect(try GaussianBlur(sigma: 0).apply(to: image) == image)
    }

    @Test("threads do not change the result")
    func threadsDeterministic() throws {
        let image = try SampleImages.astronaut().cropped(to: PixelRect(x: 0, y: 0, width: 200, height: 150))
        for quality in BlurQuality.allCases {
            let one = try GaussianBlur(sigma: 9, quality: quality).apply(to: image, threads: 1)
            let many = try GaussianBlur(sigma: 9, quality: quality).apply(to: image, threads: 5)
            #expect(one == many, "\(quality)")
        }
    }

    @Test("apply(into:) reuses a buffer and equals apply(to:) in every mode")
    func intoReusedBuffer() throws {
        let image = try SampleImages.astronaut().cropped(to: PixelRect(x: 30, y: 20, width: 90, height: 70))
        var out = try Image(width: 90, height: 70, fill: RGBA8(9, 9, 9, 9))  // stale contents must not leak
        let region = PixelRect(x: 10, y: 5, width: 50, height: 40)
        for quality in BlurQuality.allCases {
            for encoding in [ColorEncoding.sRGB, .linear] {
                for rect in [nil, region] {
                    for sigma in [0.0, 1.5, 12, 60] {
                        let blur = GaussianBlur(sigma: sigma, quality: quality, encoding: encoding)
                        try blur.apply(to: image, into: &out, region: rect)
                        #expect(out == (try blur.apply(to: image, region: rect)), "\(quality) \(encoding) \(String(describing: rect)) σ=\(sigma)")
                    }
                }
            }
        }
        // Expanded extent: the output must have the grown size.
        let grown = GaussianBlur(sigma: 2, extent: .expanded)
        var big = try Image(width: 90 + 12, height: 70 + 12)
        try grown.apply(to: image, into: &big)
        #expect(big == (try grown.apply(to: image)))
        #expect(throws: ImageError.self) { try grown.apply(to: image, into: &out) }
        var wrong = try Image(width: 89, height: 70)
        #expect(throws: ImageError.self) { try GaussianBlur(sigma: 2).apply(to: image, into: &wrong) }
    }
}

@Suite("Gaussian blur: hostile σ", .hangLimit)
struct HostileSigmaTests {
    @Test(
        "sigma-1e-170: a σ whose 2σ² underflows is the identity in every quality, not a trap or a blank image",
        arguments: BlurQuality.allCases)
    func underflowingSigma(quality: BlurQuality) throws {
        let image = try TestPattern.noise.render(width: 23, height: 17)
        for sigma in [1e-170, 1e-300, Double.leastNonzeroMagnitude, 1e-10] {
            #expect(try GaussianBlur(sigma: sigma, quality: quality).apply(to: image) == image, "σ \(sigma)")
            #expect(
                try GaussianBlur(sigmaX: sigma, sigmaY: 2, quality: quality).apply(to: image)
                    == GaussianBlur(sigmaX: 0, sigmaY: 2, quality: quality).apply(to: image), "σx \(sigma)")
            for edges in EdgeMode.allCases {
                #expect(try GaussianBlur(sigma: sigma, edges: edges, quality: quality).apply(to: FloatImage(image)).image() == image)
            }
        }
    }
}
