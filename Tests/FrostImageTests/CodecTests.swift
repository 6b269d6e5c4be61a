import CPNG
import Foundation
import Testing
import FrostTestSupport
@testable import FrostImage

@Suite("PNG, JPEG and raw codecs", .hangLimit)
struct CodecTests {
    @Test(
        "every PNG variant decodes to the known pixels",
        arguments: ["rgba8.png", "rgb8.png", "gray8.png", "graya8.png", "rgba16.png", "rgba8-interlaced.png"])
    func pngVariants(name: String) throws {
        let image = try ImageFile.read(Fixture.path(name))
        #expect(image.width == 13 && image.height == 7)
        let straight = image.straightRGBA()
        let gray = name.hasPrefix("gray"), alpha = name.contains("rgba") || name.contains("graya")
        for y in 0..<7 {
            for x in 0..<13 {
                let (r, g, b, a) = Fixture.expected(x, y)
                let i = 4 * (y * 13 + x)
                let want = gray ? (r, r, r, alpha ? a : 255) : (r, g, b, alpha ? a : 255)
                // Colour of a premultiplied 8-bit pixel is exact to ±255/(2a).
                let tol = Int((127.5 / Double(want.3)).rounded(.up))
                #expect(Int(straight[i + 3]) == want.3, "\(name) alpha at \(x),\(y)")
                #expect(abs(Int(straight[i]) - want.0) <= tol, "\(name) R at \(x),\(y)")
                #expect(abs(Int(straight[i + 1]) - want.1) <= tol)
                #expect(abs(Int(straight[i + 2]) - want.2) <= tol)
            }
        }
    }

    @Test("palette PNG with tRNS keeps the transparent entry")
    func palette() throws {
        let image = try ImageFile.read(Fixture.path("palette-trns.png"))
        let s = image.straightRGBA()
        #expect(Array(s[0..<4]) == [255, 0, 0, 255])  // (0,0) → entry 0
        let i = 4 * 3  // (3,0) → entry 3
        #expect(s[i + 3] == 128 && s[i] >= 254 && s[i + 1] >= 254 && s[i + 2] == 0)
    }

    @Test("PNG encode/decode round trip is lossless (opaque and transparent)")
    func pngRoundTrip() throws {
        for pattern in [TestPattern.noise, .transparent, .gradient] {
            let image = try pattern.render(width: 37, height: 23)
            let back = try PNGCodec.decode(try PNGCodec.encode(image))
            #expect(back == image, "\(pattern)")
        }
    }

    @Test("JPEG variants: baseline, progressive, grayscale, CMYK")
    func jpegVariants() throws {
        for name in ["baseline.jpg", "progressive.jpg", "gray.jpg", "cmyk.jpg"] {
            let (image, info) = try JPEGCodec.decode(Fixture.bytes(name), name: name)
            #expect(image.width == 52 && image.height == 28, "\(name)")
            #expect(info.progressive == (name == "progressive.jpg"))
            #expect(info.components == (name == "gray.jpg" ? 1 : name == "cmyk.jpg" ? 4 : 3))
            // Centre of block (5, 3): compare with the known colour (JPEG is lossy).
            let p = image[5 * 4 + 2, 3 * 4 + 2]
            let (r, g, b, _) = Fixture.expected(5, 3)
            if name == "gray.jpg" {
                #expect(p.r == p.g && p.g == p.b)
            } else {
                let tol = name == "cmyk.jpg" ? 24 : 12
                #expect(abs(Int(p.r) - r) <= tol && abs(Int(p.g) - g) <= tol && abs(Int(p.b) - b) <= tol, "\(name) \(p)")
            }
        }
    }

    @Test("EXIF orientation 6 is applied on read")
    func exifOrientation() throws {
        let (upright, info) = try JPEGCodec.decode(Fixture.bytes("orientation6.jpg"))
        #expect(info.exifOrientation == 6)
        #expect(upright.width == 28 && upright.height == 52)
        let (stored, _) = try JPEGCodec.decode(Fixture.bytes("orientation6.jpg"), applyOrientation: false)
        #expect(stored.width == 52 && stored.height == 28)
        #expect(upright == stored.applying(.right))
    }

    @Test("JPEG round trips at quality 95: baseline, progressive and grayscale")
    func jpegRoundTrip() throws {
        let image = try SampleImages.astronaut().cropped(to: PixelRect(x: 100, y: 100, width: 120, height: 90))
        for options in [JPEGCodec.Options(quality: 95), .init(quality: 95, progressive: true)] {
            let (back, info) = try JPEGCodec.decode(try JPEGCodec.encode(image, options: options))
            #expect(info.progressive == options.progressive)
            var se = 0.0
            for i in 0..<image.pixels.count { let d = Double(image.pixels[i]) - Double(back.pixels[i]); se += d * d }
            let psnr = 10 * log10(255 * 255 / (se / Double(image.pixels.count)))  // straight vs premultiplied: no shared helper fits
            #expect(psnr > 35, "PSNR \(psnr)")
        }
        let (gray, info) = try JPEGCodec.decode(try JPEGCodec.encode(image, options: .init(grayscale: true)))
        #expect(info.components == 1 && gray[10, 10].r == gray[10, 10].g)
        #expect(throws: ImageError.self) { try JPEGCodec.encode(image, options: .init(quality: 0)) }
    }

    @Test("raw .rgba needs its size and exactly its byte count")
    func raw() throws {
        let dir = Fixture.tempDir()
        let path = dir + "/x.rgba"
        let image = try TestPattern.transparent.render(width: 6, height: 4)
        try ImageFile.write(image, to: path)
        #expect(try FileIO.read(path).count == 96)
        #expect(try ImageFile.read(path, rawSize: (6, 4)) == image)
        #expect(throws: ImageError.self) { try ImageFile.read(path, rawSize: (5, 4)) }
        #expect(throws: ImageError.self) { try ImageFile.read(path) }
        #expect(throws: ImageError.self) { try ImageFile.read(path, rawSize: (0, 4)) }
    }

    @Test("truncated and mutated real files never crash the decoders")
    func fuzzedFiles() throws {
        var rng = SeededGenerator(seed: 0x5EED_F205)
        var failures = 0, successes = 0
        for name in [
            "rgba8.png", "rgba8-interlaced.png", "palette-trns.png", "rgba16.png",
            "baseline.jpg", "progressive.jpg", "orientation6.jpg", "cmyk.jpg",
        ] {
            let bytes = try Fixture.bytes(name)
            // Every truncation point of the small files.
            for cut in 0..<bytes.count {
                do { _ = try decode(Array(bytes[0..<cut])); successes += 1 } catch { failures += 1 }
            }
            // Random byte flips and random garbage.
            for _ in 0..<150 {
                var m = bytes
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    m[Int.random(in: 0..<m.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
                do { _ = try decode(m); successes += 1 } catch { failures += 1 }
            }
        }
        for _ in 0..<200 {
            let junk = (0..<Int.random(in: 0...400, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            do { _ = try decode([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + junk) } catch { failures += 1 }
            do { _ = try decode([0xFF, 0xD8, 0xFF] + junk) } catch { failures += 1 }
        }
        #expect(failures > 0)
        #expect(successes > 0)
    }

    @Test("truncated files are reported as errors, not half images")
    func truncationIsAnError() throws {
        for name in ["rgba8.png", "baseline.jpg", "progressive.jpg"] {
            let bytes = try Fixture.bytes(name)
            #expect(throws: ImageError.self, "\(name)") { try decode(Array(bytes.prefix(bytes.count * 2 / 3))) }
        }
    }

    private func decode(_ bytes: [UInt8]) throws -> Image {
        if PNGCodec.matches(bytes) { return try PNGCodec.decode(bytes) }
        return try JPEGCodec.decode(bytes).0
    }
}

@Suite("Files: errors and atomic writes", .hangLimit)
struct FileTests {
    @Test("missing, empty, folder and non-image inputs give one clear error each")
    func badInputs() throws {
        let dir = Fixture.tempDir()
        #expect(throws: ImageError.self) { try ImageFile.read(dir + "/missing.png") }
        FileManager.default.createFile(atPath: dir + "/empty.png", contents: Data())
        #expect(throws: ImageError.self) { try ImageFile.read(dir + "/empty.png") }
        #expect(throws: ImageError.self) { try ImageFile.read(dir) }
        FileManager.default.createFile(atPath: dir + "/text.png", contents: Data("hello".utf8))
        do { _ = try ImageFile.read(dir + "/text.png"); Issue.record("expected an error") } catch {
            #expect(error.description.contains("text.png"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("writes are atomic: failures leave nothing behind and keep the old file")
    func atomic() throws {
        let dir = Fixture.tempDir()
        let image = try TestPattern.gradient.render(width: 8, height: 8)
        #expect(throws: ImageError.self) { try ImageFile.write(image, to: dir + "/no/such/folder/out.png") }
        #expect(throws: ImageError.self) { try ImageFile.write(image, to: dir + "/out.gif") }
        // Quality 0 fails inside the encoder: the existing file at the *same* path must be untouched.
        let path = dir + "/out.jpg"
        try ImageFile.write(image, to: path)
        let before = try FileIO.read(path)
        #expect(throws: ImageError.self) { try ImageFile.write(image, to: path, jpeg: .init(quality: 0)) }
        #expect(try FileIO.read(path) == before)
        // A failing write to a new path leaves no file there.
        #expect(throws: ImageError.self) { try ImageFile.write(image, to: dir + "/new.jpg", jpeg: .init(quality: 0)) }
        #expect(!FileManager.default.fileExists(atPath: dir + "/new.jpg"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }
}
