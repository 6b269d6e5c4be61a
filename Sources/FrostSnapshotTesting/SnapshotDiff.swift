import Foundation
import FrostImage

/// How far a snapshot may stray from its golden: a pixel differs when any channel differs by
/// more than `perPixel` (0…255); the snapshot fails when more than `fraction` (0…1) of its
/// pixels differ.
public struct SnapshotTolerance: Hashable, Sendable {
    public var perPixel: Int
    public var fraction: Double
    public init(perPixel: Int = 0, fraction: Double = 0) {
        self.perPixel = min(max(perPixel, 0), 255)
        self.fraction = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    }
    /// Byte for byte.
    public static let exact = SnapshotTolerance()
    /// 1/255 per channel (resvg's test corpus tolerance), no pixel beyond it.
    public static let oneLevel = SnapshotTolerance(perPixel: 1)
}

/// Comparing a snapshot with its golden and drawing the failure picture.
enum SnapshotDiff {
    /// Why `actual` does not match `expected` within `tolerance`, or nil.
    static func compare(expected: Image, actual: Image, tolerance: SnapshotTolerance) -> String? {
        guard expected.width == actual.width, expected.height == actual.height else {
            return "size \(actual.width)×\(actual.height) px, golden \(expected.width)×\(expected.height) px"
        }
        var differing = 0, worst = 0
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                var i = 0
                while i < e.count {
                    var d = 0
                    for c in 0..<4 { d = max(d, abs(Int(e[i + c]) - Int(a[i + c]))) }
                    if d > tolerance.perPixel { differing += 1 }
                    worst = max(worst, d)
                    i += 4
                }
            }
        }
        let total = max(1, expected.width * expected.height)
        guard Double(differing) > tolerance.fraction * Double(total) else { return nil }
        return String(
            format: "%d of %d pixels (%.3f %%) differ by more than %d, at most by %d", differing, total,
            100 * Double(differing) / Double(total), tolerance.perPixel, worst)
    }

    /// expected | difference | actual side by side (the difference amplified: any change shows
    /// red, its strength in the alpha).
    static func sheet(expected: Image, actual: Image) -> Image? {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height), gap = 4
        guard var sheet = try? Image(width: 3 * w + 2 * gap, height: h, fill: RGBA8(128, 128, 128)),
            var diff = try? Image(width: w, height: h, fill: RGBA8(255, 255, 255))
        else { return nil }
        for y in 0..<h {
            for x in 0..<w {
                let inE = x < expected.width && y < expected.height, inA = x < actual.width && y < actual.height
                let e = inE ? expected[x, y] : RGBA8(0, 0, 0, 0), a = inA ? actual[x, y] : RGBA8(0, 0, 0, 0)
                let d = max(abs(Int(e.r) - Int(a.r)), abs(Int(e.g) - Int(a.g)), abs(Int(e.b) - Int(a.b)), abs(Int(e.a) - Int(a.a)))
                if d > 0 || inE != inA {
                    // At least a clear pink for the smallest change, full red for large ones.
                    let k = UInt8(min(255, 96 + d * 4))
                    diff[x, y] = RGBA8(255, 255 - k, 255 - k)
                }
            }
        }
        sheet.paste(expected, atX: 0, y: 0)
        sheet.paste(diff, atX: w + gap, y: 0)
        sheet.paste(actual, atX: 2 * (w + gap), y: 0)
        return sheet
    }
}
