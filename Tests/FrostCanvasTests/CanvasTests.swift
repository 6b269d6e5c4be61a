import Testing
import FrostTestSupport
@testable import FrostCanvas
import FrostBlur
import FrostRaster
import FrostImage

private let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
private let white = RGBA8(255, 255, 255, 255)

/// Every pixel outside `rect` equal in both images.
private func unchangedOutside(_ rect: PixelRect, _ a: Image, _ b: Image) -> Bool {
    for y in 0..<a.height {
        for x in 0..<a.width where !(x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY) {
            if a[x, y] != b[x, y] { return false }
        }
    }
    return true
}

@Suite("Canvas: fills, clips, transforms, opacity", .hangLimit)
struct CanvasFillTests {
    @Test("a pixel-aligned rectangle fills exactly; a half-pixel edge is 50 % coverage; nothing else is touched")
    func rectangles() throws {
        let background = try Image(width: 20, height: 12, fill: RGBA8(10, 200, 30, 255))
        var canvas = Canvas(image: background)
        try canvas.fill(.rect(x: 2, y: 3, width: 5, height: 4), with: .solid(red))
        #expect(canvas.image[2, 3] == RGBA8(255, 0, 0) && canvas.image[6, 6] == RGBA8(255, 0, 0))
        #expect(unchangedOutside(PixelRect(x: 2, y: 3, width: 5, height: 4), background, canvas.image))
        var half = try Canvas(width: 10, height: 4)
        try half.fill(.rect(x: 2.5, y: 0, width: 3, height: 4), with: .solid(Color(red: 1, green: 1, blue: 1)))
        // Pixel 2 is half covered: 127.5 rounds away from zero.
        #expect(half.image[2, 1] == RGBA8(128, 128, 128, 128) && half.image[3, 1] == white && half.image[5, 1] == RGBA8(128, 128, 128, 128))
        #expect(half.image[6, 1] == RGBA8(0, 0, 0, 0) && half.dirty == PixelRect(x: 2, y: 0, width: 4, height: 4))
    }

    @Test("opacity multiplies: 50 % red over white is (255, 128, 128)")
    func opacity() throws {
        var canvas = Canvas(image: try Image(width: 4, height: 4, fill: white))
        canvas.opacity = 0.5
        try canvas.fill(.rect(x: 0, y: 0, width: 4, height: 4), with: .solid(red))
        #expect(canvas.image[1, 1] == RGBA8(255, 128, 128))
        canvas.opacity = .nan  // counts as 0: nothing drawn
        try canvas.fill(.rect(x: 0, y: 0, width: 4, height: 4), with: .solid(blue))
        #expect(canvas.image[1, 1] == RGBA8(255, 128, 128))
    }

    @Test("clips: rectangles limit writes, paths anti-alias, restoreState brings the old clip back")
    func clips() throws {
        let background = try Image(width: 30, height: 30, fill: white)
        var canvas = Canvas(image: background)
        canvas.saveState()
        try canvas.clip(to: Rect(x: 5, y: 5, width: 10, height: 8))
        try canvas.fill(.rect(x: 0, y: 0, width: 30, height: 30), with: .solid(red))
        #expect(unchangedOutside(PixelRect(x: 5, y: 5, width: 10, height: 8), background, canvas.image))
        #expect(canvas.image[5, 5] == RGBA8(255, 0, 0) && canvas.image[14, 12] == RGBA8(255, 0, 0))
        canvas.restoreState()
        try canvas.clip(to: .ellipse(x: 0, y: 0, width: 30, height: 30))
        try canvas.fill(.rect(x: 0, y: 0, width: 30, height: 30), with: .solid(blue))
        #expect(canvas.image[0, 0] == white)  // outside the circle
        #expect(canvas.image[15, 15] == RGBA8(0, 0, 255))  // inside
        let edge = canvas.image[4, 4]  // on the rim: partly blue
        #expect(edge.b == 255 && edge.r > 0 && edge.r < 255)
        // An empty clip draws nothing.
        try canvas.clip(to: Rect(x: 100, y: 100, width: 5, height: 5))
        let before = canvas.image
        try canvas.fill(.rect(x: 0, y: 0, width: 30, height: 30), with: .solid(red))
        #expect(canvas.image == before)
    }

    @Test("a transformed fill equals the fill of the transformed path; NaN throws and changes nothing")
    func transforms() throws {
        var a = try Canvas(width: 40, height: 40), b = try Canvas(width: 40, height: 40)
        a.translateBy(x: 10, y: 5); a.scaleBy(x: 2, y: 3)
        try a.fill(.rect(x: 1, y: 1, width: 4.25, height: 2), with: .solid(red))
        try b.fill(.rect(x: 12, y: 8, width: 8.5, height: 6), with: .solid(red))
        #expect(a.image == b.image)
        let before = a.image
        #expect(throws: ImageError.self) { try a.fill(.rect(x: .nan, y: 0, width: 1, height: 1), with: .solid(red)) }
        #expect(a.image == before)
        // A transform that flattens everything draws nothing (and does not throw).
        a.scaleBy(x: 0, y: 1)
        try a.fill(.rect(x: 0, y: 0, width: 5, height: 5), with: .solid(blue))
        #expect(a.image == before)
    }

    @Test("Image.fill and Image.stroke are canvas fills (same bytes as before: exact area coverage)")
    func imageConveniences() throws {
        var image = try Image(width: 16, height: 16)
        try image.fill(.rect(x: 0, y: 0, width: 8, height: 16), with: .solid(Color(red: 0, green: 1, blue: 0)))
        #expect(image[7, 3] == RGBA8(0, 255, 0) && image[8, 3] == RGBA8(0, 0, 0, 0))
        try image.stroke(.rect(x: 4, y: 4, width: 8, height: 8), width: 1, with: .solid(red))
        #expect(image[12, 8].r > 0 && image[12, 8].a > 0)
    }
}

@Suite("Canvas: layers, blend modes, blur and shadow", .hangLimit)
struct CanvasLayerTests {
    @Test("a layer's opacity applies once to the group: the overlap shows only the top square")
    func groupOpacity() throws {
        var separate = Canvas(image: try Image(width: 12, height: 4, fill: white))
        separate.opacity = 0.5
        try separate.fill(.rect(x: 0, y: 0, width: 8, height: 4), with: .solid(red))
        try separate.fill(.rect(x: 4, y: 0, width: 8, height: 4), with: .solid(blue))
        var grouped = Canvas(image: try Image(width: 12, height: 4, fill: white))
        try grouped.withLayer(opacity: 0.5) { layer in
            try layer.fill(.rect(x: 0, y: 0, width: 8, height: 4), with: .solid(red))
            try layer.fill(.rect(x: 4, y: 0, width: 8, height: 4), with: .solid(blue))
        }
        // Hand-computed: per child, red 50 % over white = (255,128,128), then blue 50 % over that.
        #expect(separate.image[6, 1] == RGBA8(128, 64, 192))
        // As a group: the overlap is blue, then 50 % over white.
        #expect(grouped.image[6, 1] == RGBA8(128, 128, 255))
        #expect(grouped.image[1, 1] == RGBA8(255, 128, 128) && grouped.image[10, 1] == RGBA8(128, 128, 255))
    }

    @Test("blend modes in a layer follow the W3C formulas: multiply of red over grey")
    func blendMode() throws {
        var canvas = Canvas(image: try Image(width: 4, height: 4, fill: RGBA8(128, 128, 128)))
        try canvas.withLayer(blendMode: .multiply) { try $0.fill(.rect(x: 0, y: 0, width: 2, height: 4), with: .solid(red)) }
        #expect(canvas.image[0, 0] == RGBA8(128, 0, 0) && canvas.image[3, 0] == RGBA8(128, 128, 128))
    }

    @Test("a blurred layer equals the blur engine on the same drawing (transparent and opaque edges)")
    func blurLayer() throws {
        var layered = try Canvas(width: 48, height: 40)
        try layered.withBlur(sigma: 2.5) { try $0.fill(.rect(x: 12, y: 10, width: 20, height: 14), with: .solid(red)) }
        var direct = try Canvas(width: 48, height: 40)
        try direct.fill(.rect(x: 12, y: 10, width: 20, height: 14), with: .solid(red))
        let reference = try GaussianBlur(sigma: 2.5, edges: .transparent).apply(to: direct.image)
        #expect(layered.image == reference)
        // Opaque: the edges clamp, so the rectangle's own pixels stay solid red and nothing spreads.
        var opaque = try Canvas(width: 48, height: 40)
        try opaque.withBlur(sigma: 2.5, opaque: true) { try $0.fill(.rect(x: 12, y: 10, width: 20, height: 14), with: .solid(red)) }
        #expect(opaque.image == direct.image)
        #expect(throws: ImageError.self) { try opaque.withBlur(sigma: .nan) { _ in } }
    }

    @Test(
        "layers from the scratch pool: a layer reused after a bigger one starts transparent, blurred layers of changing size give the bytes of fresh canvases, and an in-place crop equals a copied one"
    )
    func pooledLayers() throws {
        // A big drawn layer goes back to the pool; a smaller one may take its storage and must
        // not show what it held.
        var big = try Canvas(width: 120, height: 90)
        try big.withLayer { try $0.fill(.rect(x: 0, y: 0, width: 120, height: 90), with: .solid(red)) }
        for (w, h, x) in [(100, 80, 10.0), (64, 50, 30.0), (110, 88, 3.0)] {
            var pooled = try Canvas(width: w, height: h)
            pooled.threads = 2
            try pooled.withBlur(sigma: 3) { try $0.fill(.rect(x: x, y: 12, width: 24, height: 18), with: .solid(blue)) }
            var direct = try Canvas(width: w, height: h)
            try direct.fill(.rect(x: x, y: 12, width: 24, height: 18), with: .solid(blue))
            #expect(pooled.image == (try GaussianBlur(sigma: 3, edges: .transparent).apply(to: direct.image)), "\(w)x\(h)")
        }
        var rng = SeededGenerator.forTest(2507)
        var image = try Image(width: 37, height: 23)
        for y in 0..<23 { for x in 0..<37 { image[x, y] = RGBA8(.random(in: 0...255, using: &rng), 7, UInt8(x), 255) } }
        for area in [
            PixelRect(x: 0, y: 0, width: 37, height: 23), PixelRect(x: 5, y: 3, width: 20, height: 11),
            PixelRect(x: 0, y: 22, width: 37, height: 1), PixelRect(x: 36, y: 0, width: 1, height: 23),
            PixelRect(x: 1, y: 0, width: 36, height: 23),
        ] {
            #expect(Canvas.croppedInPlace(image, to: area) == (try image.cropped(to: area)), "\(rng) \(area)")
        }
    }

    @Test(
        "a small σ's blur streamed row by row into the canvas gives the bytes of blurring into an image and compositing it (opacity, clip mask, one and two threads, rows wider than one strip)"
    )
    func streamedBlur() throws {
        let blur = GaussianBlur(sigma: 1.3, edges: .transparent)
        #expect(blur.rowStream(width: 300, height: 200) != nil)
        #expect(GaussianBlur(sigma: 6).rowStream(width: 300, height: 200) == nil, "a pyramid blur is not streamed")
        // The stream's rows are the image `apply` returns.
        var rng = SeededGenerator.forTest(2508)
        // Wider than one strip of the FIR (5,952 columns at this σ).
        let sw = 6100, sh = 12
        var source = try Image(width: sw, height: sh)
        for y in 0..<sh {
            for x in 0..<sw {
                let a = UInt8.random(in: 0...255, using: &rng)
                source[x, y] = RGBA8(UInt8.random(in: 0...a, using: &rng), a / 3, 0, a)
            }
        }
        let expected = try blur.apply(to: source)
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * sw * sh)
        defer { rows.deallocate() }
        let out = SharedPointer(rows)
        blur.rowStream(width: sw, height: sh)!.run(source, threads: 2) { y, x, p, n in
            (out.base + 4 * (y * sw + x)).update(from: p, count: 4 * n)
        }
        #expect(Array(UnsafeBufferPointer(start: rows, count: 4 * sw * sh)) == expected.pixels, "\(rng)")
        // Through the canvas: against the layer blurred into an image and composited.
        for (opacity, clipped, threads) in [(1.0, false, 1), (0.7, true, 2), (1.0, true, 2)] {
            func draw(_ c: inout Canvas) throws {
                try c.fill(.rect(x: 20, y: 15, width: 200, height: 120), with: .solid(red))
                try c.fill(.ellipse(x: 150, y: 60, width: 120, height: 90), with: .solid(Color(red: 0, green: 0.5, blue: 1, opacity: 0.6)))
            }
            var streamed = Canvas(image: try Image(width: 320, height: 240, fill: RGBA8(240, 240, 200, 255)))
            streamed.threads = threads
            streamed.opacity = opacity
            if clipped { try streamed.clip(to: Path.ellipse(x: 5, y: 5, width: 300, height: 220)) }
            try streamed.withBlur(sigma: 1.3) { try draw(&$0) }
            // The same steps by hand: the layer drawn, blurred into an image, composited.
            var reference = Canvas(image: try Image(width: 320, height: 240, fill: RGBA8(240, 240, 200, 255)))
            reference.opacity = opacity
            if clipped { try reference.clip(to: Path.ellipse(x: 5, y: 5, width: 300, height: 220)) }
            let region = reference.effectRegion(reach: Int((4 * 1.3).rounded(.up)), within: nil)
            var layer = try reference.sublayer(region)
            try draw(&layer)
            let area = layer.dirty!.expanded(by: Int((4 * 1.3).rounded(.up))).clipped(to: layer.image.bounds)
            let blurred = try blur.apply(to: try layer.image.cropped(to: area))
            reference.compositeImage(
                blurred, origin: (region.x + area.x, region.y + area.y),
                window: area.offsetBy(region).clipped(to: reference.clipRect), opacity: reference.alpha, mode: .normal)
            #expect(streamed.image == reference.image, "opacity \(opacity), clipped \(clipped), \(threads) thread(s)")
        }
    }

    @Test("compositing a large image in bands of rows on two threads gives the bytes of one thread (plain, faded and clipped)")
    func compositeThreads() throws {
        var rng = SeededGenerator.forTest(2509)
        var source = try Image(width: 300, height: 260)
        for y in 0..<260 {
            for x in 0..<300 {
                let a = UInt8.random(in: 0...255, using: &rng)
                source[x, y] = RGBA8(UInt8.random(in: 0...a, using: &rng), 0, a / 2, a)
            }
        }
        for (opacity, clipped) in [(1.0, false), (0.6, false), (1.0, true)] {
            var results: [Image] = []
            for threads in [1, 2] {
                var canvas = Canvas(image: try Image(width: 320, height: 280, fill: RGBA8(40, 90, 200, 255)))
                canvas.threads = threads
                if clipped { try canvas.clip(to: Path.ellipse(x: 10, y: 10, width: 290, height: 250)) }
                try canvas.withLayer(opacity: opacity) { try $0.draw(source, in: Rect(x: 7, y: 9, width: 300, height: 260)) }
                results.append(canvas.image)
            }
            #expect(results[0] == results[1], "\(rng) opacity \(opacity), clipped \(clipped)")
        }
    }

    @Test("a shadow lies under the content, offset, blurred; far pixels are untouched")
    func shadow() throws {
        var canvas = Canvas(image: try Image(width: 60, height: 60, fill: white))
        try canvas.withShadow(color: Color(red: 0, green: 0, blue: 0, opacity: 0.5), sigma: 3, offset: (0, 6)) {
            try $0.fill(.rect(x: 20, y: 20, width: 20, height: 20), with: .solid(red))
        }
        #expect(canvas.image[30, 30] == RGBA8(255, 0, 0))  // content on top
        let below = canvas.image[30, 42], above = canvas.image[30, 18]
        #expect(below.r < above.r && below.r < 255)  // the shadow falls below (offset y 6)
        #expect(canvas.image[2, 2] == white && canvas.image[57, 57] == white)
    }
}

@Suite("Canvas: realtime blurs and shadows at reduced resolution", .hangLimit)
struct CanvasReducedTests {
    /// A card: an opaque rounded rectangle with text-like bars on it, over a coloured page.
    func card(_ c: inout Canvas) throws {
        try c.fill(.roundedRect(x: 30, y: 24, width: 140, height: 96, radius: 16), with: .solid(Color(white: 1)))
        for i in 0..<4 { try c.fill(.rect(x: 44, y: 40 + Double(i) * 18, width: 90 - Double(i) * 12, height: 7), with: .solid(blue)) }
    }
    func page() throws -> Canvas { Canvas(image: try Image(width: 200, height: 150, fill: RGBA8(230, 236, 250, 255))) }

    @Test("a realtime shadow drawn at 1/f resolution matches the full-resolution shadow (σ 2…24 px, ≥ 40 dB) and falls where the offset says")
    func shadow() throws {
        for sigma in [2.0, 3.0, 4.5, 6, 12, 24] {
            var fast = try page(), exact = try page()
            let shade = Color(red: 0, green: 0, blue: 0, opacity: 0.4)
            try fast.withShadow(color: shade, sigma: sigma, offset: (0, 5), quality: .realtime) { try card(&$0) }
            try exact.withShadow(color: shade, sigma: sigma, offset: (0, 5), quality: .exact) { try card(&$0) }
            let db = PSNR.of(fast.image.pixels, exact.image.pixels)
            #expect(db >= 40, "σ \(sigma): \(db) dB")
            // The shadow shows below the card and darkens the page there.
            #expect(fast.image[100, 124].b < 245)
            #expect(fast.image[100, 60] == exact.image[100, 60])  // inside the card: the content
        }
    }

    @Test("a realtime blur drawn at 1/f resolution matches the full-resolution blur (σ 2…30 px, ≥ 40 dB)")
    func blur() throws {
        for sigma in [2.0, 2.5, 3.0, 4.5, 5.9, 6, 12, 30] {
            var fast = try page(), exact = try page()
            try fast.withBlur(sigma: sigma, quality: .realtime) { try card(&$0) }
            try exact.withBlur(sigma: sigma, quality: .exact) { try card(&$0) }
            let db = PSNR.of(fast.image.pixels, exact.image.pixels)
            #expect(db >= 40, "σ \(sigma): \(db) dB")
        }
    }

    @Test("a blurred view casting a shadow in one pass is within 40 dB of the exact shadow and blur, clipped and faded too")
    func blurCastingShadow() throws {
        for (sigma, shadowSigma, faded) in [(18.0, 12.0, false), (9.0, 3.0, false), (24.0, 6.0, true)] {
            var fused = try page(), separate = try page(), exact = try page()
            let shade = Color(red: 0, green: 0, blue: 0.2, opacity: 0.3)
            for c in [0, 1, 2] {
                var canvas = c == 0 ? fused : c == 1 ? separate : exact
                if faded { canvas.opacity = 0.6; try canvas.clip(to: .ellipse(x: 10, y: 5, width: 180, height: 140)) }
                if c == 0 {
                    #expect(try canvas.blurCastingShadow(sigma: sigma, shadowColor: shade, shadowSigma: shadowSigma, offset: (2, 5)) { try card(&$0) })
                } else {
                    let quality: BlurQuality = c == 1 ? .realtime : .exact
                    try canvas.withShadow(color: shade, sigma: shadowSigma, offset: (2, 5), quality: quality) { c in
                        try c.withBlur(sigma: sigma, quality: quality) { try card(&$0) }
                    }
                }
                if c == 0 { fused = canvas } else if c == 1 { separate = canvas } else { exact = canvas }
            }
            let fusedDB = PSNR.of(fused.image.pixels, exact.image.pixels), separateDB = PSNR.of(separate.image.pixels, exact.image.pixels)
            // One drawing for both is also closer to exact than the two reduced drawings.
            #expect(fusedDB >= 40 && fusedDB >= separateDB - 1, "σ \(sigma) / \(shadowSigma): \(fusedDB) dB (separate \(separateDB))")
        }
        // Too small a blur to reduce: the caller draws the two itself.
        var canvas = try page()
        #expect(try !canvas.blurCastingShadow(sigma: 1.9, shadowColor: Color(white: 0), shadowSigma: 4, offset: (0, 0)) { try card(&$0) })
    }

    @Test("under opacity and a clip mask the reduced shadow still composites once, inside the clip")
    func clippedAndFaded() throws {
        var fast = try page(), exact = try page()
        for c in [0, 1] {
            var canvas = c == 0 ? fast : exact
            canvas.opacity = 0.5
            try canvas.clip(to: .ellipse(x: 10, y: 10, width: 180, height: 130))
            try canvas.withShadow(color: Color(white: 0, opacity: 0.5), sigma: 9, offset: (3, 4), quality: c == 0 ? .realtime : .exact) { try card(&$0) }
            if c == 0 { fast = canvas } else { exact = canvas }
        }
        #expect(PSNR.of(fast.image.pixels, exact.image.pixels) >= 40)
        #expect(fast.image[1, 1] == RGBA8(230, 236, 250, 255))  // outside the clip: untouched
    }
}

@Suite("Canvas: images and text", .hangLimit)
struct CanvasImageTests {
    @Test("an image at a whole-pixel point is copied exactly; scaled ×2 it interpolates between pixel centres")
    func images() throws {
        let photo = try TestPattern.noise.render(width: 9, height: 7)
        var canvas = try Canvas(width: 20, height: 20)
        try canvas.draw(photo, at: Point(x: 3, y: 4))
        for y in 0..<7 { for x in 0..<9 { #expect(canvas.image[x + 3, y + 4] == photo[x, y]) } }
        // Black | white, 2 × 1, stretched to 4 × 1: centres map to u = −0.25, 0.25, 0.75, 1.25
        // (clamped at the ends) → 0, 64, 191, 255.
        var bw = try Image(width: 2, height: 1)
        bw[0, 0] = RGBA8(0, 0, 0); bw[1, 0] = RGBA8(255, 255, 255)
        var wide = try Canvas(width: 4, height: 1)
        try wide.draw(bw, in: Rect(x: 0, y: 0, width: 4, height: 1))
        #expect((0..<4).map { wide.image[$0, 0].r } == [0, 64, 191, 255])
        #expect((0..<4).allSatisfy { wide.image[$0, 0].a == 255 })
        // A rotated image keeps anti-aliased edges and leaves far corners alone.
        var turned = try Canvas(width: 30, height: 30)
        turned.translateBy(x: 15, y: 15); turned.rotate(by: .degrees(45)); turned.translateBy(x: -5, y: -5)
        try turned.draw(try Image(width: 10, height: 10, fill: white), at: .zero)
        #expect(turned.image[15, 15] == white && turned.image[0, 0].a == 0)
        #expect(throws: ImageError.self) { try turned.draw(photo, in: Rect(x: .infinity, y: 0, width: 1, height: 1)) }
    }

    @Test("text lands at sub-pixel positions: moving by 0.5 px moves its centre of mass by 0.5 px")
    func subpixelText() throws {
        let font = try Font.dejaVuSans()
        let layout = try TextLayout("Hello", font: font, pointSize: 14, scale: 1)
        func centroid(_ x: Double) throws -> Double {
            var canvas = try Canvas(width: 80, height: 30)
            try canvas.draw(layout, at: Point(x: x, y: 4), color: Color(red: 0, green: 0, blue: 0))
            var sum = 0.0, weight = 0.0
            for yy in 0..<30 { for xx in 0..<80 { let a = Double(canvas.image[xx, yy].a); sum += a * (Double(xx) + 0.5); weight += a } }
            return sum / weight
        }
        let base = try centroid(10)
        #expect(abs(try centroid(10.5) - base - 0.5) < 0.05)
        #expect(abs(try centroid(10.25) - base - 0.25) < 0.05)
        #expect(abs(try centroid(11) - base - 1) < 1e-9)
        #expect(layout.firstBaseline > 0 && layout.lastBaseline == layout.firstBaseline)
    }
}

@Suite("Canvas: drawing never copies the target", .hangLimit)
struct CanvasStorageTests {
    @Test("fills, images, layers, blurs, shadows and Image.withCanvas all write the target's own storage")
    func inPlace() throws {
        var canvas = try Canvas(width: 64, height: 64)
        func address() -> UnsafePointer<UInt8>? { canvas.image.pixels.withUnsafeBufferPointer { $0.baseAddress } }
        let start = address()
        let square = Path.rect(x: 8, y: 8, width: 20, height: 20)
        try canvas.fill(square, with: .solid(red))
        try canvas.draw(try Image(width: 5, height: 5, fill: white), at: Point(x: 30.5, y: 2))
        try canvas.withLayer(opacity: 0.5) { try $0.fill(square, with: .solid(blue)) }
        try canvas.withBlur(sigma: 2) { try $0.fill(square, with: .solid(blue)) }
        try canvas.withShadow(color: Color(white: 0, opacity: 0.3), sigma: 2, offset: (1, 2)) { try $0.fill(square, with: .solid(red)) }
        try canvas.drawShadow(color: Color(white: 0), sigma: 1) { try $0.fill(square, with: .solid(red)) }
        #expect(address() == start)
        var image = try Image(width: 16, height: 16)
        let before = image.pixels.withUnsafeBufferPointer { $0.baseAddress }
        try image.fill(.rect(x: 1, y: 1, width: 4, height: 4), with: .solid(red))
        #expect(image.pixels.withUnsafeBufferPointer { $0.baseAddress } == before && image[2, 2] == RGBA8(255, 0, 0))
    }
}
