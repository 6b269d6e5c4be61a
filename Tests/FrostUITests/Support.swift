import FrostGeometry
typealias FrostGeometryColor = FrostGeometry.Color
import FrostScene

/// Every leaf of a display list (text, shape, image, material) with its frame in host points
/// (translations applied; other effects ignored).
func leaves(_ list: DisplayList) -> [(content: DisplayItem.Content, frame: Rect)] {
    var out: [(DisplayItem.Content, Rect)] = []
    func walk(_ l: DisplayList, _ origin: Point) {
        for item in l.items {
            let f = Rect(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY, width: item.frame.width, height: item.frame.height)
            switch item.content {
            case .effect(.transform(let t), let c) where t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1:
                // A pure translation (offset) moves the leaves below it.
                walk(c, Point(x: f.minX + t.tx, y: f.minY + t.ty))
            case .group(let c), .effect(_, let c): walk(c, f.origin)
            default: out.append((item.content, f))
            }
        }
    }
    walk(list, .zero)
    return out
}

/// The frames of the shapes of a display list, in host points (see ``leaves(_:)``).
func shapeFrames(_ list: DisplayList) -> [Rect] {
    leaves(list).compactMap { if case .shape = $0.content { return $0.frame } else { return nil } }
}

/// The strings of the texts of a display list, in drawing order.
func textStrings(_ list: DisplayList) -> [String] {
    leaves(list).compactMap { if case .text(let t) = $0.content { return t.string } else { return nil } }
}

/// The blur radius drawn anywhere in a display list (0 when none).
func blurRadius(_ list: DisplayList) -> Double {
    var r = 0.0
    func walk(_ l: DisplayList) {
        for item in l.items {
            switch item.content {
            case .effect(let e, let c):
                if case .blur(let radius, _) = e { r = max(r, radius) }
                walk(c)
            case .group(let c): walk(c)
            default: break
            }
        }
    }
    walk(list)
    return r
}
