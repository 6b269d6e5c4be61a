import FrostGeometry
import FrostMotion
import FrostLayout
import FrostScene
import FrostRaster
import FrostEffects

// Reproduces SwiftUI's StrokeStyle (width, caps, miter/round/bevel joins, miter limit, dashes and
// phase) and Core Graphics' CGLineCap and CGLineJoin.

/// Core Graphics' line caps, as SwiftUI's `StrokeStyle` takes them.
public enum CGLineCap: Int32, Sendable, Hashable { case butt, round, square }

/// Core Graphics' line joins.
public enum CGLineJoin: Int32, Sendable, Hashable { case miter, round, bevel }

/// How a shape's outline is stroked, as SwiftUI's `StrokeStyle`: width (points), caps, joins,
/// miter limit (in line widths), dash lengths and phase (points). Animatable: width, miter
/// limit and dash phase.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dash: [CGFloat]
    public var dashPhase: CGFloat
    public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
        dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0
    ) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin; self.miterLimit = miterLimit
        self.dash = dash; self.dashPhase = dashPhase
    }
    var raster: FrostRaster.Path.StrokeStyle {
        let cap: FrostRaster.Path.StrokeStyle.Cap = lineCap == .round ? .round : lineCap == .square ? .square : .butt
        let join: FrostRaster.Path.StrokeStyle.Join = lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter
        let limit = Double(miterLimit)
        return FrostRaster.Path.StrokeStyle(
            width: Double(lineWidth), cap: cap, join: join, miterLimit: limit.isFinite ? limit : 10,
            dash: dash.map(Double.init), dashPhase: Double(dashPhase))
    }
}
