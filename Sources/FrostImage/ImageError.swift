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
    /// Any other invalid argument (NaN, negative, absurd values).
    case invalidArgument(String)

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
        case let .invalidArgument(reason): return reason
        }
    }
}
