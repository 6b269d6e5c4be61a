import CFrostKernels
import CZlib
import FrostTestSupport
import Testing

@testable import FrostImage

/// Frost's own deflater (PNG levels 1 and 2): every output inflates, with zlib, to its input,
/// whatever the data, piece sizes and dictionaries; and the PNG writer's fused path (rows
/// filtered per block) writes the same bytes as filtering everything first.
@Suite("Frost's deflater", .hangLimit)
struct DeflateTests {
    /// Deflates `data` in pieces of `piece` bytes, each primed with up to 32 KiB before it, as
    /// the PNG writer does, and joins them.
    func deflate(_ data: [UInt8], level: Int32, piece: Int) -> [UInt8] {
        let deflater = frost_deflater_new(level)!
        defer { frost_deflater_free(deflater) }
        var out: [UInt8] = []
        data.withUnsafeBufferPointer { input in
            var start = 0
            repeat {
                let length = min(piece, data.count - start)
                var buffer = [UInt8](repeating: 0, count: frost_deflate_bound(length))
                let written = buffer.withUnsafeMutableBufferPointer { b in
                    frost_deflate_piece(
                        deflater, (input.baseAddress ?? UnsafePointer(b.baseAddress!)) + start, length,
                        min(start, 32768), start + length >= data.count ? 1 : 0, b.baseAddress!)
                }
                #expect(written <= buffer.count)
                out += buffer[0..<written]
                start += length
            } while start < data.count
        }
        return out
    }

    /// zlib's raw inflate of `stream`; nil if zlib finds it broken or unfinished.
    func inflate(_ stream: [UInt8], expected: Int) -> [UInt8]? {
        var z = z_stream()
        guard inflateInit2_(&z, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&z) }
        var out = [UInt8](repeating: 0, count: expected + 16)
        var input = stream
        let status = input.withUnsafeMutableBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                z.next_in = i.baseAddress
                z.avail_in = uInt(i.count)
                z.next_out = o.baseAddress
                z.avail_out = uInt(o.count)
                return CZlib.inflate(&z, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, z.avail_in == 0 else { return nil }
        return Array(out[0..<Int(z.total_out)])
    }

    /// Inputs that stress each part: literals only (noise), one long run, short repeats near
    /// and far (up to the 32 KiB window), a skewed alphabet, and empty and tiny inputs.
    func inputs(_ rng: inout SeededGenerator) -> [(String, [UInt8])] {
        var cases: [(String, [UInt8])] = [("empty", []), ("one byte", [7]), ("eight bytes", Array(0..<8))]
        for n in [9, 100, 5000, 70_000, 300_000] {
            cases.append(("noise \(n)", (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }))
            cases.append(("zeros \(n)", [UInt8](repeating: 0, count: n)))
            cases.append(("three symbols \(n)", (0..<n).map { _ in UInt8.random(in: 0...2, using: &rng) }))
            let motif = (0..<Int.random(in: 4...40_000, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            cases.append(("motif of \(motif.count) repeated, \(n)", (0..<n).map { motif[$0 % motif.count] }))
            // Runs of random lengths: matches of every length 4…258 and beyond.
            var runs: [UInt8] = []
            while runs.count < n { runs += [UInt8](repeating: UInt8.random(in: 0...255, using: &rng), count: Int.random(in: 1...300, using: &rng)) }
            cases.append(("runs \(n)", Array(runs.prefix(n))))
        }
        return cases
    }

    @Test("every output inflates to its input, at both levels, in any piece size")
    func roundTrip() {
        var rng = SeededGenerator.forTest(0xDEF1)
        for (name, data) in inputs(&rng) {
            for level: Int32 in [1, 2] {
                for piece in [1000, 65536, 256 << 10] {
                    let stream = deflate(data, level: level, piece: piece)
                    #expect(inflate(stream, expected: data.count) == data, "\(name), level \(level), pieces of \(piece) (\(rng))")
                }
            }
        }
    }

    @Test("a block that would not compress is stored: noise grows by at most 10 bytes per 64 Ki")
    func incompressible() {
        var rng = SeededGenerator.forTest(0xDEF2)
        let noise = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let stream = deflate(noise, level: 2, piece: 256 << 10)
        #expect(stream.count <= noise.count + 10 * (noise.count / 65536 + 1) + 8)
        #expect(stream.count <= frost_deflate_bound(noise.count))
    }

    @Test("repetitive data shrinks: a 1 KB motif repeated to 256 KiB compresses over 50× (deflate's 258-byte matches allow ~100×)")
    func compresses() {
        var rng = SeededGenerator.forTest(0xDEF3)
        let motif = (0..<1024).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let data = (0..<(256 << 10)).map { motif[$0 % 1024] }
        for level: Int32 in [1, 2] { #expect(deflate(data, level: level, piece: 256 << 10).count < data.count / 50) }
    }

    @Test("frost_adler32 is zlib's adler32 for any length, start and content (overflow limits included)")
    func adler() {
        var rng = SeededGenerator.forTest(0xADE1)
        for trial in 0..<400 {
            let n = [0, 1, 31, 32, 33, 5551, 5552, 5553, 100_000, Int.random(in: 0...20_000, using: &rng)][trial % 10]
            let data = trial % 3 == 0 ? [UInt8](repeating: 255, count: n) : (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let start = trial % 2 == 0 ? 1 : UInt32.random(in: 0..<65521, using: &rng) << 16 | UInt32.random(in: 0..<65521, using: &rng)
            let expected = data.withUnsafeBufferPointer { adler32(uLong(start), $0.baseAddress, uInt(n)) }
            let got = data.withUnsafeBufferPointer { frost_adler32(start, $0.baseAddress, n) }
            #expect(UInt64(got) == UInt64(expected), "\(n) bytes from \(start) (\(rng))")
        }
    }

    @Test("the fused writer (rows filtered per block) gives the bytes of filtering first, at every level")
    func fusedMatchesTwoPass() throws {
        let image = try TestPattern.textEdges.render(width: 613, height: 297)  // 3 blocks, rows split across them
        for level in [0, 1, 2, 6] {
            for filter in [PNGCodec.Filter.up, .paeth, .adaptive] {
                for threads in [1, 3] {
                    let rows = PNGCodec.filterRows(image, channels: 4, filter: filter, threads: threads)
                    let twoPass = try PNGCodec.deflateChunks(rows, level: level, threads: threads)
                    let fused = try PNGCodec.deflateImage(image, channels: 4, filter: filter, level: level, threads: threads)
                    #expect(fused == twoPass, "level \(level), \(filter), \(threads) threads")
                }
            }
        }
    }
}
