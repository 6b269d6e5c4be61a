import Foundation

/// An integer rectangle in pixels; `x, y` is the top-left corner.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// `x + width`, saturating at `Int.min`/`Int.max` instead of trapping, so a rectangle parsed
    /// from absurd input can be compared and rejected rather than crash the process.
    public var maxX: Int { PixelRect.saturatingAdd(x, width) }
    /// `y + height`, saturating like ``maxX``.
    public var maxY: Int { PixelRect.saturatingAdd(y, height) }

    static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }

    /// Whether `maxX`/`maxY` are exact (no saturation happened).
    var isRepresentable: Bool {
        !x.addingReportingOverflow(width).overflow && !y.addingReportingOverflow(height).overflow
    }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var description: String { "\(x),\(y),\(width),\(height)" }

    /// Whether `other` lies entirely inside `self`.
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Grown by `d` pixels on every side (shrunk for negative `d`).
    /// Saturates rather than traps on overflow.
    /// The smallest rectangle holding both (an empty one counts as nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    public func expanded(by d: Int) -> PixelRect {
        let twice = d.multipliedReportingOverflow(by: 2)
        let grow = twice.overflow ? (d > 0 ? Int.max : Int.min) : twice.partialValue
        return PixelRect(
            x: PixelRect.saturatingAdd(x, -max(d, -Int.max)), y: PixelRect.saturatingAdd(y, -max(d, -Int.max)),
            width: PixelRect.saturatingAdd(width, grow), height: PixelRect.saturatingAdd(height, grow))
    }

    /// The part inside `bounds`; empty (zero size) when they do not overlap.
    public func clipped(to bounds: PixelRect) -> PixelRect {
        let x0 = max(x, bounds.x), y0 = max(y, bounds.y)
        let x1 = min(maxX, bounds.maxX), y1 = min(maxY, bounds.maxY)
        func span(_ a: Int, _ b: Int) -> Int {
            guard b > a else { return 0 }
            let (d, overflow) = b.subtractingReportingOverflow(a)
            return overflow ? Int.max : d
        }
        return PixelRect(x: x0, y: y0, width: span(x0, x1), height: span(y0, y1))
    }

    /// Parses `x,y,w,h` (what the command line takes).
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3] else {
            return nil
        }
        self.init(x: x, y: y, width: w, height: h)
    }

    /// Throws unless the rectangle is non-empty and inside `bounds`.
    public func validate(inside bounds: PixelRect) throws(ImageError) {
        guard width > 0, height > 0 else {
            throw .invalidRegion("\(self) is empty (width and height must be at least 1)")
        }
        guard isRepresentable, bounds.contains(self) else {
            throw .invalidRegion("\(self) reaches outside the \(bounds.width)x\(bounds.height) image")
        }
    }
}

/// a ÷ b rounded toward −∞ (b > 0): the grid cell of pixel `a` in cells of `b`, for pixels left
/// of or above the image too, where `/` would round toward 0.
package func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
