import Foundation
import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's `Menu` as iOS draws it closed: its label, tinted and tappable; the menu itself does not open (a headless host has no popover).

/// A menu, as SwiftUI's `Menu` drawn closed: its label, tinted, tappable (the menu does not open).
public struct Menu<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { self.content = content(); self.label = label() }
    public var body: some View { Button(action: {}) { label } }
}

extension Menu where Label == Text {
    @_disfavoredOverload
    public init(_ title: some StringProtocol, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(title) } }
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(titleKey) } }
}

extension Menu where Label == FrostUI.Label<Text, Image> {
    public init(_ title: some StringProtocol, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { FrostUI.Label(title, systemImage: systemImage) }
    }
}
