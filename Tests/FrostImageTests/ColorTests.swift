import Foundation
import Testing
@testable import FrostImage
import FrostTestSupport

@Suite("sRGB transfer and premultiplication", .hangLimit)
struct ColorTests {
    @Test("decode table matches the IEC 61966-2-1 formula; encode8 round-trips every code")
    func srgbTables() {
        for code in 0...255 {
            let v = Double(code) / 255
            let linear = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
            #expect(abs(Double(SRGB.decodeTable[code]) - linear) < 1e-7)
            #expect(SRGB.encode8(SRGB.decodeTable[code]) == UInt8(code))
        }
        #expect(SRGB.encode8(0.5) == 188)  // published: linear 0.5 ↔ sRGB 187.5…
        #expect(SRGB.encode8(.nan) == 0)
        #expect(SRGB.encode8(-3) == 0)
        #expect(SRGB.encode8(7) == 255)
    }

    @Test("encode8 equals the rounded formula on a dense sweep")
    func encodeSweep() {
        for i in 0...20000 {
            let l = Float(i) / 20000
            let exact = SRGB.fromLinear(Double(l)) * 255
            let got = Int(SRGB.encode8(l))
            #expect(abs(Double(got) - exact) <= 0.5 + 1e-6, "l=\(l)")
        }
    }

    @Test("premultiply/unpremultiply lose no more than 8-bit rounding requires")
    func premultiplyRoundTrip() {
        for a in 1...255 {
            for c in stride(from: 0, through: 255, by: 3) {
                let p = Premultiplication.mul(UInt8(c), UInt8(a))
                #expect(Int(p) == Int((Double(c * a) / 255).rounded()))
                let back = Int(Premultiplication.div(p, UInt8(a)))
                // Half a premultiplied step, scaled back up by 255/a.
                #expect(abs(back - c) <= Int((127.5 / Double(a)).rounded(.up)), "c=\(c) a=\(a)")
            }
        }
        #expect(Premultiplication.div(0, 0) == 0)
    }

    @Test("Image rejects impossible sizes and mismatched buffers")
    func validation() {
        #expect(throws: ImageError.self) { try Image(width: 0, height: 5) }
        #expect(throws: ImageError.self) { try Image(width: -1, height: 5) }
        #expect(throws: ImageError.self) { try Image(width: 1 << 15, height: 1 << 14 + 1) }
        #expect(throws: ImageError.self) { try Image(width: 2, height: 2, straightRGBA: [1, 2, 3]) }
        let image = try! Image(width: 1, height: 1, premultipliedRGBA: [200, 10, 10, 100])
        #expect(image[0, 0] == RGBA8(100, 10, 10, 100))  // colour clamped to alpha
    }

    @Test("linear FloatImage round trip is exact for opaque pixels")
    func floatRoundTrip() throws {
        let image = try TestPattern.noise.render(width: 32, height: 8)
        #expect(FloatImage(image, encoding: .linear).image() == image)
        #expect(FloatImage(image, encoding: .sRGB).image() == image)
        let transparent = try TestPattern.transparent.render(width: 30, height: 20)
        let back = FloatImage(transparent, encoding: .linear).image()
        for i in 0..<back.pixels.count { #expect(abs(Int(back.pixels[i]) - Int(transparent.pixels[i])) <= 1) }
    }

    @Test("orientations: 6 rotates clockwise, all 8 are distinct and invertible in size")
    func orientation() throws {
        var image = try Image(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { image[x, y] = RGBA8(UInt8(x), UInt8(y), 0) } }
        let r = image.applying(.right)
        #expect(r.width == 2 && r.height == 3)
        // Top-left of the rotated image is the stored bottom-left.
        #expect(r[0, 0] == RGBA8(0, 1, 0))
        #expect(r[1, 0] == RGBA8(0, 0, 0))
        let all = Set(ExifOrientation.allCases.map { image.applying($0).pixels })
        #expect(all.count == 8)
    }
}

@Suite("Image.psnr", .hangLimit)
struct ImagePSNRTests {
    @Test("equal images: +∞; one byte off by 255 in one pixel: 10·log10(4) dB; sizes must match")
    func psnr() throws {
        let a = try Image(width: 1, height: 1, fill: RGBA8(0, 0, 0, 255))
        #expect(try a.psnr(against: a) == .infinity)
        let b = try Image(width: 1, height: 1, fill: RGBA8(255, 0, 0, 255))
        #expect(abs(try a.psnr(against: b) - 10 * log10(4.0)) < 1e-12)
        #expect(throws: ImageError.self) { try a.psnr(against: try Image(width: 2, height: 1)) }
    }
}
