import Foundation
import FrostImage
import FrostRaster
import FrostCanvas

/// Frames laid side by side (or in rows) with the time of each under it: the quickest way to see
/// a whole animation at once, in a review or a bug report.
public enum Filmstrip {
    /// The most frames a strip shows.
    public static let maxFrames = 240

    /// A contact sheet of `frames` (all one size) in `columns` columns, each labelled with its
    /// time ("0.250 s") in DejaVu Sans, `labelSize` pixels tall, on a dark background.
    /// - Throws: `ImageError` for no frames, too many, mixed sizes, a time that is not finite,
    ///   `columns` < 1, a label size outside 6…200 px, or a missing font.
    public static func render(_ frames: [(image: Image, time: Double)], columns: Int = 6, labelSize: Double = 14) throws(ImageError) -> Image {
        guard let first = frames.first else { throw .invalidArgument("a filmstrip needs at least one frame") }
        guard frames.count <= maxFrames else {
            throw .parameterOutOfRange(name: "frame count", value: "\(frames.count)", expected: "1...\(maxFrames)")
        }
        guard columns >= 1 else { throw .parameterOutOfRange(name: "columns", value: "\(columns)", expected: "at least 1") }
        guard labelSize.isFinite, (6...200).contains(labelSize) else {
            throw .parameterOutOfRange(name: "label size", value: "\(labelSize)", expected: "6...200 px")
        }
        let font = try Font.dejaVuSans()
        let gap = 8, labelHeight = Int((labelSize * 1.6).rounded(.up))
        var tiles: [Image] = []
        for (i, frame) in frames.enumerated() {
            guard frame.image.width == first.image.width, frame.image.height == first.image.height else {
                throw .sizeMismatch(
                    what: "frame \(i)", actual: "\(frame.image.width)x\(frame.image.height)",
                    expected: "\(first.image.width)x\(first.image.height)")
            }
            guard frame.time.isFinite else { throw .nonFinite(what: "the time of frame \(i)") }
            // Each tile: the frame, then its time centred beneath it.
            var canvas = Canvas(image: try Image(width: first.image.width, height: first.image.height + labelHeight, fill: RGBA8(32, 32, 36)))
            try canvas.draw(frame.image, at: Point(x: 0, y: 0))
            let label = try TextLayout(String(format: "%.3f s", frame.time), font: font, pointSize: labelSize, scale: 1)
            let x = Double(max(0, (first.image.width - label.size.width) / 2))
            try canvas.draw(
                label, at: Point(x: x, y: Double(first.image.height) + (Double(labelHeight) - Double(label.size.height)) / 2),
                color: Color(white: 0.9))
            tiles.append(canvas.image)
        }
        return try Image.grid(tiles, columns: columns, gap: gap)
    }
}

/// Frames as numbered PNG files in a folder: `frame-0000.png`, `frame-0001.png`…, each written
/// atomically, for tools that take image sequences (ffmpeg, video editors).
public enum PNGSequence {
    /// Writes `frames` into `folder` (which must exist) as `prefix-NNNN.png`; returns the paths.
    /// - Throws: `ImageError` for a missing folder or a failed write (files already written stay).
    @discardableResult
    public static func write(_ frames: [Image], to folder: String, prefix: String = "frame") throws(ImageError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw .writeFailed(path: folder, reason: "no such folder")
        }
        guard !prefix.isEmpty, !prefix.contains("/") else { throw .invalidArgument("a file prefix must be a plain name, got '\(prefix)'") }
        let digits = max(4, String(frames.count - 1).count)
        var paths: [String] = []
        for (i, frame) in frames.enumerated() {
            let number = String(i), padded = String(repeating: "0", count: max(0, digits - number.count)) + number
            let path = (folder as NSString).appendingPathComponent("\(prefix)-\(padded).png")
            try ImageFile.write(frame, to: path)
            paths.append(path)
        }
        return paths
    }
}
