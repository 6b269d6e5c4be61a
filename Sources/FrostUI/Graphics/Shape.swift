import FrostGeometry
import FrostMotion
import FrostLayout
import FrostScene
import FrostRaster
import FrostEffects

// Reproduces SwiftUI's Shape protocol: fill, stroke and strokeBorder (StrokeStyle.swift), trim,
// AnyShape and FillStyle (even-odd fills). The shapes themselves are in BuiltInShapes.swift and
// Path.swift.

/// A 2-D shape, as SwiftUI's `Shape`: it fills the space it is offered (10 pt on an unspecified
/// axis) and draws `path(in:)` in the foreground style unless filled or stroked.
public protocol Shape: View, Animatable {
    func path(in rect: CGRect) -> Path
}

extension Shape {
    public var body: _ShapeView<Self> { _ShapeView(shape: self, fill: nil, stroke: nil, lineWidth: 1) }
    public func fill<S: ShapeStyle>(_ style: S) -> _ShapeView<Self> { _ShapeView(shape: self, fill: AnyShapeStyle(style), stroke: nil, lineWidth: 1) }
    /// Fills with the foreground style.
    public func fill() -> _ShapeView<Self> { _ShapeView(shape: self, fill: nil, stroke: nil, lineWidth: 1) }
    /// Fills with `content` by `style`'s rule (even-odd leaves overlaps of an odd count empty).
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle) -> _ShapeView<Self> {
        var view = _ShapeView(shape: self, fill: AnyShapeStyle(content), stroke: nil, lineWidth: 1)
        view.rule = style.rule
        return view
    }
    /// Fills with the foreground style by `style`'s rule.
    public func fill(style: FillStyle) -> _ShapeView<Self> {
        var view = _ShapeView(shape: self, fill: nil, stroke: nil, lineWidth: 1)
        view.rule = style.rule
        return view
    }
    /// Strokes the outline centred on the path: half the line lies outside the frame. Butt
    /// caps and miter joins (limit 10), as SwiftUI's default `StrokeStyle`.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        stroke(style, style: StrokeStyle(lineWidth: lineWidth))
    }
    /// Strokes the outline as `style` says (width, caps, joins, miter limit, dashes; points).
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: nil, stroke: AnyShapeStyle(content), lineWidth: Double(style.lineWidth), strokeStyle: style.raster)
    }
    /// Strokes in the foreground style.
    public func stroke(lineWidth: CGFloat = 1) -> _ShapeView<Self> { stroke(style: StrokeStyle(lineWidth: lineWidth)) }
    /// Strokes in the foreground style, as `style` says.
    public func stroke(style: StrokeStyle) -> _ShapeView<Self> {
        _ShapeView(
            shape: self, fill: nil, stroke: AnyShapeStyle(HierarchicalShapeStyle.primary), lineWidth: Double(style.lineWidth),
            strokeFromForeground: true, strokeStyle: style.raster)
    }
    /// Strokes the outline inset by half the line, so the whole line lies inside the frame
    /// (SwiftUI's `strokeBorder`, for `InsettableShape`s: here every built-in shape).
    public func strokeBorder<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        strokeBorder(style, style: StrokeStyle(lineWidth: lineWidth))
    }
    /// Strokes the outline inset by half the line, as `style` says.
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _ShapeView<Self> {
        let width = Double(style.lineWidth)
        return _ShapeView(
            shape: self, fill: nil, stroke: AnyShapeStyle(content), lineWidth: width,
            inset: width.isFinite ? width / 2 : 0, strokeStyle: style.raster)
    }
    /// Strokes in the foreground style, inset by half the line.
    public func strokeBorder(lineWidth: CGFloat = 1) -> _ShapeView<Self> { strokeBorder(style: StrokeStyle(lineWidth: lineWidth)) }
    /// Strokes in the foreground style, inset by half the line, as `style` says.
    public func strokeBorder(style: StrokeStyle) -> _ShapeView<Self> {
        let width = Double(style.lineWidth)
        return _ShapeView(
            shape: self, fill: nil, stroke: AnyShapeStyle(HierarchicalShapeStyle.primary), lineWidth: width,
            strokeFromForeground: true, inset: width.isFinite ? width / 2 : 0, strokeStyle: style.raster)
    }
    /// The part of the outline between fractions `from` and `to` (0…1) of its length, from
    /// where the path starts (a circle's at 3 o'clock, going clockwise on screen).
    public func trim(from: CGFloat = 0, to: CGFloat = 1) -> _TrimmedShape<Self> { _TrimmedShape(shape: self, from: from, to: to) }
    var shapeName: String { String(describing: Self.self) }
}

/// A shape drawn with a fill or a stroke.
public struct _ShapeView<S: Shape>: View, PrimitiveView {
    let shape: S
    let fill: AnyShapeStyle?
    let stroke: AnyShapeStyle?
    let lineWidth: Double
    /// The stroke takes the environment's foreground style (`stroke(lineWidth:)`).
    var strokeFromForeground = false
    /// Points the path is inset by (`strokeBorder`: half the line width).
    var inset = 0.0
    /// Caps, joins and dashes (the width is `lineWidth`).
    var strokeStyle = FrostRaster.Path.StrokeStyle()
    /// How the fill decides what is inside (non-zero unless a FillStyle says even-odd).
    var rule: FillRule = .nonZero
    public typealias Body = Never

    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let fillStyle = fill ?? (stroke == nil ? env.foregroundStyle ?? AnyShapeStyle(HierarchicalShapeStyle.primary) : nil)
        let shape = self.shape, lineWidth = self.lineWidth.isFinite ? max(0, self.lineWidth) : 1, inset = self.inset.isFinite ? max(0, self.inset) : 0
        let strokeStyle = self.strokeStyle, rule = self.rule
        let stroke = strokeFromForeground ? (env.foregroundStyle ?? self.stroke) : self.stroke
        let name = (shape as? AnyShape)?.name ?? shape.shapeName
        if let fillStyle, case .material(let m) = fillStyle._resolvedStyle(env) {
            // A material-filled shape: the backdrop is what lies beneath. Rectangles, rounded
            // rectangles and capsules are the material's own rounded panel; any other shape is
            // the material clipped to its path.
            let rounded = shape as? RoundedRectangle, capsule = shape as? Capsule
            let continuous = rounded.map { $0.style == .continuous } ?? capsule.map { $0.style == .continuous } ?? false
            let isPanel = shape is Rectangle || rounded != nil || capsule != nil
            let appearance: FrostEffectsAppearance = env.colorScheme == .dark ? .dark : .light
            if env.accessibilityReduceTransparency {
                // Reduce Transparency: an opaque fill, the material over the system background.
                let fill = m.material.reduceTransparencyColor(appearance)
                return [
                    Element(context.identity, node: LayoutNode(.flexible, name: name)) { size in
                        let path = shape.path(in: CGRect(x: 0, y: 0, width: size.width, height: size.height)).raster
                        return .shape(ShapeContent(name, path: path, fill: .solid(fill)))
                    }
                ]
            }
            let identity = context.identity
            let element = Element(identity, node: LayoutNode(.flexible, name: name)) { size in
                let radius = rounded.map { Double($0.cornerRadius) } ?? (capsule != nil ? min(size.width, size.height) / 2 : 0)
                let material = DisplayItem.Content.material(
                    MaterialContent(m.material, appearance: appearance, cornerRadius: radius, continuousCorners: continuous))
                if isPanel { return material }
                let path = shape.path(in: CGRect(x: 0, y: 0, width: size.width, height: size.height)).raster
                let panel = DisplayItem(
                    identity: identity.appending("material"), frame: Rect(x: 0, y: 0, width: size.width, height: size.height), content: material)
                return .effect(.clip(path, rule: .nonZero), children: DisplayList([panel]))
            }
            element.drawnMaterial = m
            return [element]
        }
        // A zero line width is a hairline: one pixel wide, as Core Graphics draws it.
        let hairline = 1 / max(1, Double(env.displayScale))
        let fillResolved = fillStyle.map { $0._resolvedStyle(env) }
        let strokeResolved = stroke.map { $0._resolvedStyle(env) }
        // Animatable: the paints' colours and stops (premultiplied linear), the line width and
        // the shape's own `animatableData`.
        let unit = Size(width: 1, height: 1)
        let fillCount = PaintData.values(fillResolved?.paint(unit)).count
        // On a material, hierarchical fills and strokes are vibrant (fill styles).
        let vibrancy = env.vibrancy(level: (fillStyle ?? stroke).flatMap { AnyShapeStyle($0).hierarchicalLevel }, for: .shape)
        let appearance = env.vibrancyAppearance
        let numbers = PaintData.values(fillResolved?.paint(unit)) + PaintData.values(strokeResolved?.paint(unit)) + [lineWidth]
        typealias Data = AnimatablePair<AnimatableVector, S.AnimatableData>
        let spec = ContentSpec(data: Data(AnimatableVector(numbers), shape.animatableData)) { data, size in
            let d = data as? Data ?? Data(AnimatableVector(numbers), shape.animatableData)
            let v = d.first.padded(to: numbers.count)
            var drawn = shape
            drawn.animatableData = d.second
            let width = max(0, v[v.count - 1])
            let rect = CGRect(x: inset, y: inset, width: max(0, size.width - 2 * inset), height: max(0, size.height - 2 * inset))
            let path = drawn.path(in: rect).raster
            var content = ShapeContent(
                name, path: path, fill: PaintData.paint(fillResolved?.paint(size), v[0..<fillCount]),
                stroke: PaintData.paint(strokeResolved?.paint(size), v[fillCount..<(v.count - 1)]),
                lineWidth: width > 0 ? width : hairline, rule: rule)
            content.strokeStyle = strokeStyle
            content.vibrancy = vibrancy
            content.vibrancyAppearance = appearance
            return .shape(content)
        }
        return [Element(context.identity, node: LayoutNode(.flexible, name: name), spec: spec)]
    }
}

typealias FrostEffectsAppearance = FrostEffects.Appearance

/// Any shape, type-erased, as SwiftUI's `AnyShape` (its animatable data is not animated).
public struct AnyShape: Shape {
    let makePath: (CGRect) -> Path
    let name: String
    public init<S: Shape>(_ shape: S) { makePath = shape.path(in:); name = shape.shapeName }
    public func path(in rect: CGRect) -> Path { makePath(rect) }
    var shapeName: String { name }
}

/// How a fill or clip decides which points a path encloses, as SwiftUI's `FillStyle`.
public struct FillStyle: Hashable, Sendable {
    /// Even-odd: a point is inside when a ray from it crosses the path an odd number of times
    /// (a ring's hole stays empty whichever way its subpaths wind); else non-zero winding.
    public var isEOFilled: Bool
    /// Accepted for source compatibility: FrostUI always anti-aliases.
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) { isEOFilled = eoFill; isAntialiased = antialiased }
    var rule: FillRule { isEOFilled ? .evenOdd : .nonZero }
}

/// A shape trimmed to a fraction of its outline (`Shape.trim(from:to:)`); both ends animate.
public struct _TrimmedShape<Base: Shape>: Shape {
    var shape: Base
    var from: CGFloat, to: CGFloat
    public var animatableData: AnimatablePair<AnimatablePair<CGFloat, CGFloat>, Base.AnimatableData> {
        get { AnimatablePair(AnimatablePair(from, to), shape.animatableData) }
        set { from = newValue.first.first; to = newValue.first.second; shape.animatableData = newValue.second }
    }
    public func path(in rect: CGRect) -> Path { Path(shape.path(in: rect).raster.trimmed(from: Double(from), to: Double(to))) }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum DrawnMaterialTrait: ElementTraitKey {
    static var defaultValue: MaterialStyle? { nil }
}

extension Element {
    /// The material this element fills itself with (a shape filled with a material style).
    var drawnMaterial: MaterialStyle? {
        get { traits[DrawnMaterialTrait.self] }
        set { traits[DrawnMaterialTrait.self] = newValue }
    }
}
