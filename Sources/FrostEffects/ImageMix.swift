import FrostImage
import CFrostKernels

/// Cross-fading two images of one size: `a` with `b` over it at `alpha` (premultiplied, so
/// the mix is `a + (b − a)·alpha` per channel), alpha quantised to 1/256 and rounded to nearest:
/// the same bytes on every run and thread count.
public enum ImageMix {
    public static func mix(_ a: Image, _ b: Image, alpha: Double, into out: inout Image, threads: Int = 1) throws {
        guard a.width == b.width, a.height == b.height else {
            throw ImageError.sizeMismatch(what: "the upper stage", actual: "\(b.width)x\(b.height)", expected: "\(a.width)x\(a.height)")
        }
        let w = Int(((alpha.isNaN ? 0 : min(max(alpha, 0), 1)) * 256).rounded())
        if w == 0 { out = a; return }
        if w == 256 { out = b; return }
        if out.width != a.width || out.height != a.height { out = try Image(width: a.width, height: a.height) }
        let rowBytes = 4 * a.width
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                out.withUnsafeMutablePixels { po in
                    let sa = SharedPointer(pa.baseAddress!), sb = SharedPointer(pb.baseAddress!), so = SharedPointer(po.baseAddress!)
                    parallelBands(lines: a.height, threads: a.width * a.height >= 65_536 ? threads : 1) { first, end in
                        let o = first * rowBytes
                        frost_mix_bytes(sa.base + o, sb.base + o, so.base + o, (end - first) * rowBytes, Int32(w))
                    }
                }
            }
        }
    }
}
