import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's alignment guides: `alignmentGuide(_:computeValue:)` on a child moves it
// in its stack or ZStack so that its computed value lines up with its siblings' values of the
// same guide, and custom `AlignmentID`s (`HorizontalAlignment(MyGuide.self)`) align by their
// `defaultValue(in:)` where no child sets them. An explicit value is seen through padding,
// frames and backgrounds around it, not out of a nested stack (SwiftUI's cross-stack
// alignment is not modelled).

/// A named alignment, as SwiftUI's `AlignmentID`: its value for a view without an explicit one.
public protocol AlignmentID {
    /// Points from the view's leading (or top) edge.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// Keys of the built-in guides.
enum LeadingGuide {}
enum CenterGuideH {}
enum TrailingGuide {}
enum TopGuide {}
enum CenterGuideV {}
enum BottomGuide {}

/// The guide of a custom `AlignmentID`.
func customGuide(_ id: AlignmentID.Type) -> AlignmentGuide {
    AlignmentGuide(key: ObjectIdentifier(id), isCustom: true) { s in
        Double(id.defaultValue(in: ViewDimensions(width: CGFloat(s.width), height: CGFloat(s.height))))
    }
}

/// A built-in guide: `fraction` of the view's width (or height, `vertical`).
func builtInGuide(_ fraction: Double, _ key: Any.Type, vertical: Bool) -> AlignmentGuide {
    AlignmentGuide(key: ObjectIdentifier(key), isCustom: false) { (vertical ? $0.height : $0.width) * fraction }
}

extension HorizontalAlignment {
    /// A custom horizontal alignment.
    public init(_ id: AlignmentID.Type) { self.init(fraction: 0, guide: customGuide(id)) }
    static func builtIn(_ fraction: Double, _ key: Any.Type) -> HorizontalAlignment {
        HorizontalAlignment(fraction: fraction, guide: builtInGuide(fraction, key, vertical: false))
    }
}

extension VerticalAlignment {
    /// A custom vertical alignment.
    public init(_ id: AlignmentID.Type) { self.init(fraction: 0, guide: customGuide(id)) }
    static func builtIn(_ fraction: Double, _ key: Any.Type) -> VerticalAlignment {
        VerticalAlignment(fraction: fraction, guide: builtInGuide(fraction, key, vertical: true))
    }
}

public struct _AlignmentGuideModifier: PrimitiveViewModifier {
    let key: ObjectIdentifier
    let compute: (ViewDimensions) -> CGFloat
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let compute = self.compute, key = self.key
        for e in content {
            e.node.explicitGuides[key] = { s in Double(compute(ViewDimensions(width: CGFloat(s.width), height: CGFloat(s.height)))) }
        }
        return content
    }
}

extension View {
    /// Sets this view's value of the horizontal guide `g` (points from its leading edge).
    public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> ModifiedContent<Self, _AlignmentGuideModifier>
    {
        modifier(_AlignmentGuideModifier(key: g.guide?.key ?? ObjectIdentifier(LeadingGuide.self), compute: computeValue))
    }
    /// Sets this view's value of the vertical guide `g` (points from its top edge).
    public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> ModifiedContent<Self, _AlignmentGuideModifier> {
        modifier(_AlignmentGuideModifier(key: g.guide?.key ?? ObjectIdentifier(TopGuide.self), compute: computeValue))
    }
}
