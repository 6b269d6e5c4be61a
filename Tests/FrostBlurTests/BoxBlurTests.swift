import Foundation
import Testing
@testable import FrostBlur
import FrostImage
import FrostTestSupport

/// Straightforward 2-D recomputation: edge-extended (clamp by default), integer sums, rounded
/// division.
func naiveBox(_ image: Image, weightsX: [Int], weightsY: [Int], edges: EdgeMode = .clamp) -> Image {
    var out = image
    let rx = weightsX.count / 2, ry = weightsY.count / 2
    let total = weightsX.reduce(0, +) * weightsY.reduce(0, +)
    for y in 0..<image.height {
        for x in 0..<image.width {
            var acc = [Int](repeating: 0, count: 4)
            for j in -ry...ry {
                for i in -rx...rx {
                    guard let sx = edges.map(x + i, count: image.width), let sy = edges.map(y + j, count: image.height) else { continue }
                    let w = weightsX[i + rx] * weightsY[j + ry]
                    let k = 4 * (sy * image.width + sx)
                    for c in 0..<4 { acc[c] += w * Int(image.pixels[k + c]) }
                }
            }
            let v = acc.map { UInt8(($0 + total / 2) / total) }
            out[x, y] = RGBA8(v[0], v[1], v[2], v[3])
        }
    }
    return out
}

func tentWeights(_ size: Int) -> [Int] {
    let m = (size + 1) / 2
    return (0..<size).map { i in min(i + 1, size - i, m) }
}

@Suite("Box, tent and ImageEffects blurs", .hangLimit)
struct BoxBlurTests {
    let image = try! SampleImages.astronaut().cropped(to: PixelRect(x: 200, y: 80, width: 37, height: 29))

    @Test("box equals the integer recomputation; even sizes round up")
    func box() throws {
        for (w, h) in [(3, 3), (4, 7), (1, 9), (15, 5), (61, 61)] {
            let blur = BoxBlur(.box, width: w, height: h)
            #expect(blur.width % 2 == 1 && blur.height % 2 == 1)
            let expected = naiveBox(
                image, weightsX: .init(repeating: 1, count: blur.width),
                weightsY: .init(repeating: 1, count: blur.height))
            #expect(try blur.apply(to: image) == expected, "\(w)x\(h)")
        }
    }

    @Test("tent equals the integer recomputation")
    func tent() throws {
        for size in [3, 5, 9, 21] {
            let expected = naiveBox(image, weightsX: tentWeights(size), weightsY: tentWeights(size))
            #expect(try BoxBlur(.tent, width: size).apply(to: image) == expected, "\(size)")
        }
    }

    @Test("every edge mode and thread split equals the recomputation; 64-bit sums and integer division for huge tents")
    func edgesThreadsAndHugeKernels() throws {
        for edges in EdgeMode.allCases {
            for (kind, w, h) in [(BoxBlur.Kind.box, 7, 5), (.tent, 9, 3), (.box, 45, 1)] {
                let weights = { (size: Int) in kind == .box ? [Int](repeating: 1, count: size) : tentWeights(size) }
                let expected = naiveBox(image, weightsX: weights(w), weightsY: weights(h), edges: edges)
                for threads in [1, 2, 3] {
                    #expect(
                        try BoxBlur(kind, width: w, height: h, edges: edges).apply(to: image, threads: threads) == expected,
                        "\(kind) \(w)x\(h) \(edges) threads \(threads)")
                }
            }
        }
        // Tent 121: total 61⁴ ≈ 1.4e7, sums beyond 32 bits; tent 513: total 257⁴ ≈ 4.4e9, beyond
        // the exact-in-Double divider.
        let small = try image.cropped(to: PixelRect(x: 3, y: 2, width: 9, height: 7))
        for size in [121, 513] {
            let expected = naiveBox(small, weightsX: tentWeights(size), weightsY: tentWeights(size), edges: .mirror)
            #expect(try BoxBlur(.tent, width: size, edges: .mirror).apply(to: small, threads: 2) == expected, "\(size)")
        }
    }

    @Test("ImageEffects box size follows Apple's formula and blurs with three box passes")
    func imageEffects() throws {
        #expect(ImageEffectsBlur(radius: 30).boxSize == 57)  // floor(30·1.87997 + 0.5) = 56 → odd 57
        #expect(ImageEffectsBlur(radius: 20, scale: 3).boxSize == 113)
        #expect(ImageEffectsBlur(radius: 10).boxSize == 19)
        #expect(ImageEffectsBlur(radius: 0).boxSize == 1)
        let fx = ImageEffectsBlur(radius: 2, scale: 2)
        let d = fx.boxSize
        var expected = image
        for _ in 0..<3 { expected = naiveBox(expected, weightsX: .init(repeating: 1, count: d), weightsY: .init(repeating: 1, count: d)) }
        #expect(try fx.apply(to: image) == expected)
        #expect(abs(ImageEffectsBlur(radius: 30).effectiveSigma / 30 - 0.94) < 0.01)
        #expect(throws: ImageError.self) { try ImageEffectsBlur(radius: .nan).apply(to: image) }
        #expect(throws: ImageError.self) { try ImageEffectsBlur(radius: 5, scale: 0).apply(to: image) }
        #expect(throws: ImageError.self) { try BoxBlur(.box, width: -3).apply(to: image) }
    }
}
