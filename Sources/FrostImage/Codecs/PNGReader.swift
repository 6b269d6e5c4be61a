import CFrostKernels
import CZlib
import Foundation

extension PNGCodec {
    /// Frost's own decoder for the PNGs most files are: 8-bit gray, gray+alpha, RGB or RGBA, not
    /// interlaced, no transparency key, and sRGB (no gamma chunk, or an sRGB chunk). It inflates
    /// the IDAT chunks where they lie, a band of rows at a time, and unfilters and converts each
    /// band while it is in cache; libpng's simplified API, which the rest takes, needs about
    /// twice the time for these (it converts through its general transform pipeline).
    ///
    /// Returns nil for anything else, and for anything it finds wrong (a bad CRC, a broken
    /// zlib stream, missing rows): libpng then decodes the file or says precisely what is wrong,
    /// so both paths give one verdict. Pixels are byte-identical to libpng's (tested).
    static func decodeCommon(_ bytes: [UInt8], threads: Int = 1) -> Image? {
        bytes.withUnsafeBufferPointer { file -> Image? in
            guard file.count >= 8 + 25 else { return nil }
            // IHDR first, as the specification requires.
            guard PNGChunks.u32(file, 8) == 13, PNGChunks.u32(file, 12) == 0x4948_4452 else { return nil }
            guard chunkCRCMatches(file, at: 8) else { return nil }
            let w = Int(PNGChunks.u32(file, 16)), h = Int(PNGChunks.u32(file, 20))
            let depth = file[24], colourType = file[25]
            guard depth == 8, file[26] == 0, file[27] == 0, file[28] == 0 else { return nil }
            let channels: Int
            switch colourType {
            case 0: channels = 1
            case 2: channels = 3
            case 4: channels = 2
            case 6: channels = 4
            default: return nil  // palette: libpng
            }
            guard w > 0, h > 0, (try? Image.validate(width: w, height: h)) != nil else { return nil }

            // The IDAT chunks (consecutive, as required) and whether colour management applies.
            var idat: [(Int, Int)] = []
            var offset = 8 + 25, sawSRGB = false, sawGamma = false, ended = false
            while offset + 12 <= file.count {
                let length = Int(PNGChunks.u32(file, offset)), type = PNGChunks.u32(file, offset + 4)
                guard length <= file.count - offset - 12 else { return nil }
                switch type {
                case 0x4944_4154:  // IDAT
                    guard idat.isEmpty || idat.last!.0 + idat.last!.1 + 4 == offset else { return nil }
                    guard chunkCRCMatches(file, at: offset) else { return nil }
                    idat.append((offset + 8, length))
                case 0x7452_4E53: return nil  // tRNS: a colour key
                case 0x7352_4742: sawSRGB = true  // sRGB
                case 0x6741_4D41: sawGamma = true  // gAMA: libpng corrects to sRGB
                case 0x4945_4E44: ended = true  // IEND
                default:
                    // Unknown critical chunks (upper-case first letter) are libpng's to reject.
                    if type & 0x2000_0000 == 0, type != 0x504C_5445 { return nil }
                }
                if ended { break }
                offset += length + 12
            }
            guard !idat.isEmpty, !(sawGamma && !sawSRGB) else { return nil }
            return inflateRows(file, idat, width: w, height: h, channels: channels, threads: threads)
        }
    }

    static func chunkCRCMatches(_ file: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let length = Int(PNGChunks.u32(file, offset))
        let crc = crc32(0, file.baseAddress! + offset + 4, uInt(length + 4))
        return UInt32(crc) == PNGChunks.u32(file, offset + 8 + length)
    }

    /// Rows inflated a band at a time, then unfiltered in place and converted into the image.
    /// With `threads` ≥ 2 the two stages overlap: one thread inflates bands into a small ring
    /// while the caller's thread unfilters and converts the band before (inflate is about
    /// 60 % of the work and serial by nature). The pixels are the same either way.
    private static func inflateRows(
        _ file: UnsafeBufferPointer<UInt8>, _ idat: [(Int, Int)],
        width w: Int, height h: Int, channels: Int, threads: Int
    ) -> Image? {
        let rowBytes = w * channels, stride = rowBytes + 1
        let bandRows = max(1, min(h, (64 << 10) / stride))
        let bands = (h + bandRows - 1) / bandRows
        guard let inflater = Inflater(file, idat) else { return nil }
        let slots = threads >= 2 && bands >= 4 ? 4 : 1
        var ring = [UInt8](repeating: 0, count: slots * bandRows * stride)
        var above = [UInt8](repeating: 0, count: rowBytes)
        var ok = true
        var adler: UInt32 = 1
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { out, count in
            count = w * h * 4
            // Mapped now (while the inflating thread starts) rather than a fault per page.
            func prefaultImage() { ScratchImages.prefault(out.baseAddress, bytes: count) }
            ring.withUnsafeMutableBufferPointer { ringBuffer in
                above.withUnsafeMutableBufferPointer { aboveBuffer in
                    let base = ringBuffer.baseAddress!, image = out.baseAddress!, prior = aboveBuffer.baseAddress!
                    /// Unfilters and converts band `b` from its slot; false for a bad filter type.
                    /// The stream's Adler-32 is summed here, on the bands as inflated, rather than
                    /// by zlib on the inflating thread, the pipeline's slower side.
                    func convert(_ b: Int) -> Bool {
                        let y = b * bandRows, rows = min(bandRows, h - y)
                        let band = base + (b % slots) * bandRows * stride
                        adler = frost_adler32(adler, band, rows * stride)
                        for r in 0..<rows {
                            let row = band + r * stride
                            let up: UnsafePointer<UInt8>? = y + r == 0 ? nil : r == 0 ? UnsafePointer(prior) : UnsafePointer(row - stride + 1)
                            guard frost_png_unfilter_row(row + 1, up, Int32(rowBytes), Int32(channels), Int32(row[0])) == 0 else { return false }
                            frost_png_row_to_rgba(row + 1, Int32(w), Int32(channels), image + 4 * w * (y + r))
                        }
                        prior.update(from: band + (rows - 1) * stride + 1, count: rowBytes)
                        return true
                    }
                    func fill(_ b: Int) -> Bool {
                        let rows = min(bandRows, h - b * bandRows)
                        return inflater.fill(base + (b % slots) * bandRows * stride, count: rows * stride)
                    }
                    if slots == 1 {
                        prefaultImage()
                        for b in 0..<bands where ok { ok = fill(b) && convert(b) }
                        ok = ok && inflater.finish()
                        return
                    }
                    // The pipeline: `free` counts empty slots, `filled` inflated bands. A side
                    // that fails says so before signalling, so the other stops at its next wait.
                    // (Made at 0 and signalled up: libdispatch traps when a semaphore is freed
                    // below its initial value, which a failure part-way leaves.)
                    let free = DispatchSemaphore(value: 0), filled = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
                    for _ in 0..<slots { free.signal() }
                    let state = PipelineState()
                    let fillBand = UncheckedSendable(fill)
                    let thread = Thread {
                        for b in 0..<bands {
                            free.wait()
                            if state.consumerFailed { break }
                            if !fillBand.value(b) { state.producerFailed = true; filled.signal(); break }
                            filled.signal()
                        }
                        if !state.producerFailed, !state.consumerFailed, !inflater.finish() { state.producerFailed = true }
                        done.signal()
                    }
                    thread.stackSize = 1 << 20
                    thread.start()
                    prefaultImage()
                    for b in 0..<bands {
                        filled.wait()
                        if state.producerFailed { break }
                        if !convert(b) { state.consumerFailed = true; free.signal(); break }
                        free.signal()
                    }
                    done.wait()
                    ok = !state.producerFailed && !state.consumerFailed
                }
            }
        }
        // The stream's own checksum against the rows' (zlib, told not to check, still reads it).
        guard ok, inflater.trailer() == adler else { return nil }
        return Image(uncheckedWidth: w, height: h, pixels: pixels)
    }
}

/// The two sides' failure flags; each is written before a semaphore signal the other side
/// waits on, so the semaphores order the accesses.
private final class PipelineState: @unchecked Sendable {
    var producerFailed = false
    var consumerFailed = false
}

/// zlib inflation of a PNG's IDAT chunks where they lie in the file, into whatever buffer the
/// caller gives next. `@unchecked Sendable`: only the producer side of the decode pipeline
/// calls it, one band after another, so its stream is never touched by two threads at once.
private final class Inflater: @unchecked Sendable {
    /// Heap-allocated: zlib keeps a pointer back to the stream and checks it on every call.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let file: UnsafeBufferPointer<UInt8>
    private let idat: [(Int, Int)]
    private var chunk = 0
    private var ended = false

    init?(_ file: UnsafeBufferPointer<UInt8>, _ idat: [(Int, Int)]) {
        self.file = file
        self.idat = idat
        stream.initialize(to: z_stream())
        guard inflateInit_(stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deallocate()
            return nil
        }
        // The Adler-32 is checked by the caller, with a faster sum than zlib's.
        guard inflateValidate(stream, 0) == Z_OK else {
            inflateEnd(stream)
            stream.deallocate()
            return nil
        }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: file.baseAddress! + idat[0].0)
        stream.pointee.avail_in = uInt(idat[0].1)
    }

    /// The Adler-32 the stream ends with: the 4 bytes inflate read last (they may straddle
    /// IDAT chunks). Nil before the stream has ended.
    func trailer() -> UInt32? {
        guard ended else { return nil }
        // Back from where inflate stopped, big-endian, crossing into earlier chunks as needed.
        var value: UInt32 = 0, taken = 0, c = chunk
        var end = Int(bitPattern: stream.pointee.next_in) - Int(bitPattern: file.baseAddress!)
        while taken < 4 && c >= 0 {
            if end > idat[c].0 {
                end -= 1
                value |= UInt32(file[end]) << (8 * taken)
                taken += 1
            } else {
                c -= 1
                if c >= 0 { end = idat[c].0 + idat[c].1 }
            }
        }
        return taken == 4 ? value : nil
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Moves on to the next IDAT chunk; false when there is none.
    private func nextChunk() -> Bool {
        chunk += 1
        guard chunk < idat.count else { return false }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: file.baseAddress! + idat[chunk].0)
        stream.pointee.avail_in = uInt(idat[chunk].1)
        return true
    }

    /// Inflates exactly `count` bytes into `out`; false if the stream breaks or ends first.
    func fill(_ out: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        stream.pointee.next_out = out
        stream.pointee.avail_out = uInt(count)
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0 {
                guard nextChunk() else { return false }
                continue
            }
            let status = inflate(stream, Z_NO_FLUSH)
            if status == Z_STREAM_END { ended = true; return stream.pointee.avail_out == 0 }
            guard status == Z_OK || (status == Z_BUF_ERROR && stream.pointee.avail_in == 0) else { return false }
        }
        return true
    }

    /// Whether the stream ends right after the rows, its Adler-32 checked (inflate checks it on
    /// reaching the end); more data than rows, or a broken tail, is libpng's to judge.
    func finish() -> Bool {
        var scratch: UInt8 = 0
        return withUnsafeMutablePointer(to: &scratch) { one in
            while !ended {
                stream.pointee.next_out = one
                stream.pointee.avail_out = 1
                if stream.pointee.avail_in == 0, !nextChunk() { return false }
                let status = inflate(stream, Z_NO_FLUSH)
                if status == Z_STREAM_END { ended = true; break }
                guard stream.pointee.avail_out == 1, status == Z_OK || (status == Z_BUF_ERROR && stream.pointee.avail_in == 0) else { return false }
            }
            return true
        }
    }
}
