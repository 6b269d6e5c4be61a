// The font files a host draws the system font with when the caller supplies its own (instead of
// Inter, San Francisco's stand-in, or DejaVu). No SwiftUI counterpart: iOS always has SF.

/// Font files that stand in for the system font (San Francisco).
public struct SystemFontFiles: Hashable, Sendable {
    /// Regular weight; also semibold and heavier when `bold` is nil.
    public var regular: String
    /// Semibold and heavier.
    public var bold: String?
    public init(regular: String, bold: String? = nil) { self.regular = regular; self.bold = bold }
}
