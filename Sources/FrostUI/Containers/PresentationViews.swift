import FrostGeometry
import FrostLayout

// What a presentation draws, as iOS 18 draws it on iPhone: the sheet's chrome (rounded top
// corners, the system background, the drag indicator, a swipe down to dismiss) and the
// presentation modifiers that style it (`presentationDetents`, `presentationDragIndicator`,
// `presentationCornerRadius`, `presentationBackground`, `interactiveDismissDisabled`); an
// alert's card (270 pt wide, 14 pt corners, over a material: the title 17 pt semibold, the
// message 13 pt, 44 pt buttons between one-pixel separators, two side by side with Cancel on the left, more stacked with
// Cancel last); a confirmation dialog's action sheet (8 pt from the edges, 57 pt rows in 20 pt
// type, Cancel in its own group below). Metrics are UIKit's published layout constants where
// known; the materials are Frost's `.regularMaterial` (UIKit's alert material is unpublished).

/// How a sheet is styled from inside its content (the presentation modifiers).
struct SheetStyle {
    var detents: Set<PresentationDetent>?
    var selection: Binding<PresentationDetent>?
    var dragIndicator: Visibility = .automatic
    var cornerRadius: Double?
    var background: AnyShapeStyle?
    var dismissDisabled = false
}

enum SheetStyleTrait: ElementTraitKey {
    static var defaultValue: SheetStyle? { nil }
    static var passesThroughModifiers: Bool { true }
}

extension Element {
    var sheetStyle: SheetStyle? {
        get { traits[SheetStyleTrait.self] }
        set { traits[SheetStyleTrait.self] = newValue }
    }
}

/// Sets part of the style of the sheet the view is in.
public struct _SheetStyleModifier: PrimitiveViewModifier {
    let edit: (inout SheetStyle) -> Void
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        for e in content {
            var style = e.sheetStyle ?? SheetStyle()
            edit(&style)
            e.sheetStyle = style
        }
        return content
    }
}

extension View {
    /// The heights the sheet may rest at; it opens at the smallest.
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> ModifiedContent<Self, _SheetStyleModifier> {
        modifier(_SheetStyleModifier { $0.detents = detents })
    }
    /// The heights the sheet may rest at, the one shown bound to `selection`.
    public func presentationDetents(
        _ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>
    ) -> ModifiedContent<Self, _SheetStyleModifier> {
        modifier(
            _SheetStyleModifier {
                $0.detents = detents; $0.selection = selection
            })
    }
    /// Whether the sheet shows its drag indicator (automatic: when it has several detents).
    public func presentationDragIndicator(_ visibility: Visibility) -> ModifiedContent<Self, _SheetStyleModifier> {
        modifier(_SheetStyleModifier { $0.dragIndicator = visibility })
    }
    /// The sheet's top corner radius, points (nil: the system's, 10).
    public func presentationCornerRadius(_ radius: CGFloat?) -> ModifiedContent<Self, _SheetStyleModifier> {
        modifier(_SheetStyleModifier { $0.cornerRadius = radius.map(Double.init) })
    }
    /// What fills the sheet behind its content (the system background by default).
    public func presentationBackground<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _SheetStyleModifier> {
        modifier(_SheetStyleModifier { $0.background = AnyShapeStyle(style) })
    }
    /// How a popover adapts on iPhone (accepted: it presents as a sheet).
    public func presentationCompactAdaptation(_ adaptation: PresentationAdaptation) -> ModifiedContent<Self, _SheetStyleModifier> {
        modifier(_SheetStyleModifier { _ in })
    }
    /// Keeps the sheet from being swiped down or dismissed by a tap outside.
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> ModifiedContent<Self, _SheetStyleModifier> {
        modifier(_SheetStyleModifier { $0.dismissDisabled = isDisabled })
    }
}

/// iOS's presentation timing: a sheet or cover slides in 0.5 s, critically damped; an alert
/// or dialog appears in 0.4 s (UIKit's curves are unpublished: chosen to match their length).
let sheetAnimation = Animation.spring(duration: 0.5, bounce: 0)
let alertAnimation = Animation.spring(duration: 0.4, bounce: 0)
/// A menu grows out of its label's corner with a slight bounce.
let menuAnimation = Animation.spring(duration: 0.35, bounce: 0.15)

/// A sheet or full-screen cover around its resolved content: the background filling its
/// rounded frame to the bottom of the screen, the content above the home indicator, the drag
/// indicator, and a swipe down that follows the finger and dismisses past 30 % of the height
/// (or when the finger's predicted end passes half of it).
struct _SheetChrome: View {
    let content: AnyView
    let size: Size
    let bottomInset: Double
    let cornerRadius: Double
    let background: AnyShapeStyle
    let indicator: Bool
    let dismissible: Bool
    let dismiss: () -> Void
    @GestureState(resetTransaction: Transaction(animation: sheetAnimation)) private var drag: CGFloat = 0

    var body: some View {
        ZStack(alignment: .top) {
            content
                .padding(.bottom, bottomInset)
                .frame(width: size.width, height: size.height)
            if indicator {
                Capsule().fill(Color.tertiaryLabel).frame(width: 36, height: 5).padding(.top, 5)
            }
        }
        .frame(width: size.width, height: size.height)
        .background(background)
        .clipShape(UnevenRoundedRectangle(topLeadingRadius: cornerRadius, topTrailingRadius: cornerRadius, style: .continuous))
        // Upward, the sheet gives a little and resists (a square root of the pull).
        .offset(y: drag >= 0 ? drag : -(-drag).squareRoot())
        .gesture(
            DragGesture(coordinateSpace: .global)
                .updating($drag) { value, state, _ in state = value.translation.height }
                .onEnded { value in
                    let h = size.height
                    if dismissible && (value.translation.height > 0.3 * h || value.predictedEndTranslation.height > 0.5 * h) { dismiss() }
                })
    }
}

/// An alert's or confirmation dialog's card, built from the buttons its `actions` resolve to.
struct _DialogCard: View, PrimitiveView {
    typealias Body = Never
    let kind: PresentationRequest.Kind
    let title: Text?
    let message: AnyView?
    let actions: AnyView?
    let dismiss: () -> Void

    func resolve(_ context: ResolveContext) -> [Element] {
        // An alert's text fields are set in 13 pt, as UIAlertController's are.
        var actionsContext = context.child("actions")
        if kind == .alert { actionsContext.environment.font = .system(size: 13) }
        let resolved = actions.map { resolveView($0, actionsContext) } ?? []
        let buttons = DialogButton.collect(resolved)
        let fields = kind == .alert ? DialogButton.fields(resolved) : []
        let dismiss = self.dismiss
        // Each button dismisses, then acts (as UIKit's alert actions run after dismissal starts).
        let wired = buttons.map { b in
            DialogButton(
                label: b.label, role: b.role,
                action: {
                    dismiss(); b.action()
                })
        }
        let card: AnyView =
            kind == .alert
            ? AnyView(
                _AlertCard(
                    title: title, message: message, fields: fields,
                    buttons: wired.isEmpty ? [DialogButton(label: "OK", role: nil, action: dismiss)] : wired))
            : AnyView(_ActionSheet(title: title, message: message, buttons: wired, dismiss: dismiss))
        return resolveView(card, context.child("card"))
    }
}

/// One row of an alert or action sheet: its label in the tint, semibold for Cancel, red for a
/// destructive action.
private struct _DialogButtonRow: View {
    let button: DialogButton
    let height: CGFloat
    let size: CGFloat
    var body: some View {
        Button(action: button.action) {
            Text(button.label)
                .font(.system(size: size, weight: button.role == .cancel ? .semibold : .regular))
                .foregroundStyle(button.role == .destructive ? AnyShapeStyle(Color.red) : AnyShapeStyle(.tint))
                .frame(maxWidth: .infinity, minHeight: height)
                .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
    }
}

struct _AlertCard: View {
    let title: Text?
    let message: AnyView?
    /// Text fields from the actions (resolved there, so typing into them by label works).
    var fields: [Element] = []
    let buttons: [DialogButton]
    /// Separators are one pixel, as UIKit's hairlines.
    @Environment(\.displayScale) private var displayScale

    var body: some View {
        // Two buttons sit side by side, Cancel on the left; otherwise they stack, Cancel last.
        let cancel = buttons.filter { $0.role == .cancel }, others = buttons.filter { $0.role != .cancel }
        let ordered = buttons.count == 2 ? cancel + others : others + cancel
        return VStack(spacing: 0) {
            VStack(spacing: 4) {
                if let title { title.font(.system(size: 17, weight: .semibold)) }
                if let message { message.font(.system(size: 13)) }
            }
            .multilineTextAlignment(.center)
            .foregroundStyle(Color.primary)
            .padding(.horizontal, 16)
            .padding(.top, 19)
            .padding(.bottom, fields.isEmpty ? 17 : 0)
            .frame(maxWidth: .infinity)
            if !fields.isEmpty {
                // UIAlertController's fields: 13 pt text in a 25 pt white box with a hairline
                // border and 5 pt corners, 16 pt in from the card's edges, stacked, 16 pt
                // below the message and above the buttons (UIKit publishes no metrics; these
                // are read off iOS 17–18 screenshots).
                VStack(spacing: 0) {
                    ForEach(fields.indices, id: \.self) { i in
                        _Resolved([fields[i]])
                            .padding(.horizontal, 5)
                            .frame(maxWidth: .infinity, minHeight: 25, alignment: .leading)
                            .background(Color.systemBackground, in: RoundedRectangle(cornerRadius: 5))
                            .overlay(RoundedRectangle(cornerRadius: 5).stroke(Color.separator, lineWidth: 1 / displayScale))
                    }
                }
                .padding(.horizontal, 16)
                .padding(.top, 16)
                .padding(.bottom, 16)
            }
            if ordered.count == 2 {
                Rectangle().fill(Color.separator).frame(height: 1 / displayScale)
                HStack(spacing: 0) {
                    _DialogButtonRow(button: ordered[0], height: 44, size: 17)
                    Rectangle().fill(Color.separator).frame(width: 1 / displayScale, height: 44)
                    _DialogButtonRow(button: ordered[1], height: 44, size: 17)
                }
            } else {
                ForEach(ordered.indices, id: \.self) { i in
                    Rectangle().fill(Color.separator).frame(height: 1 / displayScale)
                    _DialogButtonRow(button: ordered[i], height: 44, size: 17)
                }
            }
        }
        .frame(width: 270)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 14, style: .continuous))
    }
}

struct _ActionSheet: View {
    let title: Text?
    let message: AnyView?
    let buttons: [DialogButton]
    let dismiss: () -> Void
    @Environment(\.displayScale) private var displayScale

    var body: some View {
        // iOS adds Cancel when the actions have none.
        let others = buttons.filter { $0.role != .cancel }
        let cancel = buttons.first { $0.role == .cancel } ?? DialogButton(label: "Cancel", role: .cancel, action: dismiss)
        return VStack(spacing: 8) {
            VStack(spacing: 0) {
                if title != nil || message != nil {
                    VStack(spacing: 4) {
                        if let title { title.font(.system(size: 13, weight: .semibold)) }
                        if let message { message.font(.system(size: 13)) }
                    }
                    .multilineTextAlignment(.center)
                    .foregroundStyle(Color.secondary)
                    .padding(.horizontal, 16)
                    .padding(.vertical, 14)
                    .frame(maxWidth: .infinity)
                }
                ForEach(others.indices, id: \.self) { i in
                    if i > 0 || title != nil || message != nil { Rectangle().fill(Color.separator).frame(height: 1 / displayScale) }
                    _DialogButtonRow(button: others[i], height: 57, size: 20)
                }
            }
            .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 14, style: .continuous))
            _DialogButtonRow(button: cancel, height: 57, size: 20)
                .background(Color.secondarySystemGroupedBackground, in: RoundedRectangle(cornerRadius: 14, style: .continuous))
        }
        .padding(.horizontal, 8)
    }
}
