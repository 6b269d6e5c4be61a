import Foundation
import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's Link (a tinted label; tapping calls the environment's openURL action,
// which headlessly records the URL: `host.openedURLs`). Complete; Menu is in Menu.swift.

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
    public var openURL: OpenURLAction {
        get { self[OpenURLKey.self] }
        set { self[OpenURLKey.self] = newValue }
    }
}
