import FrostGeometry

/// Why a motion value could not be made: every public initialiser that takes numbers checks
/// them, so a NaN or an infinity never reaches a frame.
public enum MotionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A parameter outside its documented range (the message names it, its value and the range).
    case invalidParameter(String)

    /// One line: control characters in echoed user text are escaped.
    public var description: String {
        switch self {
        case .invalidParameter(let message): return message.escapingControlCharacters
        }
    }

    /// Throws unless `value` is finite and inside `range`.
    static func check(
        _ name: String, _ value: Double, in range: ClosedRange<Double>,
        open lower: Bool = false
    ) throws(MotionError) {
        guard value.isFinite else { throw .invalidParameter("\(name) must be a finite number, got \(value)") }
        let tooLow = lower ? value <= range.lowerBound : value < range.lowerBound
        guard !tooLow, value <= range.upperBound else {
            let low = lower ? "(\(range.lowerBound)" : "[\(range.lowerBound)"
            throw .invalidParameter("\(name) must be in \(low), \(range.upperBound)], got \(value)")
        }
    }
}
