import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's Picker on iOS 18. Options are the content's views with `.tag(_:)`.
// Styles: .menu (the default; its closed button: the selected option and a small
// chevron.up.chevron.down, tinted, or in a form row the label leading and the selection
// trailing in secondary; a tap opens the options as a menu with the selected one checked), .segmented (UISegmentedControl: 32 pt tall, tertiarySystemFill with
// 9 pt corners, the selected segment a white (dark: #636366) 7 pt rounded rectangle inset 2 pt
// with a shadow, 13 pt text, semibold when selected, hairlines between unselected segments),
// .inline (one row per option, a tinted checkmark on the selected), .wheel (simplified: the
// selection on a grey band between its two neighbours either side, fading; 320 × 216 pt,
// narrower where less is offered), and .navigationLink (a row with the selection and a chevron). A host chooses an option by its text
// (`host.select("Chocolate", in: "Flavor")`), and taps segments and inline rows by their text.

/// A control that chooses one of several tagged options, as SwiftUI's `Picker`.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    let label: Label
    let selection: Binding<SelectionValue>
    let content: Content
    public typealias Body = Never

    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection; self.content = content(); self.label = label()
    }

    /// The content's tagged views, in order, resolved in the environment `adjust` makes (the
    /// style's font), under `name`.
    func taggedElements(_ context: ResolveContext, _ name: String, _ adjust: (inout EnvironmentValues) -> Void) -> [Element] {
        var c = context.child(.init(name))
        adjust(&c.environment)
        var found: [Element] = []
        // Explicit tags first; a ForEach's items without them count with their ids as tags.
        func collect(_ e: Element) { if e.tag != nil { found.append(e) } else { e.children.forEach(collect) } }
        func collectImplicit(_ e: Element) {
            if e.implicitTag != nil {
                e.tag = e.implicitTag
                found.append(e)
            } else {
                e.children.forEach(collectImplicit)
            }
        }
        let resolved = resolveView(content, c)
        resolved.forEach(collect)
        if found.isEmpty { resolved.forEach(collectImplicit) }
        return found
    }

    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        // The options, drawn at the style's size: segments at 13 pt (semibold when selected),
        // the wheel at 21 pt, other styles in the environment's font.
        let style = env.pickerStyle
        let regular = taggedElements(context, "options") { e in
            if style == .segmented { e.font = .system(size: 13) } else if style == .wheel { e.font = .system(size: 21) }
        }
        let bold = style == .segmented ? taggedElements(context, "options.selected") { $0.font = .system(size: 13, weight: .semibold) } : []
        var options: [PickerOption] = []
        for (i, e) in regular.enumerated() {
            var option = PickerOption(tag: e.tag!, text: e.allText.joined(separator: " "), view: AnyView(_Resolved([e])))
            if i < bold.count { option.selectedView = AnyView(_Resolved([bold[i]])) }
            options.append(option)
        }
        let current = AnyHashable(selection.wrappedValue)
        let selected = options.firstIndex { $0.tag == current }
        let labelText = labelText(label, context)
        let binding = selection
        func choose(_ i: Int) { if let v = options[i].tag.base as? SelectionValue { binding.wrappedValue = v } }
        let view: AnyView
        switch env.pickerStyle {
        case .segmented: view = AnyView(_Segmented(options: options, selected: selected, choose: choose))
        case .inline: view = AnyView(_InlineOptions(options: options, selected: selected, choose: choose))
        case .wheel: view = AnyView(_Wheel(options: options, selected: selected))
        case .menu:
            let text = selected.map { options[$0].text } ?? ""
            let rows = options.indices.map { i in (text: options[i].text, checked: i == selected, choose: { choose(i) }) }
            view = AnyView(_PickerMenu(closed: _ClosedMenu(label: AnyView(label), selection: text, inForm: env.isInForm, navigation: false), rows: rows))
        case .navigationLink:
            let text = selected.map { options[$0].text } ?? ""
            view = AnyView(_ClosedMenu(label: AnyView(label), selection: text, inForm: env.isInForm, navigation: true))
        }
        let elements = resolveView(view, context.child("picker"))
        let element = oneElement(elements, context)
        if env.isEnabled {
            let texts = options.map(\.text)
            element.control = ControlTarget(label: labelText.isEmpty ? "Picker" : labelText, kind: "picker") { setting in
                guard case .select(let text) = setting else { throw ViewHostError.invalidSetting("a picker takes an option, not \(setting)") }
                guard let i = texts.firstIndex(of: text) else {
                    throw ViewHostError.invalidSetting(
                        "the picker '\(labelText)' has no option '\(text)'; options: \(texts.map { "'\($0)'" }.joined(separator: ", "))")
                }
                choose(i)
            }
        }
        return [element]
    }
}

/// One option of a picker: its tag, its text (for the closed menu and the host), its view as the
/// style draws it, and (segmented) as drawn selected.
struct PickerOption {
    let tag: AnyHashable
    let text: String
    let view: AnyView
    var selectedView: AnyView? = nil
}

extension Picker where Label == Text {
    @_disfavoredOverload
    public init(_ title: some StringProtocol, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }
}

/// A resolved option drawn again where a style places it.
/// The picker styles of iOS, as SwiftUI's `PickerStyle` values.
public struct PickerStyle: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case menu, segmented, inline, wheel, navigationLink }
    let kind: Kind
    public static let automatic = PickerStyle(kind: .menu)
    public static let menu = PickerStyle(kind: .menu)
    public static let segmented = PickerStyle(kind: .segmented)
    public static let inline = PickerStyle(kind: .inline)
    public static let wheel = PickerStyle(kind: .wheel)
    public static let navigationLink = PickerStyle(kind: .navigationLink)
    /// iOS 17's palette draws as segmented here.
    public static let palette = PickerStyle(kind: .segmented)
}

private enum PickerStyleKey: EnvironmentKey { static var defaultValue: PickerStyle.Kind { .menu } }
private enum InFormKey: EnvironmentKey { static var defaultValue: Bool { false } }
extension EnvironmentValues {
    var pickerStyle: PickerStyle.Kind {
        get { self[PickerStyleKey.self] }
        set { self[PickerStyleKey.self] = newValue }
    }
    /// Whether views are rows of a List or Form (controls lay out as rows there).
    var isInForm: Bool {
        get { self[InFormKey.self] }
        set { self[InFormKey.self] = newValue }
    }
}

extension View {
    /// Pickers inside draw in `style`.
    public func pickerStyle(_ style: PickerStyle) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.pickerStyle = style.kind })
    }
    /// The value this view stands for in a Picker or TabView.
    public func tag<V: Hashable>(_ tag: V) -> ModifiedContent<Self, _TagModifier> { modifier(_TagModifier(tag: AnyHashable(tag))) }
}

public struct _TagModifier: PrimitiveViewModifier {
    let tag: AnyHashable
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        for e in content { e.tag = tag }
        return content
    }
}

/// A menu-style picker: its closed button opens the options as a menu, the selected checked.
struct _PickerMenu: View {
    let closed: _ClosedMenu
    let rows: [(text: String, checked: Bool, choose: () -> Void)]
    @State private var isOpen = false
    var body: some View {
        let open = $isOpen, rows = self.rows
        let close = { open.wrappedValue = false }
        return closed.contentShape(Rectangle()).onTapGesture { isOpen = true }
            .present(.menu, when: isOpen, dismiss: close) { AnyView(_MenuCard(rows: .options(rows), dismiss: close)) }
    }
}

struct _ClosedMenu: View {
    let label: AnyView, selection: String, inForm: Bool, navigation: Bool
    var body: some View {
        if inForm {
            HStack {
                label
                Spacer(minLength: 8)
                HStack(spacing: 4) {
                    Text(selection)
                    Image(systemName: navigation ? "chevron.forward" : "chevron.up.chevron.down").imageScale(.small)
                }
                .foregroundStyle(.secondary)
            }
        } else {
            HStack(spacing: 4) {
                Text(selection)
                Image(systemName: "chevron.up.chevron.down").imageScale(.small)
            }
            .foregroundStyle(.tint)
        }
    }
}

struct _Segmented: View, PrimitiveView {
    let options: [PickerOption]
    let selected: Int?
    let choose: (Int) -> Void
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let dark = context.environment.colorScheme == .dark
        let thumb = dark ? Color.system("#636366", "#636366") : Color.white
        let hairline = Color.system("#8E8E93", "#8E8E93", 0.3, 0.3)
        let count = options.count
        let view = HStack(spacing: 0) {
            ForEach(0..<count, id: \.self) { i in
                ZStack {
                    if i == selected {
                        RoundedRectangle(cornerRadius: 7, style: .continuous).fill(thumb)
                            .shadow(color: Color(white: 0, opacity: 0.12), radius: 4, y: 3)
                            .padding(2)
                    }
                    (i == selected ? options[i].selectedView ?? options[i].view : options[i].view)
                        .padding(.horizontal, 6)
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .overlay(alignment: .trailing) {
                    // A hairline between two unselected segments.
                    if i < count - 1, i != selected, i + 1 != selected {
                        Rectangle().fill(hairline).frame(width: 1, height: 16)
                    }
                }
                .onTapGesture { choose(i) }
            }
        }
        .frame(height: 32)
        .frame(maxWidth: .infinity)
        .background(Color.tertiarySystemFill, in: RoundedRectangle(cornerRadius: 9, style: .continuous))
        return resolveView(view, context)
    }
}

struct _InlineOptions: View {
    let options: [PickerOption]
    let selected: Int?
    let choose: (Int) -> Void
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0..<options.count, id: \.self) { i in
                HStack {
                    options[i].view
                    Spacer(minLength: 8)
                    if i == selected { Image(systemName: "checkmark").fontWeight(.semibold).foregroundStyle(.tint) }
                }
                .frame(minHeight: 44)
                .onTapGesture { choose(i) }
            }
        }
    }
}

struct _Wheel: View {
    let options: [PickerOption]
    let selected: Int?
    var body: some View {
        let centre = selected ?? 0
        ZStack {
            RoundedRectangle(cornerRadius: 8, style: .continuous).fill(Color.tertiarySystemFill).frame(height: 34)
            VStack(spacing: 0) {
                ForEach(-2...2, id: \.self) { d in
                    Group {
                        if options.indices.contains(centre + d) {
                            options[centre + d].view.opacity(d == 0 ? 1 : (abs(d) == 1 ? 0.55 : 0.25))
                        } else {
                            Color.clear
                        }
                    }
                    .frame(height: 34)
                }
            }
        }
        // UIPickerView's 320 pt (less where less is offered), 216 pt tall.
        .frame(idealWidth: 320, maxWidth: 320)
        .frame(height: 216)
        .clipped()
    }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum TagTrait: ElementTraitKey {
    static var defaultValue: AnyHashable? { nil }
}

extension Element {
    /// The value `.tag(_:)` gave this view (a picker's option, a tab).
    var tag: AnyHashable? {
        get { traits[TagTrait.self] }
        set { traits[TagTrait.self] = newValue }
    }
}

enum ImplicitTagTrait: ElementTraitKey {
    static var defaultValue: AnyHashable? { nil }
    static var passesThroughModifiers: Bool { true }
}

extension Element {
    /// The id of the `ForEach` item this view is (a picker option's tag when none is given).
    var implicitTag: AnyHashable? {
        get { traits[ImplicitTagTrait.self] }
        set { traits[ImplicitTagTrait.self] = newValue }
    }
}
