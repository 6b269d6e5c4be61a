import Foundation
import FrostGeometry

// Reproduces SwiftUI's `ContentUnavailableView` (iOS 17): a centred symbol (48 pt, secondary),
// a bold title 2 headline, a secondary description and optional actions, filling the space
// offered; `.search` and `.search(text:)` as Apple words them. The metrics are measured from
// iOS 17's look (symbol 48 pt, 12 pt between symbol and title, 8 pt to the description).

/// An empty state, as SwiftUI's `ContentUnavailableView`.
public struct ContentUnavailableView<LabelContent: View, Description: View, Actions: View>: View {
    let label: LabelContent
    let description: Description
    let actions: Actions

    public init(
        @ViewBuilder label: () -> LabelContent, @ViewBuilder description: () -> Description = { EmptyView() },
        @ViewBuilder actions: () -> Actions = { EmptyView() }
    ) {
        self.label = label(); self.description = description(); self.actions = actions()
    }

    public var body: some View {
        VStack(spacing: 8) {
            label
                .labelStyle(_UnavailableLabelStyle())
            description
                .font(.callout)
                .foregroundStyle(.secondary)
                .multilineTextAlignment(.center)
            actions
                .padding(.top, 8)
        }
        .padding(.horizontal, 40)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

/// The unavailable view's label: the icon large and secondary above a bold title.
struct _UnavailableLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 12) {
            configuration.icon
                .font(.system(size: 48))
                .foregroundStyle(.secondary)
            configuration.title
                .font(.title2.bold())
                .multilineTextAlignment(.center)
        }
    }
}

extension ContentUnavailableView where LabelContent == Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// A title, a symbol and an optional description.
    public init(_ title: String, systemImage name: String, description: Text? = nil) {
        self.init(label: { Label(title, systemImage: name) }, description: { description })
    }
    public init(_ titleKey: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        self.init(label: { Label(titleKey, systemImage: name) }, description: { description })
    }
}

extension ContentUnavailableView where LabelContent == Label<Text, Image>, Description == Text, Actions == EmptyView {
    /// No search results.
    public static var search: ContentUnavailableView<Label<Text, Image>, Text, EmptyView> {
        ContentUnavailableView(label: { Label("No Results", systemImage: "magnifyingglass") }, description: { Text("Check the spelling or try a new search.") })
    }
    /// No search results for `text`.
    public static func search(text: String) -> ContentUnavailableView<Label<Text, Image>, Text, EmptyView> {
        ContentUnavailableView(
            label: { Label("No Results for “\(text)”", systemImage: "magnifyingglass") }, description: { Text("Check the spelling or try a new search.") })
    }
}
