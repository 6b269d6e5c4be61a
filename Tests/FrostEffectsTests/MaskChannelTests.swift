import Testing
import FrostBlur
import FrostImage
@testable import FrostEffects
import FrostTestSupport

/// A mask that carries its shape in brightness (an 8-bit grayscale PNG, opaque everywhere) used to
/// blur the whole image at full σ, its alpha being 1 everywhere (issue 25).
@Suite("Progressive blur: which channel of an image mask is read", .hangLimit)
struct MaskChannelTests {
    /// Black on the left half, white on the right half, opaque.
    static func grayscaleMask(_ w: Int, _ h: Int) throws -> Image {
        var m = try Image(width: w, height: h)
        for y in 0..<h { for x in 0..<w { let v: UInt8 = x < w / 2 ? 0 : 255; m[x, y] = RGBA8(v, v, v, 255) } }
        return m
    }

    static func stripes(_ w: Int, _ h: Int) throws -> Image {
        var img = try Image(width: w, height: h)
        for y in 0..<h { for x in 0..<w { let v: UInt8 = (x / 2 + y / 2) % 2 == 0 ? 255 : 0; img[x, y] = RGBA8(v, 0, 255 - v, 255) } }
        return img
    }

    @Test("grayscaleMaskBlursOnlyWhereWhite: an opaque grayscale mask is read by luminance")
    func grayscaleMaskBlursOnlyWhereWhite() throws {
        let (w, h) = (64, 24)
        let image = try Self.stripes(w, h), mask = try Self.grayscaleMask(w, h)
        let out = try VariableBlur(maxSigma: 12, mask: .image(mask)).apply(to: image, threads: 2)
        // The black half's σ is 0: its pixels are the input's, bar the columns next to the white half.
        for y in 0..<h { for x in 0..<(w / 2) { #expect(out[x, y] == image[x, y], "(\(x), \(y)) untouched") } }
        // The white half is blurred at σ 12: the stripes wash out to their mean.
        let right = (0..<h).map { out[w - 8, $0] }
        #expect(right.allSatisfy { abs(Int($0.r) - 128) < 20 }, "right half blurred: \(right.prefix(3))")
        #expect(VariableBlur.MaskChannel.automatic.resolved(for: mask) == .luminance)
        // Luminance asked for explicitly: the same bytes.
        #expect(try VariableBlur(maxSigma: 12, mask: .image(mask, channel: .luminance)).apply(to: image, threads: 2) == out)
    }

    @Test("alpha asked for explicitly reads the opaque mask's alpha: everything blurs (the old behaviour)")
    func explicitAlphaOnOpaqueMask() throws {
        let (w, h) = (64, 24)
        let image = try Self.stripes(w, h), mask = try Self.grayscaleMask(w, h)
        let out = try VariableBlur(maxSigma: 12, mask: .image(mask, channel: .alpha)).apply(to: image, threads: 2)
        let plain = try GaussianBlur(sigma: 12).apply(to: image, threads: 2)
        #expect(try out.psnr(against: plain) > 40, "alpha 1 everywhere: the plain blur")
    }

    @Test("a mask with transparency is read by its alpha under .automatic")
    func transparentMaskReadsAlpha() throws {
        var mask = try Image(width: 8, height: 8)
        mask[7, 7] = RGBA8(0, 0, 0, 128)
        #expect(VariableBlur.MaskChannel.automatic.resolved(for: mask) == .alpha)
        // Black with alpha 128 is luminance 0 but alpha 128: the two readings differ.
        let lum = try VariableBlur(maxSigma: 10, mask: .image(mask, channel: .luminance)).sigmaMap(width: 8, height: 8)
        let alpha = try VariableBlur(maxSigma: 10, mask: .image(mask)).sigmaMap(width: 8, height: 8)
        #expect(lum[63] == 0)
        #expect(abs(alpha[63] - 10 * 128 / 255) < 0.01)
    }

    @Test("luminanceAsAlpha: Rec. 709 luma, exact for greys, colour never above alpha")
    func luminanceValues() throws {
        var img = try Image(width: 4, height: 1)
        img[0, 0] = RGBA8(255, 0, 0, 255); img[1, 0] = RGBA8(0, 255, 0, 255)
        img[2, 0] = RGBA8(0, 0, 255, 255); img[3, 0] = RGBA8(77, 77, 77, 255)
        let l = img.luminanceAsAlpha()
        #expect(l[0, 0] == RGBA8(54, 54, 54, 54))  // 0.2126 × 255 = 54.2
        #expect(l[1, 0] == RGBA8(182, 182, 182, 182))  // 0.7152 × 255 = 182.4
        #expect(l[2, 0] == RGBA8(18, 18, 18, 18))  // 0.0722 × 255 = 18.4
        #expect(l[3, 0] == RGBA8(77, 77, 77, 77))
    }
}
