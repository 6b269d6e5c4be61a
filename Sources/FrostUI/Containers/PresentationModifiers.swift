import Foundation
import FrostGeometry
import FrostLayout
import FrostScene

// The presentation modifiers of SwiftUI (sheet, fullScreenCover, popover, alert,
// confirmationDialog and their deprecated forms) as requests to the host: while its binding
// says so, a modifier hands the host what to present; PresentationLayer.swift draws it.

/// What a presentation modifier asks the host to show in this pass.
struct PresentationRequest {
    enum Kind { case sheet, cover, alert, dialog, menu, contextMenu }
    let kind: Kind
    /// Where the presented views' state lives (the presenting modifier's identity + "presented").
    let identity: SceneIdentity
    /// The presenting view's environment (a presentation inherits it).
    let environment: EnvironmentValues
    /// The presented view (a sheet's content, or an alert's or dialog's card).
    let content: () -> AnyView
    /// Sets the presenting binding back (nil or false).
    let dismiss: () -> Void
    let onDismiss: (() -> Void)?
    /// The presenting view's layout (a menu opens beside it).
    var anchor: LayoutNode? = nil
}

/// A modifier that presents something over the screen while its binding says so; the view
/// itself draws unchanged.
public struct _PresentationModifier: PrimitiveViewModifier {
    let kind: PresentationRequest.Kind
    /// The presented view when presented now (nil: nothing), and how to dismiss it.
    let presented: (() -> AnyView)?
    let dismiss: () -> Void
    var onDismiss: (() -> Void)? = nil

    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        // The screen gets its presenting card from the start, so the first presentation
        // animates it from rest (a menu does not move the screen).
        if kind != .menu && kind != .contextMenu { context.host.pass.hasPresenters = true }
        guard let presented else { return content }
        let request = PresentationRequest(
            kind: kind, identity: context.identity.appending("presented"), environment: context.environment, content: presented,
            dismiss: dismiss, onDismiss: onDismiss, anchor: content.first?.node)
        // A view resolved more than once in a pass (ViewThatFits' candidates) asks once.
        if let i = context.host.pass.presentations.firstIndex(where: { $0.identity == request.identity }) {
            context.host.pass.presentations[i] = request
        } else {
            context.host.pass.presentations.append(request)
        }
        return content
    }
}

/// An alert's, dialog's or menu's button: its label, role and action.
struct DialogButton {
    let label: String
    let role: ButtonRole?
    let action: () -> Void
    /// The SF Symbol in the button's label (a `Label`'s icon), which a menu row shows.
    var icon: String? = nil
    /// A nested `Menu`'s content (a menu shows it as a submenu).
    var submenu: AnyView? = nil

    /// The buttons (tap targets) among resolved views, in order; a button's own content is not
    /// searched further.
    static func collect(_ elements: [Element]) -> [DialogButton] {
        var found: [DialogButton] = []
        func walk(_ e: Element, _ submenu: AnyView?) {
            let submenu = e.submenu ?? submenu
            if let tap = e.tap {
                found.append(DialogButton(label: tap.label, role: e.buttonRole, action: tap.action, icon: e.firstSymbol, submenu: submenu))
                return
            }
            e.children.forEach { walk($0, submenu) }
        }
        elements.forEach { walk($0, nil) }
        return found
    }

    /// The text fields among resolved views (an alert's `actions` may hold some, iOS 16+), each
    /// as the outermost element holding a field and no button.
    static func fields(_ elements: [Element]) -> [Element] {
        func has(_ e: Element, _ test: (Element) -> Bool) -> Bool { test(e) || e.children.contains { has($0, test) } }
        var found: [Element] = []
        func walk(_ e: Element) {
            if e.tap != nil { return }
            let isField: (Element) -> Bool = { $0.control?.kind == "text field" || $0.control?.kind == "secure field" }
            guard has(e, isField) else { return }
            if !has(e, { $0.tap != nil }) { found.append(e); return }
            e.children.forEach(walk)
        }
        elements.forEach(walk)
        return found
    }
}

extension View {
    func present(
        _ kind: PresentationRequest.Kind, when shown: Bool, dismiss: @escaping () -> Void, onDismiss: (() -> Void)? = nil,
        _ content: @escaping () -> AnyView
    ) -> ModifiedContent<Self, _PresentationModifier> {
        modifier(_PresentationModifier(kind: kind, presented: shown ? content : nil, dismiss: dismiss, onDismiss: onDismiss))
    }

    /// Presents `content` as a sheet while `isPresented` is true.
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> ModifiedContent<Self, _PresentationModifier> {
        present(.sheet, when: isPresented.wrappedValue, dismiss: { isPresented.wrappedValue = false }, onDismiss: onDismiss) { AnyView(content()) }
    }
    /// Presents a sheet for `item` while it is not nil.
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> ModifiedContent<Self, _PresentationModifier> {
        let value = item.wrappedValue
        return present(.sheet, when: value != nil, dismiss: { item.wrappedValue = nil }, onDismiss: onDismiss) { AnyView(content(value!).id(value!.id)) }
    }
    /// Presents `content` over the whole screen while `isPresented` is true.
    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> ModifiedContent<Self, _PresentationModifier> {
        present(.cover, when: isPresented.wrappedValue, dismiss: { isPresented.wrappedValue = false }, onDismiss: onDismiss) { AnyView(content()) }
    }
    /// Presents a full-screen cover for `item` while it is not nil.
    public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> ModifiedContent<Self, _PresentationModifier> {
        let value = item.wrappedValue
        return present(.cover, when: value != nil, dismiss: { item.wrappedValue = nil }, onDismiss: onDismiss) { AnyView(content(value!).id(value!.id)) }
    }
    /// Presents `content` while `isPresented` is true: as a sheet, as on iPhone.
    public func popover<Content: View>(
        isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> ModifiedContent<Self, _PresentationModifier> {
        sheet(isPresented: isPresented, content: content)
    }
    /// Presents a popover (a sheet, on iPhone) for `item` while it is not nil.
    public func popover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> ModifiedContent<Self, _PresentationModifier> {
        sheet(item: item, content: content)
    }

    /// An alert titled `title` with `actions` (buttons; an OK button when there are none) and a
    /// message, while `isPresented` is true; any button dismisses it.
    private func alertCard(
        _ kind: PresentationRequest.Kind, _ title: Text, titleVisible: Bool = true, isPresented: Binding<Bool>, actions: AnyView?, message: AnyView?
    ) -> ModifiedContent<Self, _PresentationModifier> {
        present(kind, when: isPresented.wrappedValue, dismiss: { isPresented.wrappedValue = false }) {
            AnyView(
                _DialogCard(
                    kind: kind, title: titleVisible ? title : nil, message: message, actions: actions,
                    dismiss: { isPresented.wrappedValue = false }))
        }
    }

    /// Shows an alert with `actions` (buttons) while `isPresented` is true.
    public func alert<A: View>(_ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> ModifiedContent<Self, _PresentationModifier> {
        alertCard(.alert, Text(title), isPresented: isPresented, actions: AnyView(actions()), message: nil)
    }
    public func alert<A: View>(
        _ title: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<Self, _PresentationModifier> {
        alertCard(.alert, Text(title), isPresented: isPresented, actions: AnyView(actions()), message: nil)
    }
    public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> ModifiedContent<Self, _PresentationModifier> {
        alertCard(.alert, title, isPresented: isPresented, actions: AnyView(actions()), message: nil)
    }
    /// Shows an alert with `actions` and `message` while `isPresented` is true.
    public func alert<A: View, M: View>(
        _ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self, _PresentationModifier> {
        alertCard(.alert, Text(title), isPresented: isPresented, actions: AnyView(actions()), message: AnyView(message()))
    }
    public func alert<A: View, M: View>(
        _ title: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self, _PresentationModifier> {
        alertCard(.alert, Text(title), isPresented: isPresented, actions: AnyView(actions()), message: AnyView(message()))
    }
    public func alert<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self, _PresentationModifier> {
        alertCard(.alert, title, isPresented: isPresented, actions: AnyView(actions()), message: AnyView(message()))
    }
    /// Shows an alert for `data` while `isPresented` is true (and `data` is not nil).
    public func alert<A: View, M: View, T>(
        _ title: String, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> ModifiedContent<Self, _PresentationModifier> {
        let shown = Binding(get: { isPresented.wrappedValue && data != nil }, set: { isPresented.wrappedValue = $0 })
        return alertCard(.alert, Text(title), isPresented: shown, actions: data.map { AnyView(actions($0)) }, message: data.map { AnyView(message($0)) })
    }
    public func alert<A: View, T>(
        _ title: String, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> ModifiedContent<Self, _PresentationModifier> {
        let shown = Binding(get: { isPresented.wrappedValue && data != nil }, set: { isPresented.wrappedValue = $0 })
        return alertCard(.alert, Text(title), isPresented: shown, actions: data.map { AnyView(actions($0)) }, message: nil)
    }
    /// Shows an alert for an error while `isPresented` is true: its description as the title,
    /// its failure reason as the message.
    public func alert<E: LocalizedError, A: View>(
        isPresented: Binding<Bool>, error: E?, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<Self, _PresentationModifier> {
        let shown = Binding(get: { isPresented.wrappedValue && error != nil }, set: { isPresented.wrappedValue = $0 })
        return alertCard(
            .alert, Text(error?.errorDescription ?? ""), isPresented: shown, actions: AnyView(actions()),
            message: error?.failureReason.map { AnyView(Text($0)) })
    }
    /// The deprecated form: an `Alert` while `isPresented` is true.
    @available(iOS, deprecated: 100000, message: "use alert(title:isPresented:presenting:actions:)")
    public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> ModifiedContent<Self, _PresentationModifier> {
        let a = content()
        return alertCard(.alert, a.title, isPresented: isPresented, actions: AnyView(a.buttonsView), message: a.message.map { AnyView($0) })
    }
    /// The deprecated form: an `Alert` for `item` while it is not nil.
    @available(iOS, deprecated: 100000, message: "use alert(title:isPresented:presenting:actions:)")
    public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> ModifiedContent<Self, _PresentationModifier> {
        let a = item.wrappedValue.map(content)
        let shown = Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
        return alertCard(.alert, a?.title ?? Text(""), isPresented: shown, actions: a.map { AnyView($0.buttonsView) }, message: a?.message.map { AnyView($0) })
    }
    /// A confirmation dialog (an action sheet from the bottom) while `isPresented` is true.
    public func confirmationDialog<A: View>(
        _ title: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<Self, _PresentationModifier> {
        alertCard(.dialog, Text(title), titleVisible: titleVisibility == .visible, isPresented: isPresented, actions: AnyView(actions()), message: nil)
    }
    public func confirmationDialog<A: View>(
        _ title: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A
    ) -> ModifiedContent<Self, _PresentationModifier> {
        alertCard(.dialog, Text(title), titleVisible: titleVisibility == .visible, isPresented: isPresented, actions: AnyView(actions()), message: nil)
    }
    /// A confirmation dialog with a message (the title shows unless `titleVisibility` is `.hidden`).
    public func confirmationDialog<A: View, M: View>(
        _ title: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A,
        @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self, _PresentationModifier> {
        alertCard(
            .dialog, Text(title), titleVisible: titleVisibility != .hidden, isPresented: isPresented, actions: AnyView(actions()), message: AnyView(message()))
    }
    public func confirmationDialog<A: View, M: View>(
        _ title: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A,
        @ViewBuilder message: () -> M
    ) -> ModifiedContent<Self, _PresentationModifier> {
        alertCard(
            .dialog, Text(title), titleVisible: titleVisibility != .hidden, isPresented: isPresented, actions: AnyView(actions()), message: AnyView(message()))
    }
    /// The deprecated action sheet.
    @available(iOS, deprecated: 100000, message: "use confirmationDialog(title:isPresented:titleVisibility:presenting:actions:)")
    public func actionSheet(isPresented: Binding<Bool>, content: () -> ActionSheet) -> ModifiedContent<Self, _PresentationModifier> {
        let a = content()
        return alertCard(.dialog, a.title, isPresented: isPresented, actions: AnyView(a.buttonsView), message: a.message.map { AnyView($0) })
    }
}

/// The deprecated alert value, as SwiftUI's `Alert`.
public struct Alert {
    /// A button of an alert or action sheet.
    public struct Button {
        let label: Text
        let role: ButtonRole?
        let action: (() -> Void)?
        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, role: nil, action: action) }
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, role: .cancel, action: action) }
        public static func cancel(_ action: (() -> Void)? = {}) -> Button { Button(label: Text("Cancel"), role: .cancel, action: action) }
        public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, role: .destructive, action: action) }
    }
    let title: Text
    let message: Text?
    let buttons: [Button]
    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
        self.title = title; self.message = message; buttons = dismissButton.map { [$0] } ?? []
    }
    public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {
        self.title = title; self.message = message; buttons = [primaryButton, secondaryButton]
    }
    /// The buttons as the views the modern API takes.
    var buttonsView: some View { Alert.views(buttons) }
    static func views(_ buttons: [Button]) -> some View {
        ForEach(buttons.indices, id: \.self) { i in
            FrostUI.Button(role: buttons[i].role, action: buttons[i].action ?? {}) { buttons[i].label }
        }
    }
}

/// The deprecated action sheet value, as SwiftUI's `ActionSheet`.
public struct ActionSheet {
    public typealias Button = Alert.Button
    let title: Text
    let message: Text?
    let buttons: [Button]
    public init(title: Text, message: Text? = nil, buttons: [Button] = [.cancel()]) { self.title = title; self.message = message; self.buttons = buttons }
    var buttonsView: some View { Alert.views(buttons) }
}
