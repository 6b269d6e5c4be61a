import FrostImage

/// The smallest rectangle holding every pixel that differs between two frames of one size, as
/// pixel words (1×1 at the origin when none do): what an animation format stores per frame.
func changedRegion(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, width: Int, height: Int) -> PixelRect {
    var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
    for y in 0..<height {
        let row = y * width
        var first = -1, last = -1
        for x in 0..<width where a[row + x] != b[row + x] {
            if first < 0 { first = x }
            last = x
        }
        if first >= 0 { x0 = min(x0, first); x1 = max(x1, last); y0 = min(y0, y); y1 = y }
    }
    guard x1 >= 0 else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
    return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
}
