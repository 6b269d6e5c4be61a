/// Why a geometry or colour value could not be made from what was given.
public enum GeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Text that is not a colour; the payload is the text as given.
    case notAColor(text: String)

    /// One line; echoed user text has its control characters escaped.
    public var description: String {
        switch self {
        case .notAColor(let text):
            return "'\(text)' is not a colour: use #RGB, #RRGGBB or #RRGGBBAA".escapingControlCharacters
        }
    }
}
