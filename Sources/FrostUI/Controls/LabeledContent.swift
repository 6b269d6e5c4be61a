import Foundation
import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's LabeledContent (iOS 16+) with its automatic style: the label leading in the
// primary colour, the content trailing in the secondary colour with a spacer between; at the
// accessibility text sizes the content stacks under the label, leading-aligned, as iOS 18 lays it
// out (measured against SpeziViews' row at accessibility3). All four initialisers; no custom
// LabeledContentStyle.

/// A label and a value: the label leading in the primary colour, the value trailing in the
/// secondary colour, a spacer between. At accessibility text sizes
/// (``DynamicTypeSize/isAccessibilitySize``) the value stacks under the label, as iOS lays it out.
public struct LabeledContent<Label: View, Content: View>: View {
    let label: Label, content: Content
    @Environment(\.dynamicTypeSize) private var typeSize

    /// Content and a label you build.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label()
    }

    public var body: some View {
        if typeSize.isAccessibilitySize {
            VStack(alignment: .leading, spacing: 2) {
                label
                content.foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        } else {
            HStack {
                label
                Spacer()
                content.foregroundStyle(.secondary)
            }
        }
    }
}

extension LabeledContent where Label == Text {
    /// Content you build under a title.
    public init(_ title: some StringProtocol, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A title and a string value.
    public init(_ title: some StringProtocol, value: some StringProtocol) {
        self.init(title) { Text(value) }
    }
    /// A title and a value formatted by a Foundation format style
    /// (`LabeledContent("Price", value: 3.5, format: .currency(code: "EUR"))`).
    public init<F: FormatStyle>(_ title: some StringProtocol, value: F.FormatInput, format: F) where F.FormatOutput == String {
        self.init(title) { Text(format.format(value)) }
    }
}
