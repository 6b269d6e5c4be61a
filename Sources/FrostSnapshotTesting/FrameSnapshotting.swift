import Foundation
import FrostImage
import FrostUI
import FrostExport

/// Frost's own strategies for animated views (beside swift-snapshot-testing's `Snapshotting`):
/// how a view becomes the images a snapshot test compares: one frame, frames at times, a
/// filmstrip, or a whole animation (one PNG per frame). Views render headlessly with FrostUI,
/// blur and materials included, so goldens mean the same on Linux CI and on a Mac.
public struct FrameSnapshotting: Sendable {
    /// One rendered image and the suffix of its golden's name.
    struct Shot { var suffix: String; var image: FrostImage.Image }

    let render: @Sendable (AnyView) throws -> [Shot]

    /// The view at rest: `size` in points at `scale` pixels per point.
    public static func image(size: CGSize, scale: CGFloat = 2, colorScheme: ColorScheme = .light) -> FrameSnapshotting {
        frames(at: [0], size: size, scale: scale, colorScheme: colorScheme)
    }

    /// The view at each time (seconds) after `setup` has scheduled its interactions
    /// (`host.tap("More", at: 0.1)`, `host.perform(at:)`, …): one golden per time.
    public static func frames(
        at times: [Double], size: CGSize, scale: CGFloat = 2, colorScheme: ColorScheme = .light,
        setup: @escaping @Sendable (ViewHost<AnyView>) throws -> Void = { _ in }
    ) -> FrameSnapshotting {
        FrameSnapshotting { view in
            let host = try ViewHost(view, size: size, scale: scale, colorScheme: colorScheme)
            try setup(host)
            return try times.map { t in
                Shot(suffix: times.count == 1 && t == 0 ? "" : String(format: ".t%.3f", t), image: try host.frame(at: t))
            }
        }
    }

    /// A contact sheet of frames from `start` to `end` at `fps`, labelled with their times.
    public static func filmstrip(
        from start: Double = 0, to end: Double, fps: Double = 10, size: CGSize, scale: CGFloat = 1,
        colorScheme: ColorScheme = .light, columns: Int = 6,
        setup: @escaping @Sendable (ViewHost<AnyView>) throws -> Void = { _ in }
    ) -> FrameSnapshotting {
        FrameSnapshotting { view in
            let host = try ViewHost(view, size: size, scale: scale, colorScheme: colorScheme)
            try setup(host)
            let frames = try host.record(from: start, to: end, fps: fps)
            return [Shot(suffix: ".filmstrip", image: try Filmstrip.render(frames.map { ($0.image, $0.time) }, columns: columns))]
        }
    }

    /// Every frame from `start` to `end` at `fps` (one golden per frame, `.frame-0000`…): an
    /// animation checked frame by frame.
    public static func animation(
        from start: Double = 0, to end: Double, fps: Double = 30, size: CGSize, scale: CGFloat = 1,
        colorScheme: ColorScheme = .light,
        setup: @escaping @Sendable (ViewHost<AnyView>) throws -> Void = { _ in }
    ) -> FrameSnapshotting {
        FrameSnapshotting { view in
            let host = try ViewHost(view, size: size, scale: scale, colorScheme: colorScheme)
            try setup(host)
            let frames = try host.record(from: start, to: end, fps: fps)
            return frames.enumerated().map { i, f in Shot(suffix: String(format: ".frame-%04d", i), image: f.image) }
        }
    }
}

/// How far a snapshot may stray from its golden: a pixel differs when any channel differs by
/// more than `perPixel` (0…255); the snapshot fails when more than `fraction` (0…1) of its
/// pixels differ.
public struct SnapshotTolerance: Hashable, Sendable {
    public var perPixel: Int
    public var fraction: Double
    public init(perPixel: Int = 0, fraction: Double = 0) {
        self.perPixel = min(max(perPixel, 0), 255)
        self.fraction = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    }
    /// Byte for byte.
    public static let exact = SnapshotTolerance()
    /// 1/255 per channel (resvg's test corpus tolerance), no pixel beyond it.
    public static let oneLevel = SnapshotTolerance(perPixel: 1)
}
