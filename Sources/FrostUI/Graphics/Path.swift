import FrostGeometry
import FrostMotion
import FrostLayout
import FrostScene
import FrostRaster
import FrostEffects

// Reproduces SwiftUI's Path as a shape: the path in the frame it is given (moves, lines, quad and
// cubic curves, closes; rectangles, ellipses and rounded rectangles).

/// A path in a rectangle, as SwiftUI's `Path` (points, y down).
public struct Path: Equatable {
    var raster: FrostRaster.Path
    public init() { raster = FrostRaster.Path() }
    init(_ raster: FrostRaster.Path) { self.raster = raster }
    public init(_ rect: CGRect) { raster = .rect(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height)) }
    public init(ellipseIn rect: CGRect) {
        raster = .ellipse(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
    }
    public mutating func move(to p: CGPoint) { raster.move(to: Point(x: Double(p.x), y: Double(p.y))) }
    public mutating func addLine(to p: CGPoint) { raster.line(to: Point(x: Double(p.x), y: Double(p.y))) }
    public mutating func addQuadCurve(to p: CGPoint, control c: CGPoint) {
        raster.quad(to: Point(x: Double(p.x), y: Double(p.y)), control: Point(x: Double(c.x), y: Double(c.y)))
    }
    public mutating func addCurve(to p: CGPoint, control1 a: CGPoint, control2 b: CGPoint) {
        raster.cubic(
            to: Point(x: Double(p.x), y: Double(p.y)), control1: Point(x: Double(a.x), y: Double(a.y)), control2: Point(x: Double(b.x), y: Double(b.y)))
    }
    public mutating func addRect(_ rect: CGRect) { raster.add(Path(rect).raster) }
    public mutating func closeSubpath() { raster.close() }
}
