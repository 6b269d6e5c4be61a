import Foundation
import FrostGeometry
import FrostRaster

// Reproduces SwiftUI's `Canvas` and its `GraphicsContext` for the drawing app code does with it:
// `fill` and `stroke` of paths with colours, gradients and shape styles; `draw` of text (centred
// on the point, or by its anchor along each axis for the common anchors) and of images in a
// rectangle; `translateBy`, `scaleBy`, `rotate`, `concatenate`; `opacity`; `clip(to:)`; nested
// `drawLayer`. Each command becomes the shape (or text, or image) view it stands for, in the
// canvas's coordinates, so it is drawn by the same renderer as every other view. Not reproduced:
// blend modes, filters and symbols (`resolveSymbol`) inside the canvas.

/// Immediate-mode drawing in a view, as SwiftUI's `Canvas`.
public struct Canvas: View {
    let renderer: (inout GraphicsContext, CGSize) -> Void
    public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) { self.renderer = renderer }

    public var body: some View {
        GeometryReader { proxy in
            let commands = GraphicsContext.record(size: proxy.size, renderer)
            ZStack(alignment: .topLeading) {
                ForEach(0..<commands.count, id: \.self) { i in commands[i] }
            }
            .frame(width: proxy.size.width, height: proxy.size.height, alignment: .topLeading)
        }
    }
}

/// How a canvas blends colours, as SwiftUI's `ColorRenderingMode`.
public enum ColorRenderingMode: Hashable, Sendable { case nonLinear, linear, extendedLinear }

/// A canvas's drawing context, as SwiftUI's `GraphicsContext`: a value whose transform,
/// opacity and clip apply to what is drawn through it (copies draw independently).
public struct GraphicsContext {
    final class Recording {
        var views: [AnyView] = []
        let size: CGSize
        init(size: CGSize) { self.size = size }
    }
    let recording: Recording
    /// Canvas coordinates to the view's: applied to every path and position.
    public var transform: CGAffineTransformValue = CGAffineTransformValue()
    /// Multiplies the opacity of everything drawn (0…1).
    public var opacity: Double = 1
    var clip: Path?

    static func record(size: CGSize, _ renderer: (inout GraphicsContext, CGSize) -> Void) -> [AnyView] {
        var context = GraphicsContext(recording: Recording(size: size))
        renderer(&context, size)
        return context.recording.views
    }

    /// A colour or style to paint with, as SwiftUI's `GraphicsContext.Shading`.
    public struct Shading {
        let style: AnyShapeStyle
        public static func color(_ color: Color) -> Shading { Shading(style: AnyShapeStyle(color)) }
        public static func color(red: Double, green: Double, blue: Double, opacity: Double = 1) -> Shading {
            .color(Color(red: red, green: green, blue: blue, opacity: opacity))
        }
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(style: AnyShapeStyle(style)) }
        public static var foreground: Shading { Shading(style: AnyShapeStyle(HierarchicalShapeStyle.primary)) }
        /// A linear gradient between two points of the canvas.
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint, options: GradientOptions = GradientOptions()) -> Shading
        {
            Shading(style: AnyShapeStyle(_CanvasLinearGradient(gradient: gradient, start: startPoint, end: endPoint)))
        }
        /// A radial gradient around a point of the canvas.
        public static func radialGradient(
            _ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat, options: GradientOptions = GradientOptions()
        ) -> Shading {
            Shading(style: AnyShapeStyle(_CanvasRadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)))
        }
    }

    /// Gradient options, as SwiftUI's `GraphicsContext.GradientOptions` (accepted).
    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32 = 0) { self.rawValue = rawValue }
        public static let `repeat` = GradientOptions(rawValue: 1), mirror = GradientOptions(rawValue: 2), linearColor = GradientOptions(rawValue: 4)
    }

    private func add<V: View>(_ view: V) {
        let size = recording.size
        var v = AnyView(view.opacity(opacity).frame(width: size.width, height: size.height, alignment: .topLeading))
        if let clip { v = AnyView(v.clipShape(clip)) }
        recording.views.append(v)
    }

    /// Fills `path` with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        add(transform.apply(path).fill(shading.style, style: style))
    }

    /// Strokes `path` with `shading`, `lineWidth` points wide (before the transform's scale).
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Strokes `path` with `shading` as `style` says.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        var scaled = style
        scaled.lineWidth *= transform.lineScale
        add(transform.apply(path).stroke(shading.style, style: scaled))
    }

    /// Draws `text` with its `anchor` at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        let p = transform.apply(point)
        add(
            text.fixedSize()
                .alignmentGuide(.leading) { d in d.width * anchor.x }
                .alignmentGuide(.top) { d in d.height * anchor.y }
                .offset(x: p.x, y: p.y))
    }

    /// Draws `text` in `rect`, wrapped to its width.
    public func draw(_ text: Text, in rect: CGRect) {
        let r = transform.apply(rect)
        add(text.frame(width: r.width, height: r.height, alignment: .topLeading).offset(x: r.minX, y: r.minY))
    }

    /// Draws `image` stretched to `rect`.
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        let r = transform.apply(rect)
        add(image.resizable().frame(width: r.width, height: r.height).offset(x: r.minX, y: r.minY))
    }

    /// Draws `image` with its `anchor` at `point`, at its own size.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        let p = transform.apply(point)
        add(
            image.fixedSize()
                .alignmentGuide(.leading) { d in d.width * anchor.x }
                .alignmentGuide(.top) { d in d.height * anchor.y }
                .offset(x: p.x, y: p.y))
    }

    /// `text` ready to draw (as SwiftUI's `resolve`; here the text itself).
    public func resolve(_ text: Text) -> Text { text }
    /// `image` ready to draw.
    public func resolve(_ image: Image) -> Image { image }

    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform.prepend(AffineTransform2D(translationX: Double(x), y: Double(y))) }
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform.prepend(AffineTransform2D(scaleX: Double(x), y: Double(y))) }
    public mutating func rotate(by angle: Angle) { transform.prepend(AffineTransform2D(rotation: angle)) }
    /// Limits later drawing to `path` (in the current coordinates).
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) { clip = transform.apply(path) }
    /// Draws what `body` draws into a layer that composites as one.
    public func drawLayer(content body: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = self
        try body(&layer)
    }

    /// Clip options, as SwiftUI's `GraphicsContext.ClipOptions` (accepted).
    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32 = 0) { self.rawValue = rawValue }
        public static let inverse = ClipOptions(rawValue: 1)
    }
}

/// A canvas's current transform (SwiftUI's `CGAffineTransform`, which Linux lacks).
public struct CGAffineTransformValue {
    var t = AffineTransform2D.identity
    mutating func prepend(_ local: AffineTransform2D) { t = local.concatenating(t) }
    func apply(_ path: Path) -> Path { Path(path.raster.applying(t)) }
    func apply(_ p: CGPoint) -> CGPoint {
        let q = t.apply(to: Point(x: Double(p.x), y: Double(p.y)))
        return CGPoint(x: q.x, y: q.y)
    }
    func apply(_ r: CGRect) -> CGRect {
        let a = apply(CGPoint(x: r.minX, y: r.minY)), b = apply(CGPoint(x: r.maxX, y: r.maxY))
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
    /// How much the transform scales lengths (the mean of its axes' scales).
    var lineScale: CGFloat {
        let o = t.apply(to: Point(x: 0, y: 0)), x = t.apply(to: Point(x: 1, y: 0)), y = t.apply(to: Point(x: 0, y: 1))
        return CGFloat((hypot(x.x - o.x, x.y - o.y) + hypot(y.x - o.x, y.y - o.y)) / 2)
    }
}

/// A linear gradient between two canvas points.
struct _CanvasLinearGradient: ShapeStyle {
    let gradient: Gradient, start: CGPoint, end: CGPoint
    func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle {
        let stops = gradient.raster(environment)
        let a = Point(x: Double(start.x), y: Double(start.y)), b = Point(x: Double(end.x), y: Double(end.y))
        return .gradient { _ in .linearGradient(from: a, to: b, stops: stops) }
    }
}

/// A radial gradient around a canvas point.
struct _CanvasRadialGradient: ShapeStyle {
    let gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat
    func _resolvedStyle(_ environment: EnvironmentValues) -> ResolvedStyle {
        let c = Point(x: Double(center.x), y: Double(center.y))
        let r0 = Double(startRadius), r1 = max(Double(endRadius), r0 + 1e-9)
        // Stops run from startRadius to endRadius: rescaled onto 0…endRadius, as RadialGradient does.
        let stops = gradient.raster(environment).map { Paint.Stop((r0 + $0.location * (r1 - r0)) / r1, $0.color, mix: $0.mix) }
        return .gradient { _ in .radialGradient(center: c, radius: r1, stops: stops) }
    }
}
