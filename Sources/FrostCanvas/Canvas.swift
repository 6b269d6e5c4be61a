import FrostImage
import FrostRaster

/// The drawing surface every renderer in Frost draws on: a target image (premultiplied sRGB,
/// 8-bit) with SwiftUI `GraphicsContext`-style state — an affine transform from user space to
/// pixels, a clip (rectangles and paths, anti-aliased), and an opacity — plus offscreen layers
/// with blend modes, blurred layers and shadows.
///
/// Every operation touches only the pixels it changes: fills rasterise the path's bounds (not
/// the canvas), layers composite the area drawn into them, and nothing copies the whole target.
///
/// Units: user space is whatever the transform maps to pixels (a view renderer puts points in
/// and scales by the display scale); σ of blurs and shadows is given in **pixels**.
///
/// Edge cases: drawing outside the canvas or the clip is a no-op; a NaN or infinite coordinate,
/// a singular transform or an empty text throws `ImageError` and leaves the pixels
/// untouched; an opacity outside 0…1 is clamped (NaN counts as 0).
public struct Canvas: Sendable {
    /// The pixels drawn so far.
    public internal(set) var image: Image

    /// User space → pixels. Starts as the identity.
    public var transform: AffineTransform2D = .identity
    /// Multiplies the alpha of everything drawn (0…1).
    public var opacity: Double = 1
    /// Worker threads for the large pixel loops (magnified blurs and shadows, blurs), 1…64.
    /// Bands of rows are independent, so the bytes are the same for every count.
    public var threads: Int = 1 {
        didSet { threads = min(max(threads, 1), 64) }
    }

    /// The clip: pixels outside `clipBounds` are never written; inside, `clipMask` (one coverage
    /// value per pixel of `clipBounds`, row-major) scales what is drawn when present.
    package internal(set) var clipBounds: PixelRect
    package internal(set) var clipMask: [Float]?
    /// The union of every window written since the canvas (or layer) began: what a layer
    /// composites back into its parent.
    package internal(set) var dirty: PixelRect?

    struct State: Sendable {
        var transform: AffineTransform2D, opacity: Double, clipBounds: PixelRect, clipMask: [Float]?
    }
    var saved: [State] = []

    /// A transparent canvas of `width × height` pixels.
    public init(width: Int, height: Int) throws(ImageError) {
        self.init(image: try Image(width: width, height: height))
    }

    /// A canvas that draws over `image`.
    public init(image: Image) {
        self.image = image
        clipBounds = image.bounds
    }

    /// Pixels outside this rectangle are never written (the clip's bounds).
    public var clipRect: PixelRect { clipBounds }

    /// Whether a write of full strength inside `rect` lands unchanged: no clip mask, no opacity
    /// below 1, and `rect` inside the clip bounds.
    package func writesVerbatim(in rect: PixelRect) -> Bool {
        clipMask == nil && alpha == 1 && clipBounds.contains(rect)
    }

    /// Gives the target's storage to `body` as an `inout Image` (no copy), for engines that
    /// composite in place (materials, vibrancy); `changed` (clipped to the canvas) is marked as
    /// drawn. The caller honours clip and opacity (see ``writesVerbatim(in:)``).
    package mutating func withTargetImage<R>(changed: PixelRect, _ body: (inout Image) throws(ImageError) -> R) throws(ImageError) -> R {
        defer { markDirty(changed.clipped(to: bounds)) }
        return try body(&image)
    }

    public var width: Int { image.width }
    public var height: Int { image.height }
    public var bounds: PixelRect { image.bounds }

    // MARK: State

    /// Saves transform, clip and opacity; ``restoreState()`` brings them back.
    public mutating func saveState() {
        saved.append(State(transform: transform, opacity: opacity, clipBounds: clipBounds, clipMask: clipMask))
    }

    /// Restores the state of the matching ``saveState()``; without one it does nothing.
    public mutating func restoreState() {
        guard let s = saved.popLast() else { return }
        transform = s.transform; opacity = s.opacity; clipBounds = s.clipBounds; clipMask = s.clipMask
    }

    /// Runs `body` with the current state saved and restored around it (even when it throws).
    public mutating func withState<R>(_ body: (inout Canvas) throws -> R) rethrows -> R {
        saveState()
        defer { restoreState() }
        return try body(&self)
    }

    public mutating func translateBy(x: Double, y: Double) { transform = AffineTransform2D(translationX: x, y: y).concatenating(transform) }
    public mutating func scaleBy(x: Double, y: Double) { transform = AffineTransform2D(scaleX: x, y: y).concatenating(transform) }
    public mutating func rotate(by angle: Angle) { transform = AffineTransform2D(rotation: angle).concatenating(transform) }
    /// Applies `t` before the current transform (as `CGContext.concatenate`).
    public mutating func concatenate(_ t: AffineTransform2D) { transform = t.concatenating(transform) }

    /// The effective opacity, clamped to 0…1 (NaN → 0).
    package var alpha: Float {
        let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        return Float(o)
    }

    // MARK: Clip

    /// Intersects the clip with `path` (in user space) filled with `rule`, anti-aliased.
    public mutating func clip(to path: Path, rule: FillRule = .nonZero) throws(ImageError) {
        let device = path.applying(transform)
        guard device.isFinite else { throw .nonFinite(what: "a coordinate of the clip path") }
        guard let window = Rasterizer.pixelBounds(of: device, within: clipBounds) else {
            clipBounds = PixelRect(x: clipBounds.x, y: clipBounds.y, width: 0, height: 0)
            clipMask = nil
            return
        }
        // A pixel-aligned rectangle needs no mask: its coverage is exactly 1 inside.
        if let r = device.controlBounds, Canvas.isPixelAlignedRect(device, r) {
            let newBounds = window
            clipMask = clipMask.map { Canvas.crop($0, from: clipBounds, to: newBounds) }
            clipBounds = newBounds
            return
        }
        let coverage = try Rasterizer.coverage(of: device, in: window, rule: rule)
        var mask = clipMask.map { Canvas.crop($0, from: clipBounds, to: window) } ?? [Float](repeating: 1, count: coverage.count)
        for i in 0..<mask.count { mask[i] *= coverage[i] }
        clipBounds = window
        clipMask = mask
    }

    /// Intersects the clip with a rectangle in user space.
    public mutating func clip(to rect: Rect) throws(ImageError) {
        try clip(to: .rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height))
    }

    /// Whether the device path is exactly an axis-aligned rectangle on whole pixels.
    static func isPixelAlignedRect(_ path: Path, _ r: Rect) -> Bool {
        guard r.minX == r.minX.rounded(), r.minY == r.minY.rounded(), r.maxX == r.maxX.rounded(), r.maxY == r.maxY.rounded() else { return false }
        var points: [Point] = []
        for e in path.elements {
            switch e {
            case .move(let p), .line(let p): points.append(p)
            case .close: continue
            default: return false
            }
        }
        return points.count >= 4 && points.count <= 5 && points.allSatisfy { ($0.x == r.minX || $0.x == r.maxX) && ($0.y == r.minY || $0.y == r.maxY) }
    }

    /// `mask` (over `from`) cut to `to` (inside `from`), zero where `to` leaves `from`.
    static func crop(_ mask: [Float], from: PixelRect, to: PixelRect) -> [Float] {
        var out = [Float](repeating: 0, count: max(0, to.width * to.height))
        for y in 0..<to.height {
            let sy = to.y + y - from.y
            guard sy >= 0, sy < from.height else { continue }
            for x in 0..<to.width {
                let sx = to.x + x - from.x
                if sx >= 0, sx < from.width { out[y * to.width + x] = mask[sy * from.width + sx] }
            }
        }
        return out
    }

    /// The clip and opacity without the pixels: what an in-place engine needs to honour them
    /// while it writes the target (holding the canvas itself would force a copy of the image).
    package struct Coverage: Sendable {
        package let bounds: PixelRect, mask: [Float]?, alpha: Float
        /// Clip coverage × opacity at pixel (x, y); 0 outside the clip.
        @inline(__always) package func at(_ x: Int, _ y: Int) -> Float { clip(x, y) * alpha }
        /// Runs `body` with the clip mask's rows (nil rows when there is no mask). The rows are
        /// a pointer and a rectangle, so worker threads can share them.
        package func withMaskRows<R>(_ body: (MaskRows) throws -> R) rethrows -> R {
            guard let mask else { return try body(MaskRows(base: nil, bounds: bounds)) }
            return try mask.withUnsafeBufferPointer { m in try body(MaskRows(base: m.baseAddress!, bounds: bounds)) }
        }
        /// Clip coverage alone (no opacity) at pixel (x, y); 0 outside the clip.
        @inline(__always) package func clip(_ x: Int, _ y: Int) -> Float {
            guard x >= bounds.x, x < bounds.maxX, y >= bounds.y, y < bounds.maxY else { return 0 }
            guard let mask else { return 1 }
            return mask[(y - bounds.y) * bounds.width + (x - bounds.x)]
        }
    }
    /// The clip mask's rows while ``Coverage/withMaskRows(_:)`` runs. `@unchecked Sendable`:
    /// a read-only pointer into the mask, which outlives the call that hands it to the workers.
    package struct MaskRows: @unchecked Sendable {
        let base: UnsafePointer<Float>?, bounds: PixelRect
        /// The mask at pixels (x…, y) — `y` inside the clip bounds, `x` its first pixel — or nil
        /// when there is no mask.
        @inline(__always) package func row(_ y: Int, from x: Int) -> UnsafePointer<Float>? {
            base.map { $0 + (y - bounds.y) * bounds.width + (x - bounds.x) }
        }
    }
    package var coverage: Coverage { Coverage(bounds: clipBounds, mask: clipMask, alpha: alpha) }

    /// The clip coverage at pixel (x, y), which must lie inside `clipBounds`.
    @inline(__always) package func clipCoverage(_ x: Int, _ y: Int) -> Float {
        guard let clipMask else { return 1 }
        return clipMask[(y - clipBounds.y) * clipBounds.width + (x - clipBounds.x)]
    }

    package mutating func markDirty(_ r: PixelRect) {
        guard !r.isEmpty else { return }
        guard let d = dirty else { dirty = r; return }
        let x0 = min(d.x, r.x), y0 = min(d.y, r.y)
        dirty = PixelRect(x: x0, y: y0, width: max(d.maxX, r.maxX) - x0, height: max(d.maxY, r.maxY) - y0)
    }
}
