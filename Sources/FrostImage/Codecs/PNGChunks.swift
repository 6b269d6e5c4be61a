import CZlib

/// PNG's container: the signature and length-type-data-CRC chunks, shared by the PNG writer and
/// FrostExport's APNG writer.
package enum PNGChunks {
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Appends one chunk (length, type, data, CRC-32 of type and data).
    package static func append(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        let tag = Array(type.utf8)
        out += be32(UInt32(data.count)) + tag
        out += data
        var crc = crc32(0, nil, 0)
        crc = tag.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        if !data.isEmpty { crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) } }
        out += be32(UInt32(crc))
    }

    /// The IHDR chunk's 13 bytes: 8-bit samples, `colourType` (0 gray, 2 RGB, 4 gray+alpha,
    /// 6 RGBA), deflate, adaptive filtering, no interlace.
    package static func header(width: Int, height: Int, colourType: UInt8) -> [UInt8] {
        be32(UInt32(width)) + be32(UInt32(height)) + [8, colourType, 0, 0, 0]
    }

    package static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    package static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }

    /// The big-endian 32-bit value at `i`.
    package static func u32(_ b: [UInt8], _ i: Int) -> UInt32 { b.withUnsafeBufferPointer { u32($0, i) } }

    /// The big-endian 32-bit value at `i`.
    @inline(__always)
    static func u32(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}
