import Testing
import Foundation
import CZlib
import FrostImage
import FrostTestSupport
@testable import FrostExport

/// A small APNG reader for the tests (independent of the writer): chunks with their CRCs
/// checked, frames inflated, unfiltered and composed onto the canvas as the spec says.
struct APNGReader {
    struct Control { var x = 0, y = 0, width = 0, height = 0, delayNum = 0, delayDen = 0, dispose = 0, blend = 0 }
    var width = 0, height = 0, frameCount = 0, plays = 0
    var frames: [(image: [UInt8], seconds: Double)] = []
    var sequence: [UInt32] = []
    var chunkTypes: [String] = []

    init(_ bytes: [UInt8]) throws {
        guard Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw Bad("signature") }
        func be32(_ i: Int) -> UInt32 { UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3]) }
        var i = 8
        var control: Control?
        var data: [UInt8] = []
        var canvas: [UInt8] = []
        func finish() throws {
            guard let c = control else { return }
            var size = uLong(c.height * (1 + 4 * c.width))
            var raw = [UInt8](repeating: 0, count: Int(size))
            guard uncompress(&raw, &size, data, uLong(data.count)) == Z_OK, Int(size) == raw.count else { throw Bad("inflate") }
            let stride = 4 * c.width
            var rows = [UInt8](repeating: 0, count: stride * c.height)
            for y in 0..<c.height {
                let type = raw[y * (stride + 1)]
                for x in 0..<stride {
                    let v = Int(raw[y * (stride + 1) + 1 + x])
                    let a = x >= 4 ? Int(rows[y * stride + x - 4]) : 0, b = y > 0 ? Int(rows[(y - 1) * stride + x]) : 0
                    let cc = x >= 4 && y > 0 ? Int(rows[(y - 1) * stride + x - 4]) : 0
                    let p: Int
                    switch type {
                    case 0: p = 0
                    case 1: p = a
                    case 2: p = b
                    case 3: p = (a + b) / 2
                    case 4: let q = a + b - cc; let pa = abs(q - a), pb = abs(q - b), pc = abs(q - cc); p = pa <= pb && pa <= pc ? a : (pb <= pc ? b : cc)
                    default: throw Bad("filter \(type)")
                    }
                    rows[y * stride + x] = UInt8((v + p) & 255)
                }
            }
            guard c.dispose == 0, c.blend == 0 else { throw Bad("ops") }
            for y in 0..<c.height { for x in 0..<stride { canvas[((c.y + y) * width + c.x) * 4 + x] = rows[y * stride + x] } }
            frames.append((canvas, Double(c.delayNum) / Double(c.delayDen == 0 ? 100 : c.delayDen)))
            data = []
        }
        while i + 12 <= bytes.count {
            let length = Int(be32(i)), type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = Array(bytes[(i + 8)..<(i + 8 + length)])
            var crc = crc32(0, nil, 0)
            crc = Array(bytes[(i + 4)..<(i + 8 + length)]).withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
            guard UInt32(crc) == be32(i + 8 + length) else { throw Bad("crc of \(type)") }
            chunkTypes.append(type)
            func b32(_ k: Int) -> Int { Int(UInt32(body[k]) << 24 | UInt32(body[k + 1]) << 16 | UInt32(body[k + 2]) << 8 | UInt32(body[k + 3])) }
            switch type {
            case "IHDR": width = b32(0); height = b32(4); canvas = [UInt8](repeating: 0, count: width * height * 4)
            case "acTL": frameCount = b32(0); plays = b32(4)
            case "fcTL":
                try finish()
                sequence.append(UInt32(b32(0)))
                control = Control(
                    x: b32(12), y: b32(16), width: b32(4), height: b32(8),
                    delayNum: Int(body[20]) << 8 | Int(body[21]), delayDen: Int(body[22]) << 8 | Int(body[23]),
                    dispose: Int(body[24]), blend: Int(body[25]))
            case "IDAT": data += body
            case "fdAT": sequence.append(UInt32(b32(0))); data += body[4...]
            case "IEND": try finish()
            default: break
            }
            i += 12 + length
        }
    }
    struct Bad: Error { let what: String; init(_ w: String) { what = w } }
}

@Suite("APNG", .hangLimit)
struct APNGTests {
    func frame(_ t: Int) throws -> Image {
        var image = try Image(width: 40, height: 24, fill: RGBA8(240, 244, 250, 255))
        // A translucent square moving right 3 px a frame, over an opaque page.
        for y in 6..<18 { for x in (2 + 3 * t)..<(14 + 3 * t) { image[x, y] = RGBA8(0, 122, 255, 255).premultipliedBlend(alpha: 160) } }
        return image
    }

    @Test("frames decode back exactly (straight colour, sub-rectangles, sequence numbers, delays, loops), CRCs check out")
    func roundTrip() throws {
        let images = try (0..<6).map(frame)
        let frames = images.enumerated().map { APNG.Frame($0.element, duration: $0.offset == 5 ? 0.5 : 1.0 / 60) }
        let bytes = try APNG.encode(frames, loops: 3)
        let reader = try APNGReader(bytes)
        #expect(reader.width == 40 && reader.height == 24 && reader.frameCount == 6 && reader.plays == 3)
        #expect(reader.chunkTypes.first == "IHDR" && reader.chunkTypes[1] == "acTL" && reader.chunkTypes.last == "IEND")
        #expect(reader.sequence == Array(0..<UInt32(reader.sequence.count)))  // fcTL and fdAT share one sequence
        #expect(reader.frames.count == 6)
        for (k, decoded) in reader.frames.enumerated() {
            var straight = images[k].pixels
            Premultiplication.unpremultiply(&straight)
            #expect(decoded.image == straight, "frame \(k)")
        }
        #expect(abs(reader.frames[0].seconds - 0.017) < 1e-9 && abs(reader.frames[5].seconds - 0.5) < 1e-9)
        // Later frames store only what changed: far smaller than the first.
        #expect(APNG.changedRegion(from: images[0], to: images[1]) == PixelRect(x: 2, y: 6, width: 15, height: 12))
        // libpng (no APNG support) reads the first frame as the still image.
        var still = try PNGCodec.decode(bytes).pixels, first = images[0].pixels
        Premultiplication.unpremultiply(&still); Premultiplication.unpremultiply(&first)
        #expect(still == first)
    }

    @Test("repeated frames merge their time; bad input is a typed error and writes nothing")
    func mergingAndBadInput() throws {
        let a = try frame(0), b = try frame(1)
        let reader = try APNGReader(APNG.encode([APNG.Frame(a, duration: 0.1), APNG.Frame(a, duration: 0.2), APNG.Frame(b, duration: 0.1)]))
        #expect(reader.frameCount == 2 && abs(reader.frames[0].seconds - 0.3) < 1e-9)
        #expect(throws: ImageError.self) { try APNG.encode([]) }
        #expect(throws: ImageError.self) { try APNG.encode([APNG.Frame(a, duration: .nan)]) }
        #expect(throws: ImageError.self) { try APNG.encode([APNG.Frame(a, duration: 70)]) }
        #expect(throws: ImageError.self) { try APNG.encode([APNG.Frame(a, duration: 0.1), APNG.Frame(try Image(width: 3, height: 3), duration: 0.1)]) }
        #expect(throws: ImageError.self) { try APNG.encode([APNG.Frame(a, duration: 0.1)], loops: -1) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("frost-apng-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ImageError.self) { try APNG.write([], to: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
        try APNG.write([APNG.Frame(a, duration: 0.1), APNG.Frame(b, duration: 0.1)], to: path)
        #expect(try APNGReader(Array(Data(contentsOf: URL(fileURLWithPath: path)))).frames.count == 2)
    }

    @Test("APNG.Writer, a frame at a time, makes the same bytes as encode, repeats merged; bad frames are typed errors")
    func writerMatchesEncode() throws {
        let images = try [0, 1, 1, 2, 3, 3, 3].map(frame)
        let frames = images.enumerated().map { APNG.Frame($0.element, duration: 0.02 * Double($0.offset + 1)) }
        var writer = try APNG.Writer(width: 40, height: 24, loops: 2)
        var added: [Int] = []
        for f in frames { added.append(try writer.append(f)) }
        #expect(try writer.finish() == APNG.encode(frames, loops: 2))
        // A repeat adds nothing but its time; the first frame is the whole image, later ones less.
        #expect(added[2] == 0 && added[5] == 0 && added[6] == 0 && added[0] > added[1] && writer.compressedBytes == added.reduce(0, +))
        #expect(throws: ImageError.self) { try APNG.Writer(width: 40, height: 24).finish() }
        #expect(throws: ImageError.self) { try APNG.Writer(width: 0, height: 24) }
        #expect(throws: ImageError.self) { try APNG.Writer(width: 40, height: 24, level: 0) }
        #expect(throws: ImageError.self) { try writer.append(APNG.Frame(try Image(width: 3, height: 3), duration: 0.1)) }
        #expect(throws: ImageError.self) { try writer.append(APNG.Frame(images[0], duration: -1)) }
    }
}

extension RGBA8 {
    /// This straight colour at `alpha`, premultiplied (as Image stores it).
    func premultipliedBlend(alpha: UInt8) -> RGBA8 {
        func m(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(alpha) + 127) / 255) }
        return RGBA8(m(r), m(g), m(b), alpha)
    }
}

@Suite("Filmstrips and PNG sequences", .hangLimit)
struct FilmstripTests {
    @Test("a filmstrip lays frames out in columns, each copied exactly, with a label strip beneath")
    func strip() throws {
        let t = APNGTests()
        let frames = try (0..<5).map { (image: try t.frame($0), time: Double($0) / 60) }
        let sheet = try Filmstrip.render(frames, columns: 3, labelSize: 12)
        // 3 columns of 40 px + 4 gaps of 8; 2 rows of (24 + label 20) + 3 gaps.
        #expect(sheet.width == 3 * 40 + 4 * 8 && sheet.height == 2 * (24 + 20) + 3 * 8)
        // Frame 4 (second row, second column): opaque pixels copied exactly, translucent ones
        // over the sheet's dark background.
        for y in 0..<24 {
            for x in 0..<40 {
                let p = frames[4].image[x, y], got = sheet[8 + 48 + x, 8 + 44 + 8 + y]
                if p.a == 255 {
                    #expect(got == p)
                } else {
                    let k = 255 - Int(p.a)
                    #expect(
                        got == RGBA8(UInt8(Int(p.r) + (32 * k + 127) / 255), UInt8(Int(p.g) + (32 * k + 127) / 255), UInt8(Int(p.b) + (36 * k + 127) / 255)))
                }
            }
        }
        // Its label strip has light text pixels on the dark background.
        var light = 0
        for y in 0..<20 { for x in 0..<40 where sheet[56 + x, 60 + 24 + y].r > 150 { light += 1 } }
        #expect(light > 10)
        #expect(throws: ImageError.self) { try Filmstrip.render([]) }
        #expect(throws: ImageError.self) { try Filmstrip.render([(frames[0].image, .nan)]) }
        #expect(throws: ImageError.self) { try Filmstrip.render(frames, columns: 0) }
    }

    @Test("a PNG sequence writes numbered frames that read back; a missing folder is an error")
    func sequence() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frost-seq-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let t = APNGTests()
        let images = try (0..<3).map(t.frame)
        let paths = try PNGSequence.write(images, to: folder)
        #expect(paths.map { ($0 as NSString).lastPathComponent } == ["frame-0000.png", "frame-0001.png", "frame-0002.png"])
        var back = try ImageFile.read(paths[2]).pixels, original = images[2].pixels
        Premultiplication.unpremultiply(&back); Premultiplication.unpremultiply(&original)
        #expect(back == original)
        #expect(throws: ImageError.self) { try PNGSequence.write(images, to: folder + "/missing") }
        #expect(throws: ImageError.self) { try PNGSequence.write(images, to: folder, prefix: "a/b") }
    }
}

/// A small GIF reader for the tests: LZW decoded independently of the encoder, frames composed
/// with transparency and "do not dispose".
struct GIFReader {
    var width = 0, height = 0, loops: Int?
    var frames: [(rgb: [UInt32], centiseconds: Int)] = []
    struct Bad: Error { let what: String }

    init(_ b: [UInt8]) throws {
        guard Array(b.prefix(6)) == Array("GIF89a".utf8) else { throw Bad(what: "signature") }
        func le(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        width = le(6); height = le(8)
        var i = 13
        var global: [UInt32] = []
        if b[10] & 0x80 != 0 {
            let n = 1 << (Int(b[10] & 7) + 1)
            global = (0..<n).map { k in 0xFF00_0000 | UInt32(b[i + 3 * k]) << 16 | UInt32(b[i + 3 * k + 1]) << 8 | UInt32(b[i + 3 * k + 2]) }
            i += 3 * n
        }
        var canvas = [UInt32](repeating: 0, count: width * height)
        var delay = 0, transparent = -1
        while i < b.count {
            switch b[i] {
            case 0x21:
                let label = b[i + 1]
                if label == 0xF9 { delay = le(i + 4); transparent = b[i + 3] & 1 != 0 ? Int(b[i + 6]) : -1 }
                if label == 0xFF, String(decoding: b[(i + 3)..<(i + 14)], as: UTF8.self) == "NETSCAPE2.0" { loops = le(i + 16) }
                i += 2
                while b[i] != 0 { i += Int(b[i]) + 1 }
                i += 1
            case 0x2C:
                let x = le(i + 1), y = le(i + 3), w = le(i + 5), h = le(i + 7), packed = b[i + 9]
                i += 10
                var table = global
                if packed & 0x80 != 0 {
                    let n = 1 << (Int(packed & 7) + 1)
                    table = (0..<n).map { k in 0xFF00_0000 | UInt32(b[i + 3 * k]) << 16 | UInt32(b[i + 3 * k + 1]) << 8 | UInt32(b[i + 3 * k + 2]) }
                    i += 3 * n
                }
                let minSize = Int(b[i]); i += 1
                var data: [UInt8] = []
                while b[i] != 0 { data += b[(i + 1)...(i + Int(b[i]))]; i += Int(b[i]) + 1 }
                i += 1
                let indices = try GIFReader.decode(data, minSize, w * h)
                for k in 0..<(w * h) where Int(indices[k]) != transparent {
                    canvas[(y + k / w) * width + x + k % w] = table[Int(indices[k])]
                }
                frames.append((canvas, delay))
            case 0x3B:
                return
            default:
                throw Bad(what: "block \(b[i])")
            }
        }
    }

    static func decode(_ data: [UInt8], _ minSize: Int, _ count: Int) throws -> [UInt8] {
        let clear = 1 << minSize, end = clear + 1
        var table: [[UInt8]] = (0..<clear).map { [UInt8($0)] } + [[], []]
        var size = minSize + 1, bit = 0, out: [UInt8] = [], previous: [UInt8]?
        func read() -> Int? {
            guard bit + size <= data.count * 8 else { return nil }
            var v = 0
            for k in 0..<size where data[(bit + k) / 8] >> UInt8((bit + k) % 8) & 1 != 0 { v |= 1 << k }
            bit += size
            return v
        }
        while let code = read() {
            if code == clear { table = Array(table[0..<(clear + 2)]); size = minSize + 1; previous = nil; continue }
            if code == end { break }
            let entry: [UInt8]
            if code < table.count {
                entry = table[code]
            } else if let p = previous, code == table.count {
                entry = p + [p[0]]
            } else {
                throw Bad(what: "code \(code)")
            }
            out += entry
            if let p = previous, table.count < 4096 {
                table.append(p + [entry[0]])
                if table.count == (1 << size) && size < 12 { size += 1 }
            }
            previous = entry
        }
        guard out.count >= count else { throw Bad(what: "short: \(out.count) of \(count)") }
        return Array(out.prefix(count))
    }
}

@Suite("GIF", .hangLimit)
struct GIFTests {
    /// An opaque UI-like frame: a page, a card moving right, a few anti-aliased edge greys.
    func frame(_ t: Int, colours: Int = 20) throws -> Image {
        var image = try Image(width: 64, height: 40, fill: RGBA8(242, 242, 247))
        for y in 8..<32 {
            for x in (4 + 5 * t)..<(28 + 5 * t) {
                let v = UInt8(200 - (x * 7 + y * 3) % colours * 4)
                image[x, y] = RGBA8(v, v / 2, 255)
            }
        }
        return image
    }
    func straight(_ image: Image) -> [UInt32] { GIF.straightWords(image) }

    @Test("a UI animation with few colours round-trips exactly through one global palette; loops, delays and the 2 cs minimum")
    func exact() throws {
        let images = try (0..<6).map { try frame($0) }
        let frames = images.enumerated().map { GIF.Frame($0.element, duration: $0.offset == 0 ? 0.005 : 0.05) }
        let encoded = try GIF.encode(frames, loops: 0)
        #expect(encoded.raisedDelays == 1 && encoded.approximatedFrames == 0)
        let reader = try GIFReader(encoded.bytes)
        #expect(reader.width == 64 && reader.height == 40 && reader.loops == 0 && reader.frames.count == 6)
        for (k, f) in reader.frames.enumerated() { #expect(f.rgb == straight(images[k]), "frame \(k)") }
        #expect(reader.frames.map(\.centiseconds) == [2, 5, 5, 5, 5, 5])
    }

    @Test("many colours: per-frame palettes, approximated by median cut, within 30 dB of the true frame; LZW survives a full table")
    func manyColours() throws {
        var image = try Image(width: 96, height: 96)
        for y in 0..<96 { for x in 0..<96 { image[x, y] = RGBA8(UInt8(x * 255 / 95), UInt8(y * 255 / 95), UInt8((x + y) % 256)) } }
        let encoded = try GIF.encode([GIF.Frame(image, duration: 0.1), GIF.Frame(try frame(0).resizedForTest(96, 96), duration: 0.1)])
        #expect(encoded.approximatedFrames >= 1)
        let reader = try GIFReader(encoded.bytes)
        var se = 0.0
        let truth = straight(image)
        for (a, b) in zip(reader.frames[0].rgb, truth) {
            for s in [16, 8, 0] { let d = Double(Int(a >> UInt32(s) & 0xFF) - Int(b >> UInt32(s) & 0xFF)); se += d * d }
        }
        let psnr = 10 * log10(255 * 255 / (se / Double(truth.count * 3)))
        #expect(psnr >= 30, "\(psnr) dB")
    }

    @Test("dithering: smooth gradients get closer to the truth on average; flat areas and anti-aliased edges stay undithered")
    func dithering() throws {
        // Left: a smooth two-axis gradient (too many colours for one palette); right: a flat
        // panel with a hard edge and a one-pixel anti-aliased step.
        // 16,384 colours into 255: coarse steps, so undithered colours band.
        var image = try Image(width: 192, height: 128, fill: RGBA8(242, 242, 247))
        for y in 0..<128 { for x in 0..<128 { image[x, y] = RGBA8(UInt8(x * 2), UInt8(y * 2), UInt8((x * y) / 64)) } }
        for y in 8..<120 { for x in 144..<184 { image[x, y] = x == 144 ? RGBA8(140, 180, 250) : RGBA8(0, 122, 255) } }
        let plain = try GIFReader(GIF.encode([GIF.Frame(image, duration: 0.1)]).bytes).frames[0].rgb
        let dithered = try GIFReader(GIF.encode([GIF.Frame(image, duration: 0.1)], dither: true).bytes).frames[0].rgb
        let truth = straight(image)
        // Mean error over 4×4 blocks of the gradient (what the eye averages): smaller dithered.
        func blockError(_ got: [UInt32]) -> Double {
            var total = 0.0
            for by in stride(from: 0, to: 128, by: 4) {
                for bx in stride(from: 0, to: 128, by: 4) {
                    for s in [16, 8, 0] {
                        var d = 0
                        for y in by..<(by + 4) {
                            for x in bx..<(bx + 4) {
                                let i = y * 192 + x, shift = UInt32(s)
                                let a = Int((got[i] >> shift) & 0xFF), b = Int((truth[i] >> shift) & 0xFF)
                                d += a - b
                            }
                        }
                        total += abs(Double(d) / 16)
                    }
                }
            }
            return total / (32 * 32 * 3)
        }
        let withDither = blockError(dithered), without = blockError(plain)
        #expect(withDither < 0.7 * without, "\(withDither) vs \(without)")
        // The panel, its edge and the page are mapped exactly as without dithering.
        var same = true
        for y in 0..<128 { for x in 130..<192 where dithered[y * 192 + x] != plain[y * 192 + x] { same = false } }
        #expect(same)
        let column: [UInt32] = (10..<110).map { (y: Int) -> UInt32 in dithered[y * 192 + 160] }
        #expect(Set(column).count == 1)
    }

    @Test("bad input is a typed error and writes nothing")
    func badInput() throws {
        let a = try frame(0)
        #expect(throws: ImageError.self) { try GIF.encode([]) }
        #expect(throws: ImageError.self) { try GIF.encode([GIF.Frame(a, duration: -1)]) }
        #expect(throws: ImageError.self) { try GIF.encode([GIF.Frame(a, duration: 0.1), GIF.Frame(try Image(width: 2, height: 2), duration: 0.1)]) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("frost-gif-\(getpid()).gif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ImageError.self) { try GIF.write([], to: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

extension Image {
    /// Nearest-neighbour copy at another size (test data only).
    func resizedForTest(_ w: Int, _ h: Int) throws -> Image {
        var out = try Image(width: w, height: h)
        for y in 0..<h { for x in 0..<w { out[x, y] = self[x * width / w, y * height / h] } }
        return out
    }
}

@Suite("HTML player", .hangLimit)
struct HTMLPlayerTests {
    @Test("the page inlines every frame as a PNG that decodes back, with the durations and a scrubber over all frames")
    func page() throws {
        let t = APNGTests()
        let frames = try (0..<4).map { (image: try t.frame($0), duration: 0.25) }
        let html = try HTMLPlayer.render(frames, title: "Card <bridge>", scale: 2)
        #expect(html.hasPrefix("<!doctype html>") && html.contains("Card &lt;bridge&gt;") && !html.contains("<bridge>"))
        #expect(html.contains("max=\"3\"") && html.contains("0.2500, 0.2500, 0.2500, 0.2500") && html.contains("width: 20.0px"))
        #expect(!html.contains("http://") && !html.contains("https://"))  // nothing fetched from elsewhere
        let uris = html.components(separatedBy: "data:image/png;base64,").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(uris.count == 4)
        for (k, uri) in uris.enumerated() {
            let png = try #require(Data(base64Encoded: uri))
            #expect(try PNGCodec.decode(Array(png)) == frames[k].image, "frame \(k)")
        }
        #expect(throws: ImageError.self) { try HTMLPlayer.render([]) }
        #expect(throws: ImageError.self) { try HTMLPlayer.render([(frames[0].image, .infinity)]) }
        #expect(throws: ImageError.self) { try HTMLPlayer.render(frames, scale: 0) }
    }
}
