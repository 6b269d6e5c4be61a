import Foundation
import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's `Menu` on iOS 18: its label, tinted and tappable; a tap opens the menu
// beside it (the host's presentation layer, PresentationLayer.swift): a 250 pt platter on
// `.regularMaterial` with 13 pt corners (no shadow yet), one 44 pt row per button (17 pt
// text; destructive ones red; a `Picker`'s options with a checkmark column; a `Label`'s
// symbol at the row's trailing edge, 17 pt, in a 24 pt column), one-pixel separators. It opens below its label, or above when there is no room, aligned to the label's
// leading edge on the left half of the screen and its trailing edge on the right, growing out
// of that corner with a slight spring, its soft shadow under it; a row runs its action and
// closes it, a tap outside closes it. A `Menu` inside a menu is a submenu, as UIMenu draws one
// since iOS 16: its row ends in a chevron (or its label's symbol), and a tap lays its own
// platter over the parent's, from that row down, headed by its title in semibold with a
// chevron pointing down, while the parent recedes (blurred 2 pt, scaled 97 %; chosen by eye,
// UIKit publishes neither); the header closes it again. Rows are taken as 44 pt tall for
// placing a submenu (one line of 17 pt text).

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
            .modifier(_SubmenuMarker(content: content))
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
            made = _MenuCard.rows(content, context.child("content"), dismiss: dismiss)
        case .options(let options):
            made = options.map { o in
                _MenuRow(text: o.text, checked: o.checked, destructive: false) {
                    dismiss(); o.choose()
                }
            }
        }
        return resolveView(_MenuPlatter(rows: made), context.child("platter"))
    }

    /// The rows `content`'s buttons make; a nested `Menu`'s row holds its own rows.
    static func rows(_ content: AnyView, _ context: ResolveContext, dismiss: @escaping () -> Void, depth: Int = 0) -> [_MenuRow] {
        DialogButton.collect(resolveView(content, context)).enumerated().map { i, b in
            var row = _MenuRow(text: b.label, checked: nil, destructive: b.role == .destructive, icon: b.icon) {
                dismiss(); b.action()
            }
            // A submenu's buttons (menus nest a few levels at most; deeper ones act as buttons).
            if let sub = b.submenu, depth < 4 {
                row.children = rows(sub, context.child("submenu \(i)"), dismiss: dismiss, depth: depth + 1)
            }
            return row
        }
    }
}

/// Marks a `Menu`'s button as a submenu when it sits in another menu.
struct _SubmenuMarker: PrimitiveViewModifier {
    typealias Body = Never
    let content: AnyView
    func wrap(_ elements: [Element], _ context: ResolveContext) -> [Element] {
        elements.forEach { $0.submenu = content }
        return elements
    }
}

/// Makes its content untouchable (by point and by label), as a presentation does to what is under it.
struct _InertModifier: PrimitiveViewModifier {
    typealias Body = Never
    let inert: Bool
    func wrap(_ elements: [Element], _ context: ResolveContext) -> [Element] {
        if inert { elements.forEach { $0.isInert = true } }
        return elements
    }
}

enum SubmenuTrait: ElementTraitKey { static var defaultValue: AnyView? { nil } }

extension Element {
    /// A `Menu`'s content, on its button (a menu around it shows it as a submenu).
    var submenu: AnyView? {
        get { traits[SubmenuTrait.self] }
        set { traits[SubmenuTrait.self] = newValue }
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
    var action: () -> Void
    /// A submenu's rows.
    var children: [_MenuRow]? = nil
    /// A submenu's header: semibold, a chevron pointing down.
    var header = false
    init(text: String, checked: Bool?, destructive: Bool, icon: String? = nil, action: @escaping () -> Void) {
        self.text = text; self.checked = checked; self.destructive = destructive; self.icon = icon; self.action = action
    }
    var body: some View {
        Button(action: action) {
            HStack(spacing: 0) {
                if let checked {
                    Image(systemName: "checkmark").font(.system(size: 15, weight: .semibold)).opacity(checked ? 1 : 0).frame(width: 28, alignment: .leading)
                }
                Text(text).font(.system(size: 17, weight: header ? .semibold : .regular)).lineLimit(1)
                Spacer(minLength: 8)
                if let icon {
                    Image(systemName: icon).font(.system(size: 17)).frame(width: 24)
                } else if header || children != nil {
                    // A submenu's chevron: down on its open header, right on its row.
                    Image(systemName: header ? "chevron.down" : "chevron.forward").font(.system(size: 15, weight: .semibold)).frame(width: 24)
                }
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
    /// The submenu open over this platter (an index into `rows`).
    @State private var expanded: Int? = nil
    @Environment(\.displayScale) private var displayScale
    /// UIMenu's submenu motion (chosen by eye: UIKit publishes none).
    static let spring = Animation.spring(response: 0.35, dampingFraction: 0.85)

    var body: some View {
        let open = expanded.flatMap { rows.indices.contains($0) ? $0 : nil }
        ZStack(alignment: .top) {
            VStack(spacing: 0) {
                ForEach(rows.indices, id: \.self) { i in
                    if i > 0 { Rectangle().fill(Color.separator).frame(height: 1 / displayScale) }
                    row(i)
                }
            }
            .frame(width: 250)
            .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 13, style: .continuous))
            .background { _MenuPlatter.shadow }
            .blur(radius: open == nil ? 0 : 2)
            .scaleEffect(open == nil ? 1 : 0.97, anchor: .top)
            // Behind an open submenu the parent's rows do not act; a tap on them closes it.
            .modifier(_InertModifier(inert: open != nil))
            .overlay {
                if open != nil {
                    Color.clear.contentShape(Rectangle()).onTapGesture { withAnimation(_MenuPlatter.spring) { expanded = nil } }
                }
            }
            if let open, let children = rows[open].children {
                _MenuPlatter(rows: [header(open)] + children)
                    .padding(.top, Double(open) * (44 + 1 / Double(displayScale)))
                    .transition(AnyTransition.scale(scale: 0.9, anchor: .top).combined(with: .opacity))
                    .zIndex(1)
            }
        }
    }

    /// The platter's soft shadow, under its material as UIKit's shadow view is (so the
    /// material's backdrop holds it too): 12 % black blurred 18 pt, 8 pt down (chosen by eye).
    static var shadow: some View {
        RoundedRectangle(cornerRadius: 13, style: .continuous).fill(Color.black.opacity(0.12)).blur(radius: 18).offset(y: 8)
    }

    /// The open submenu's title row, which closes it.
    private func header(_ i: Int) -> _MenuRow {
        var row = rows[i]
        row.header = true; row.children = nil; row.icon = nil
        row.action = { withAnimation(_MenuPlatter.spring) { expanded = nil } }
        return row
    }

    private func row(_ i: Int) -> _MenuRow {
        var row = rows[i]
        if row.children != nil { row.action = { withAnimation(_MenuPlatter.spring) { expanded = i } } }
        return row
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
