import Foundation
import FrostImage
import FrostUI
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

// Upstream's SwiftUI image strategy, which it builds only on iOS and tvOS:
// `Snapshotting<some View, UIImage>.image(drawHierarchyInKeyWindow:precision:perceptualPrecision:
// layout:traits:)` with `.sizeThatFits`, `.fixed` and `.device(config:)` and upstream's device
// presets, rendered by FrostUI. `drawHierarchyInKeyWindow` is accepted and ignored (there is no
// window: materials and blur render anyway). A view that cannot render is reported as a test
// issue and never calls back, so upstream records nothing and fails after `timeout`.

extension Snapshotting where Value == FrostImage.Image, Format == FrostImage.Image {
    /// An image compared byte for byte.
    public static var image: Snapshotting { .image() }
    /// An image compared with `precision` and `perceptualPrecision` (0…1).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting(pathExtension: ReferenceFiles.imageExtension, diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision))
    }
    /// An image compared channel by channel within `tolerance`.
    public static func image(tolerance: SnapshotTolerance) -> Snapshotting {
        Snapshotting(pathExtension: ReferenceFiles.imageExtension, diffing: .image(tolerance: tolerance))
    }
}

/// How a SwiftUI view is sized for its snapshot, as swift-snapshot-testing's `SwiftUISnapshotLayout`.
public enum SwiftUISnapshotLayout: Sendable {
    /// A device's screen and safe area, the view centred on it.
    case device(config: ViewImageConfig)
    /// Exactly this size (points).
    case fixed(width: CGFloat, height: CGFloat)
    /// The view's ideal size.
    case sizeThatFits
}

extension Snapshotting where Value: View, Format == SnapshotImage {
    /// The view at its ideal size at 2×, compared byte for byte.
    public static var image: Snapshotting { .image() }

    /// The view rendered by FrostUI at `layout` with `traits` (scale 2 unless the traits or the
    /// device say otherwise), compared with `precision` and `perceptualPrecision` (0…1).
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
        layout: SwiftUISnapshotLayout = .sizeThatFits, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        .rendering(diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { view in
            try renderSnapshot(view, layout: layout, traits: traits)
        }
    }

    /// The view rendered as `image(drawHierarchyInKeyWindow:precision:perceptualPrecision:layout:traits:)`
    /// does, compared channel by channel within `tolerance` (Frost's own goldens).
    public static func image(tolerance: SnapshotTolerance, layout: SwiftUISnapshotLayout = .sizeThatFits, traits: UITraitCollection = .init()) -> Snapshotting {
        .rendering(diffing: .image(tolerance: tolerance)) { view in try renderSnapshot(view, layout: layout, traits: traits) }
    }
}

extension Snapshotting where Format == SnapshotImage {
    /// A strategy whose snapshot is `render`'s image (with its scale), stored as a PNG with the
    /// platform's extension.
    static func rendering(
        diffing: Diffing<SnapshotImage>, _ render: @escaping (Value) throws -> (image: FrostImage.Image, scale: CGFloat)
    ) -> Snapshotting {
        .reporting(pathExtension: ReferenceFiles.imageExtension, diffing: diffing) { value in
            let (image, scale) = try render(value)
            return image.snapshotImage(scale: scale)
        }
    }
}

extension Snapshotting {
    /// A strategy whose snapshot `make` takes. A thrown error is reported where the assertion
    /// runs and the callback never comes, so nothing is recorded from a failed snapshot.
    static func reporting(
        pathExtension: String, diffing: Diffing<Format>, _ make: @escaping (Value) throws -> Format
    ) -> Snapshotting {
        Snapshotting(
            pathExtension: pathExtension, diffing: diffing,
            asyncSnapshot: { value in
                Async { callback in
                    do { callback(try make(value)) } catch {
                        reportRenderFailure("Couldn't snapshot \(Value.self): \(error)")
                    }
                }
            })
    }
}

/// Records a render failure on the running test (Swift Testing or XCTest).
func reportRenderFailure(_ message: String) {
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(Comment(rawValue: message))
        return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message)
    #else
    FileHandle.standardError.write(Data("snapshot failed: \(message)\n".utf8))
    #endif
}

/// Renders `view` as a hosting controller on the snapshot's device would show it.
func renderSnapshot<V: View>(_ view: V, layout: SwiftUISnapshotLayout, traits: UITraitCollection) throws -> (image: FrostImage.Image, scale: CGFloat) {
    var merged = traits
    if case .device(let config) = layout { merged = UITraitCollection(traitsFrom: [config.traits, traits]) }
    let scale = merged.displayScale > 0 ? merged.displayScale : 2
    let scheme: ColorScheme = merged.userInterfaceStyle == .dark ? .dark : .light
    // The content size category is the environment's Dynamic Type size (unspecified: Large);
    // size classes the traits give replace the ones the host derives from its size.
    func sizeClass(_ c: UIUserInterfaceSizeClass) -> UserInterfaceSizeClass? { c == .compact ? .compact : c == .regular ? .regular : nil }
    let h = sizeClass(merged.horizontalSizeClass), v = sizeClass(merged.verticalSizeClass)
    let rightToLeft = merged.layoutDirection == .rightToLeft
    let sized = view.dynamicTypeSize(merged.preferredContentSizeCategory.dynamicTypeSize ?? .large)
        .transformEnvironment(\.horizontalSizeClass) { if let h { $0 = h } }
        .transformEnvironment(\.verticalSizeClass) { if let v { $0 = v } }
        .transformEnvironment(\.layoutDirection) { if rightToLeft { $0 = .rightToLeft } }
    return (try render(sized, layout: layout, scale: scale, scheme: scheme), scale)
}

private func render<V: View>(_ view: V, layout: SwiftUISnapshotLayout, scale: CGFloat, scheme: ColorScheme) throws -> FrostImage.Image {
    switch layout {
    case .sizeThatFits:
        let renderer = ImageRenderer(content: view)
        renderer.scale = scale
        renderer.colorScheme = scheme
        renderer.isOpaque = true  // a hosting controller's view draws the system background
        renderer.placesAtFittingSize = true  // sized to fit, it proposes that size to its root
        return try renderer.render()
    case let .fixed(width, height):
        return try ViewHost(view, size: CGSize(width: width, height: height), scale: scale, colorScheme: scheme).snapshot()
    case .device(let config):
        let size = config.size ?? CGSize(width: 390, height: 844)
        let host = try ViewHost(view, size: size, scale: scale, colorScheme: scheme)
        host.safeAreaInsets = config.safeArea
        return try host.snapshot()
    }
}

/// Pixel comparison with swift-snapshot-testing's precisions, and the failure picture.
enum ImageComparison {
    static func compare(_ reference: FrostImage.Image, _ actual: FrostImage.Image, precision: Double, perceptualPrecision: Double) -> String? {
        guard reference.width == actual.width, reference.height == actual.height else {
            return "Newly-taken snapshot@\(actual.width)×\(actual.height) px does not match reference@\(reference.width)×\(reference.height) px."
        }
        let total = max(1, reference.width * reference.height)
        let threshold = max(0, (1 - perceptualPrecision) * 100)
        var mismatched = 0, worstDelta = 0.0
        reference.pixels.withUnsafeBufferPointer { r in
            actual.pixels.withUnsafeBufferPointer { a in
                var i = 0
                while i < r.count {
                    if r[i] != a[i] || r[i + 1] != a[i + 1] || r[i + 2] != a[i + 2] || r[i + 3] != a[i + 3] {
                        if perceptualPrecision >= 1 {
                            mismatched += 1
                        } else {
                            let d = deltaE94(r, a, i)
                            worstDelta = max(worstDelta, d)
                            if d > threshold { mismatched += 1 }
                        }
                    }
                    i += 4
                }
            }
        }
        let matched = 1 - Double(mismatched) / Double(total)
        guard matched < precision - 1e-12 || (precision >= 1 && mismatched > 0) else { return nil }
        if perceptualPrecision >= 1 {
            return String(
                format: "Newly-taken snapshot does not match reference: %d of %d pixels differ (%.4f of them match, %.4f required).",
                mismatched, total, matched, precision)
        }
        return String(
            format:
                "Newly-taken snapshot does not match reference: %d of %d pixels differ by more than ΔE %.2f (%.4f match, %.4f required); the largest ΔE is %.2f.",
            mismatched, total, threshold, matched, precision, worstDelta)
    }

    /// CIE94 ΔE (graphic arts weights) of two premultiplied pixels at byte offset `i`, composited
    /// over white first so that transparent pixels compare by what they show.
    static func deltaE94(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>, _ i: Int) -> Double {
        let l1 = lab(p, i), l2 = lab(q, i)
        let dL = l1.0 - l2.0
        let c1 = (l1.1 * l1.1 + l1.2 * l1.2).squareRoot(), c2 = (l2.1 * l2.1 + l2.2 * l2.2).squareRoot()
        let dC = c1 - c2
        let da = l1.1 - l2.1, db = l1.2 - l2.2
        let dH2 = max(0, da * da + db * db - dC * dC)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }

    static func lab(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> (Double, Double, Double) {
        let a = Double(p[i + 3]) / 255
        func channel(_ c: UInt8) -> Double {
            let v = Double(c) / 255 + (1 - a)  // premultiplied over white
            return SRGB.toLinear(v)
        }
        let r = channel(p[i]), g = channel(p[i + 1]), b = channel(p[i + 2])
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

}
