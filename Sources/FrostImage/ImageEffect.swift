/// An effect on an image as a value: *what* to do, in the style of Nuke's image processors.
/// Blurs, ImageEffects, colour matrices, materials and vibrant content all conform, so a
/// pipeline (or a cache) can hold any of them, compare them, and key results by
/// ``identifier``; each type's own `apply` methods keep their richer options (regions, output
/// buffers, masks) and decide *how* through their planners.
public protocol ImageEffect: Hashable, Sendable {
    /// A stable description of the effect and every parameter that changes its pixels: equal
    /// for effects that produce equal pixels from equal input, so it can key a cache. Stable
    /// across runs and processes (no hash values, no memory addresses).
    var identifier: String { get }

    /// The effect applied to `image` (a new image; the input is untouched).
    /// - Parameters:
    ///   - image: the input, premultiplied.
    ///   - threads: worker threads, 1…256 (nil: every core).
    func process(_ image: Image, threads: Int?) throws(ImageError) -> Image
}

extension ImageEffect {
    /// The effect with every core.
    public func process(_ image: Image) throws(ImageError) -> Image { try process(image, threads: nil) }
}

/// Several effects in order: the output of each is the next one's input.
public struct EffectChain: ImageEffect {
    public let effects: [AnyImageEffect]
    public init(_ effects: [AnyImageEffect]) { self.effects = effects }
    public var identifier: String { "chain[" + effects.map(\.identifier).joined(separator: ", ") + "]" }
    public func process(_ image: Image, threads: Int?) throws(ImageError) -> Image {
        var out = image
        for e in effects { out = try e.process(out, threads: threads) }
        return out
    }
}

/// Any image effect, type-erased (for arrays and dictionaries of mixed effects). Equality and
/// hashing go through ``ImageEffect/identifier``.
public struct AnyImageEffect: ImageEffect {
    private let box: any ImageEffect
    public init(_ effect: some ImageEffect) { box = effect }
    public var identifier: String { box.identifier }
    public var base: any ImageEffect { box }
    public func process(_ image: Image, threads: Int?) throws(ImageError) -> Image { try box.process(image, threads: threads) }
    public static func == (l: AnyImageEffect, r: AnyImageEffect) -> Bool { l.identifier == r.identifier }
    public func hash(into h: inout Hasher) { h.combine(identifier) }
}
