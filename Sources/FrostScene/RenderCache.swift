import Foundation
import FrostImage
import FrostRaster

/// What a renderer keeps between frames: set text and its glyph masks, so a view that is drawn
/// again (an animation frame, a scroll by whole pixels) does not lay out or rasterise its text
/// again. A host owns one for the views it renders over time; results are identical with or
/// without it (the cache stores exactly what would be recomputed).
///
/// Bounded: past `capacity` entries it starts over (UI text in one screen is far below that).
/// Safe to share between threads: `@unchecked Sendable` because every table is read and
/// written under `lock` (an `NSLock`: `Mutex` needs macOS 15), and a retained layer's tiles
/// under the layer's own lock; values made outside the lock are immutable once stored.
public final class RenderCache: @unchecked Sendable {
    struct LayoutKey: Hashable {
        let text: TextContent, scale: Double, wrap: Int?
    }
    /// A glyph mask at a 1/64 px offset; with `factor` > 1, area-averaged by it after being
    /// shifted by the phase (the full-resolution position modulo the factor).
    struct MaskKey: Hashable {
        let layout: LayoutKey, dx: Int, dy: Int
        /// The spans drawn (nil: all).
        var spans: Set<Int>? = nil
        var factor = 1, phaseX = 0, phaseY = 0
    }
    private let lock = NSLock()
    private var layouts: [LayoutKey: TextLayout] = [:]
    private var masks: [MaskKey: Image] = [:]
    /// The colour glyphs (emoji) drawn beside each mask; nil when the spans have none.
    private var colours: [MaskKey: Image?] = [:]
    /// Measured text: width in pixels and line count, by the text and its wrap width in pixels.
    private var sizes: [LayoutKey: TextMeasure] = [:]
    /// Retained layers (scroll content) by identity.
    private var layers: [SceneIdentity: RetainedLayer] = [:]
    private var frame = 0
    /// Entries kept (layouts and masks each) before the cache starts over.
    public let capacity: Int

    public init(capacity: Int = 8192) { self.capacity = max(1, capacity) }

    func layout(_ key: LayoutKey, _ make: () throws -> TextLayout) rethrows -> TextLayout { try memo(\.layouts, key, make) }
    func mask(_ key: MaskKey, _ make: () throws -> Image) rethrows -> Image { try memo(\.masks, key, make) }
    func colourGlyphs(_ key: MaskKey, _ make: () throws -> Image?) rethrows -> Image? { try memo(\.colours, key, make) }

    /// A text's measured size at a wrap width (pixels), kept across layouts: a view laid out again
    /// (every frame of an animation, every scroll step) does not set its text again to measure it.
    /// `text`'s wrap width and colour are ignored (the wrap is `wrap`).
    public func measure(_ text: TextContent, scale: Double, wrap: Int?, _ make: () throws -> TextMeasure) rethrows -> TextMeasure {
        var shape = text.shape
        shape.wrapWidth = nil
        return try memo(\.sizes, LayoutKey(text: shape, scale: scale, wrap: wrap), make)
    }

    /// The retained layer of `identity` for `list` at `scale`: the cached one when both match,
    /// else a new, empty one (its tiles are drawn on demand). Layers unused for 120 frames go.
    func retainedLayer(_ identity: SceneIdentity, list: DisplayList, scale: Double) -> RetainedLayer {
        lock.withLock {
            frame += 1
            if let layer = layers[identity], layer.scale == scale, layer.list == list {
                layer.lastUse = frame
                return layer
            }
            layers = layers.filter { frame - $0.value.lastUse < 120 }
            let layer = RetainedLayer(list: list, scale: scale)
            layer.lastUse = frame
            layers[identity] = layer
            return layer
        }
    }

    private func memo<K: Hashable, V>(_ table: ReferenceWritableKeyPath<RenderCache, [K: V]>, _ key: K, _ make: () throws -> V) rethrows -> V {
        if let hit = lock.withLock({ self[keyPath: table][key] }) { return hit }
        let made = try make()
        lock.withLock {
            if self[keyPath: table].count >= capacity { self[keyPath: table].removeAll(keepingCapacity: true) }
            self[keyPath: table][key] = made
        }
        return made
    }
}

/// A measured text: its widest line in pixels and its number of lines.
public struct TextMeasure: Sendable, Hashable {
    public var width: Int, lines: Int
    /// Whether a line limit cut the text.
    public var truncated: Bool
    public init(width: Int, lines: Int, truncated: Bool = false) { self.width = width; self.lines = lines; self.truncated = truncated }
}

/// One retained layer: its display list, drawn at a scale into 512-pixel tiles on demand.
/// `@unchecked Sendable`: `list` and `scale` are immutable, `tiles` and `lastUse` are touched
/// only under `lock`, so two threads drawing one layer at once (two hosts sharing a cache) at
/// worst both draw a tile, the same bytes.
final class RetainedLayer: @unchecked Sendable {
    static let tileSize = 512
    /// Tiles kept at most (~48 MB): the farthest from the last drawn area go first.
    static let maxTiles = 48
    let list: DisplayList, scale: Double
    /// Whether the content reads what lies beneath it (a material): then it cannot be retained.
    let readsBackdrop: Bool
    private let lock = NSLock()
    private var tiles: [TileIndex: Image] = [:]
    private var lastUse_ = 0
    struct TileIndex: Hashable { let x: Int, y: Int }
    init(list: DisplayList, scale: Double) {
        self.list = list; self.scale = scale
        readsBackdrop = RetainedLayer.readsBackdrop(list)
    }

    var lastUse: Int {
        get { lock.withLock { lastUse_ } }
        set { lock.withLock { lastUse_ = newValue } }
    }

    /// The tile drawn at `key`, if kept.
    func tile(_ key: TileIndex) -> Image? { lock.withLock { tiles[key] } }

    /// Keeps `tile` at `key`.
    func store(_ tile: Image, at key: TileIndex) { lock.withLock { tiles[key] = tile } }

    static func readsBackdrop(_ list: DisplayList) -> Bool {
        list.items.contains { item in
            switch item.content {
            case .material: return true
            case .group(let c): return readsBackdrop(c)
            case .effect(let e, let c):
                if case .mask(let m) = e, readsBackdrop(m) { return true }
                return readsBackdrop(c)
            default: return false
            }
        }
    }

    /// Drops the tiles farthest from `near` until at most ``maxTiles`` remain.
    func evict(keepingNear near: TileIndex) {
        lock.lock(); defer { lock.unlock() }
        guard tiles.count > RetainedLayer.maxTiles else { return }
        let order = tiles.keys.sorted { abs($0.x - near.x) + abs($0.y - near.y) > abs($1.x - near.x) + abs($1.y - near.y) }
        for key in order.prefix(tiles.count - RetainedLayer.maxTiles) { tiles[key] = nil }
    }
}
