import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's LabeledContent as a Form row draws it: the label leading, the value trailing
// in the secondary colour.

/// A label and a value: outside a form, label leading in the primary colour, value trailing in
/// the secondary colour, a spacer between (OpenSwiftUI's LeadingTrailingLabeledContentStyle).
public struct LabeledContent: View {
    let title: String, value: String
    public init(_ title: some StringProtocol, value: some StringProtocol) { self.title = String(title); self.value = String(value) }
    public var body: some View {
        HStack {
            Text(title)
            Spacer()
            Text(value).foregroundStyle(.secondary)
        }
    }
}
