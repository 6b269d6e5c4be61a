import Foundation
import FrostGeometry

// SwiftUI's presentation API as app code writes it — `sheet`, `fullScreenCover`, `popover`,
// `alert` (iOS 15's and the deprecated `Alert`), `confirmationDialog`, `actionSheet`, the
// presentation modifiers (detents, drag indicator, dismiss disabled) and the environment's
// `dismiss`, `presentationMode` and `isPresented`. How completely: everything compiles with
// SwiftUI's signatures; the presenting view draws as it does with nothing presented, because a
// presentation is a separate window the interaction work has not built yet. `dismiss()` and
// `presentationMode.wrappedValue.dismiss()` are accepted and do nothing outside a presentation,
// as in SwiftUI.

/// Dismisses the presentation the view is in, as SwiftUI's `DismissAction`.
public struct DismissAction: Sendable {
    let handler: @Sendable () -> Void
    public init(_ handler: @escaping @Sendable () -> Void = {}) { self.handler = handler }
    public func callAsFunction() { handler() }
}

/// Whether a view is presented, and how to dismiss it, as SwiftUI's (deprecated) `PresentationMode`.
public struct PresentationMode: Sendable {
    public private(set) var isPresented: Bool = false
    init(isPresented: Bool) { self.isPresented = isPresented }
    public mutating func dismiss() {}
}

private enum DismissKey: EnvironmentKey { static var defaultValue: DismissAction { DismissAction() } }
private enum IsPresentedKey: EnvironmentKey { static var defaultValue: Bool { false } }

extension EnvironmentValues {
    /// Dismisses the current presentation (nothing, outside one).
    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }
    /// Whether the view is in a presentation.
    public var isPresented: Bool {
        get { self[IsPresentedKey.self] }
        set { self[IsPresentedKey.self] = newValue }
    }
    /// The deprecated presentation mode, as a binding.
    public var presentationMode: Binding<PresentationMode> {
        let presented = isPresented
        return Binding(get: { PresentationMode(isPresented: presented) }, set: { _ in })
    }
}

/// The heights a sheet may rest at, as SwiftUI's `PresentationDetent`.
public struct PresentationDetent: Hashable, Sendable {
    let fraction: Double?
    let height: Double?
    public static let medium = PresentationDetent(fraction: 0.5, height: nil)
    public static let large = PresentationDetent(fraction: 1, height: nil)
    public static func fraction(_ f: CGFloat) -> PresentationDetent { PresentationDetent(fraction: Double(f), height: nil) }
    public static func height(_ h: CGFloat) -> PresentationDetent { PresentationDetent(fraction: nil, height: Double(h)) }
}

/// How a popover or sheet adapts, as SwiftUI's `PresentationAdaptation`.
public struct PresentationAdaptation: Sendable {
    public static let automatic = PresentationAdaptation(), none = PresentationAdaptation()
    public static let popover = PresentationAdaptation(), sheet = PresentationAdaptation(), fullScreenCover = PresentationAdaptation()
}

/// Where a popover points, as SwiftUI's `PopoverAttachmentAnchor`.
public enum PopoverAttachmentAnchor {
    case rect(Anchor<CGRect>.Source)
    case point(UnitPoint)
}

/// A modifier that presents something elsewhere: the view itself draws unchanged.
public struct _PresentationModifier: PrimitiveViewModifier {
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] { content }
}

extension View {
    /// Presents `content` as a sheet while `isPresented` is true.
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    )
        -> ModifiedContent<Self, _PresentationModifier>
    { modifier(_PresentationModifier()) }
    /// Presents a sheet for `item` while it is not nil.
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    )
        -> ModifiedContent<Self, _PresentationModifier>
    { modifier(_PresentationModifier()) }
    /// Presents `content` over the whole screen while `isPresented` is true.
    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> ModifiedContent<Self, _PresentationModifier> { modifier(_PresentationModifier()) }
    /// Presents a full-screen cover for `item` while it is not nil.
    public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> ModifiedContent<Self, _PresentationModifier> { modifier(_PresentationModifier()) }
    /// Presents `content` in a popover while `isPresented` is true.
    public func popover<Content: View>(
        isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> ModifiedContent<Self, _PresentationModifier> { modifier(_PresentationModifier()) }
    /// Presents a popover for `item` while it is not nil.
    public func popover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> ModifiedContent<Self, _PresentationModifier> { modifier(_PresentationModifier()) }

    /// Shows an alert with `actions` (buttons) while `isPresented` is true.
    public func alert<A: View>(_ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> ModifiedContent<Self, _PresentationModifier> {
        modifier(_PresentationModifier())
    }
    public func alert<A: View>(
        _ title: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<
        Self, _PresentationModifier
    > { modifier(_PresentationModifier()) }
    public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> ModifiedContent<Self, _PresentationModifier> {
        modifier(_PresentationModifier())
    }
    /// Shows an alert with `actions` and `message` while `isPresented` is true.
    public func alert<A: View, M: View>(
        _ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    )
        -> ModifiedContent<Self, _PresentationModifier>
    { modifier(_PresentationModifier()) }
    public func alert<A: View, M: View>(
        _ title: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self, _PresentationModifier> { modifier(_PresentationModifier()) }
    public func alert<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    )
        -> ModifiedContent<Self, _PresentationModifier>
    { modifier(_PresentationModifier()) }
    /// Shows an alert for `data` while `isPresented` is true.
    public func alert<A: View, M: View, T>(
        _ title: String, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> ModifiedContent<Self, _PresentationModifier> { modifier(_PresentationModifier()) }
    public func alert<A: View, T>(
        _ title: String, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A
    )
        -> ModifiedContent<Self, _PresentationModifier>
    { modifier(_PresentationModifier()) }
    /// Shows an alert for an error while `isPresented` is true.
    public func alert<E: LocalizedError, A: View>(
        isPresented: Binding<Bool>, error: E?, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<
        Self, _PresentationModifier
    > { modifier(_PresentationModifier()) }
    /// The deprecated form: an `Alert` while `isPresented` is true.
    @available(iOS, deprecated: 100000, message: "use alert(title:isPresented:presenting:actions:)")
    public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> ModifiedContent<Self, _PresentationModifier> {
        modifier(_PresentationModifier())
    }
    /// The deprecated form: an `Alert` for `item` while it is not nil.
    @available(iOS, deprecated: 100000, message: "use alert(title:isPresented:presenting:actions:)")
    public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> ModifiedContent<Self, _PresentationModifier> {
        modifier(_PresentationModifier())
    }
    /// A confirmation dialog (an action sheet) while `isPresented` is true.
    public func confirmationDialog<A: View>(
        _ title: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<Self, _PresentationModifier> { modifier(_PresentationModifier()) }
    public func confirmationDialog<A: View>(
        _ title: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<Self, _PresentationModifier> { modifier(_PresentationModifier()) }
    public func confirmationDialog<A: View, M: View>(
        _ title: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A,
        @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self, _PresentationModifier> { modifier(_PresentationModifier()) }
    public func confirmationDialog<A: View, M: View>(
        _ title: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A,
        @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self, _PresentationModifier> { modifier(_PresentationModifier()) }
    /// The deprecated action sheet.
    @available(iOS, deprecated: 100000, message: "use confirmationDialog(title:isPresented:titleVisibility:presenting:actions:)")
    public func actionSheet(isPresented: Binding<Bool>, content: () -> ActionSheet) -> ModifiedContent<Self, _PresentationModifier> {
        modifier(_PresentationModifier())
    }

    /// The heights a sheet may rest at (accepted: no sheet is shown).
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { self }
    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> some View { self }
    public func presentationDragIndicator(_ visibility: Visibility) -> some View { self }
    public func presentationCornerRadius(_ radius: CGFloat?) -> some View { self }
    public func presentationBackground<S: ShapeStyle>(_ style: S) -> some View { self }
    public func presentationCompactAdaptation(_ adaptation: PresentationAdaptation) -> some View { self }
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { self }
}

/// The deprecated alert value, as SwiftUI's `Alert`.
public struct Alert {
    /// A button of an alert or action sheet.
    public struct Button {
        let label: Text
        let action: (() -> Void)?
        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, action: action) }
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, action: action) }
        public static func cancel(_ action: (() -> Void)? = {}) -> Button { Button(label: Text("Cancel"), action: action) }
        public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, action: action) }
    }
    let title: Text
    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) { self.title = title }
    public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) { self.title = title }
}

/// The deprecated action sheet value, as SwiftUI's `ActionSheet`.
public struct ActionSheet {
    public typealias Button = Alert.Button
    let title: Text
    public init(title: Text, message: Text? = nil, buttons: [Button] = [.cancel()]) { self.title = title }
}
