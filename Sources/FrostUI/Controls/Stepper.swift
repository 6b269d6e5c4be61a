import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's Stepper on iOS: the label leading and UIStepper trailing across the
// width — a 94 × 32 pt rounded rectangle (8 pt corners) in tertiarySystemFill, "−" and "+" in
// the label colour either side of a 1 px separator 18 pt tall, the end that cannot go further
// in tertiaryLabel. Values stay in the range (SwiftUI clamps); a host steps it by its label
// (`host.increment("Quantity")`).

/// A control that steps a value up and down, as SwiftUI's `Stepper`.
public struct Stepper<Label: View>: View, PrimitiveView {
    let label: Label
    let onIncrement: (() -> Void)?
    let onDecrement: (() -> Void)?
    /// Whether each end can still go (false at a bound).
    let canIncrement: Bool, canDecrement: Bool
    public typealias Body = Never

    /// A stepper that runs `onIncrement` and `onDecrement` (nil: that end is disabled).
    public init(
        @ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.label = label(); self.onIncrement = onIncrement; self.onDecrement = onDecrement
        canIncrement = onIncrement != nil; canDecrement = onDecrement != nil
    }

    /// A stepper over `bounds` by `step`, clamped to the bounds.
    public init<V: Strideable>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.label = label()
        let v = min(max(value.wrappedValue, bounds.lowerBound), bounds.upperBound)
        canIncrement = v < bounds.upperBound; canDecrement = v > bounds.lowerBound
        onIncrement = {
            let next = Stepper<Label>.advance(value.wrappedValue, by: step)
            value.wrappedValue = min(max(next, bounds.lowerBound), bounds.upperBound)
        }
        onDecrement = {
            let next = Stepper<Label>.advance(value.wrappedValue, by: step, down: true)
            value.wrappedValue = min(max(next, bounds.lowerBound), bounds.upperBound)
        }
    }

    /// A stepper without bounds, by `step`.
    public init<V: Strideable>(
        value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.label = label()
        canIncrement = true; canDecrement = true
        onIncrement = { value.wrappedValue = Stepper<Label>.advance(value.wrappedValue, by: step) }
        onDecrement = { value.wrappedValue = Stepper<Label>.advance(value.wrappedValue, by: step, down: true) }
    }

    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        let enabled = env.isEnabled
        func glyph(_ name: String, _ active: Bool) -> some View {
            Image(systemName: name).font(.system(size: 17, weight: .medium))
                .foregroundStyle(active && enabled ? AnyShapeStyle(HierarchicalShapeStyle.primary) : AnyShapeStyle(Color.tertiaryLabel))
                .frame(width: 46.5, height: 32)
        }
        let control = HStack(spacing: 0) {
            glyph("minus", canDecrement)
            Rectangle().fill(Color.separator).frame(width: 1 / CGFloat(env.displayScale), height: 18)
            glyph("plus", canIncrement)
        }
        .frame(width: 94, height: 32)
        .background(Color.tertiarySystemFill, in: RoundedRectangle(cornerRadius: 8, style: .continuous))
        let view = HStack {
            label; Spacer(minLength: 8); control
        }
        let elements = resolveView(view, context.child("stepper"))
        let labelText = labelText(label, context)
        let element = oneElement(elements, context)
        let up = canIncrement ? onIncrement : nil, down = canDecrement ? onDecrement : nil
        if enabled {
            element.control = ControlTarget(label: labelText.isEmpty ? "Stepper" : labelText, kind: "stepper") { setting in
                switch setting {
                case .increment: up?()
                case .decrement: down?()
                default: throw ViewHostError.invalidSetting("a stepper takes increment or decrement, not \(setting)")
                }
            }
        }
        return [element]
    }
}

extension Stepper where Label == Text {
    @_disfavoredOverload
    public init<V: Strideable>(_ title: some StringProtocol, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
        self.init(value: value, in: bounds, step: step) { Text(title) }
    }
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
        self.init(value: value, in: bounds, step: step) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<V: Strideable>(_ title: some StringProtocol, value: Binding<V>, step: V.Stride = 1) {
        self.init(value: value, step: step) { Text(title) }
    }
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1) {
        self.init(value: value, step: step) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init(_ title: some StringProtocol, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) {
        self.init(label: { Text(title) }, onIncrement: onIncrement, onDecrement: onDecrement)
    }
}

extension Stepper {
    /// `value` moved by `step` (against it when `down`), stopping at a fixed-width integer's
    /// limits instead of trapping: `Stepper(value: $n, in: 0...10, step: Int.max)` steps to 10,
    /// and an unbounded one stays at `Int.max`. Floating-point values advance as they are.
    static func advance<V: Strideable>(_ value: V, by step: V.Stride, down: Bool = false) -> V {
        if let v = value as? any FixedWidthInteger, let s = step as? any BinaryInteger, let r = saturating(v, s, down: down) as? V {
            return r
        }
        return value.advanced(by: down ? -step : step)
    }
}

/// `v` ± `s`, clamped to `T`'s range (`s` may be wider than `T`, or `Int.min`).
private func saturating<T: FixedWidthInteger, S: BinaryInteger>(_ v: T, _ s: S, down: Bool) -> T {
    let up = (s >= 0) != down
    guard let m = T(exactly: s.magnitude) else { return up ? T.max : T.min }
    if up {
        let (r, overflow) = v.addingReportingOverflow(m)
        return overflow ? T.max : r
    }
    let (r, overflow) = v.subtractingReportingOverflow(m)
    return overflow ? T.min : r
}
