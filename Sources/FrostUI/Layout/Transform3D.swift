import Foundation
import FrostGeometry
import FrostScene

// Reproduces SwiftUI's `rotation3DEffect(_:axis:anchor:anchorZ:perspective:)` as an affine
// approximation: a turn about the z axis is a rotation; a turn about the y (x) axis foreshortens
// the view horizontally (vertically) by the cosine of the angle, about the anchor, as the view
// seen edge-on would look without perspective. What is not reproduced: perspective (the near
// edge larger than the far one) and the mirror image past 90° (drawn foreshortened, not flipped).

extension View {
    /// Turns the view about `axis` by `angle` (drawing only; layout unchanged).
    public func rotation3DEffect(
        _ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center, anchorZ: CGFloat = 0, perspective: CGFloat = 1
    ) -> ModifiedContent<Self, _EffectModifier> {
        let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        let (ax, ay, az) = length > 0 && length.isFinite ? (Double(axis.x / length), Double(axis.y / length), Double(axis.z / length)) : (0.0, 0.0, 1.0)
        let theta = angle.radians.isFinite ? angle.radians : 0
        return modifier(
            _EffectModifier(name: "rotation3D", kind: .movement, values: [theta]) { v, size in
                let c = abs(cos(v[0]))
                let sx = 1 - (1 - c) * abs(ay), sy = 1 - (1 - c) * abs(ax)
                let t = AffineTransform2D(scaleX: max(sx, 1e-6), y: max(sy, 1e-6)).concatenating(AffineTransform2D(rotation: .radians(v[0] * az)))
                return .transform(about(anchor, t, size))
            })
    }
}
