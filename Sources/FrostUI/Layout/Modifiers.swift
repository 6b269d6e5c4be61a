import FrostGeometry
import FrostMotion
import FrostLayout
import FrostScene
import FrostRaster
import FrostEffects

// Reproduces SwiftUI's everyday modifiers: padding (negative included), frames, fixedSize,
// layoutPriority, offset, opacity, effects (blur, shadow, rotation, scale, blend modes…),
// background and overlay, clipping and masks, environment setters. Shadows and strokes differ
// from Apple's renders by a few pixels (see the fidelity issue).

// MARK: Layout

public struct _PaddingModifier: PrimitiveViewModifier {
    let insets: EdgeInsets
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        wrapEach(content) { e in
            Element(e.identity.appending("padding"), node: LayoutNode(.padding(insets), name: "padding", children: [e.node]), children: [e])
        }
    }
}

public struct _FrameModifier: PrimitiveViewModifier {
    let kind: LayoutNode.Kind
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        wrapEach(content) { e in Element(e.identity.appending("frame"), node: LayoutNode(kind, name: "frame", children: [e.node]), children: [e]) }
    }
}

/// SwiftUI's rule for bad frame numbers: negative or NaN is treated as nil (with a warning on
/// stderr), never a crash. (Padding is different: negative padding is legal, see ``paddingLength(_:)``.)
func sanitized(_ v: CGFloat?, _ what: String) -> Double? {
    guard let v else { return nil }
    let d = Double(v)
    if d.isNaN || d < 0 {
        FileHandle.standardError.write(Data("FrostUI: warning: invalid \(what) \(d), treated as nil\n".utf8))
        return nil
    }
    return d
}

/// A padding length: nil is the default 16 pt; negative is legal (the view's box shrinks and its
/// content draws outside it, as in SwiftUI); NaN and infinities are treated as nil with a warning.
func paddingLength(_ v: CGFloat?) -> Double {
    guard let v else { return 16 }
    let d = Double(v)
    guard d.isFinite else {
        FileHandle.standardError.write(Data("FrostUI: warning: invalid padding \(d), treated as nil\n".utf8))
        return 16
    }
    return d
}

extension View {
    /// 16 pt on every edge (SwiftUI's default padding), or `length` points. A negative length
    /// is legal: the view is that much smaller than its content (never below zero), and the
    /// content draws outside its box.
    public func padding(_ length: CGFloat? = nil) -> ModifiedContent<Self, _PaddingModifier> {
        let l = paddingLength(length)
        return modifier(_PaddingModifier(insets: EdgeInsets(l)))
    }
    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self, _PaddingModifier> { modifier(_PaddingModifier(insets: insets)) }
    public func padding(_ edges: Edge.Set, _ length: CGFloat? = nil) -> ModifiedContent<Self, _PaddingModifier> {
        let l = paddingLength(length)
        return modifier(
            _PaddingModifier(
                insets: EdgeInsets(
                    top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                    bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0)))
    }

    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedContent<Self, _FrameModifier> {
        modifier(_FrameModifier(kind: .frame(width: sanitized(width, "frame width"), height: sanitized(height, "frame height"), alignment: alignment.layout)))
    }

    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> ModifiedContent<Self, _FrameModifier> {
        modifier(
            _FrameModifier(
                kind: .flexibleFrame(
                    .init(
                        minWidth: sanitized(minWidth, "minWidth"), idealWidth: sanitized(idealWidth, "idealWidth"), maxWidth: sanitized(maxWidth, "maxWidth"),
                        minHeight: sanitized(minHeight, "minHeight"), idealHeight: sanitized(idealHeight, "idealHeight"),
                        maxHeight: sanitized(maxHeight, "maxHeight"),
                        alignment: alignment.layout))))
    }

    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> ModifiedContent<Self, _FrameModifier> {
        modifier(_FrameModifier(kind: .fixedSize(horizontal: horizontal, vertical: vertical)))
    }
}

// MARK: Effects (drawing only, never layout)

public struct _EffectModifier: PrimitiveViewModifier {
    let spec: EffectSpec
    /// A translation whose x runs leftwards in a right-to-left layout (`offset`: a switch's
    /// knob, a slider's thumb move from the right), as SwiftUI mirrors offsets with the layout.
    var mirrorsXRightToLeft = false
    /// An effect with nothing to animate but the view's size.
    init(name: String, effect: @escaping (Size) -> DisplayEffect) { spec = EffectSpec(name, make: effect) }
    /// An effect whose numbers animate.
    init(name: String, kind: PropertyKind = .other, values: [Double], make: @escaping ([Double], Size) -> DisplayEffect) {
        spec = EffectSpec(name, kind: kind, values: values, make: make)
    }
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        var spec = self.spec
        if mirrorsXRightToLeft, context.environment.layoutDirection == .rightToLeft {
            let make = spec.make
            spec.make = { data, size in
                guard case .transform(var t) = make(data, size) else { return make(data, size) }
                t.tx = -t.tx
                return .transform(t)
            }
        }
        return wrapEach(content) { e in
            let w = passthrough(e, e.identity.appending(spec.name))
            w.effects = [spec]
            return w
        }
    }
}

extension View {
    /// Multiplies the view's alpha by `opacity` (0…1; animates as a fade).
    public func opacity(_ opacity: Double) -> ModifiedContent<Self, _EffectModifier> {
        modifier(_EffectModifier(name: "opacity", kind: .opacity, values: [opacity.isNaN ? 1 : opacity]) { v, _ in .opacity(min(max(v[0], 0), 1)) })
    }
    /// Moves the drawing by (x, y) points; layout is unchanged. Non-finite values count as 0.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _EffectModifier> {
        let (dx, dy) = (Double(x).isFinite ? Double(x) : 0, Double(y).isFinite ? Double(y) : 0)
        var offset = _EffectModifier(name: "offset", kind: .movement, values: [dx, dy]) { v, _ in
            .transform(AffineTransform2D(translationX: v[0], y: v[1]))
        }
        offset.mirrorsXRightToLeft = true
        return modifier(offset)
    }
    public func offset(_ size: CGSize) -> ModifiedContent<Self, _EffectModifier> { offset(x: size.width, y: size.height) }
    /// Rotation about `anchor` (the centre by default; clockwise on screen for positive angles).
    /// Drawing only: layout is unchanged.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> ModifiedContent<Self, _EffectModifier> {
        let r = angle.radians.isFinite ? angle.radians : 0
        return modifier(
            _EffectModifier(name: "rotation", kind: .movement, values: [r]) { v, size in
                .transform(about(anchor, AffineTransform2D(rotation: .radians(v[0])), size))
            })
    }
    /// Scale about `anchor` (the centre by default). Drawing only: layout is unchanged; NaN
    /// counts as 1.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> ModifiedContent<Self, _EffectModifier> {
        scaleEffect(x: s, y: s, anchor: anchor)
    }
    public func scaleEffect(_ s: CGSize, anchor: UnitPoint = .center) -> ModifiedContent<Self, _EffectModifier> {
        scaleEffect(x: s.width, y: s.height, anchor: anchor)
    }
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ModifiedContent<Self, _EffectModifier> {
        let kx = x.isFinite ? Double(x) : 1, ky = y.isFinite ? Double(y) : 1
        return modifier(
            _EffectModifier(name: "scale", kind: .movement, values: [kx, ky]) { v, size in
                .transform(about(anchor, AffineTransform2D(scaleX: v[0], y: v[1]), size))
            })
    }
    /// A Gaussian blur of the rendered view, σ = `radius` points; `opaque` clamps its edges.
    public func blur(radius: CGFloat, opaque: Bool = false) -> ModifiedContent<Self, _EffectModifier> {
        let r = max(0, Double(radius).isNaN ? 0 : Double(radius))
        return modifier(_EffectModifier(name: "blur", kind: .blur, values: [r]) { v, _ in .blur(radius: max(0, v[0]), opaque: opaque) })
    }
    /// A shadow cast by each drawn child (REFERENCE.md §4; default colour black at 33 %):
    /// a Gaussian of σ = 0.94 × `radius` points (fitted to Apple's renders), offset (x, y)
    /// points; the colour resolves in the view's environment (scheme and palette).
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _ShadowModifier>
    {
        modifier(_ShadowModifier(color: color, radius: Double(radius), x: Double(x), y: Double(y)))
    }
    public func compositingGroup() -> ModifiedContent<Self, _EffectModifier> { modifier(_EffectModifier(name: "group") { _ in .compositingGroup }) }
    public func drawingGroup() -> ModifiedContent<Self, _EffectModifier> { compositingGroup() }
    /// Clips to the view's bounds.
    public func clipped() -> ModifiedContent<Self, _EffectModifier> {
        modifier(_EffectModifier(name: "clip") { size in .clip(.rect(x: 0, y: 0, width: size.width, height: size.height), rule: .nonZero) })
    }
    /// Clips to `shape` in the view's bounds, deciding inside by `style`'s rule.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> ModifiedContent<Self, _EffectModifier> {
        let rule = style.rule
        return modifier(
            _EffectModifier(name: "clip") { size in .clip(shape.path(in: CGRect(x: 0, y: 0, width: size.width, height: size.height)).raster, rule: rule) })
    }
    public func cornerRadius(_ radius: CGFloat) -> ModifiedContent<Self, _EffectModifier> {
        let r = Double(radius).isFinite ? max(0, Double(radius)) : 0
        return modifier(
            _EffectModifier(name: "clip", values: [r]) { v, size in
                .clip(
                    RoundedRectangle(cornerRadius: max(0, v[0]), style: .circular).path(in: CGRect(x: 0, y: 0, width: size.width, height: size.height)).raster,
                    rule: .nonZero)
            })
    }
}

/// `t` applied about the centre of a view of `size` (SwiftUI's default anchor).
/// `t` applied about the point `anchor` of a view of `size`.
func about(_ anchor: UnitPoint, _ t: AffineTransform2D, _ size: Size) -> AffineTransform2D {
    let p = anchor.point(in: size)
    return AffineTransform2D(translationX: -p.x, y: -p.y).concatenating(t).concatenating(AffineTransform2D(translationX: p.x, y: p.y))
}

// MARK: Environment

public struct _EnvironmentModifier: PrimitiveViewModifier {
    let change: (inout EnvironmentValues) -> Void
    func environment(_ env: inout EnvironmentValues) { change(&env) }
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        // Where the layout direction changes, the content is laid out mirrored (see
        // `LayoutDirection`); any other change needs no element of its own.
        var inner = context.environment
        change(&inner)
        guard inner.layoutDirection != context.environment.layoutDirection else { return content }
        return wrapEach(content) { e in
            let w = passthrough(e, e.identity.appending("layoutDirection"))
            w.node.mirrorsContent = true
            return w
        }
    }
}

extension View {
    public func font(_ font: Font?) -> ModifiedContent<Self, _EnvironmentModifier> { modifier(_EnvironmentModifier { $0.font = font }) }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.foregroundStyle = AnyShapeStyle(style) })
    }
    public func foregroundColor(_ color: Color?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.foregroundStyle = color.map { AnyShapeStyle($0) } })
    }
    public func tint<S: ShapeStyle>(_ tint: S?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.tint = tint.map { AnyShapeStyle($0) } })
    }
    public func tint(_ tint: Color?) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.tint = tint.map { AnyShapeStyle($0) } })
    }
    public func lineLimit(_ limit: Int?) -> ModifiedContent<Self, _EnvironmentModifier> { modifier(_EnvironmentModifier { $0.lineLimit = limit }) }
    public func multilineTextAlignment(_ a: TextAlignment) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.multilineTextAlignment = a })
    }
    /// The colour scheme of the view (and, in a preview, of the whole preview).
    public func preferredColorScheme(_ scheme: ColorScheme?) -> ModifiedContent<Self, _PreviewTraitModifier> {
        modifier(_PreviewTraitModifier(colorScheme: scheme))
    }
}

// MARK: Background and overlay

public struct _DecorationModifier: PrimitiveViewModifier {
    let alignment: Alignment
    let decoration: Any
    let isOverlay: Bool
    /// A material background: the content's hierarchical text becomes vibrant.
    var material: MaterialStyle? = nil
    func environment(_ env: inout EnvironmentValues) {
        if let material { env.backgroundMaterial = material }
        // A view background that is a material-filled shape: the content sits on the material.
        if !isOverlay, let drawn = (decoration as? MaterialDrawingView)?.drawnMaterialStyle { env.backgroundMaterial = drawn }
    }
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        wrapEach(content) { e in
            let id = e.identity.appending(isOverlay ? "overlay" : "background")
            var c = context
            c.identity = id
            // An overlay on a view that draws a material sits on that material: vibrant.
            if isOverlay, let beneath = e.materialBeneath { c.environment.backgroundMaterial = beneath }
            let extra = resolveView(decoration, c)
            let node = LayoutNode(
                .decorated(alignment: alignment.layout), name: isOverlay ? "overlay" : "background",
                children: [e.node] + extra.map(\.node))
            return Element(id, node: node, children: isOverlay ? [e] + extra : extra + [e])
        }
    }
}

extension View {
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> ModifiedContent<Self, _DecorationModifier> {
        modifier(_DecorationModifier(alignment: alignment, decoration: content(), isOverlay: false))
    }
    public func background<V: View>(_ view: V, alignment: Alignment = .center) -> ModifiedContent<Self, _DecorationModifier> {
        modifier(_DecorationModifier(alignment: alignment, decoration: view, isOverlay: false))
    }
    /// Fills `shape` with `style` behind the view, in its bounds (layout unchanged).
    public func background<S: ShapeStyle, Sh: Shape>(_ style: S, in shape: Sh) -> ModifiedContent<Self, _DecorationModifier> {
        modifier(_DecorationModifier(alignment: .center, decoration: shape.fill(style), isOverlay: false, material: style as? MaterialStyle))
    }
    public func background<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _DecorationModifier> {
        modifier(_DecorationModifier(alignment: .center, decoration: Rectangle().fill(style), isOverlay: false, material: style as? MaterialStyle))
    }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> ModifiedContent<Self, _DecorationModifier> {
        modifier(_DecorationModifier(alignment: alignment, decoration: content(), isOverlay: true))
    }
    /// Fills `shape` with `style` over the view, in its bounds (layout unchanged).
    public func overlay<S: ShapeStyle, Sh: Shape>(_ style: S, in shape: Sh) -> ModifiedContent<Self, _DecorationModifier> {
        modifier(_DecorationModifier(alignment: .center, decoration: shape.fill(style), isOverlay: true))
    }
    public func overlay<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _DecorationModifier> {
        modifier(_DecorationModifier(alignment: .center, decoration: Rectangle().fill(style), isOverlay: true))
    }
    public func overlay<V: View>(_ view: V, alignment: Alignment = .center) -> ModifiedContent<Self, _DecorationModifier> {
        modifier(_DecorationModifier(alignment: alignment, decoration: view, isOverlay: true))
    }
}

// MARK: Mask and drawing order

public struct _MaskModifier: PrimitiveViewModifier {
    let alignment: Alignment
    let mask: Any
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        wrapEach(content) { e in
            var c = context
            c.identity = e.identity.appending("mask")
            let maskElements = resolveView(mask, c)
            let maskNode = LayoutNode(.zstack(alignment: alignment.layout), children: maskElements.map(\.node))
            let w = passthrough(e, e.identity.appending("masked"))
            w.effects = [
                EffectSpec("mask") { size in
                    // The mask is laid out in the view's own bounds.
                    maskNode.place(in: Rect(origin: .zero, size: size), proposal: ProposedSize(size))
                    return .mask(DisplayList(maskElements.map { $0.displayItem(parentOrigin: .zero) }))
                }
            ]
            return w
        }
    }
}

/// `layoutPriority(_:)`: in a stack, views of higher priority are offered space first.
public struct _LayoutPriorityModifier: PrimitiveViewModifier {
    let value: Double
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        content.forEach { $0.node.priority = value.isFinite ? value : 0 }
        return content
    }
}

/// `position(x:y:)`: fills the space offered and centres the view at (x, y) in it.
public struct _PositionModifier: PrimitiveViewModifier {
    let x: Double, y: Double
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        var position = _EffectModifier(name: "position", kind: .movement, values: [x, y]) { v, size in
            .transform(AffineTransform2D(translationX: v[0] - size.width / 2, y: v[1] - size.height / 2))
        }
        // Right to left, x counts from the parent's right edge: the view sits at the flexible
        // frame's top-leading corner (its right) and moves leftwards.
        position.mirrorsXRightToLeft = true
        let centred = position.wrap(content, context)
        return _FrameModifier(kind: .flexibleFrame(.init(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))).wrap(centred, context)
    }
}

public struct _ShadowModifier: PrimitiveViewModifier {
    let color: Color, radius: Double, x: Double, y: Double
    /// σ per point of `radius`. Fitted to Apple's render of four stacked 10 pt shadows
    /// (vs_layering_shadows, 1×): the halo's alpha along the centre line is 2.4 levels RMS
    /// from Apple's at 0.94, 6.3 at 1 (σ = radius), 11 at 0.85 and 58 at 0.5 (the CSS reading).
    static let sigmaPerRadius = 0.94
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let c = color.resolved(context.environment)
        let r = radius.isFinite ? radius * _ShadowModifier.sigmaPerRadius : 0, dx = x.isFinite ? x : 0, dy = y.isFinite ? y : 0
        return _EffectModifier(name: "shadow", values: PaintData.color(c) + [r, dx, dy]) { v, _ in
            .shadow(color: PaintData.color(v, 0), radius: max(0, v[4]), x: v[5], y: v[6])
        }.wrap(content, context)
    }
}

public struct _ZIndexModifier: PrimitiveViewModifier {
    let value: Double
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        content.forEach { $0.zIndex = value }
        return content
    }
}

extension View {
    /// Shows the view only where `mask` (laid out in the view's bounds) is opaque.
    public func mask<M: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> M) -> ModifiedContent<Self, _MaskModifier> {
        modifier(_MaskModifier(alignment: alignment, mask: mask()))
    }
    /// In a stack, views of higher priority get space first (SwiftUI's default 0; NaN counts as 0).
    public func layoutPriority(_ value: Double) -> ModifiedContent<Self, _LayoutPriorityModifier> {
        modifier(_LayoutPriorityModifier(value: value))
    }
    /// Centres the view at (x, y) points in the space its parent offers, which it fills
    /// (SwiftUI's `position`: the view itself keeps its size; NaN coordinates count as 0).
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _PositionModifier> {
        modifier(_PositionModifier(x: x.isFinite ? Double(x) : 0, y: y.isFinite ? Double(y) : 0))
    }
    public func position(_ point: CGPoint) -> ModifiedContent<Self, _PositionModifier> { position(x: point.x, y: point.y) }
    /// Composites the flattened view with `mode` (W3C formulas: FrostCanvas's blend modes).
    public func blendMode(_ mode: BlendMode) -> ModifiedContent<Self, _EffectModifier> {
        modifier(_EffectModifier(name: "blendMode") { _ in .blendMode(mode) })
    }
    /// Drawing order among siblings: higher draws later (on top); layout is unchanged.
    public func zIndex(_ value: Double) -> ModifiedContent<Self, _ZIndexModifier> { modifier(_ZIndexModifier(value: value)) }
}

// MARK: Colour effects

extension View {
    /// Saturation: 0 grey, 1 unchanged, above 1 more vivid (Rec. 709 weights, as Core Image).
    public func saturation(_ amount: Double) -> ModifiedContent<Self, _EffectModifier> {
        modifier(_EffectModifier(name: "saturation", values: [amount]) { v, _ in .colorMatrix(.saturation(v[0]), name: "saturation \(v[0].shortText)") })
    }
    /// Adds `amount` (−1…1) to every colour component.
    public func brightness(_ amount: Double) -> ModifiedContent<Self, _EffectModifier> {
        modifier(_EffectModifier(name: "brightness", values: [amount]) { v, _ in .colorMatrix(.brightness(v[0]), name: "brightness \(v[0].shortText)") })
    }
    /// Scales colours away from (or towards) mid-grey: out = 0.5 + amount·(in − 0.5).
    public func contrast(_ amount: Double) -> ModifiedContent<Self, _EffectModifier> {
        modifier(
            _EffectModifier(name: "contrast", values: [amount]) { v, _ in
                let k = v[0], b = 0.5 * (1 - v[0])
                let m = ColorMatrix(rows: [[k, 0, 0, 0, b], [0, k, 0, 0, b], [0, 0, k, 0, b], [0, 0, 0, 1, 0]])
                return .colorMatrix(m, name: "contrast \(k.shortText)")
            })
    }
    /// Removes `amount` (0…1) of the colour: 1 is fully grey.
    public func grayscale(_ amount: Double) -> ModifiedContent<Self, _EffectModifier> {
        let a = min(max(amount.isNaN ? 0 : amount, 0), 1)
        return modifier(
            _EffectModifier(name: "grayscale", values: [a]) { v, _ in
                let g = min(max(v[0], 0), 1)
                return .colorMatrix(.saturation(1 - g), name: "grayscale \(g.shortText)")
            })
    }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum ZIndexTrait: ElementTraitKey {
    static let defaultValue: Double = 0
}

extension Element {
    /// `zIndex(_:)`: siblings draw in ascending order (stable), layout order unchanged.
    var zIndex: Double {
        get { traits[ZIndexTrait.self] }
        set { traits[ZIndexTrait.self] = newValue }
    }
}
