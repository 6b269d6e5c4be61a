import Foundation
import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's `Menu` on iOS 18: its label, tinted and tappable; a tap opens the menu
// beside it (the host's presentation layer, PresentationLayer.swift): a 250 pt platter on
// `.regularMaterial` with 13 pt corners (no shadow yet), one 44 pt row per button (17 pt
// text; destructive ones red; a `Picker`'s options with a checkmark column; a `Label`'s
// symbol at the row's trailing edge, 17 pt, in a 24 pt column), one-pixel separators. It opens below its label, or above when there is no room, aligned to the label's
// leading edge on the left half of the screen and its trailing edge on the right, growing out
// of that corner with a slight spring; a row runs its action and closes it, a tap outside
// closes it. Submenus are not drawn (a submenu's row closes the menu), nor the platter's shadow.

/// A menu, as SwiftUI's `Menu`: a button that opens its content's buttons as a menu.
public struct Menu<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    @State private var isOpen = false
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { self.content = content(); self.label = label() }
    public var body: some View {
        let content = AnyView(self.content)
        let open = $isOpen
        let close = { open.wrappedValue = false }
        return Button(action: { isOpen = true }) { label }
            .present(.menu, when: isOpen, dismiss: close) { AnyView(_MenuCard(rows: .buttons(content), dismiss: close)) }
    }
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

/// A menu's platter: the rows its content's buttons resolve to, or a picker's options.
struct _MenuCard: View, PrimitiveView {
    typealias Body = Never
    enum Rows {
        /// A `Menu`'s content: each button (in `Section`s and `ForEach`es too) is a row.
        case buttons(AnyView)
        /// A picker's options, the selected one checked.
        case options([(text: String, checked: Bool, choose: () -> Void)])
    }
    let rows: Rows
    let dismiss: () -> Void

    func resolve(_ context: ResolveContext) -> [Element] {
        var made: [_MenuRow] = []
        let dismiss = self.dismiss
        switch rows {
        case .buttons(let content):
            made = DialogButton.collect(resolveView(content, context.child("content"))).map { b in
                _MenuRow(text: b.label, checked: nil, destructive: b.role == .destructive, icon: b.icon) {
                    dismiss(); b.action()
                }
            }
        case .options(let options):
            made = options.map { o in
                _MenuRow(text: o.text, checked: o.checked, destructive: false) {
                    dismiss(); o.choose()
                }
            }
        }
        return resolveView(_MenuPlatter(rows: made), context.child("platter"))
    }
}

/// One row of a menu.
struct _MenuRow: View {
    let text: String
    /// nil: no checkmark column (a menu of actions); else whether this option is chosen.
    let checked: Bool?
    let destructive: Bool
    /// The SF Symbol shown at the trailing edge (a `Label`'s icon).
    var icon: String? = nil
    let action: () -> Void
    init(text: String, checked: Bool?, destructive: Bool, icon: String? = nil, action: @escaping () -> Void) {
        self.text = text; self.checked = checked; self.destructive = destructive; self.icon = icon; self.action = action
    }
    var body: some View {
        Button(action: action) {
            HStack(spacing: 0) {
                if let checked {
                    Image(systemName: "checkmark").font(.system(size: 15, weight: .semibold)).opacity(checked ? 1 : 0).frame(width: 28, alignment: .leading)
                }
                Text(text).font(.system(size: 17)).lineLimit(1)
                Spacer(minLength: 8)
                if let icon { Image(systemName: icon).font(.system(size: 17)).frame(width: 24) }
            }
            .foregroundStyle(destructive ? Color.red : Color.primary)
            .padding(.horizontal, 16)
            .frame(maxWidth: .infinity, minHeight: 44)
            .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
    }
}

struct _MenuPlatter: View {
    let rows: [_MenuRow]
    @Environment(\.displayScale) private var displayScale
    var body: some View {
        VStack(spacing: 0) {
            ForEach(rows.indices, id: \.self) { i in
                if i > 0 { Rectangle().fill(Color.separator).frame(height: 1 / displayScale) }
                rows[i]
            }
        }
        .frame(width: 250)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 13, style: .continuous))
    }
}

/// `contextMenu`: a long press (0.5 s) on the view blurs the screen behind it, lifts the view
/// (or the given preview) above the blur in its place, and opens its menu beside it, as iOS
/// does; a row acts and closes it, a tap on the blur closes it.
public struct _ContextMenuHost<Content: View>: View {
    let content: Content
    let items: AnyView
    let preview: AnyView?
    @State private var isOpen = false
    public var body: some View {
        let open = $isOpen, items = self.items, lifted = preview ?? AnyView(content)
        return
            content
            .onLongPressGesture(minimumDuration: 0.5) { isOpen = true }
            .modifier(
                _PresentationModifier(
                    kind: .contextMenu,
                    presented: isOpen ? { AnyView(_ContextMenuStack(preview: lifted, items: items, dismiss: { open.wrappedValue = false })) } : nil,
                    dismiss: { open.wrappedValue = false }))
    }
}

extension View {
    /// A menu of `menuItems` opened by a long press, over the blurred screen.
    public func contextMenu<M: View>(@ViewBuilder menuItems: () -> M) -> _ContextMenuHost<Self> {
        _ContextMenuHost(content: self, items: AnyView(menuItems()), preview: nil)
    }
    /// A menu of `menuItems` opened by a long press, with `preview` lifted in place of the view.
    public func contextMenu<M: View, P: View>(@ViewBuilder menuItems: () -> M, @ViewBuilder preview: () -> P) -> _ContextMenuHost<Self> {
        _ContextMenuHost(content: self, items: AnyView(menuItems()), preview: AnyView(preview()))
    }
}

/// The lifted view and the menu under (or over) it, laid out where the presentation layer says
/// (`menuAnchor`: the pressed view's frame, and which edge the menu hangs from).
struct _ContextMenuStack: View, PrimitiveView {
    typealias Body = Never
    let preview: AnyView
    let items: AnyView
    let dismiss: () -> Void
    func resolve(_ context: ResolveContext) -> [Element] {
        let anchor = context.environment.menuAnchor ?? MenuAnchor(frame: .zero, leading: true)
        let stack = VStack(alignment: anchor.leading ? .leading : .trailing, spacing: 8) {
            preview.frame(width: anchor.frame.width, height: anchor.frame.height)
            _MenuCard(rows: .buttons(items), dismiss: dismiss)
        }
        return resolveView(stack, context.child("stack"))
    }
}

/// Where a context menu's view was pressed (host points) and which edge its menu hangs from.
struct MenuAnchor {
    var frame: Rect
    var leading: Bool
}

private enum MenuAnchorKey: EnvironmentKey { static var defaultValue: MenuAnchor? { nil } }

extension EnvironmentValues {
    var menuAnchor: MenuAnchor? {
        get { self[MenuAnchorKey.self] }
        set { self[MenuAnchorKey.self] = newValue }
    }
}

/// The SF Symbol an element draws, for `firstSymbol`.
enum SymbolNameTrait: ElementTraitKey { static var defaultValue: String? { nil } }

extension Element {
    /// The name of the SF Symbol this element draws (`Image(systemName:)`), if any.
    var symbolName: String? {
        get { traits[SymbolNameTrait.self] }
        set { traits[SymbolNameTrait.self] = newValue }
    }
    /// The first SF Symbol drawn in this element's subtree, in tree order.
    var firstSymbol: String? { symbolName ?? children.lazy.compactMap(\.firstSymbol).first }
}
