import Foundation

/// An integer rectangle in pixels; `x, y` is the top-left corner.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var description: String { "\(x),\(y),\(width),\(height)" }

    /// Whether `other` lies entirely inside `self`.
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Grown by `d` pixels on every side (shrunk for negative `d`).
    public func expanded(by d: Int) -> PixelRect { PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }

    /// The part inside `bounds`; empty (zero size) when they do not overlap.
    public func clipped(to bounds: PixelRect) -> PixelRect {
        let x0 = max(x, bounds.x), y0 = max(y, bounds.y)
        let x1 = min(maxX, bounds.maxX), y1 = min(maxY, bounds.maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
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
        guard bounds.contains(self) else {
            throw .invalidRegion("\(self) reaches outside the \(bounds.width)x\(bounds.height) image")
        }
    }
}
