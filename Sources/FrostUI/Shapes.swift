import FrostGeometry
import FrostMotion
import FrostLayout
import FrostScene
import FrostRaster
import FrostEffects

// Reproduces SwiftUI's Shape protocol and the built-in shapes (Rectangle, RoundedRectangle with
// circular and continuous corners, Circle, Ellipse, Capsule, Path), fill, stroke and
// strokeBorder. Stroke joins and the continuous corner curve are approximations.

/// A path in a rectangle, as SwiftUI's `Path` (points, y down).
public struct Path: Equatable {
    var raster: FrostRaster.Path
    public init() { raster = FrostRaster.Path() }
    init(_ raster: FrostRaster.Path) { self.raster = raster }
    public init(_ rect: CGRect) { raster = .rect(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height)) }
    public init(ellipseIn rect: CGRect) { raster = .ellipse(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height)) }
    public mutating func move(to p: CGPoint) { raster.move(to: Point(x: Double(p.x), y: Double(p.y))) }
    public mutating func addLine(to p: CGPoint) { raster.line(to: Point(x: Double(p.x), y: Double(p.y))) }
    public mutating func addQuadCurve(to p: CGPoint, control c: CGPoint) {
        raster.quad(to: Point(x: Double(p.x), y: Double(p.y)), control: Point(x: Double(c.x), y: Double(c.y)))
    }
    public mutating func addCurve(to p: CGPoint, control1 a: CGPoint, control2 b: CGPoint) {
        raster.cubic(to: Point(x: Double(p.x), y: Double(p.y)), control1: Point(x: Double(a.x), y: Double(a.y)), control2: Point(x: Double(b.x), y: Double(b.y)))
    }
    public mutating func addRect(_ rect: CGRect) { raster.add(Path(rect).raster) }
    public mutating func closeSubpath() { raster.close() }
}

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
    /// Strokes the outline centred on the path: half the line lies outside the frame.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: nil, stroke: AnyShapeStyle(style), lineWidth: Double(lineWidth))
    }
    /// Strokes in the foreground style.
    public func stroke(lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: nil, stroke: AnyShapeStyle(HierarchicalShapeStyle.primary), lineWidth: Double(lineWidth), strokeFromForeground: true)
    }
    /// Strokes the outline inset by half the line, so the whole line lies inside the frame
    /// (SwiftUI's `strokeBorder`, for `InsettableShape`s: here every built-in shape).
    public func strokeBorder<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: nil, stroke: AnyShapeStyle(style), lineWidth: Double(lineWidth), inset: Double(lineWidth) / 2)
    }
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
    public typealias Body = Never

    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let fillStyle = fill ?? (stroke == nil ? env.foregroundStyle ?? AnyShapeStyle(HierarchicalShapeStyle.primary) : nil)
        let shape = self.shape, lineWidth = self.lineWidth.isFinite ? max(0, self.lineWidth) : 1, inset = self.inset.isFinite ? max(0, self.inset) : 0
        let stroke = strokeFromForeground ? (env.foregroundStyle ?? self.stroke) : self.stroke
        let name = shape.shapeName
        if let fillStyle, case .material(let m) = fillStyle._resolvedStyle(env) {
            // A material-filled rectangle or rounded rectangle: the backdrop is what lies beneath.
            let radius = (shape as? RoundedRectangle).map { Double($0.cornerRadius) } ?? 0
            let continuous = (shape as? RoundedRectangle)?.style == .continuous
            let appearance: FrostEffectsAppearance = env.colorScheme == .dark ? .dark : .light
            if env.accessibilityReduceTransparency {
                // Reduce Transparency: an opaque fill, the material over the system background.
                let fill = MaterialStyle.opaqueColor(m.material, appearance)
                return [Element(context.identity, node: LayoutNode(.flexible, name: name)) { size in
                    let path = shape.path(in: CGRect(x: 0, y: 0, width: size.width, height: size.height)).raster
                    return .shape(ShapeContent(name, path: path, fill: .solid(fill)))
                }]
            }
            let element = Element(context.identity, node: LayoutNode(.flexible, name: name)) { _ in
                .material(MaterialContent(m.material, appearance: appearance, cornerRadius: radius, continuousCorners: continuous))
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
            var content = ShapeContent(name, path: path, fill: PaintData.paint(fillResolved?.paint(size), v[0..<fillCount]),
                                       stroke: PaintData.paint(strokeResolved?.paint(size), v[fillCount..<(v.count - 1)]),
                                       lineWidth: width > 0 ? width : hairline)
            content.vibrancy = vibrancy
            content.vibrancyAppearance = appearance
            return .shape(content)
        }
        return [Element(context.identity, node: LayoutNode(.flexible, name: name), spec: spec)]
    }
}

typealias FrostEffectsAppearance = FrostEffects.Appearance

public struct Rectangle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
}

public struct Circle: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let d = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
    }
}

public struct Ellipse: Shape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

/// Rounded-corner styles, as SwiftUI's `RoundedCornerStyle`: `.continuous` is UIKit's own
/// squircle-like corner (reach 1.52866 r).
public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

/// A rectangle with rounded corners; the style defaults to `.continuous`, as SwiftUI's
/// initialiser does in the iOS 17 and 18 SDKs.
public struct RoundedRectangle: Shape {
    public var cornerRadius: CGFloat
    public var style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { self.cornerRadius = cornerRadius; self.style = style }
    /// The corner radius animates (points).
    public var animatableData: CGFloat {
        get { cornerRadius }
        set { cornerRadius = newValue }
    }
    public func path(in rect: CGRect) -> Path {
        Path(.roundedRect(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height),
                          radius: max(0, Double(cornerRadius)), continuous: style == .continuous))
    }
}

public struct Capsule: Shape {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .circular) { self.style = style }
    public func path(in rect: CGRect) -> Path {
        Path(.roundedRect(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height),
                          radius: Double(min(rect.width, rect.height)) / 2, continuous: false))
    }
}
