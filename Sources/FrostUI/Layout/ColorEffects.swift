import Foundation
import FrostEffects
import FrostGeometry
import FrostScene

// Reproduces the rest of SwiftUI's colour effects as colour matrices on the drawn view:
// `colorInvert()` (1 − c on each colour channel), `hueRotation(_:)` (the W3C / Core Image hue
// rotation matrix on sRGB-encoded values, as `CIHueAdjust` applies it) and `colorMultiply(_:)`
// (each channel times the colour's, resolved in the view's environment; its alpha multiplies
// alpha).

extension View {
    /// Inverts the view's colours.
    public func colorInvert() -> ModifiedContent<Self, _EffectModifier> {
        modifier(
            _EffectModifier(name: "colorInvert") { _ in
                .colorMatrix(ColorMatrix(rows: [[-1, 0, 0, 0, 1], [0, -1, 0, 0, 1], [0, 0, -1, 0, 1], [0, 0, 0, 1, 0]]), name: "colorInvert")
            })
    }

    /// Turns every hue by `angle` (luminance kept, by the W3C matrix).
    public func hueRotation(_ angle: Angle) -> ModifiedContent<Self, _EffectModifier> {
        let a = angle.radians.isFinite ? angle.radians : 0
        return modifier(
            _EffectModifier(name: "hueRotation", values: [a]) { v, _ in
                let c = cos(v[0]), s = sin(v[0])
                let rows: [[Double]] = [
                    [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0],
                    [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0],
                    [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0],
                    [0, 0, 0, 1, 0],
                ]
                return .colorMatrix(ColorMatrix(rows: rows), name: "hueRotation \(v[0].shortText)")
            })
    }

    /// Multiplies every channel by `color`'s (sRGB, in the view's scheme).
    public func colorMultiply(_ color: Color) -> _ColorMultiplyView<Self> { _ColorMultiplyView(content: self, color: color) }
}

/// `colorMultiply`: resolves the colour in the environment, then multiplies.
public struct _ColorMultiplyView<Content: View>: View {
    let content: Content
    let color: Color
    @Environment(\.self) private var environment
    public var body: some View {
        let c = color.resolved(environment)
        return content.modifier(
            _EffectModifier(name: "colorMultiply") { _ in
                .colorMatrix(
                    ColorMatrix(rows: [[c.red, 0, 0, 0, 0], [0, c.green, 0, 0, 0], [0, 0, c.blue, 0, 0], [0, 0, 0, c.opacity, 0]]),
                    name: "colorMultiply")
            })
    }
}
