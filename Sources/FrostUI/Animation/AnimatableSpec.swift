import FrostGeometry
import FrostMotion
import FrostScene
import FrostRaster

// The animatable parts of a resolved view (frame, effect numbers, content colours) as values the
// animation engine can interpolate: FrostUI's counterpart of SwiftUI's animatable attributes.
// Internal; no SwiftUI API of its own.

/// One effect around a resolved view, as data the animation layer can interpolate: its
/// animatable values (`data`), what kind of change they are (Reduce Motion jumps movement and
/// blur), and how to build the display effect from values and the view's size (points).
///
/// SwiftUI animates a modifier's `animatableData` and rebuilds the effect every frame: the same
/// split is kept here, so an offset interpolates its translation, a rotation its angle (never
/// a matrix, which would collapse through zero scale at 180°), a blur its radius.
struct EffectSpec {
    var name: String
    var kind: PropertyKind
    var data: any VectorArithmetic
    var make: (any VectorArithmetic, Size) -> DisplayEffect

    /// An effect of plain numbers (offsets, angles, radii, amounts).
    init(_ name: String, kind: PropertyKind = .other, values: [Double], make: @escaping ([Double], Size) -> DisplayEffect) {
        self.name = name; self.kind = kind; data = AnimatableVector(values)
        self.make = { data, size in make(values.count == 0 ? [] : (data as? AnimatableVector)?.padded(to: values.count) ?? values, size) }
    }

    /// An effect with nothing to animate (it may still depend on the animated size).
    init(_ name: String, make: @escaping (Size) -> DisplayEffect) {
        self.init(name, values: []) { _, size in make(size) }
    }

    /// The effect at its own (model) values.
    func effect(_ size: Size) -> DisplayEffect { make(data, size) }
}

/// What a leaf draws, as animatable data and a builder (colours of fills, strokes and text;
/// a custom shape's `animatableData`).
struct ContentSpec {
    var data: any VectorArithmetic
    var make: (any VectorArithmetic, Size) -> DisplayItem.Content
    /// For content that draws other elements (a scroll view's content): built with the
    /// presentation the frame is drawn at, so the views inside animate.
    var makePresented: ((Size, Presentation?) -> DisplayItem.Content)?

    /// Content drawing elements below it, at the frame's presentation.
    init(presented: @escaping (Size, Presentation?) -> DisplayItem.Content) {
        data = AnimatableVector([]); make = { _, size in presented(size, nil) }; makePresented = presented
    }

    init(data: any VectorArithmetic = AnimatableVector([]), make: @escaping (any VectorArithmetic, Size) -> DisplayItem.Content) {
        self.data = data; self.make = make
    }

    init(_ make: @escaping (Size) -> DisplayItem.Content) {
        self.init { _, size in make(size) }
    }

    func content(_ size: Size) -> DisplayItem.Content { make(data, size) }
}

extension AnimatableVector {
    /// Exactly `count` elements (missing ones 0), so builders can index safely.
    func padded(to count: Int) -> [Double] {
        elements.count == count ? elements : (0..<count).map { $0 < elements.count ? elements[$0] : 0 }
    }
}

/// Paints as animatable numbers: solid colours and gradient stops in premultiplied linear
/// light (FrostMotion's ``AnimatableColor``), gradient stop locations as they are.
enum PaintData {
    static func values(_ paint: Paint?) -> [Double] {
        switch paint {
        case nil: return []
        case .solid(let c)?: return color(c)
        case let paint?:
            return (paint.stops ?? []).flatMap { color($0.color) + [$0.location] }
        }
    }

    /// `paint` with its numbers replaced by `values` (from ``values(_:)`` of the same paint shape).
    static func paint(_ paint: Paint?, _ values: ArraySlice<Double>) -> Paint? {
        guard let paint else { return nil }
        let v = Array(values)
        switch paint {
        case .solid: return v.count >= 4 ? .solid(color(v, 0)) : paint
        default: return paint.withStops(gradient(paint.stops ?? [], v))
        }
    }

    static func color(_ c: FrostGeometry.Color) -> [Double] {
        let a = AnimatableColor(c)
        return [a.red, a.green, a.blue, a.opacity]
    }

    static func color(_ v: [Double], _ i: Int) -> FrostGeometry.Color {
        AnimatableColor(linearPremultipliedRed: v[i], green: v[i + 1], blue: v[i + 2], opacity: v[i + 3]).color
    }

    static func gradient(_ stops: [Paint.Stop], _ v: [Double]) -> [Paint.Stop] {
        guard v.count == stops.count * 5 else { return stops }
        return stops.indices.map { Paint.Stop(location: v[$0 * 5 + 4], color: color(v, $0 * 5), mix: stops[$0].mix) }
    }
}
