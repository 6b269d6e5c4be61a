import Foundation
import FrostGeometry

/// Every failure FrostImage reports. `description` is one line a person can act on.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Width or height is zero/negative, or the pixel count is over ``Image/maxPixelCount``.
    case invalidDimensions(width: Int, height: Int, reason: String)
    /// A pixel buffer whose byte count does not match its dimensions.
    case bufferSizeMismatch(expected: Int, actual: Int)
    /// The file could not be read (missing, unreadable, a folder...).
    case unreadable(path: String, reason: String)
    /// The bytes are not a valid image of the expected format.
    case corrupt(path: String, format: String, reason: String)
    /// The file's extension or content names a format Frost does not read or write.
    case unsupportedFormat(path: String, reason: String)
    /// Writing failed; nothing was left at the destination.
    case writeFailed(path: String, reason: String)
    /// A rectangle that is empty or reaches outside the image.
    case invalidRegion(String)
    /// A number outside its documented range. `value` is the number as given; `expected`
    /// describes the range ("1...256", "a finite number", "≥ 0 points").
    case parameterOutOfRange(name: String, value: String, expected: String)
    /// A coordinate, size or position that is NaN or infinite.
    case nonFinite(what: String)
    /// A name that is not one of `valid` (a material, a vibrancy style); `suggestion` is the
    /// nearest valid one.
    case unknownName(kind: String, name: String, suggestion: String?, valid: [String])
    /// A font file that none of the searched folders holds.
    case fontNotFound(file: String, searched: [String])
    /// Two things that must have one size do not (`actual` vs `expected`, as `WxH`).
    case sizeMismatch(what: String, actual: String, expected: String)
    /// Work over a documented budget, refused before it starts: `what` names the job, `work`
    /// and `limit` are its cost and the budget in the job's unit (`unit`), `instead` says what
    /// to use.
    case overBudget(what: String, work: Double, limit: Double, unit: String, instead: String)
    /// Any other invalid argument.
    case invalidArgument(String)

    /// `threads` checked as every engine takes it: nil means every core; otherwise 1...256.
    public static func resolveThreads(_ threads: Int?) throws(ImageError) -> Int {
        guard let threads else { return ProcessInfo.processInfo.activeProcessorCount }
        guard (1...256).contains(threads) else {
            throw .parameterOutOfRange(name: "threads", value: "\(threads)", expected: "1...256")
        }
        return threads
    }

    private static func scientific(_ v: Double) -> String { String(format: "%.2g", v) }

    /// One line: control characters in paths and echoed user text are escaped.
    public var description: String { rawDescription.escapingControlCharacters }

    private var rawDescription: String {
        switch self {
        case let .invalidDimensions(w, h, reason): return "invalid image size \(w)x\(h): \(reason)"
        case let .bufferSizeMismatch(expected, actual):
            return "pixel buffer has \(actual) bytes but the size needs \(expected)"
        case let .unreadable(path, reason): return "\(path): cannot read: \(reason)"
        case let .corrupt(path, format, reason): return "\(path): not a valid \(format) file: \(reason)"
        case let .unsupportedFormat(path, reason): return "\(path): \(reason)"
        case let .writeFailed(path, reason): return "\(path): cannot write: \(reason)"
        case let .invalidRegion(reason): return "invalid region: \(reason)"
        case let .parameterOutOfRange(name, value, expected): return "\(name) must be \(expected), got \(value)"
        case let .nonFinite(what): return "\(what) is not finite"
        case let .unknownName(kind, name, suggestion, valid):
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return "unknown \(kind) '\(name)'\(hint); valid: \(valid.joined(separator: ", "))"
        case let .fontNotFound(file, searched):
            return
                "no \(file) found (searched \(searched.joined(separator: ", "))); install DejaVu fonts (Debian/Ubuntu: fonts-dejavu-core) or pass a font file"
        case let .sizeMismatch(what, actual, expected): return "\(what) is \(actual) but must be \(expected)"
        case let .overBudget(what, work, limit, unit, instead):
            return "\(what) needs \(Self.scientific(work)) \(unit), over the limit of \(Self.scientific(limit)): \(instead)"
        case let .invalidArgument(reason): return reason
        }
    }
}
