import FrostGeometry
typealias FrostGeometryColor = FrostGeometry.Color
import FrostScene

/// Every leaf of a display list (text, shape, image, material) with its frame in host points.
func leaves(_ list: DisplayList) -> [(content: DisplayItem.Content, frame: Rect)] {
    var out: [(DisplayItem.Content, Rect)] = []
    func walk(_ l: DisplayList, _ origin: Point) {
        for item in l.items {
            let f = Rect(x: origin.x + item.frame.minX, y: origin.y + item.frame.minY, width: item.frame.width, height: item.frame.height)
            switch item.content {
            case .group(let c), .effect(_, let c): walk(c, f.origin)
            default: out.append((item.content, f))
            }
        }
    }
    walk(list, .zero)
    return out
}
