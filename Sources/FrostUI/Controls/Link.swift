import Foundation
import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's Link (a tinted label; tapping calls the environment's openURL action,
// which headlessly records the URL: `host.openedURLs`) and Menu as iOS draws it closed (its
// label as a borderless button; its items are not shown, as no menu is open in a still frame).

/// A control that opens a URL, as SwiftUI's `Link`.
public struct Link<Label: View>: View, PrimitiveView {
    let destination: URL
    let label: Label
    public init(destination: URL, @ViewBuilder label: () -> Label) { self.destination = destination; self.label = label() }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let open = context.environment.openURL, url = destination
        return resolveView(Button(action: { open(url) }) { label }, context.child("link"))
    }
}

extension Link where Label == Text {
    @_disfavoredOverload
    public init(_ title: some StringProtocol, destination: URL) { self.init(destination: destination) { Text(title) } }
    public init(_ titleKey: LocalizedStringKey, destination: URL) { self.init(destination: destination) { Text(titleKey) } }
}

/// What opening a URL does, as SwiftUI's `OpenURLAction`: by default the host records it.
public struct OpenURLAction {
    let handler: (URL) -> Void
    public init(handler: @escaping (URL) -> Void) { self.handler = handler }
    public func callAsFunction(_ url: URL) { handler(url) }
}

private enum OpenURLKey: EnvironmentKey { static var defaultValue: OpenURLAction { OpenURLAction { _ in } } }
extension EnvironmentValues {
    public var openURL: OpenURLAction { get { self[OpenURLKey.self] } set { self[OpenURLKey.self] = newValue } }
}

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
