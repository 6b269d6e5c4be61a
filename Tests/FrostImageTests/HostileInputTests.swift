import Foundation
import Testing
@testable import FrostImage
import FrostTestSupport

/// Regression tests for hostile input found by fuzzing and by hand (issue 10's robustness list).
/// Each must end in a typed error (never a trap, a hang or gigabytes of memory).
@Suite("Hostile input: bounded time and memory, one clear error", .hangLimit)
struct HostileInputTests {
    /// A PNG chunk: length, type, data, and a CRC the pre-check does not look at.
    private func chunk(_ type: String, length: UInt32? = nil, _ data: [UInt8] = []) -> [UInt8] {
        let n = length ?? UInt32(data.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)]
            + Array(type.utf8) + data + [0, 0, 0, 0]
    }
    private let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private func ihdr(width: UInt32, height: UInt32, depth: UInt8 = 8, colour: UInt8 = 6) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return chunk("IHDR", be(width) + be(height) + [depth, colour, 0, 0, 0])
    }

    @Test("png-text-chunk-claims-2gib: rejected before libpng allocates", arguments: ["tEXt", "zTXt", "iTXt", "sPLT", "pCAL"])
    func pngHugeChunk(type: String) {
        let bytes = signature + ihdr(width: 1, height: 1) + chunk(type, length: 0x7FFF_FFF0, Array("key\0".utf8))
        #expect(bytes.count < 64)
        #expect {
            _ = try PNGCodec.decode(bytes, name: "tiny.png")
        } throws: { error in
            let text = (error as? ImageError)?.description ?? ""
            return text.contains(type) && text.contains("truncated")
        }
    }

    @Test("png-header-claims-16384-squared-with-no-data: rejected before the output is allocated")
    func pngHugeHeaderNoData() {
        let bytes = signature + ihdr(width: 16384, height: 16384) + chunk("IDAT", [0x78, 0x9C]) + chunk("IEND")
        #expect {
            _ = try PNGCodec.decode(bytes, name: "forged.png")
        } throws: { error in
            ((error as? ImageError)?.description ?? "").contains("image data")
        }
    }

    @Test("png-chunk-length-over-2^31 is rejected by name")
    func pngChunkLengthHighBit() {
        let bytes = signature + ihdr(width: 1, height: 1) + chunk("tEXt", length: 0xFFFF_FFF0)
        #expect(throws: ImageError.self) { try PNGCodec.decode(bytes) }
    }

    @Test("png-absurd-header: sizes whose raw size overflows Int are an error, not a trap")
    func pngAbsurdHeader() {
        let bytes = signature + ihdr(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, depth: 16) + chunk("IEND")
        #expect(throws: ImageError.self) { try PNGCodec.decode(bytes) }
    }

    @Test("real PNGs still pass the chunk check (every fixture)")
    func pngFixturesPass() throws {
        for name in ["rgba8.png", "rgb8.png", "gray8.png", "graya8.png", "rgba16.png", "rgba8-interlaced.png", "palette-trns.png"] {
            try PNGCodec.checkChunks(Fixture.bytes(name), name: name)
        }
        // And an encoder's output of a flat image (the most compressed data there is).
        let flat = try Image(width: 2000, height: 2000, fill: RGBA8(10, 20, 30))
        let encoded = try PNGCodec.encode(flat, options: .small)
        #expect(try PNGCodec.decode(encoded) == flat)
    }

    @Test("jpeg-cut-in-half-with-end-marker: truncation, not a half-grey image", arguments: ["baseline.jpg", "progressive.jpg"])
    func jpegHitMarker(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let patched = Array(bytes.prefix(bytes.count / 2)) + [0xFF, 0xD9]
        #expect {
            _ = try JPEGCodec.decode(patched, name: name)
        } throws: { error in
            ((error as? ImageError)?.description ?? "").contains("truncated")
        }
    }

    @Test("jpeg-header-claims-16384-squared: stops at the first missing row, not after 2^28 grey pixels")
    func jpegForgedSize() throws {
        var bytes = try Fixture.bytes("baseline.jpg")
        // SOF0: FF C0, length (2), precision (1), height (2), width (2).
        let sof = try #require((0..<bytes.count - 9).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 5] = 0x40; bytes[sof + 6] = 0x00  // height 16384
        bytes[sof + 7] = 0x40; bytes[sof + 8] = 0x00  // width 16384
        // Before, this "decoded" to a 16384² grey image (10–14 s, 2.8 GB); now the missing data is
        // noticed at the first row and reported as truncation.
        #expect {
            _ = try JPEGCodec.decode(bytes, name: "forged.jpg")
        } throws: { error in
            ((error as? ImageError)?.description ?? "").contains("truncated")
        }
    }

    @Test("fifo-input: refused at once instead of blocking in open")
    func fifoInput() throws {
        let dir = Fixture.tempDir()
        let path = dir + "/pipe.png"
        #expect(mkfifo(path, 0o600) == 0)
        #expect {
            _ = try FileIO.read(path)
        } throws: { error in
            ((error as? ImageError)?.description ?? "").contains("pipe")
        }
    }

    @Test("device-input: /dev/zero is refused, not read to the 4 GiB cap")
    func deviceInput() {
        #expect {
            _ = try FileIO.read("/dev/zero")
        } throws: { error in
            ((error as? ImageError)?.description ?? "").contains("device")
        }
    }

    @Test("region-at-Int.max: validation throws instead of overflowing")
    func regionOverflow() throws {
        let image = try Image(width: 4, height: 4)
        let absurd = try #require(PixelRect(parsing: "9223372036854775807,0,1,1"))
        #expect(absurd.maxX == Int.max)
        #expect(throws: ImageError.self) { try absurd.validate(inside: image.bounds) }
        #expect(absurd.clipped(to: image.bounds).isEmpty)
        let negative = PixelRect(x: Int.min, y: Int.min, width: Int.max, height: Int.max)
        #expect(negative.clipped(to: image.bounds).isEmpty)
        #expect(negative.expanded(by: Int.max).width == Int.max)
        #expect(throws: ImageError.self) { try PixelRect(x: 0, y: Int.max, width: 1, height: 5).validate(inside: image.bounds) }
    }

    @Test("cropping: empty or outside throws, partly outside clips")
    func cropping() throws {
        let image = try Image(width: 10, height: 8, fill: RGBA8(200, 100, 50))
        #expect(throws: ImageError.self) { try image.cropped(to: PixelRect(x: 2, y: 2, width: 0, height: 3)) }
        #expect(throws: ImageError.self) { try image.cropped(to: PixelRect(x: 20, y: 2, width: 4, height: 3)) }
        #expect(throws: ImageError.self) { try image.cropped(to: PixelRect(x: Int.max, y: 0, width: 1, height: 1)) }
        let part = try image.cropped(to: PixelRect(x: 7, y: -3, width: 10, height: 5))
        #expect(part.width == 3 && part.height == 2)
        #expect(part[0, 0] == RGBA8(200, 100, 50))
    }

    @Test("error messages stay on one line: control characters are escaped")
    func oneLineErrors() {
        let error = ImageError.unreadable(path: "evil\n\u{1B}[31mred.png", reason: "x\ty")
        #expect(!error.description.contains("\n"))
        #expect(!error.description.contains("\u{1B}"))
        #expect(error.description.contains("evil\\n\\u{1B}[31mred.png"))
        #expect(error.description.contains("x\\ty"))
    }
}

@Suite("Sealed pixel storage", .hangLimit)
struct SealedPixelTests {
    @Test("mutation goes through fixed-count buffers; rows are bounded views")
    func sealed() throws {
        var image = try Image(width: 5, height: 3, fill: RGBA8(10, 20, 30, 255))
        let count = image.withUnsafeMutablePixels { p in
            p[0] = 1  // colour ≤ alpha stays true
            return p.count
        }
        #expect(count == 5 * 3 * 4 && image.pixels.count == count && image.pixels[0] == 1)
        #expect(image.row(2).count == 20 && image.row(2).first == 10)
        image.withUnsafeMutableRow(1) { row in
            #expect(row.count == 20)
            for i in stride(from: 0, to: row.count, by: 4) { row[i] = 200 }
        }
        #expect(image[3, 1] == RGBA8(200, 20, 30, 255) && image[3, 0] == RGBA8(10, 20, 30, 255))
        struct Stop: Error {}
        #expect(throws: Stop.self) { try image.withUnsafeMutablePixels { _ throws(Stop) in throw Stop() } }
        var f = FloatImage(image)
        f.withUnsafeMutableValues { v in v[3] = 0.5 }
        #expect(f.values[3] == 0.5 && f.values.count == 60)
    }
}

@Suite("Temporary files and signals", .hangLimit)
struct TempFileSignalTests {
    /// The probe beside the test bundle (SwiftPM builds it with the tests).
    static var probe: String? {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        }
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("TempFileSignalProbe").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    @Test(
        "killed-mid-write: SIGINT, SIGTERM, SIGHUP and SIGXFSZ remove a registered temporary file and still kill",
        arguments: [SIGINT, SIGTERM, SIGHUP, SIGXFSZ])
    func signals(signal: Int32) throws {
        let probe = try #require(TempFileSignalTests.probe, "TempFileSignalProbe was not built")
        let path = Fixture.tempDir() + "/.out.png.frost-ABC123"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: probe)
        process.arguments = [path, "\(signal)"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("every atomic write releases its slot: 200 writes in a row leave nothing behind")
    func slotsReleased() throws {
        let dir = Fixture.tempDir()
        let image = try Image(width: 2, height: 2)
        for i in 0..<200 { try ImageFile.write(image, to: dir + "/f\(i % 3).png") }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names == ["f0.png", "f1.png", "f2.png"])
    }
}
