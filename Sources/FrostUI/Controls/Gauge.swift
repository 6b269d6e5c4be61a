import Foundation
import FrostGeometry

// Reproduces SwiftUI's `Gauge` in its default (linear capacity) style on iOS: the label above,
// a 4 pt capsule track in the system fill with the tint filling the value's fraction of
// `bounds`, and the minimum and maximum value labels at its ends; `gaugeStyle` is accepted,
// the accessory (circular) styles draw a ring of 6 pt stroke, the fraction in the tint, with the
// current value label inside.

/// A value within a range, as SwiftUI's `Gauge`.
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View, MarkedValueLabels: View>: View {
    let fraction: Double
    let label: Label
    let current: CurrentValueLabel
    let minimum: BoundsLabel?
    let maximum: BoundsLabel?
    @Environment(\.gaugeStyleKind) private var style

    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
        @ViewBuilder minimumValueLabel: () -> BoundsLabel, @ViewBuilder maximumValueLabel: () -> BoundsLabel
    ) where MarkedValueLabels == EmptyView {
        fraction = Gauge.fraction(value, bounds)
        self.label = label(); current = currentValueLabel(); minimum = minimumValueLabel(); maximum = maximumValueLabel()
    }

    static func fraction<V: BinaryFloatingPoint>(_ value: V, _ bounds: ClosedRange<V>) -> Double {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        guard span > 0, Double(value).isFinite else { return 0 }
        return min(max(Double(value - bounds.lowerBound) / span, 0), 1)
    }

    public var body: some View {
        if style == .circular {
            ZStack {
                Circle().stroke(Color.systemFill, lineWidth: 6)
                Circle().trim(from: 0, to: fraction).stroke(.tint, style: StrokeStyle(lineWidth: 6, lineCap: .round)).rotationEffect(.degrees(-90))
                current.font(.system(size: 12, weight: .medium))
            }
            .frame(width: 58, height: 58)
        } else {
            VStack(alignment: .leading, spacing: 6) {
                label
                HStack(spacing: 6) {
                    minimum.font(.caption).foregroundStyle(.secondary)
                    Capsule().fill(Color.systemFill)
                        .overlay(alignment: .leading) {
                            GeometryReader { g in Capsule().fill(.tint).frame(width: g.size.width * fraction) }
                        }
                        .frame(height: 4)
                    maximum.font(.caption).foregroundStyle(.secondary)
                }
            }
        }
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(
            value: value, in: bounds, label: label, currentValueLabel: { EmptyView() }, minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() })
    }
}

extension Gauge where BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(
            value: value, in: bounds, label: label, currentValueLabel: currentValueLabel, minimumValueLabel: { EmptyView() }, maximumValueLabel: { EmptyView() }
        )
    }
}

/// How a gauge draws, as SwiftUI's gauge styles.
public enum _GaugeStyleKind: Hashable, Sendable { case linear, circular }

/// A gauge style, as SwiftUI's `GaugeStyle`.
public protocol GaugeStyle { var _kind: _GaugeStyleKind { get } }
public struct LinearCapacityGaugeStyle: GaugeStyle { public init() {}; public var _kind: _GaugeStyleKind { .linear } }
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle { public init() {}; public var _kind: _GaugeStyleKind { .linear } }
public struct AccessoryCircularGaugeStyle: GaugeStyle { public init() {}; public var _kind: _GaugeStyleKind { .circular } }
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle { public init() {}; public var _kind: _GaugeStyleKind { .circular } }
extension GaugeStyle where Self == LinearCapacityGaugeStyle { public static var linearCapacity: LinearCapacityGaugeStyle { .init() } }
extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle { .init() }
}
extension GaugeStyle where Self == AccessoryCircularGaugeStyle { public static var accessoryCircular: AccessoryCircularGaugeStyle { .init() } }
extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle { .init() }
}

private enum GaugeStyleKey: EnvironmentKey { static var defaultValue: _GaugeStyleKind { .linear } }
extension EnvironmentValues {
    var gaugeStyleKind: _GaugeStyleKind {
        get { self[GaugeStyleKey.self] }
        set { self[GaugeStyleKey.self] = newValue }
    }
}

extension View {
    /// The style of gauges below.
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> ModifiedContent<Self, _EnvironmentModifier> {
        environment(\.gaugeStyleKind, style._kind)
    }
}
