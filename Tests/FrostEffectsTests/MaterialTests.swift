import Foundation
import Testing
import FrostTestSupport
import FrostImage
import FrostBlur
import FrostRaster
@testable import FrostEffects

@Suite("Materials", .hangLimit)
struct MaterialTests {
    /// REFERENCE.md §2 golden table: output over black, 50 % grey and white (sRGB 0–255).
    static let golden: [(Material, Appearance, [Int])] = [
        (.systemUltraThinMaterial, .light, [88, 170, 245]), (.systemThinMaterial, .light, [142, 200, 244]),
        (.systemMaterial, .light, [198, 224, 245]), (.systemThickMaterial, .light, [234, 242, 245]),
        (.systemChromeMaterial, .light, [179, 240, 247]),
        (.systemUltraThinMaterial, .dark, [31, 100, 177]), (.systemThinMaterial, .dark, [31, 75, 125]),
        (.systemMaterial, .dark, [31, 64, 83]), (.systemThickMaterial, .dark, [31, 42, 37]),
        (.systemChromeMaterial, .dark, [18, 75, 87]),
    ]

    @Test("every system material over black, grey and white matches the golden table ±2")
    func goldenTable() throws {
        for (material, appearance, expected) in Self.golden {
            for (level, want) in zip([UInt8(0), 128, 255], expected) {
                let flat = try Image(width: 24, height: 20, fill: RGBA8(level, level, level))
                for backdrop in MaterialPanel.BackdropResolution.allCases {
                    let out = try MaterialPanel(material: material, appearance: appearance, backdrop: backdrop).render(over: flat)
                    for (x, y) in [(12, 10), (0, 0), (23, 19)] {
                        let p = out[x, y]
                        #expect(
                            abs(Int(p.r) - want) <= 2 && p.r == p.g && p.g == p.b && p.a == 255,
                            "\(material) \(appearance) over \(level) (\(backdrop)) at \(x),\(y): \(p.r)")
                    }
                }
            }
        }
    }

    @Test("adaptive styles resolve by appearance; fixed ones do not")
    func resolution() {
        #expect(Material.systemMaterial.resolved(for: .dark) == .systemMaterialDark)
        #expect(Material.systemMaterialLight.resolved(for: .dark) == .systemMaterialLight)
        #expect(Material.prominent.resolved(for: .light) == .extraLight && Material.regular.resolved(for: .dark) == .dark)
        #expect(Material.allCases.count == 21)
        #expect(Material.systemThinMaterialDark.effectiveAppearance(for: .light) == .dark)
        #expect(Material.extraLight.effectiveAppearance(for: .dark) == .light)
        #expect(Material.systemMaterial.effectiveAppearance(for: .dark) == .dark && Material.prominent.effectiveAppearance(for: .light) == .light)
        for m in Material.allCases { for a in Appearance.allCases { _ = m.recipe(for: a) } }  // every style has a recipe
    }

    @Test("names: Apple's, SwiftUI's, case-insensitive; unknown ones suggest the nearest")
    func names() throws {
        #expect(try Material(named: "systemThinMaterialDark") == .systemThinMaterialDark)
        #expect(try Material(named: ".regularMaterial") == .systemMaterial)
        #expect(try Material(named: "BAR") == .systemChromeMaterial)
        do {
            _ = try Material(named: "systemThinMaterail")
            Issue.record("accepted")
        } catch {
            #expect(error.description.contains("did you mean 'systemThinMaterial'"))
            #expect(error.description.contains("prominent"))
        }
    }

    @Test("a panel leaves every pixel outside its rectangle byte-identical; corners are anti-aliased")
    func region() throws {
        let photo = try SampleImages.astronaut().cropped(to: PixelRect(x: 100, y: 100, width: 120, height: 90))
        let rect = PixelRect(x: 20, y: 15, width: 70, height: 50)
        let out = try MaterialPanel(
            material: .systemThinMaterial, rect: rect, cornerRadius: 10, continuousCorners: true,
            scale: 2
        ).render(over: photo)
        for y in 0..<photo.height {
            for x in 0..<photo.width where !(rect.x..<rect.maxX ~= x && rect.y..<rect.maxY ~= y) {
                #expect(out[x, y] == photo[x, y])
            }
        }
        #expect(out[20, 15] == photo[20, 15])  // outside the rounded corner
        #expect(out[55, 40] != photo[55, 40])  // inside the panel
        #expect(throws: ImageError.self) {
            try MaterialPanel(material: .systemMaterial, rect: PixelRect(x: 100, y: 0, width: 50, height: 5)).render(over: photo)
        }
        #expect(throws: ImageError.self) { try MaterialPanel(material: .systemMaterial, cornerRadius: -1).render(over: photo) }
    }

    @Test("rounded-rectangle coverage sums to the analytic area within 0.5 %")
    func coverageArea() throws {
        for (w, h, r) in [(200, 120, 30.0), (64, 64, 32.0), (90, 40, 7.5)] {
            let shape = try PanelShape(width: w, height: h, radius: r, continuous: false)
            var sum = 0.0
            for y in 0..<h { for x in 0..<w { sum += shape.coverage(x: x, y: y) } }
            let area = Double(w * h) - (4 - Double.pi) * r * r
            #expect(abs(sum - area) / area < 0.005, "\(w)x\(h) r=\(r): \(sum) vs \(area)")
        }
    }

    @Test("legacy styles use ImageEffects: light over black is the 30 % white tint")
    func legacy() throws {
        let black = try Image(width: 16, height: 16, fill: RGBA8(0, 0, 0))
        let out = try MaterialPanel(material: .light).render(over: black)
        #expect(out[8, 8] == RGBA8(77, 77, 77))
        let opaque = try MaterialPanel(material: .systemMaterial, reduceTransparency: true).render(over: black)
        #expect(abs(Int(opaque[3, 3].r) - 198) <= 2)  // the opaque fill still carries the material's colour
        // At full resolution over an opaque image the panel is exactly ImageEffects' output.
        let photo = try SampleImages.astronaut().cropped(to: PixelRect(x: 100, y: 100, width: 90, height: 70))
        #expect(try MaterialPanel(material: .dark).render(over: photo) == (try ImageEffects.dark.apply(to: photo)))
        let rect = PixelRect(x: 10, y: 12, width: 50, height: 30)
        let panel = try MaterialPanel(material: .extraLight, rect: rect, scale: 2).render(over: photo)
        // Inside, the region's ImageEffects computed from the region plus three box widths.
        let reach = 3 * ImageEffectsBlur(radius: 20, scale: 2).boxSize
        let window = rect.expanded(by: reach).clipped(to: photo.bounds)
        let effects = try ImageEffects.extraLight.apply(to: photo.cropped(to: window), scale: 2)
        #expect(
            try panel.cropped(to: rect)
                == effects.cropped(
                    to: PixelRect(
                        x: rect.x - window.x, y: rect.y - window.y,
                        width: rect.width, height: rect.height)))
    }

    @Test("where the backdrop runs out (transparent image), the panel stops cleanly: no seam from missing field rows")
    func fieldHoles() throws {
        // Grey only in the bottom quarter: far above it the blurred coverage vanishes and the
        // panel leaves pixels transparent; every pixel it does write has the material's grey.
        var image = try Image(width: 60, height: 400)
        for y in 300..<400 { for x in 0..<60 { image[x, y] = RGBA8(128, 128, 128, 255) } }
        for backdrop in MaterialPanel.BackdropResolution.allCases {
            let out = try MaterialPanel(material: .systemMaterial, backdrop: backdrop).render(over: image)
            var written = 0
            for y in 0..<400 {
                let p = out[30, y]
                if p.a == 0 { continue }
                written += 1
                #expect(abs(Int(p.r) - 224) <= 2 && p.a == 255, "\(backdrop) row \(y): \(p)")
            }
            #expect(written > 150 && written < 400, "\(backdrop): \(written) rows written")
        }
    }

    @Test("render(into:) over a stale buffer equals render(over:) in every configuration")
    func intoBuffer() throws {
        let photo = try SampleImages.astronaut().cropped(to: PixelRect(x: 60, y: 80, width: 96, height: 72))
        var holey = photo
        holey.withUnsafeMutablePixels { p in for i in stride(from: 0, to: p.count / 3, by: 4) { for c in 0..<4 { p[i + c] = 0 } } }
        let panels = [
            MaterialPanel(material: .systemMaterial),
            MaterialPanel(material: .systemThinMaterial, appearance: .dark, backdrop: .reduced),
            MaterialPanel(
                material: .systemChromeMaterial, rect: PixelRect(x: 10, y: 8, width: 50, height: 40), cornerRadius: 6,
                continuousCorners: true, scale: 2, backdrop: .reduced),
            MaterialPanel(material: .dark, rect: PixelRect(x: 5, y: 5, width: 30, height: 30)),
            MaterialPanel(material: .systemMaterial, reduceTransparency: true),
            // Whole-image panels with corners copy only their corner boxes; tiny panels overlap them.
            MaterialPanel(material: .systemUltraThinMaterial, cornerRadius: 10, continuousCorners: true, backdrop: .reduced),
            MaterialPanel(material: .systemThickMaterial, rect: PixelRect(x: 40, y: 30, width: 6, height: 5), cornerRadius: 10),
            MaterialPanel(
                material: .systemMaterial, rect: PixelRect(x: 20, y: 10, width: 40, height: 30), cornerRadius: 8,
                shadow: .init(radius: 4, offsetY: 3, opacity: 0.5)),
        ]
        for image in [photo, holey] {
            for panel in panels {
                var frame = try Image(width: image.width, height: image.height, fill: RGBA8(9, 200, 9))
                try panel.render(over: image, into: &frame)
                #expect(frame == (try panel.render(over: image)), "\(panel)")
            }
        }
        var wrong = try Image(width: 3, height: 3)
        #expect(throws: ImageError.self) { try panels[0].render(over: photo, into: &wrong) }
    }

    @Test("the 0.25 backdrop stays close to the full-resolution material on a photo")
    func reducedMatchesFull() throws {
        let photo = try SampleImages.astronaut().cropped(to: PixelRect(x: 0, y: 0, width: 200, height: 160))
        // Legacy styles too: their box widths shrink with the capture.
        for material in [Material.systemUltraThinMaterial, .systemMaterial, .dark, .extraLight] {
            let full = try MaterialPanel(material: material, scale: 1).render(over: photo)
            let reduced = try MaterialPanel(material: material, scale: 1, backdrop: .reduced).render(over: photo)
            var worst = 0
            for i in 0..<full.pixels.count { worst = max(worst, abs(Int(full.pixels[i]) - Int(reduced.pixels[i]))) }
            let psnr = PSNR.of(full.pixels, reduced.pixels)
            #expect(psnr >= 45, "\(material): \(psnr) dB, worst \(worst)")
        }
    }

    /// Float64 Gaussian (6σ kernel, transparent edges) of 4-channel values, separable.
    static func exactBlur(_ v: [Double], width w: Int, height h: Int, sigma: Double) -> [Double] {
        let r = Int((6 * sigma).rounded(.up))
        let k = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = k.reduce(0, +)
        func pass(_ src: [Double], _ n: Int, _ lines: Int, _ at: (Int, Int) -> Int) -> [Double] {
            var out = [Double](repeating: 0, count: src.count)
            for l in 0..<lines {
                for i in 0..<n {
                    for j in max(0, i - r)...min(n - 1, i + r) {
                        let wgt = k[j - i + r] / total
                        for c in 0..<4 { out[4 * at(l, i) + c] += wgt * src[4 * at(l, j) + c] }
                    }
                }
            }
            return out
        }
        return pass(pass(v, h, w) { x, y in y * w + x }, w, h) { y, x in y * w + x }
    }

    @Test("full and 0.25 backdrops against an exact float64 pipeline (capture, colour, Gaussian, normalised edges)")
    func exactPipeline() throws {
        // At 3x the σ is large enough for the blur's own reduction on top of the 0.25 capture.
        let photo = try SampleImages.astronaut().cropped(to: PixelRect(x: 100, y: 40, width: 200, height: 150))
        for (material, scale, fullBar, reducedBar) in [
            (Material.systemMaterial, 1.0, 52.0, 48.0),
            (.systemUltraThinMaterial, 3.0, 52.0, 48.0),
        ] {
            guard case .system(let sigma, let saturation, let brightness, let luminance, _) = material.recipe(for: .light) else {
                Issue.record("\(material) is not a system material"); continue
            }
            // Colour steps in Double through the public formulas, on straight colour.
            let matrix = ColorMatrix.saturation(saturation).then(.brightness(brightness))
            var adjusted = [Double](repeating: 0, count: photo.pixels.count)
            for i in stride(from: 0, to: adjusted.count, by: 4) {
                let a = Double(photo.pixels[i + 3]) / 255
                guard a > 0 else { continue }
                let straight = (0..<3).map { min(Double(photo.pixels[i + $0]) / 255 / a, 1) }
                let curved = luminance.apply((straight[0], straight[1], straight[2]))
                let c = matrix.apply((curved.r, curved.g, curved.b, 1))
                for (k, v) in [c.r, c.g, c.b].enumerated() { adjusted[i + k] = min(max(v, 0), 1) * a }
                adjusted[i + 3] = a
            }
            let blurred = Self.exactBlur(adjusted, width: photo.width, height: photo.height, sigma: sigma * scale)
            var want = [Double](repeating: 255, count: blurred.count)
            for i in stride(from: 0, to: blurred.count, by: 4) {
                for c in 0..<3 { want[i + c] = min(max(blurred[i + c] / blurred[i + 3], 0), 1) * 255 }
            }
            for (backdrop, bar) in [(MaterialPanel.BackdropResolution.full, fullBar), (.reduced, reducedBar)] {
                let out = try MaterialPanel(material: material, scale: scale, backdrop: backdrop).render(over: photo)
                let psnr = PSNR.of(out.pixels, reference: want)
                #expect(psnr >= bar, "\(material) at \(scale)x, \(backdrop): \(psnr) dB")
            }
        }
    }

    @Test("a shadow darkens the backdrop around the panel and leaves the panel and far pixels alone")
    func shadow() throws {
        let grey = try Image(width: 120, height: 100, fill: RGBA8(200, 200, 200))
        let rect = PixelRect(x: 30, y: 20, width: 60, height: 40)
        let plain = try MaterialPanel(material: .systemMaterial, rect: rect, cornerRadius: 8).render(over: grey)
        let shaded = try MaterialPanel(
            material: .systemMaterial, rect: rect, cornerRadius: 8,
            shadow: .init(radius: 6, offsetY: 6, opacity: 0.4)
        ).render(over: grey)
        #expect(shaded[60, 40] == plain[60, 40])  // inside the panel
        #expect(shaded[60, 63].r < 200 && shaded[60, 63].r > 100)  // just below it
        #expect(shaded[60, 63].r < shaded[60, 16].r)  // offset downwards
        #expect(shaded[2, 2] == grey[2, 2] && shaded[118, 98] == grey[118, 98])  // beyond its reach
        #expect(throws: ImageError.self) {
            try MaterialPanel(material: .systemMaterial, rect: rect, shadow: .init(radius: -1)).render(over: grey)
        }
        #expect(throws: ImageError.self) {
            try MaterialPanel(material: .systemMaterial, rect: rect, shadow: .init(opacity: 2)).render(over: grey)
        }
    }
}

@Suite("Materials and vibrancy on a canvas", .hangLimit)
struct MaterialCanvasTests {
    let photo: Image
    // A throwing init: a photo that cannot be read fails each test with the error (a `try!`
    // here crashed the whole test process instead).
    init() throws { photo = try SampleImages.astronaut().cropped(to: PixelRect(x: 100, y: 100, width: 160, height: 120)) }

    @Test("a panel drawn on a canvas equals render(over:), and is composited in place (no copy of the target)")
    func inPlace() throws {
        for shadow in [nil, MaterialPanel.Shadow(radius: 4, offsetY: 3)] {
            let panel = MaterialPanel(
                material: .systemThinMaterial, rect: PixelRect(x: 20, y: 15, width: 100, height: 70),
                cornerRadius: 12, continuousCorners: true, shadow: shadow)
            let expected = try panel.render(over: photo)
            var canvas = Canvas(image: photo)
            try canvas.fill(.rect(x: 0, y: 0, width: 1, height: 1), with: .solid(Color(white: 1, opacity: 0)))  // own the storage
            let before = canvas.image.pixels.withUnsafeBufferPointer { $0.baseAddress }
            try panel.draw(on: &canvas)
            #expect(canvas.image.pixels.withUnsafeBufferPointer { $0.baseAddress } == before)
            #expect(canvas.image == expected)
        }
    }

    @Test("clip and opacity apply to the panel: half opacity mixes halfway, outside the clip nothing changes")
    func clipAndOpacity() throws {
        let panel = MaterialPanel(material: .systemMaterial, rect: PixelRect(x: 10, y: 10, width: 120, height: 90))
        let full = try panel.render(over: photo)
        var half = Canvas(image: photo)
        half.opacity = 0.5
        try panel.draw(on: &half)
        for (x, y) in [(20, 20), (60, 50), (120, 90)] {
            let a = photo[x, y], b = full[x, y], h = half.image[x, y]
            #expect(abs(Int(h.r) - (Int(a.r) + Int(b.r) + 1) / 2) <= 1 && abs(Int(h.g) - (Int(a.g) + Int(b.g) + 1) / 2) <= 1)
        }
        var clipped = Canvas(image: photo)
        try clipped.clip(to: .ellipse(x: 10, y: 10, width: 120, height: 90))
        try panel.draw(on: &clipped)
        #expect(clipped.image[11, 11] == photo[11, 11])  // a corner outside the ellipse
        #expect(clipped.image[70, 55] == full[70, 55])  // the centre, fully inside
    }

    @Test("vibrant text on a canvas equals Vibrancy.composite over the same panel")
    func vibrantText() throws {
        let font = try Font.dejaVuSans()
        let layout = try TextLayout("Label", font: font, pointSize: 16)
        var canvas = Canvas(image: try MaterialPanel(material: .systemMaterial).render(over: photo))
        let expected = try Vibrancy.label.composite(mask: try layout.mask(), at: (20, 30), over: canvas.image, appearance: .light)
        try Vibrancy.label.draw(layout, at: Point(x: 20, y: 30), on: &canvas, appearance: .light)
        #expect(canvas.image == expected)
        // Partly off the canvas: the visible part is drawn, nothing traps.
        try Vibrancy.label.draw(layout, at: Point(x: 150, y: -5), on: &canvas, appearance: .light)
    }
}
