import Foundation
import FrostGeometry

// Reproduces SwiftUI's `TextEditor`: the bound text, wrapped, in the body font, from the
// top-leading corner of the space offered (5 pt in from the leading edge and 8 pt from the top,
// UITextView's text container insets), taking all the space offered. Not reproduced: editing
// (a host sets the text through its binding), the caret, scrolling past the bottom.

/// Multi-line editable text, as SwiftUI's `TextEditor`.
public struct TextEditor: View {
    let text: Binding<String>
    public init(text: Binding<String>) { self.text = text }
    public var body: some View {
        Text(verbatim: text.wrappedValue)
            .padding(.horizontal, 5)
            .padding(.vertical, 8)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
