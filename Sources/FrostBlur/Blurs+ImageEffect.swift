import FrostImage

extension GaussianBlur: ImageEffect {
    public var identifier: String {
        "gaussian(sigmaX: \(sigmaX), sigmaY: \(sigmaY), edges: \(edges), quality: \(quality), extent: \(extent), encoding: \(encoding))"
    }
    public func process(_ image: Image, threads: Int?) throws(ImageError) -> Image { try apply(to: image, threads: threads) }
}

extension BoxBlur: ImageEffect {
    public var identifier: String { "box(\(kind), width: \(width), height: \(height), edges: \(edges))" }
    public func process(_ image: Image, threads: Int?) throws(ImageError) -> Image { try apply(to: image, threads: threads) }
}

extension ImageEffectsBlur: ImageEffect {
    public var identifier: String { "imageEffectsBlur(radius: \(radius), scale: \(scale))" }
    public func process(_ image: Image, threads: Int?) throws(ImageError) -> Image { try apply(to: image, threads: threads) }
}
