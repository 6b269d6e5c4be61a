import Foundation
import FrostExport
import FrostImage
import FrostUI

// Frost's strategies for views in motion, on upstream's `Snapshotting`: a frame at a time after
// the interactions a `setup` schedules, a labelled filmstrip of a span, and every frame of an
// animation as a dictionary of strategies for upstream's `assertSnapshots(of:as:)` (one
// reference per frame, `<test>.frame-0000.linux.png`…). Time is the host's clock, so frames are
// the same on every run and thread count.

extension Snapshotting where Value: View, Format == SnapshotImage {
    /// The view at `time` seconds in a host of `size` points at `scale`, after `setup` has
    /// scheduled its interactions (`host.tap("More", at: 0.1)`, `host.perform(at:)`, …).
    public static func frame(
        at time: Double, size: CGSize, scale: CGFloat = 2, colorScheme: ColorScheme = .light,
        tolerance: SnapshotTolerance = .exact, setup: @escaping (ViewHost<AnyView>) throws -> Void = { _ in }
    ) -> Snapshotting {
        .rendering(diffing: .image(tolerance: tolerance)) { view in
            let host = try ViewHost(AnyView(view), size: size, scale: scale, colorScheme: colorScheme)
            try setup(host)
            return (try host.frame(at: time), scale)
        }
    }

    /// A contact sheet of the frames from `start` to `end` seconds at `fps`, each labelled with
    /// its time, `columns` to a row.
    public static func filmstrip(
        from start: Double = 0, to end: Double, fps: Double = 10, size: CGSize, scale: CGFloat = 1,
        colorScheme: ColorScheme = .light, columns: Int = 6, tolerance: SnapshotTolerance = .exact,
        setup: @escaping (ViewHost<AnyView>) throws -> Void = { _ in }
    ) -> Snapshotting {
        .rendering(diffing: .image(tolerance: tolerance)) { view in
            let host = try ViewHost(AnyView(view), size: size, scale: scale, colorScheme: colorScheme)
            try setup(host)
            let frames = try host.record(from: start, to: end, fps: fps)
            return (try Filmstrip.render(frames.map { ($0.image, $0.time) }, columns: columns), scale)
        }
    }

    /// One strategy per frame from `start` to `end` seconds at `fps`, keyed `frame-0000`,
    /// `frame-0001`, …: `assertSnapshots(of: view, as: .animation(to: 0.3, size: …))` checks
    /// an animation frame by frame.
    public static func animation(
        from start: Double = 0, to end: Double, fps: Double = 30, size: CGSize, scale: CGFloat = 1,
        colorScheme: ColorScheme = .light, tolerance: SnapshotTolerance = .exact,
        setup: @escaping (ViewHost<AnyView>) throws -> Void = { _ in }
    ) -> [String: Snapshotting] {
        let times: [Double]
        do { times = try HostCore.frameTimes(from: start, to: end, fps: fps) } catch {
            // One strategy that reports why, so a bad span fails the test instead of asserting nothing.
            return ["frame-0000": .rendering(diffing: .image(tolerance: tolerance)) { _ in throw error }]
        }
        var strategies: [String: Snapshotting] = [:]
        for (i, t) in times.enumerated() {
            strategies[String(format: "frame-%04d", i)] = .frame(
                at: t, size: size, scale: scale, colorScheme: colorScheme, tolerance: tolerance, setup: setup)
        }
        return strategies
    }
}
