import FrostGeometry

// Reproduces SwiftUI's edit mode on iOS: `EditMode` and `\.editMode` (a binding each
// NavigationStack provides, as a hosting controller does, unless an ancestor set one), and
// `EditButton`, which reads "Edit" and, while editing, "Done" (semibold), toggling the mode with
// an animation. Rows of a `ForEach` with `onDelete` show a red minus circle at their leading edge
// while editing (the row's content moves right to make room); tapping it slides the row open to
// its Delete button, as UITableView's delete control does, and swiping is off. Leaving edit mode
// closes an open row. Chosen: the control is a 22 pt symbol with 16 pt after it (the 38 pt
// indent iOS 17–18 screenshots show). Not reproduced: `onMove`'s reorder handles (accepted, not
// drawn) and selection in edit mode.

/// Whether a view is being edited, as SwiftUI's `EditMode`.
public enum EditMode: Hashable, Sendable {
    /// Not editing.
    case inactive
    /// Editing for a moment (a swipe in progress); counts as editing.
    case transient
    /// Editing.
    case active

    /// Whether this mode is `.active` or `.transient`.
    public var isEditing: Bool { self != .inactive }
}

private enum EditModeKey: EnvironmentKey { static var defaultValue: Binding<EditMode>? { nil } }
extension EnvironmentValues {
    /// The edit mode of the enclosing navigation stack (or the one an ancestor set); nil outside
    /// one.
    public var editMode: Binding<EditMode>? {
        get { self[EditModeKey.self] }
        set { self[EditModeKey.self] = newValue }
    }
}

/// The button that toggles edit mode, as SwiftUI's `EditButton`: "Edit", then "Done".
public struct EditButton: View {
    @Environment(\.editMode) private var editMode
    public init() {}
    public var body: some View {
        let editing = editMode?.wrappedValue.isEditing ?? false
        Button {
            withAnimation { editMode?.wrappedValue = editing ? .inactive : .active }
        } label: {
            Text(editing ? "Done" : "Edit").fontWeight(editing ? .semibold : .regular)
        }
    }
}

/// A deletable row's delete control: a red minus circle that opens the row to its Delete button.
struct _DeleteControl: View {
    let open: Binding<Bool>
    var body: some View {
        Button {
            withAnimation(.spring(response: 0.35, dampingFraction: 1)) { open.wrappedValue.toggle() }
        } label: {
            Image(systemName: "minus.circle.fill").font(.system(size: 22)).foregroundStyle(Color.red)
        }
        .buttonStyle(.plain)
        .padding(.trailing, 16)
    }
}
