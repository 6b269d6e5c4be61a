import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's Slider on iOS: as wide as offered, 28 pt tall; a 4 pt track in
// systemFill with the part before the thumb in the tint (accent), a 28 pt white thumb with
// UISlider's shadow; optional minimum and maximum value labels 8 pt either side; values
// clamped to the range and snapped to the step. A host sets it by its label
// (`host.set("Volume", to: 0.4)`); the label itself is not drawn, as on iOS outside a form.

/// A control that picks a value from a range, as SwiftUI's `Slider`.
public struct Slider<Label: View, ValueLabel: View>: View, PrimitiveView {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    let label: Label
    let minimumValueLabel: ValueLabel?
    let maximumValueLabel: ValueLabel?
    let onEditingChanged: (Bool) -> Void
    public typealias Body = Never

    init(
        value: Binding<Double>, lower: Double, upper: Double, step: Double?, label: Label, minimum: ValueLabel?, maximum: ValueLabel?,
        onEditingChanged: @escaping (Bool) -> Void
    ) {
        self.value = value
        self.bounds = Self.range(lower, upper)
        self.step = step.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.label = label; minimumValueLabel = minimum; maximumValueLabel = maximum
        self.onEditingChanged = onEditingChanged
    }

    /// The range a slider works over: `lower…upper`, or 0…1 when an end is not finite or they
    /// are reversed (a release build's `ClosedRange(uncheckedBounds:)` lets such a range through;
    /// re-forming it with `...` would trap); a range without width stays a point.
    static func range(_ lower: Double, _ upper: Double) -> ClosedRange<Double> {
        lower.isFinite && upper.isFinite && lower <= upper ? lower...upper : 0...1
    }

    /// `v` clamped to the range and snapped to the step (from the lower bound), as dragging gives.
    func settle(_ v: Double) -> Double {
        var x = min(max(v.isFinite ? v : bounds.lowerBound, bounds.lowerBound), bounds.upperBound)
        if let step { x = min(bounds.upperBound, bounds.lowerBound + ((x - bounds.lowerBound) / step).rounded() * step) }
        return x
    }

    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let span = bounds.upperBound - bounds.lowerBound
        let fraction = span > 0 ? (settle(value.wrappedValue) - bounds.lowerBound) / span : 0
        let tint: AnyShapeStyle = env.isEnabled ? (env.tint ?? AnyShapeStyle(Color.accentColor)) : AnyShapeStyle(Color.systemGray3)
        let track = GeometryReader { geo in
            let w = max(0, geo.size.width), thumb: CGFloat = 28
            let x = thumb / 2 + CGFloat(fraction) * max(0, w - thumb)
            ZStack(alignment: .leading) {
                Capsule().fill(Color.systemFill).frame(width: w, height: 4)
                Capsule().fill(tint).frame(width: x, height: 4)
                Circle().fill(Color.white)
                    .frame(width: thumb, height: thumb)
                    .shadow(color: Color(white: 0, opacity: 0.15), radius: 4, y: 3)
                    .shadow(color: Color(white: 0, opacity: 0.06), radius: 0.5, y: 0.5)
                    .offset(x: x - thumb / 2)
            }
            .frame(width: w, height: geo.size.height)
        }
        .frame(height: 28)
        let view = HStack(spacing: 8) {
            if let minimumValueLabel { minimumValueLabel }
            track
            if let maximumValueLabel { maximumValueLabel }
        }
        let elements = resolveView(view, context.child("slider"))
        let labelText = labelText(label, context)
        let element = oneElement(elements, context)
        let binding = value, settle = self.settle, edited = onEditingChanged
        if env.isEnabled {
            element.control = ControlTarget(label: labelText.isEmpty ? "Slider" : labelText, kind: "slider") { setting in
                guard case .value(let v) = setting else { throw ViewHostError.invalidSetting("a slider takes a value, not \(setting)") }
                guard v.isFinite else { throw ViewHostError.invalidSetting("a slider value must be finite, got \(v)") }
                edited(true)
                binding.wrappedValue = settle(v)
                edited(false)
            }
        }
        return [element]
    }
}

extension Slider {
    /// A slider over `bounds` (0…1 by default), in steps of `step` when given.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
        @ViewBuilder label: () -> Label, @ViewBuilder minimumValueLabel: () -> ValueLabel,
        @ViewBuilder maximumValueLabel: () -> ValueLabel, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    )
    where V.Stride: BinaryFloatingPoint {
        self.init(
            value: Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) }),
            lower: Double(bounds.lowerBound), upper: Double(bounds.upperBound), step: step.map { Double($0) },
            label: label(), minimum: minimumValueLabel(), maximum: maximumValueLabel(), onEditingChanged: onEditingChanged)
    }
}

extension Slider where ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
        @ViewBuilder label: () -> Label, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    )
    where V.Stride: BinaryFloatingPoint {
        self.init(
            value: Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) }),
            lower: Double(bounds.lowerBound), upper: Double(bounds.upperBound), step: step.map { Double($0) },
            label: label(), minimum: nil, maximum: nil, onEditingChanged: onEditingChanged)
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    )
    where V.Stride: BinaryFloatingPoint {
        self.init(
            value: Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) }),
            lower: Double(bounds.lowerBound), upper: Double(bounds.upperBound), step: step.map { Double($0) },
            label: EmptyView(), minimum: nil, maximum: nil, onEditingChanged: onEditingChanged)
    }
}
