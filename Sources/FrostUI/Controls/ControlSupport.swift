import FrostLayout

// What the controls share: how a host finds and sets them (ControlSetting, ControlTarget, a
// control as one tappable element found by its label's text), `_StyleContent` (the parts a
// style configuration hands a style), and `_Resolved`, which places
// views a container resolved itself (a picker's options, a list's rows, a stack's top view)
// where its layout puts them.

/// What a host can do to a control (``ViewHost/set(_:to:)`` and its siblings).
public enum ControlSetting: Sendable, Equatable {
    /// A slider's value, in its own units.
    case value(Double)
    /// A stepper's + and −.
    case increment, decrement
    /// A picker's option, by the text it shows.
    case select(String)
    /// A text field's whole text.
    case text(String)
}

/// A control the host can set: its label, its kind (for messages) and what a setting does.
struct ControlTarget {
    let label: String
    let kind: String
    let apply: (ControlSetting) throws -> Void
}

/// `content` as one tappable element running `action` (found by its text), unless disabled.
func tappable(_ content: [Element], _ context: ResolveContext, enabled: Bool, action: @escaping () -> Void) -> [Element] {
    let element = oneElement(content, context)
    if enabled { element.tap = (element.allText.joined(separator: " "), action) }
    return [element]
}

/// A control's resolved views as one element (a centring wrapper when there are several), so
/// the host finds it by one label.
func oneElement(_ content: [Element], _ context: ResolveContext) -> Element {
    content.count == 1
        ? content[0]
        : Element(context.identity, node: LayoutNode(.zstack(alignment: .center), children: content.map(\.node)), children: content)
}

/// The text of a control's label, which the host finds the control by.
func labelText(_ label: some View, _ context: ResolveContext) -> String {
    resolveView(label, context.child("label")).flatMap(\.allText).joined(separator: " ")
}

/// A part of a control handed to its style (a button's label, a label's title or icon), as
/// the opaque views SwiftUI's style configurations hold.
public struct _StyleContent: View, PrimitiveView {
    let content: AnyView
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { resolveView(content, context) }
}

/// Views a container resolved itself, placed as one view (a centring stack when there are
/// several).
struct _Resolved: View, PrimitiveView {
    let elements: [Element]
    init(_ elements: [Element]) { self.elements = elements }
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] { [oneElement(elements, context)] }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum TapTrait: ElementTraitKey {
    static var defaultValue: (label: String, action: () -> Void)? { nil }
}

extension Element {
    /// A tap target: the action and the text a host finds it by.
    var tap: (label: String, action: () -> Void)? {
        get { traits[TapTrait.self] }
        set { traits[TapTrait.self] = newValue }
    }
}

enum ControlTrait: ElementTraitKey {
    static var defaultValue: ControlTarget? { nil }
}

extension Element {
    /// A control the host can set by its label (slider, stepper, picker, text field).
    var control: ControlTarget? {
        get { traits[ControlTrait.self] }
        set { traits[ControlTrait.self] = newValue }
    }
}
