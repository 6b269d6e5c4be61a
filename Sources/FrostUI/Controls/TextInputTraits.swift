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

/// What a text field holds, for autofill, as UIKit's `UITextContentType` (accepted and ignored).
public struct UITextContentType: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let name = UITextContentType(rawValue: "name"), givenName = UITextContentType(rawValue: "given-name")
    public static let familyName = UITextContentType(rawValue: "family-name"), emailAddress = UITextContentType(rawValue: "email")
    public static let telephoneNumber = UITextContentType(rawValue: "tel"), username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password"), newPassword = UITextContentType(rawValue: "new-password")
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code"), fullStreetAddress = UITextContentType(rawValue: "street-address")
    public static let postalCode = UITextContentType(rawValue: "postal-code"), URL = UITextContentType(rawValue: "url")
    public static let creditCardNumber = UITextContentType(rawValue: "cc-number"), addressCity = UITextContentType(rawValue: "address-level2")
}

extension View {
    /// The kind of text for autofill (accepted; a host has no keyboard).
    public func textContentType(_ type: UITextContentType?) -> some View { self }
}
