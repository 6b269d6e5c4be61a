extension Image: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(pixels)
    }

    /// FNV-1a (64-bit) of the size and pixels: a content fingerprint that is the same in every
    /// process (unlike `hashValue`, which Swift seeds per run), for effect identifiers and caches.
    public var stableFingerprint: UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ b: UInt8) { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        for v in [width, height] { for s in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: v >> s)) } }
        pixels.withUnsafeBufferPointer { for b in $0 { mix(b) } }
        return h
    }
}
