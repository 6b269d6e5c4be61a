import CPNG
import CFrostKernels
import Testing
@testable import FrostImage
import FrostTestSupport

/// Frost's own PNG writer and common-case reader, checked against libpng both ways.
@Suite("PNG writer and fast reader", .hangLimit)
struct PNGFastPathTests {
    static let sizes = [(1, 1), (1, 9), (9, 1), (37, 23), (700, 130)]  // the last spans 2+ deflate blocks

    func images() throws -> [(String, Image)] {
        var out: [(String, Image)] = []
        for (w, h) in Self.sizes {
            for pattern in [TestPattern.noise, .transparent, .gradient, .textEdges] {
                out.append(("\(pattern) \(w)x\(h)", try pattern.render(width: w, height: h)))
            }
        }
        return out
    }

    @Test(
        "every filter and level round-trips losslessly, read by libpng and by Frost's reader",
        arguments: PNGCodec.Filter.allCases)
    func roundTrip(filter: PNGCodec.Filter) throws {
        for level in [0, 1, 2, 6, 9] {
            for (name, image) in try images() {
                let png = try PNGCodec.encode(image, options: .init(level: level, filter: filter))
                let viaLibPNG = try PNGCodec.decodeWithLibPNG(png, name: name)
                #expect(viaLibPNG == image, "\(name) level \(level) via libpng")
                let fast = try #require(PNGCodec.decodeCommon(png), "\(name): the fast reader declined")
                #expect(fast == image, "\(name) level \(level) via Frost's reader")
            }
        }
    }

    @Test("the bytes do not depend on the thread count")
    func threadInvariance() throws {
        let image = try TestPattern.noise.render(width: 500, height: 300)  // 600 KB of rows: 3 blocks
        for options in [PNGCodec.Options.fast, .small, .init(level: 0, filter: .none)] {
            let one = try PNGCodec.encode(image, options: options, threads: 1)
            for threads in [2, 3, 8] { #expect(try PNGCodec.encode(image, options: options, threads: threads) == one) }
        }
    }

    @Test("the fast reader agrees with libpng on files libpng wrote (its own filter choices)")
    func libpngWritten() throws {
        for (name, image) in try images() {
            for format: UInt32 in [0x03, 0x02, 0x01, 0x00] {  // RGBA, RGB, GA, G
                let png = try libpngEncode(image, format: format)
                let reference = try PNGCodec.decodeWithLibPNG(png, name: name)
                let fast = try #require(PNGCodec.decodeCommon(png), "\(name) format \(format): declined")
                #expect(fast == reference, "\(name) format \(format)")
            }
        }
    }

    @Test("the fast reader takes the plain fixtures and leaves 16-bit, interlaced and palette files to libpng")
    func fixtures() throws {
        for name in ["rgba8.png", "rgb8.png", "gray8.png", "graya8.png"] {
            let bytes = try Fixture.bytes(name)
            let fast = try #require(PNGCodec.decodeCommon(bytes), "\(name) declined")
            #expect(fast == (try PNGCodec.decodeWithLibPNG(bytes, name: name)), "\(name)")
        }
        for name in ["rgba16.png", "rgba8-interlaced.png", "palette-trns.png"] {
            #expect(PNGCodec.decodeCommon(try Fixture.bytes(name)) == nil, "\(name)")
        }
    }

    @Test("damaged image data: the fast reader declines and libpng's error names the problem")
    func damaged() throws {
        let image = try TestPattern.noise.render(width: 64, height: 40)
        let png = try PNGCodec.encode(image)
        let idat = try #require(findChunk(png, "IDAT"))
        // A flipped data byte with its CRC left as it was: the CRC check catches it.
        var flipped = png
        flipped[idat + 8 + 10] ^= 0x55
        #expect(PNGCodec.decodeCommon(flipped) == nil)
        #expect(throws: ImageError.self) { try PNGCodec.decode(flipped, name: "flipped.png") }
        // The zlib stream cut short in a chunk with a right CRC: the inflate check catches it.
        let length = Int(PNGChunks.u32(png, idat))
        var short = Array(png[..<idat])
        PNGChunks.append("IDAT", Array(png[(idat + 8)..<(idat + 8 + length / 2)]), to: &short)
        short += png[(idat + 12 + length)...]
        #expect(PNGCodec.decodeCommon(short) == nil)
        #expect(throws: ImageError.self) { try PNGCodec.decode(short, name: "short.png") }
    }

    /// The zlib stream of `png`'s IDAT chunks, joined.
    func stream(_ png: [UInt8]) -> (data: [UInt8], firstIDAT: Int, afterIDAT: Int) {
        var data: [UInt8] = [], at = 8, first = -1, after = -1
        while at + 12 <= png.count {
            let length = Int(PNGChunks.u32(png, at))
            if PNGChunks.u32(png, at + 4) == 0x4944_4154 {
                if first < 0 { first = at }
                data += png[(at + 8)..<(at + 8 + length)]
                after = at + 12 + length
            }
            at += 12 + length
        }
        return (data, first, after)
    }

    /// `png` with its zlib stream cut into IDAT chunks of `sizes` bytes (the last takes the rest).
    func rechunked(_ png: [UInt8], _ data: [UInt8], sizes: [Int]) -> [UInt8] {
        let (_, first, after) = stream(png)
        var out = Array(png[..<first]), at = 0
        for size in sizes where at < data.count {
            PNGChunks.append("IDAT", Array(data[at..<min(data.count, at + size)]), to: &out)
            at += size
        }
        if at < data.count { PNGChunks.append("IDAT", Array(data[at...]), to: &out) }
        return out + png[after...]
    }

    @Test("the Adler-32 is checked: a wrong one with good CRCs is declined; one split over chunks reads")
    func adlerChecked() throws {
        let image = try TestPattern.noise.render(width: 300, height: 200)  // several bands
        for threads in [1, 2] {
            let png = try PNGCodec.encode(image, options: .init(level: 2, filter: .paeth))
            var data = stream(png).data
            // The trailer split 1 + 1 + 2 over three chunks, and every byte in its own chunk near it.
            let n = data.count
            let split = rechunked(png, data, sizes: [n - 3, 1, 1, 1])
            #expect(PNGCodec.decodeCommon(split, threads: threads) == image, "\(threads) threads")
            let tiny = rechunked(png, data, sizes: [n - 6] + [Int](repeating: 1, count: 6))
            #expect(PNGCodec.decodeCommon(tiny, threads: threads) == image, "\(threads) threads")
            // A wrong checksum (chunk CRCs recomputed): declined, and libpng says what is wrong.
            data[n - 1] ^= 0x01
            let wrong = rechunked(png, data, sizes: [n])
            #expect(PNGCodec.decodeCommon(wrong, threads: threads) == nil, "\(threads) threads")
        }
    }

    @Test("the two-thread reader gives the same pixels, and stops cleanly when either side fails")
    func pipelined() throws {
        let image = try TestPattern.noise.render(width: 700, height: 400)  // 17 bands of 23 rows
        for filter in [PNGCodec.Filter.up, .paeth, .adaptive] {
            let png = try PNGCodec.encode(image, options: .init(level: 1, filter: filter))
            for threads in [2, 4] {
                #expect(PNGCodec.decodeCommon(png, threads: threads) == image, "\(filter), \(threads) threads")
            }
        }
        // A bad filter type in row 300: the unfiltering side fails while the inflating side runs on.
        var rows = PNGCodec.filterRows(image, channels: 4, filter: .up, threads: 1)
        rows[300 * (700 * 4 + 1)] = 7
        let badFilter = assemble(width: 700, height: 400, chunks: try PNGCodec.deflateChunks(rows, level: 1, threads: 1))
        for threads in [1, 2] { #expect(PNGCodec.decodeCommon(badFilter, threads: threads) == nil) }
        #expect(throws: ImageError.self) { try PNGCodec.decode(badFilter, name: "bad-filter.png") }
        // Rows missing from the stream: the inflating side fails first.
        let short = assemble(
            width: 700, height: 400,
            chunks: try PNGCodec.deflateChunks(Array(rows[0..<(200 * (700 * 4 + 1))]), level: 1, threads: 1))
        for threads in [1, 2] { #expect(PNGCodec.decodeCommon(short, threads: threads) == nil) }
        #expect(throws: ImageError.self) { try PNGCodec.decode(short, name: "short.png") }
    }

    func assemble(width: Int, height: Int, chunks: [[UInt8]]) -> [UInt8] {
        var out = PNGChunks.signature
        PNGChunks.append("IHDR", PNGChunks.header(width: width, height: height, colourType: 6), to: &out)
        for c in chunks { out += c }
        PNGChunks.append("IEND", [], to: &out)
        return out
    }

    @Test("a gamma chunk without sRGB goes to libpng, which corrects it")
    func gammaGoesToLibPNG() throws {
        let png = try PNGCodec.encode(try TestPattern.gradient.render(width: 8, height: 8))
        // Replace the sRGB chunk (after IHDR: 8 + 25) by gAMA 1/1.0 (linear).
        var body = Array(png[0..<33])
        PNGChunks.append("gAMA", PNGChunks.be32(100_000), to: &body)
        body += png[(33 + 13)...]
        #expect(PNGCodec.decodeCommon(body) == nil)
        _ = try PNGCodec.decode(body)
    }

    @Test("levels outside 0…9 are refused")
    func badLevel() throws {
        let image = try TestPattern.noise.render(width: 4, height: 4)
        #expect(throws: ImageError.self) { try PNGCodec.encode(image, options: .init(level: 10)) }
        #expect(throws: ImageError.self) { try PNGCodec.encode(image, options: .init(level: -1)) }
    }

    @Test("the row kernels: unfilter inverts filter for every type and pixel size")
    func rowKernels() {
        var seed: UInt32 = 7
        func next() -> UInt8 { seed = seed &* 1_664_525 &+ 1_013_904_223; return UInt8(seed >> 24) }
        for bpp in 1...4 {
            for n in [bpp, 3 * bpp, 50 * bpp + bpp] {
                let up = (0..<n).map { _ in next() }, row = (0..<n).map { _ in next() }
                for type in 0...4 {
                    for above in [true, false] {
                        var filtered = [UInt8](repeating: 0, count: n + 1)
                        frost_png_filter_row_type(row, above ? up : nil, Int32(n), Int32(bpp), Int32(type), &filtered)
                        var back = Array(filtered[1...])
                        #expect(frost_png_unfilter_row(&back, above ? up : nil, Int32(n), Int32(bpp), Int32(type)) == 0)
                        #expect(back == row, "type \(type) bpp \(bpp) n \(n) above \(above)")
                    }
                }
                var junk = row
                #expect(frost_png_unfilter_row(&junk, up, Int32(n), Int32(bpp), 5) == -1)
            }
        }
    }

    // MARK: helpers

    func findChunk(_ png: [UInt8], _ type: String) -> Int? {
        var offset = 8
        let tag = Array(type.utf8)
        while offset + 12 <= png.count {
            let length = Int(PNGChunks.u32(png, offset))
            if Array(png[(offset + 4)..<(offset + 8)]) == tag { return offset }
            offset += length + 12
        }
        return nil
    }

    /// libpng's simplified writer with its default (adaptive) filters.
    func libpngEncode(_ image: Image, format: UInt32) throws -> [UInt8] {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = format
        let straight = image.straightRGBA()
        let channels = format == 0x03 ? 4 : format == 0x02 ? 3 : format == 0x01 ? 2 : 1
        var samples = [UInt8](repeating: 0, count: image.width * image.height * channels)
        for i in 0..<(image.width * image.height) {
            let p = Array(straight[(4 * i)..<(4 * i + 4)])
            switch channels {
            case 4: samples.replaceSubrange((4 * i)..<(4 * i + 4), with: p)
            case 3: samples.replaceSubrange((3 * i)..<(3 * i + 3), with: p[0..<3])
            case 2: samples[2 * i] = p[1]; samples[2 * i + 1] = p[3]
            default: samples[i] = p[1]
            }
        }
        var size = 0
        _ = png_image_write_to_memory(&png, nil, &size, 0, samples, Int32(image.width * channels), nil)
        var out = [UInt8](repeating: 0, count: size)
        let ok = png_image_write_to_memory(&png, &out, &size, 0, samples, Int32(image.width * channels), nil)
        png_image_free(&png)
        guard ok != 0 else { throw ImageError.invalidArgument("libpng could not write the test file") }
        return Array(out.prefix(size))
    }
}
