import FrostGeometry
import FrostLayout

// SwiftUI's text-input traits (SubmitTriggers, UIKeyboardType, TextInputAutocapitalization,
// SubmitLabel): accepted so app code compiles, and ignored, as a headless host has no keyboard.

/// What submits a field, as SwiftUI's `SubmitTriggers`.
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

/// Keyboard kinds, accepted for source compatibility.
public enum UIKeyboardType: Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad, twitter, webSearch,
        asciiCapableNumberPad
}

/// Capitalisation, accepted for source compatibility.
public struct TextInputAutocapitalization: Sendable {
    public static let never = TextInputAutocapitalization(), words = TextInputAutocapitalization()
    public static let sentences = TextInputAutocapitalization(), characters = TextInputAutocapitalization()
}

/// Return key labels, accepted for source compatibility.
public enum SubmitLabel: Sendable { case done, go, send, join, route, search, `return`, next, `continue` }
