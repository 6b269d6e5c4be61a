import FrostGeometry
import FrostLayout
import FrostScene

// The host's presentation layer: what presentation modifiers asked for in a pass, drawn over
// the screen as iOS 18 does on iPhone, each presentation a layer above the last.
// - Once a presentation modifier has been met, the screen's views sit on a card of the system
//   background that shrinks with them (so a host made non-opaque draws that background then).
// - A sheet opens at its smallest detent (large: 10 pt below the safe area's top; medium and
//   fractions: that fraction of the large height; heights: above the home indicator) over a
//   dimming layer (black at 0.2, tap to dismiss below the large detent); at the large detent
//   the screen behind shrinks to (width − 32 pt) / width about its top centre, its top at the
//   safe area's top, with 10 pt corners, over black — UIKit's page sheet.
// - A full-screen cover slides over everything, with no dimming.
// - A menu opens beside the view that presented it (Menu.swift), nothing dimmed; a context
//   menu blurs the screen (`.ultraThinMaterial`), lifts the pressed view above the blur in its
//   place and opens its menu under it.
// - An alert sits centred over black at 0.2; a confirmation dialog rises from the bottom,
//   above the home indicator, over black at 0.2 (a tap outside cancels it).
// Presentations slide (sheet, cover, dialog) or scale and fade (alert) in with their own
// springs whatever the transaction, as UIKit's transitions do; views beneath a presentation
// cannot be tapped (by label or point).

/// What presenting has left in this run: whether a presentation modifier was ever met (the
/// screen keeps its card and scale-back effects from then on, at rest when nothing is shown,
/// so their animations have somewhere to start), and the `onDismiss` actions of what is shown now.
final class PresentationState: HostFeature {
    var ever = false
    var onDismiss: [SceneIdentity: () -> Void] = [:]
    init() {}
}

enum InertTrait: ElementTraitKey {
    static var defaultValue: Bool { false }
}

extension Element {
    /// Under a presentation: not tappable by label or point.
    var isInert: Bool {
        get { traits[InertTrait.self] }
        set { traits[InertTrait.self] = newValue }
    }
}

extension HostCore {
    /// The screen's elements with the presentations asked for in this pass over them (the
    /// roots unchanged when nothing was ever presented).
    func presentationRoots(_ roots: [Element], environment: EnvironmentValues, safe: SafeRect) -> [Element] {
        let state = session.features[PresentationState.self]
        guard pass.hasPresenters || !pass.presentations.isEmpty || state.ever else { return roots }
        state.ever = true
        var layers: [[Element]] = []
        var scaledBack = false
        var i = 0
        // A presentation's content may present in turn (a sheet with an alert): the queue grows.
        while i < pass.presentations.count {
            let request = pass.presentations[i]
            i += 1
            let (layer, fullHeight) = presentationLayer(request, safe: safe)
            if fullHeight && layers.isEmpty { scaledBack = true }
            layers.append(layer)
            while !pass.afterLayout.isEmpty { pass.afterLayout.removeFirst()() }
        }
        // What was dismissed since the last pass runs its onDismiss after this commit.
        let shown = Set(pass.presentations.map(\.identity))
        for (identity, action) in state.onDismiss where !shown.contains(identity) { lifecycle.queue.append(action) }
        state.onDismiss = [:]
        for request in pass.presentations { if let action = request.onDismiss { state.onDismiss[request.identity] = action } }

        let screen = safe.screen
        let changed = animationValueChanged(SceneIdentity.root.appending("presenting"), scaledBack)
        // The screen's own background shrinks with it (the host's is drawn beneath everything).
        let card = resolveView(
            Color.systemBackground, ResolveContext(identity: .root.appending("presenting card"), environment: environment, host: self))
        place(card, in: screen, scale: Double(environment.displayScale))
        for e in card + roots {
            e.effects.insert(contentsOf: scaleBack(e.node.frame.origin, screen: screen, top: safe.safe.minY, on: scaledBack), at: 0)
            if changed { e.transactionEdits.append { $0.animation = sheetAnimation } }
        }
        // Everything under the top presentation is inert.
        if !layers.isEmpty {
            for under in [card + roots] + layers.dropLast() { under.forEach { $0.isInert = true } }
        }
        var backdrop: [Element] = []
        if scaledBack {
            let black = resolveView(Color.black, ResolveContext(identity: .root.appending("presenting backdrop"), environment: environment, host: self))
            black.forEach { $0.transition = AnyTransition.opacity.animation(sheetAnimation) }
            place(black, in: screen, scale: Double(environment.displayScale))
            backdrop = black
        }
        return backdrop + card + roots + layers.flatMap { $0 }
    }

    /// The screen behind a full-height sheet: shrunk by 16 pt a side about its top centre, its
    /// top at the safe area's top, with 10 pt corners (`on` false: at rest).
    private func scaleBack(_ origin: Point, screen: Rect, top: Double, on: Bool) -> [EffectSpec] {
        let w = screen.width
        let s = w > 32 ? (w - 32) / w : 1
        // In host points: scale about (w/2, 0), then down to the safe area's top.
        let host = AffineTransform2D(a: s, b: 0, c: 0, d: s, tx: w / 2 * (1 - s), ty: top)
        let local = AffineTransform2D(translationX: origin.x, y: origin.y).concatenating(host).concatenating(
            AffineTransform2D(translationX: -origin.x, y: -origin.y))
        let clip = Rect(x: screen.minX - origin.x, y: screen.minY - origin.y, width: screen.width, height: screen.height)
        let p = on ? 1.0 : 0.0
        return [
            EffectSpec("presenting", kind: .movement, values: [p]) { v, _ in
                let t = v[0]
                return .transform(
                    AffineTransform2D(
                        a: 1 + (local.a - 1) * t, b: 0, c: 0, d: 1 + (local.d - 1) * t, tx: local.tx * t, ty: local.ty * t))
            },
            EffectSpec("presenting clip", kind: .other, values: [p]) { v, _ in
                .clip(.roundedRect(x: clip.minX, y: clip.minY, width: clip.width, height: clip.height, radius: 10 * v[0], continuous: true), rule: .nonZero)
            },
        ]
    }

    /// One presentation's elements (dimming, then the presented view), placed; and whether it
    /// is a sheet at the large detent.
    private func presentationLayer(_ request: PresentationRequest, safe: SafeRect) -> ([Element], Bool) {
        let screen = safe.screen
        let scale = Double(request.environment.displayScale)
        let rtl = request.environment.layoutDirection == .rightToLeft
        var env = request.environment
        env.dismiss = DismissAction(presented: request.dismiss)
        env.isPresented = true
        // A scroll view at its top lets a pull down move the sheet (ScrollDrag.swift).
        env.inSheet = request.kind == .sheet
        func context(_ role: String, _ area: SafeRect) -> ResolveContext {
            var e = env
            e.safeRect = area
            e.navigationBarUnder = nil
            e.tabBarUnder = nil
            let container = ContainerSize()
            container.size = area.safe.size
            e.container = container
            return ResolveContext(identity: request.identity.appending(role), environment: e, host: self)
        }
        let whole = SafeRect(screen: screen, safe: screen)
        func dimming(dismissible: Bool) -> [Element] {
            let dismiss = request.dismiss
            let view = Color.black.opacity(0.2).onTapGesture { if dismissible { dismiss() } }
            let dim = resolveView(view, context("dimming", whole))
            dim.forEach { $0.transition = AnyTransition.opacity.animation(request.kind == .sheet ? sheetAnimation : alertAnimation) }
            place(dim, in: screen, scale: scale, rightToLeft: rtl)
            return dim
        }
        switch request.kind {
        case .sheet, .cover:
            let bottom = screen.maxY - safe.safe.maxY
            let cover = request.kind == .cover
            // The content first: its presentation modifiers say how the sheet looks.
            let largeTop = cover ? screen.minY : safe.safe.minY + 10
            let contentArea = SafeRect(
                screen: Rect(x: screen.minX, y: largeTop, width: screen.width, height: screen.maxY - largeTop),
                safe: Rect(
                    x: screen.minX, y: cover ? safe.safe.minY : largeTop, width: screen.width, height: safe.safe.maxY - (cover ? safe.safe.minY : largeTop)))
            let content = resolveView(request.content(), context("content", contentArea))
            var style = SheetStyle()
            func find(_ e: Element) -> Bool {
                if let s = e.sheetStyle { style = s; return true }
                return e.children.contains(where: find)
            }
            _ = content.contains(where: find)
            let large = screen.maxY - largeTop
            func height(_ d: PresentationDetent) -> Double {
                if let f = d.fraction { return min(large, max(0, f) * large) }
                return min(large, max(0, d.height ?? large) + bottom)
            }
            let detents = style.detents ?? [.large]
            let shownDetent =
                style.selection.map(\.wrappedValue).flatMap { detents.contains($0) ? $0 : nil } ?? detents.min { height($0) < height($1) } ?? .large
            let h = cover ? screen.height : height(shownDetent)
            let full = !cover && h >= large - 1e-9
            let chrome = _SheetChrome(
                content: AnyView(_Resolved(content)), size: Size(width: screen.width, height: h), bottomInset: bottom,
                cornerRadius: cover ? 0 : style.cornerRadius ?? 10,
                background: style.background ?? AnyShapeStyle(Color.systemBackground),
                indicator: !cover && (style.dragIndicator == .visible || (style.dragIndicator == .automatic && detents.count > 1)),
                dismissible: !cover && !style.dismissDisabled, dismiss: request.dismiss)
            let sheet = resolveView(chrome, context("sheet", contentArea))
            sheet.forEach { $0.transition = AnyTransition.move(edge: .bottom).animation(sheetAnimation) }
            place(sheet, in: Rect(x: screen.minX, y: screen.maxY - h, width: screen.width, height: h), scale: scale, rightToLeft: rtl)
            return ((cover ? [] : dimming(dismissible: !full && !style.dismissDisabled)) + sheet, full)
        case .menu:
            let card = resolveView(request.content(), context("menu", safe))
            let node = rootNode(card)
            let size = node.sizeThatFits(ProposedSize(width: safe.safe.width, height: nil))
            let anchor = request.anchor?.frame ?? Rect(x: safe.safe.midX, y: safe.safe.midY, width: 0, height: 0)
            // Below the label when it fits above the home indicator, else above it; from the
            // label's leading edge on the screen's left half, its trailing edge on the right.
            let below = anchor.maxY + 8 + size.height <= safe.safe.maxY
            let leading = anchor.midX < screen.midX
            let x = min(max(leading ? anchor.minX : anchor.maxX - size.width, screen.minX + 8), screen.maxX - 8 - size.width)
            let y = below ? anchor.maxY + 8 : max(safe.safe.minY, anchor.minY - 8 - size.height)
            let corner = UnitPoint(x: leading ? 0 : 1, y: below ? 0 : 1)
            card.forEach {
                $0.transition = AnyTransition.scale(0.2, anchor: corner).combined(with: .opacity).animation(menuAnimation)
            }
            place(card, in: Rect(x: x, y: y, width: size.width, height: size.height), scale: scale, rightToLeft: rtl)
            // A tap anywhere outside closes it (nothing is dimmed).
            let dismiss = request.dismiss
            let catcher = resolveView(Color.clear.contentShape(Rectangle()).onTapGesture { dismiss() }, context("outside", whole))
            place(catcher, in: screen, scale: scale, rightToLeft: rtl)
            return (catcher + card, false)
        case .contextMenu:
            let anchor = request.anchor?.frame ?? Rect(x: safe.safe.midX, y: safe.safe.midY, width: 0, height: 0)
            let leading = anchor.midX < screen.midX
            var c = context("context menu", safe)
            c.environment.menuAnchor = MenuAnchor(frame: anchor, leading: leading)
            let stack = resolveView(request.content(), c)
            let size = rootNode(stack).sizeThatFits(ProposedSize(width: safe.safe.width, height: nil))
            // In the pressed view's place, moved up (as iOS lifts it) when the menu would not fit.
            let x = min(max(leading ? anchor.minX : anchor.maxX - size.width, screen.minX + 8), screen.maxX - 8 - size.width)
            let y = max(safe.safe.minY, min(anchor.minY, safe.safe.maxY - size.height))
            stack.forEach { $0.transition = AnyTransition.opacity.animation(menuAnimation) }
            place(stack, in: Rect(x: x, y: y, width: size.width, height: size.height), scale: scale, rightToLeft: rtl)
            // The screen behind blurs; a tap on it closes the menu.
            let dismiss = request.dismiss
            let blur = resolveView(Rectangle().fill(.ultraThinMaterial).onTapGesture { dismiss() }, context("backdrop", whole))
            blur.forEach { $0.transition = AnyTransition.opacity.animation(menuAnimation) }
            place(blur, in: screen, scale: scale, rightToLeft: rtl)
            return (blur + stack, false)
        case .alert, .dialog:
            let alert = request.kind == .alert
            let card = resolveView(request.content(), context("card", safe))
            card.forEach {
                $0.transition =
                    alert
                    ? AnyTransition.asymmetric(insertion: AnyTransition.scale(1.15).combined(with: .opacity), removal: .opacity).animation(alertAnimation)
                    : AnyTransition.move(edge: .bottom).animation(alertAnimation)
            }
            let node = rootNode(card)
            let size = node.sizeThatFits(ProposedSize(width: safe.safe.width, height: nil))
            let origin =
                alert
                ? Point(x: safe.safe.midX - size.width / 2, y: safe.safe.midY - size.height / 2)
                : Point(x: safe.safe.midX - size.width / 2, y: safe.safe.maxY - size.height)
            place(card, in: Rect(origin: origin, size: size), scale: scale, rightToLeft: rtl)
            return (dimming(dismissible: !alert) + card, false)
        }
    }

    /// Lays `elements` out in `rect` (host points) at the screen's scale.
    private func place(_ elements: [Element], in rect: Rect, scale: Double, rightToLeft: Bool = false) {
        let root = rootNode(elements)
        root.place(in: rect, proposal: ProposedSize(rect.size), scale: scale)
        // The presented view is laid out apart from the presenter's (mirrored) tree.
        if rightToLeft { root.mirrorDescendants() }
    }
}
