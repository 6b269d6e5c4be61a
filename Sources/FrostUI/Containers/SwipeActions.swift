import FrostGeometry

// Reproduces iOS's swipe to delete in lists: `ForEach.onDelete(perform:)` and
// `swipeActions(edge:allowsFullSwipe:content:)` on rows. Dragging a row left slides it over its
// actions (a red Delete for `onDelete`; the buttons `swipeActions` gives, tinted red when
// destructive, grey otherwise), each 74 pt wide; letting go past half of them leaves the row
// open, short of that it springs shut; a full swipe (past 60 % of the row, or flung there) runs
// the first action at once when `allowsFullSwipe`. Tapping an action runs it and closes the row.
// UIKit publishes none of these numbers: 74 pt is the Delete button's width on iOS 17–18
// screenshots, the thresholds read like UITableView's. Leading-edge actions (a drag right) work
// the same way mirrored. Not reproduced: the action's label shrinking into an icon as the
// button narrows. In edit mode a deletable row shows its delete control (EditMode.swift).

/// One action behind a row.
struct SwipeAction {
    let label: String
    let role: ButtonRole?
    let tint: Color?
    let action: () -> Void
}

/// A row that slides over its actions.
struct _SwipeRow<Content: View>: View {
    let content: Content
    /// `swipeActions` content (buttons), or nil for `onDelete`'s Delete alone.
    let actions: AnyView?
    var edge: HorizontalEdge = .trailing
    var allowsFullSwipe = true
    /// `onDelete` for this row.
    let delete: (() -> Void)?

    @State private var open = false
    @GestureState private var drag: CGFloat = 0

    static var buttonWidth: CGFloat { 74 }

    var body: some View {
        _SwipeRowBody(row: self, open: $open, drag: drag, dragState: $drag)
    }
}

/// The row once its actions are known (they come from resolving `actions`).
private struct _SwipeRowBody<Content: View>: View, PrimitiveView {
    typealias Body = Never
    let row: _SwipeRow<Content>
    let open: Binding<Bool>
    let drag: CGFloat
    let dragState: GestureState<CGFloat>

    func resolve(_ context: ResolveContext) -> [Element] {
        var found: [SwipeAction] = []
        if let actions = row.actions {
            found = DialogButton.collect(resolveView(actions, context.child("actions"))).map { b in
                SwipeAction(label: b.label, role: b.role, tint: nil, action: b.action)
            }
        }
        if found.isEmpty, let delete = row.delete {
            found = [SwipeAction(label: "Delete", role: .destructive, tint: nil, action: delete)]
        }
        guard !found.isEmpty else { return resolveView(row.content, context.child("row")) }
        let actions = found
        let sign: CGFloat = row.edge == .trailing ? -1 : 1
        let width = _SwipeRow<Content>.buttonWidth * CGFloat(actions.count)
        let open = self.open
        // The row's margins, which the actions reach into (the list's 16 or 20 pt side inset,
        // 6.5 pt above and below a line of text).
        let screen = context.environment.safeRect?.screen.width ?? 390
        let side: CGFloat = screen > 375 ? 20 : 16, vertical: CGFloat = 6.5
        let rest = open.wrappedValue ? sign * width : 0
        // Past the open position the row follows the finger at a third of its pace (UIKit's
        // rubber band); it never slides the wrong way.
        var x = rest + drag
        if sign < 0 { x = min(0, x < -width ? -width + (x + width) / 3 : x) } else { x = max(0, x > width ? width + (x - width) / 3 : x) }
        let revealed = abs(x)
        let fullSwipe = row.allowsFullSwipe
        let first = actions[0].action
        let rowWidth = Double(context.environment.safeRect?.safe.width ?? 390)
        // Editing, a deletable row shows its delete control and does not swipe.
        let editing = row.delete != nil && (context.environment.editMode?.wrappedValue.isEditing ?? false)
        let view = HStack(spacing: 0) {
            if editing { _DeleteControl(open: open) }
            row.content
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .contentShape(Rectangle())
        .background {
            if revealed > 0 {
                GeometryReader { g in
                    // As tall as the row (its content's height and insets, at least 44 pt),
                    // reaching the row's edge once the content has moved by `revealed`.
                    let h = max(44, g.size.height + 2 * vertical)
                    let centre = sign < 0 ? g.size.width + side + revealed / 2 : -side - revealed / 2
                    buttons(actions, open: open).frame(width: revealed, height: h).position(x: centre, y: g.size.height / 2)
                }
            }
        }
        .offset(x: x)
        .simultaneousGesture(
            DragGesture(minimumDistance: 10)
                .updating(dragState) { value, state, _ in
                    // Only a mostly horizontal drag swipes (a vertical one scrolls).
                    if !editing, abs(value.translation.width) > abs(value.translation.height) { state = value.translation.width }
                }
                .onEnded { value in
                    guard !editing, abs(value.translation.width) > abs(value.translation.height) else { return }
                    let end = rest + value.predictedEndTranslation.width
                    if fullSwipe && sign * end > 0.6 * rowWidth {
                        withAnimation(.spring(response: 0.35, dampingFraction: 1)) { open.wrappedValue = false }
                        first()
                    } else {
                        withAnimation(.spring(response: 0.35, dampingFraction: 1)) { open.wrappedValue = sign * end > width / 2 }
                    }
                }
        )
        .onChange(of: editing) { _, now in if !now { withAnimation(.spring(response: 0.35, dampingFraction: 1)) { open.wrappedValue = false } } }
        return resolveView(view, context.child("row"))
    }
}

/// The action buttons side by side, each taking an equal share of the revealed width.
private func buttons(_ actions: [SwipeAction], open: Binding<Bool>) -> some View {
    HStack(spacing: 0) {
        ForEach(actions.indices, id: \.self) { i in
            let a = actions[i]
            Button {
                withAnimation(.spring(response: 0.35, dampingFraction: 1)) { open.wrappedValue = false }
                a.action()
            } label: {
                Text(a.label).font(.body).foregroundStyle(Color.white).lineLimit(1)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .background(a.tint ?? (a.role == .destructive ? Color.red : Color(white: 0.56)))
            }
            .buttonStyle(.plain)
        }
    }
}

extension View {
    /// Actions revealed by swiping this list row (`edge` .trailing: a drag left).
    /// - Parameters:
    ///   - edge: which side the actions sit on.
    ///   - allowsFullSwipe: whether a swipe across most of the row runs the first action.
    ///   - content: the actions, as buttons (a destructive role tints red).
    public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T) -> some View {
        _SwipeRow(content: self, actions: AnyView(content()), edge: edge, allowsFullSwipe: allowsFullSwipe, delete: nil)
    }
}

extension ForEach {
    /// Lets each row swipe left to a Delete button that calls `action` with the row's offset.
    /// - Parameter action: what removes the rows at the offsets given (nil: no deletion).
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> ForEach {
        var copy = self
        copy.deleteAction = action
        return copy
    }
}
