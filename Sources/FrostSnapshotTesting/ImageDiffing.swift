import Foundation
import FrostImage
#if canImport(Testing)
import Testing
#endif

// The PNG `Diffing` upstream has only on Apple's platforms, with its meanings: `precision` is
// the fraction of pixels that must match, `perceptualPrecision` how close a pixel must be to
// match (its CIE94 ΔE from the reference at most (1 − perceptualPrecision) × 100, as upstream's
// Core Image comparison; 1 means byte for byte). Frost adds `.image(tolerance:)` (per-channel
// levels). A failure writes the expected | difference | actual picture under
// `SNAPSHOT_ARTIFACTS` (the temporary folder by default) and names it in the message — upstream
// attaches its difference image only inside Xcode — and attaches it to a running Swift Testing
// test.

extension Diffing where Value == FrostImage.Image {
    /// Byte-for-byte comparison of PNG references.
    public static var image: Diffing { .image() }

    /// Images that match when at least `precision` (0…1) of their pixels match, a pixel matching
    /// when its ΔE from the reference's is within (1 − `perceptualPrecision`) × 100.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
        .png { ImageComparison.compare($0, $1, precision: Double(precision), perceptualPrecision: Double(perceptualPrecision)) }
    }

    /// Images that match when no channel differs by more than `tolerance.perPixel` levels in
    /// more than `tolerance.fraction` of the pixels: Frost's own goldens use `.oneLevel`.
    public static func image(tolerance: SnapshotTolerance) -> Diffing {
        .png { SnapshotDiff.compare(expected: $0, actual: $1, tolerance: tolerance) }
    }

    /// PNG references, `problem` deciding a mismatch (nil: they match).
    static func png(_ problem: @escaping @Sendable (FrostImage.Image, FrostImage.Image) -> String?) -> Diffing {
        .diff(
            toData: { image in Data((try? PNGCodec.encode(image)) ?? []) },
            fromData: { data in (try? PNGCodec.decode([UInt8](data))) ?? .unreadableReference },
            diffV2: { reference, actual in
                if reference.isUnreadableReference {
                    return ("The reference is not a readable PNG: record it again (SNAPSHOT_TESTING_RECORD=all).", [])
                }
                guard let failure = problem(reference, actual) else { return nil }
                guard let sheet = SnapshotDiff.sheet(expected: reference, actual: actual), let png = try? PNGCodec.encode(sheet) else {
                    return (failure, [])
                }
                let data = Data(png)
                let path = DifferenceImages.write(data)
                return (failure + (path.map { "\n\nexpected | difference | actual: \($0)" } ?? ""), [.data(data, name: "difference.png")])
            })
    }
}

#if os(Linux)
extension Diffing where Value == UIImage {
    /// Byte-for-byte comparison of PNG references.
    public static var image: Diffing { .image() }

    /// Upstream's `Diffing<UIImage>.image(precision:perceptualPrecision:)`: see
    /// `Diffing<FrostImage.Image>.image(precision:perceptualPrecision:)`.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
        Diffing<FrostImage.Image>.image(precision: precision, perceptualPrecision: perceptualPrecision).asUIImage
    }

    /// Per-channel levels: see `Diffing<FrostImage.Image>.image(tolerance:)`.
    public static func image(tolerance: SnapshotTolerance) -> Diffing {
        Diffing<FrostImage.Image>.image(tolerance: tolerance).asUIImage
    }
}

extension Snapshotting where Value == UIImage, Format == UIImage {
    /// An image compared byte for byte.
    public static var image: Snapshotting { .image() }
    /// An image compared with `precision` and `perceptualPrecision` (0…1); `scale` is accepted
    /// for upstream's signature (references keep the image's pixels).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Snapshotting {
        Snapshotting(pathExtension: ReferenceFiles.imageExtension, diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision))
    }
}

extension Diffing where Value == FrostImage.Image {
    /// The same comparison on `UIImage`s (their pixels; scale 1 when read back).
    var asUIImage: Diffing<UIImage> {
        let base = self
        return .diff(
            toData: { base.toData(FrostImage.Image(snapshot: $0)) },
            fromData: { UIImage(pixels: base.fromData($0)) },
            diffV2: { base.diffV2(FrostImage.Image(snapshot: $0), FrostImage.Image(snapshot: $1)) })
    }
}
#endif

/// Where failed comparisons' pictures go: `SNAPSHOT_ARTIFACTS/frost-differences/`, named by
/// their content, so a rerun overwrites rather than piles up.
enum DifferenceImages {
    static func write(_ png: Data) -> String? {
        let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        let folder = URL(fileURLWithPath: root, isDirectory: true).appendingPathComponent("frost-differences")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in png { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let file = folder.appendingPathComponent(String(format: "%016llx.png", hash))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try png.write(to: file, options: .atomic)
        } catch { return nil }
        #if canImport(Testing)
        if Test.current != nil { Attachment.record(Array(png), named: "difference.png") }
        #endif
        return file.path
    }
}
