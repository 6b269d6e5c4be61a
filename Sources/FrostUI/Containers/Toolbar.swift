import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's toolbar items as a navigation bar shows them: ToolbarItem and
// ToolbarItemGroup at their placements (leading, trailing, principal and the bottom bar; the
// action placements map to iOS's sides), built by ToolbarContentBuilder. The bar itself is drawn
// by NavigationStack.swift.

/// Where a toolbar item goes, as SwiftUI's `ToolbarItemPlacement`.
public struct ToolbarItemPlacement: Hashable, Sendable {
    enum Slot: Hashable, Sendable { case leading, trailing, principal, bottom }
    let slot: Slot
    public static let automatic = ToolbarItemPlacement(slot: .trailing)
    public static let topBarLeading = ToolbarItemPlacement(slot: .leading)
    public static let topBarTrailing = ToolbarItemPlacement(slot: .trailing)
    public static let navigationBarLeading = ToolbarItemPlacement(slot: .leading)
    public static let navigationBarTrailing = ToolbarItemPlacement(slot: .trailing)
    public static let principal = ToolbarItemPlacement(slot: .principal)
    public static let bottomBar = ToolbarItemPlacement(slot: .bottom)
    public static let primaryAction = ToolbarItemPlacement(slot: .trailing)
    public static let confirmationAction = ToolbarItemPlacement(slot: .trailing)
    public static let cancellationAction = ToolbarItemPlacement(slot: .leading)
    public static let destructiveAction = ToolbarItemPlacement(slot: .trailing)
}

/// Which bar, as SwiftUI's `ToolbarPlacement`.
public struct ToolbarPlacement: Hashable, Sendable {
    let name: String
    public static let navigationBar = ToolbarPlacement(name: "navigationBar")
    public static let tabBar = ToolbarPlacement(name: "tabBar")
    public static let bottomBar = ToolbarPlacement(name: "bottomBar")
    public static let automatic = ToolbarPlacement(name: "automatic")
}

/// One toolbar item as the bar draws it.
public struct ToolbarEntry {
    let placement: ToolbarItemPlacement
    let view: AnyView
}

/// A toolbar item, as SwiftUI's `ToolbarItem`.
public struct ToolbarItem<Content: View> {
    let placement: ToolbarItemPlacement
    let content: Content
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) { self.placement = placement; self.content = content() }
    public init<ID: Hashable>(id: ID, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement; self.content = content()
    }
}

/// Several items in one place, as SwiftUI's `ToolbarItemGroup`.
public struct ToolbarItemGroup<Content: View> {
    let placement: ToolbarItemPlacement
    let content: Content
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) { self.placement = placement; self.content = content() }
}

/// Builds toolbar content: items, groups, and plain views (placed automatically).
@resultBuilder
public enum ToolbarContentBuilder {
    public static func buildExpression<C: View>(_ item: ToolbarItem<C>) -> [ToolbarEntry] {
        [ToolbarEntry(placement: item.placement, view: AnyView(item.content))]
    }
    public static func buildExpression<C: View>(_ group: ToolbarItemGroup<C>) -> [ToolbarEntry] {
        [ToolbarEntry(placement: group.placement, view: AnyView(HStack(spacing: 16) { group.content }))]
    }
    public static func buildExpression<V: View>(_ view: V) -> [ToolbarEntry] { [ToolbarEntry(placement: .automatic, view: AnyView(view))] }
    public static func buildBlock(_ parts: [ToolbarEntry]...) -> [ToolbarEntry] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [ToolbarEntry]?) -> [ToolbarEntry] { part ?? [] }
    public static func buildEither(first: [ToolbarEntry]) -> [ToolbarEntry] { first }
    public static func buildEither(second: [ToolbarEntry]) -> [ToolbarEntry] { second }
    public static func buildArray(_ parts: [[ToolbarEntry]]) -> [ToolbarEntry] { parts.flatMap { $0 } }
}
