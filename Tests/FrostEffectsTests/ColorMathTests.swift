import Foundation
import Testing
import FrostBlur
import FrostImage
@testable import FrostEffects
import FrostTestSupport

@Suite("Colour maths, blend modes and contrast", .hangLimit)
struct ColorMathTests {
    @Test("WCAG contrast against known pairs")
    func contrast() throws {
        let white = Color(white: 1), black = Color(white: 0)
        #expect(abs(Color.contrastRatio(white, black) - 21) < 1e-12)
        #expect(abs(Color.contrastRatio(try Color(hex: "#777777"), white) - 4.48) < 0.005)
        #expect(abs(Color.contrastRatio(try Color(hex: "#767676"), white) - 4.54) < 0.005)
        let red = try Color(hex: "#F00")
        #expect(Color.contrastRatio(red, white) > 3.99 && Color.contrastRatio(red, white) < 4.0)
        #expect(Color.contrastRatio(white, white) == 1)
        // Translucent text: composite first.
        let grey = Color(white: 0, opacity: 0.5).over(white)
        #expect(abs(grey.red - 0.5) < 1e-12)
    }

    @Test("hex colours parse; bad ones are rejected with the text named")
    func hex() throws {
        #expect(try Color(hex: "#1E90FF") == Color(red: 30 / 255, green: 144 / 255, blue: 1))
        #expect(try Color(hex: "abc") == Color(hex: "#AABBCC"))
        #expect(try Color(hex: "#00000080").opacity == 128.0 / 255)
        #expect(try Color(hex: "#1E90FF").description == "#1E90FF")
        for bad in ["", "#12", "#12345", "#GGGGGG", "red", "#1234567"] {
            do { _ = try Color(hex: bad); Issue.record("'\(bad)' accepted") } catch { #expect(error.description.contains("'\(bad)'")) }
        }
    }

    @Test("saturation keeps luma and scales chroma (Rec. 709); matrices compose")
    func saturation() {
        let c = (r: 0.8, g: 0.3, b: 0.1, a: 1.0)
        let luma = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b
        for s in [0.0, 0.5, 1.0, 1.8] {
            let o = ColorMatrix.saturation(s).apply(c)
            #expect(abs(o.r - (luma + s * (c.r - luma))) < 1e-12 && abs(o.g - (luma + s * (c.g - luma))) < 1e-12)
            #expect(abs(0.2126 * o.r + 0.7152 * o.g + 0.0722 * o.b - luma) < 1e-12 && o.a == 1)
        }
        let both = ColorMatrix.saturation(1.5).then(.brightness(0.1)).apply(c)
        let step = ColorMatrix.brightness(0.1).apply(ColorMatrix.saturation(1.5).apply(c))
        #expect(abs(both.r - step.r) < 1e-12 && abs(both.b - step.b) < 1e-12)
    }

    @Test("luminance curve: cubic through v0…v3 in power form")
    func luminanceCurve() {
        let curve = LuminanceCurve(amount: 0.5, values: (0.45, 0.55, 0.65, 0.68))
        #expect(abs(curve.curve(0) - 0.45) < 1e-12 && abs(curve.curve(1) - 0.68) < 1e-12)
        // The power form equals the Bernstein (Bézier) form.
        for l in stride(from: 0.0, through: 1.0, by: 0.1) {
            let u = 1 - l
            let bezier = u * u * u * 0.45 + 3 * u * u * l * 0.55 + 3 * u * l * l * 0.65 + l * l * l * 0.68
            #expect(abs(curve.curve(l) - bezier) < 1e-12)
        }
        let black = curve.apply((0, 0, 0))
        #expect(abs(black.r - 0.225) < 1e-12)
    }

    @Test("blend modes follow the W3C formulas", arguments: BlendMode.allCases)
    func blendModes(mode: BlendMode) {
        let values = [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0]
        for cb in values {
            for cs in values {
                let expected: Double
                switch mode {
                case .normal, .plusLighter, .plusDarker: expected = cs
                case .multiply: expected = cb * cs
                case .screen: expected = cb + cs - cb * cs
                case .overlay: expected = cb <= 0.5 ? 2 * cb * cs : 1 - 2 * (1 - cb) * (1 - cs)
                case .darken: expected = min(cb, cs)
                case .lighten: expected = max(cb, cs)
                case .colorDodge: expected = cb == 0 ? 0 : (cs == 1 ? 1 : min(1, cb / (1 - cs)))
                case .colorBurn: expected = cb == 1 ? 1 : (cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs))
                case .hardLight: expected = cs <= 0.5 ? 2 * cb * cs : 1 - 2 * (1 - cb) * (1 - cs)
                case .softLight:
                    // W3C: D(Cb) = ((16·Cb − 12)·Cb + 4)·Cb below ¼, √Cb above.
                    let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : sqrt(cb)
                    expected = cs <= 0.5 ? cb - (1 - 2 * cs) * cb * (1 - cb) : cb + (2 * cs - 1) * (d - cb)
                case .difference: expected = abs(cb - cs)
                case .exclusion: expected = cb + cs - 2 * cb * cs
                case .hue, .saturation, .color, .luminosity, .sourceAtop, .destinationOver, .destinationOut:
                    expected = cs  // not separable: checked on whole colours below
                }
                #expect(abs(mode.blend(backdrop: cb, source: cs) - expected) < 1e-12, "\(mode) cb=\(cb) cs=\(cs)")
            }
        }
        // Compositing: a clear source leaves the backdrop; an opaque normal source replaces it.
        let backdrop = SIMD4<Double>(0.2, 0.3, 0.1, 0.5)
        let clear = mode.composite(source: .zero, backdrop: backdrop)
        #expect(abs(clear[0] - 0.2) < 1e-12 && abs(clear[3] - 0.5) < 1e-12, "\(mode)")
        if mode == .normal {
            #expect(mode.composite(source: SIMD4(0.4, 0.4, 0.4, 1), backdrop: backdrop) == SIMD4(0.4, 0.4, 0.4, 1))
        }
        if mode == .plusDarker {
            let o = mode.composite(source: SIMD4(0.5, 0.5, 0.5, 1), backdrop: SIMD4(0.7, 0.2, 1, 1))
            #expect(abs(o[0] - 0.2) < 1e-12 && o[1] == 0 && abs(o[2] - 0.5) < 1e-12)  // max(0, S + D − 1)
        }
        // Non-separable modes on whole colours (W3C §10.3, worked by hand), opaque on opaque.
        func over(_ source: SIMD4<Double>, _ backdrop: SIMD4<Double>) -> SIMD4<Double> { mode.composite(source: source, backdrop: backdrop) }
        func near(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Bool { (0..<4).allSatisfy { abs(a[$0] - b[$0]) < 1e-3 } }
        switch mode {
        case .luminosity: #expect(near(over(SIMD4(1, 1, 1, 1), SIMD4(1, 0, 0, 1)), SIMD4(1, 1, 1, 1)))
        case .color: #expect(near(over(SIMD4(0, 0, 1, 1), SIMD4(0.5, 0.5, 0.5, 1)), SIMD4(0.4382, 0.4382, 1, 1)))
        case .hue: #expect(near(over(SIMD4(1, 0, 0, 1), SIMD4(0.5, 0.5, 0.5, 1)), SIMD4(0.5, 0.5, 0.5, 1)))
        case .saturation: #expect(near(over(SIMD4(1, 0, 0, 1), SIMD4(0.2, 0.4, 0.6, 1)), SIMD4(0, 0.4469, 0.8938, 1)))
        case .sourceAtop: #expect(near(over(SIMD4(0.5, 0, 0, 0.5), SIMD4(0, 0, 1, 1)), SIMD4(0.5, 0, 0.5, 1)))
        case .destinationOver: #expect(near(over(SIMD4(0.5, 0, 0, 0.5), SIMD4(0, 0, 1, 1)), SIMD4(0, 0, 1, 1)))
        case .destinationOut: #expect(near(over(SIMD4(0.5, 0, 0, 0.5), SIMD4(0, 0, 1, 1)), SIMD4(0, 0, 0.5, 0.5)))
        default: break
        }
        if mode == .plusLighter {
            let o = mode.composite(source: SIMD4(0.5, 0.5, 0.5, 1), backdrop: SIMD4(0.7, 0.2, 1, 1))
            #expect(o == SIMD4(1, 0.7, 1, 1))
        }
    }

    @Test("ImageEffects equals a straightforward re-computation of Apple's steps")
    func imageEffectsRecomputed() throws {
        let photo = try SampleImages.astronaut().cropped(to: PixelRect(x: 200, y: 120, width: 40, height: 30))
        for effects in [ImageEffects.light, .dark, .tint(try Color(hex: "#1E90FF")), ImageEffects(radius: 3, tint: nil, saturation: 0.4)] {
            let got = try effects.apply(to: photo, scale: 1)
            // 1. Box width d from the radius; three box passes, edge extend, rounding each pass.
            let s = effects.radius
            var d = Int((s * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
            if d % 2 == 0 { d += 1 }
            var px = photo.pixels.map(Int.init)
            let (w, h) = (photo.width, photo.height)
            for _ in 0..<3 where d > 1 {
                // One d × d box (vImage): exact integer sum over the square, one rounding.
                var rowSums = px
                for y in 0..<h {
                    for x in 0..<w {
                        for c in 0..<4 {
                            var sum = 0
                            for k in -(d / 2)...(d / 2) { sum += px[4 * (y * w + min(max(x + k, 0), w - 1)) + c] }
                            rowSums[4 * (y * w + x) + c] = sum
                        }
                    }
                }
                for y in 0..<h {
                    for x in 0..<w {
                        for c in 0..<4 {
                            var sum = 0
                            for k in -(d / 2)...(d / 2) { sum += rowSums[4 * (min(max(y + k, 0), h - 1) * w + x) + c] }
                            px[4 * (y * w + x) + c] = (sum + d * d / 2) / (d * d)
                        }
                    }
                }
            }
            // 2. Saturation matrix in 1/256 fixed point on premultiplied values.
            if abs(effects.saturation - 1) > 1e-6 && abs(effects.saturation + 1) > 1e-6 {
                let m = ColorMatrix.saturation(effects.saturation).rows.map { $0.map { Int(($0 * 256).rounded()) } }
                for i in stride(from: 0, to: px.count, by: 4) {
                    let (r, g, b, a) = (px[i], px[i + 1], px[i + 2], px[i + 3])
                    for c in 0..<3 { px[i + c] = min(max((m[c][0] * r + m[c][1] * g + m[c][2] * b + 128) >> 8, 0), a) }
                }
            }
            // 3. Blurred over the (opaque) original, then the tint source-over.
            for i in stride(from: 0, to: px.count, by: 4) {
                var v = (0..<4).map { Double(px[i + $0]) + Double(photo.pixels[i + $0]) * (1 - Double(px[i + 3]) / 255) }
                if let t = effects.tint {
                    let tint = [t.red, t.green, t.blue, 1].map { $0 * t.opacity * 255 }
                    v = (0..<4).map { tint[$0] + v[$0] * (1 - t.opacity) }
                }
                for c in 0..<4 {
                    let expected = Int(min(max(v[c].rounded(), 0), 255))
                    #expect(abs(Int(got.pixels[i + c]) - expected) <= 1, "\(effects) byte \(i + c)")
                }
            }
        }
    }
}

@Suite("One geometry and colour vocabulary", .hangLimit)
struct GeometryVocabularyTests {
    @Test("Color in and out of matrices, vibrancy and animation agree with the tuple forms")
    func colorBridges() throws {
        let c = Color(red: 0.2, green: 0.5, blue: 0.9, opacity: 0.75)
        let m = ColorMatrix.saturation(1.5)
        let t = m.apply((c.red, c.green, c.blue, c.opacity))
        let viaColor = m.apply(to: c)
        #expect(viaColor.red == t.r && viaColor.green == t.g && viaColor.blue == t.b && viaColor.opacity == t.a)
        let v = Vibrancy.label.colour(over: (0.3, 0.4, 0.5), appearance: .light)
        let vc = Vibrancy.label.color(over: Color(red: 0.3, green: 0.4, blue: 0.5), appearance: .light)
        #expect(vc.red == v.r && vc.green == v.g && vc.blue == v.b && vc.opacity == 1)
        #expect(throws: GeometryError.notAColor(text: "#12")) { try Color(hex: "#12") }
        #expect(Color(red: 2, green: .nan, blue: -1, opacity: 0.5).premultipliedComponents == SIMD4(0.5, 0, 0, 0.5))
    }
}

@Suite("One effect protocol", .hangLimit)
struct EffectProtocolTests {
    @Test("every effect processes as its own apply does, with distinct stable identifiers; chains run in order")
    func effects() throws {
        let photo = try SampleImages.astronaut().cropped(to: PixelRect(x: 200, y: 120, width: 48, height: 36))
        let mask = try Image(width: 10, height: 6, fill: RGBA8(0, 0, 0, 255))
        let effects: [AnyImageEffect] = [
            AnyImageEffect(GaussianBlur(sigma: 3)), AnyImageEffect(BoxBlur(.tent, width: 5)),
            AnyImageEffect(ImageEffectsBlur(radius: 4)), AnyImageEffect(ImageEffects.dark),
            AnyImageEffect(ColorMatrix.saturation(0)), AnyImageEffect(MaterialPanel(material: .systemThinMaterial)),
            AnyImageEffect(VibrantContent(.label, appearance: .light, mask: mask, x: 3, y: 4)),
        ]
        #expect(Set(effects.map(\.identifier)).count == effects.count)
        #expect(Set(effects).count == effects.count)
        #expect(try effects[0].process(photo) == GaussianBlur(sigma: 3).apply(to: photo))
        #expect(try effects[5].process(photo) == MaterialPanel(material: .systemThinMaterial).render(over: photo))
        // Saturation 0 leaves greys: r = g = b everywhere.
        let grey = try effects[4].process(photo)
        #expect(
            (0..<grey.height).allSatisfy { y in
                (0..<grey.width).allSatisfy { x in
                    let p = grey[x, y]; return abs(Int(p.r) - Int(p.g)) <= 1 && abs(Int(p.g) - Int(p.b)) <= 1
                }
            })
        #expect(try ColorMatrix.identity.process(photo) == photo)
        let chain = EffectChain([effects[0], effects[4]])
        #expect(try chain.process(photo) == effects[4].process(try effects[0].process(photo)))
        #expect(chain.identifier == "chain[\(effects[0].identifier), \(effects[4].identifier)]")
        #expect(GaussianBlur(sigma: 3).identifier == GaussianBlur(sigma: 3.0, edges: .clamp).identifier)
        #expect(GaussianBlur(sigma: 3).identifier != GaussianBlur(sigma: 4).identifier)
        #expect(mask.stableFingerprint == (try Image(width: 10, height: 6, fill: RGBA8(0, 0, 0, 255))).stableFingerprint)
    }
}

@Suite("Structured errors", .hangLimit)
struct StructuredErrorTests {
    @Test("errors carry their payloads and keep one-line descriptions")
    func payloads() throws {
        #expect {
            _ = try Material(named: "thinMaterail")
        } throws: { error in
            guard case let .unknownName(kind, name, suggestion, valid) = error as? ImageError else { return false }
            return kind == "material" && name == "thinMaterail" && suggestion == "thinMaterial" && valid.contains("systemMaterial")
                && !(error as! ImageError).description.contains("\n")
        }
        #expect(throws: ImageError.parameterOutOfRange(name: "threads", value: "0", expected: "1...256")) {
            try GaussianBlur(sigma: 2).apply(to: try Image(width: 2, height: 2), threads: 0)
        }
        #expect(throws: ImageError.parameterOutOfRange(name: "threads", value: "300", expected: "1...256")) {
            try MaterialPanel(material: .systemMaterial).render(over: try Image(width: 2, height: 2), threads: 300)
        }
        let font = ImageError.fontNotFound(file: "DejaVuSans.ttf", searched: ["/a", "/b"])
        #expect(font.description.contains("/a, /b") && font.description.contains("fonts-dejavu-core"))
        var out = try Image(width: 3, height: 3)
        #expect {
            try GaussianBlur(sigma: 1).apply(to: try Image(width: 2, height: 2), into: &out)
        } throws: { error in
            if case .sizeMismatch = error as? ImageError { return true } else { return false }
        }
        #expect(ImageError.nonFinite(what: "the mask position (nan, 0)").description == "the mask position (nan, 0) is not finite")
    }
}
