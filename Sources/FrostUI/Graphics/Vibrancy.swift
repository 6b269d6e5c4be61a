import FrostEffects

// Reproduces iOS's vibrancy in SwiftUI: content drawn with a hierarchical style on a material
// is drawn through UIVibrancyEffect's styles, taking colour from what is behind the material.
// Below a material — a `.background(material)` (or `in:` a shape), a `.background { }` whose
// view is a shape filled with a material, or an `overlay` on a view that draws a material — text in `.secondary`/`.tertiary`/
// `.quaternary` uses the secondary/tertiary/quaternary label styles, shapes filled or stroked in
// those styles use the fill, secondary-fill and tertiary-fill styles, and `Divider` the
// separator style; primary content stays plain; Reduce Transparency turns it off. The matrices
// depend on light or dark only: no first-party values are known per material thickness (UIKit
// derives them from the blur style privately), so every material uses the same ones.
// Not yet vibrant: images and symbols (no template images or SF Symbols yet), and controls.

extension EnvironmentValues {
    /// The vibrancy style for content of hierarchical `level` (0 primary … 3 quaternary) drawn
    /// as `kind` here; nil where nothing is vibrant.
    func vibrancy(level: Int?, for kind: VibrantContent) -> Vibrancy? {
        guard backgroundMaterial != nil, !accessibilityReduceTransparency else { return nil }
        switch kind {
        case .separator: return .separator
        case .text:
            guard let level, level > 0 else { return nil }
            return [.secondaryLabel, .tertiaryLabel, .quaternaryLabel][min(level, 3) - 1]
        case .shape:
            guard let level, level > 0 else { return nil }
            return [.fill, .secondaryFill, .tertiaryFill][min(level, 3) - 1]
        }
    }

    var vibrancyAppearance: FrostEffects.Appearance { colorScheme == .dark ? .dark : .light }
}

/// What a view draws, for choosing its vibrancy style.
enum VibrantContent { case text, shape, separator }

extension Element {
    /// The material this element draws, or the one its content or background draws (what an
    /// overlay on it sits on).
    var materialBeneath: MaterialStyle? {
        if let drawnMaterial { return drawnMaterial }
        if children.count == 1 { return children[0].materialBeneath }
        return children.lazy.compactMap(\.drawnMaterial).first
    }
}

/// A view that draws a material (a shape filled with one), known before it resolves: content
/// that a `.background { }` of it sits behind is vibrant.
protocol MaterialDrawingView { var drawnMaterialStyle: MaterialStyle? { get } }

extension _ShapeView: MaterialDrawingView {
    var drawnMaterialStyle: MaterialStyle? { fill?.material }
}
