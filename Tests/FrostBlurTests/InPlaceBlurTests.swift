import FrostImage
import FrostTestSupport
import Testing

@testable import FrostBlur

/// `GaussianBlur.apply(inPlace:)`: the bytes of `apply(to:)`, and over the input's own storage
/// where the pyramid blurs the whole image.
@Suite("In-place blur", .hangLimit)
struct InPlaceBlurTests {
    static let photo = try! SampleImages.astronaut().cropped(to: PixelRect(x: 60, y: 30, width: 181, height: 137))

    func address(_ image: Image) -> UnsafeRawPointer? { image.pixels.withUnsafeBytes { $0.baseAddress } }

    @Test("the same bytes as apply(to:) for every σ, edge mode, quality and thread count", arguments: EdgeMode.allCases)
    func sameBytes(edges: EdgeMode) throws {
        for sigma in [0.3, 1, 2, 3.97, 8, 24, 100] {
            // (exact runs float passes: slow in debug builds past σ 8, and never the pyramid.)
            for quality in sigma <= 8 ? [BlurQuality.default, .exact, .realtime] : [.default, .realtime] {
                let blur = GaussianBlur(sigma: sigma, edges: edges, quality: quality)
                let expected = try blur.apply(to: Self.photo, threads: 1)
                for threads in [1, 3] {
                    var image = Self.photo
                    try blur.apply(inPlace: &image, threads: threads)
                    #expect(image == expected, "σ \(sigma) \(edges) \(quality), \(threads) threads")
                }
            }
        }
    }

    @Test("a region, an expanded extent and unequal σ take the copying path and still match")
    func otherPaths() throws {
        let region = PixelRect(x: 20, y: 10, width: 90, height: 70)
        let cases: [(GaussianBlur, PixelRect?)] = [
            (GaussianBlur(sigma: 6), region),
            (GaussianBlur(sigma: 6, extent: .expanded), nil),
            (GaussianBlur(sigmaX: 8, sigmaY: 0), nil),
        ]
        for (blur, rect) in cases {
            var image = Self.photo
            try blur.apply(inPlace: &image, region: rect)
            #expect(image == (try blur.apply(to: Self.photo, region: rect)), "\(blur) region \(String(describing: rect))")
        }
    }

    @Test("a whole-image pyramid blur writes over the input's storage, which nothing else holds")
    func reusesStorage() throws {
        var image = Self.photo
        image.withUnsafeMutablePixels { _ in }  // its own storage, no longer shared with `photo`
        let before = address(image)
        let blur = GaussianBlur(sigma: 8)
        guard case .pyramid = blur.plan(width: image.width, height: image.height).schedule else {
            Issue.record("σ 8 should take the pyramid")
            return
        }
        try blur.apply(inPlace: &image)
        #expect(address(image) == before)
        #expect(image == (try blur.apply(to: Self.photo)))
    }

    @Test("a shared input is left alone: the caller's other copy keeps its pixels")
    func sharedInputUntouched() throws {
        let original = Self.photo
        var image = original
        try GaussianBlur(sigma: 8).apply(inPlace: &image)
        #expect(original == Self.photo)
        #expect(image != original)
    }

    @Test("bad arguments throw and leave the image as it was")
    func errors() {
        var image = Self.photo
        #expect(throws: ImageError.self) { try GaussianBlur(sigma: -1).apply(inPlace: &image) }
        #expect(throws: ImageError.self) {
            try GaussianBlur(sigma: 4).apply(inPlace: &image, region: PixelRect(x: 170, y: 0, width: 50, height: 10))
        }
        #expect(image == Self.photo)
    }
}
