import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's ProgressView: the linear bar (value of total, tinted) and the indeterminate
// spinner, frozen at one phase as a still frame of it.

/// Progress, as SwiftUI's `ProgressView`: with a value, a linear bar (pinned to 0…total; a
/// systemFill track and a tint-coloured fill, 4 pt tall with round ends — Apple publishes no
/// metrics: 4 pt is the common measurement); without one, the indeterminate spinner
/// (UIActivityIndicatorView's medium style: eight 2.5 × 6 pt spokes around a 20 pt circle in the
/// secondary colour, fading from the top one, frozen at that phase). A title draws above the
/// bar, and below the spinner in the secondary colour.
public struct ProgressView: View {
    let fraction: Double?
    let title: String?
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        let t = Double(total), v = Double(value ?? 0)
        fraction = t > 0 && v.isFinite ? min(max(v / t, 0), 1) : 0
        title = nil
    }
    public init<V: BinaryFloatingPoint>(_ title: some StringProtocol, value: V?, total: V = 1.0) {
        let t = Double(total), v = Double(value ?? 0)
        fraction = t > 0 && v.isFinite ? min(max(v / t, 0), 1) : 0
        self.title = String(title)
    }
    /// The indeterminate spinner.
    public init() { fraction = nil; title = nil }
    /// The spinner with a title below it.
    public init(_ title: some StringProtocol) { fraction = nil; self.title = String(title) }
    public var body: some View {
        if let fraction {
            VStack(alignment: .leading, spacing: 8) {
                if let title { Text(verbatim: title) }
                Capsule()
                    .fill(Color.systemFill)
                    .overlay(alignment: .leading) { _ProgressFill(fraction: fraction) }
                    .frame(maxWidth: .infinity)
                    .frame(height: 4)
            }
        } else {
            VStack(spacing: 8) {
                _Spinner()
                if let title { Text(verbatim: title).foregroundStyle(.secondary) }
            }
        }
    }
}

/// UIActivityIndicatorView's medium spinner at one phase.
struct _Spinner: View {
    var body: some View {
        ZStack {
            ForEach(0..<8, id: \.self) { i in
                Capsule()
                    .fill(HierarchicalShapeStyle.secondary)
                    .frame(width: 2.5, height: 6)
                    .offset(y: -6.5)
                    .rotationEffect(.degrees(Double(i) * 45))
                    .opacity(1 - Double(i) * 0.1)
            }
        }
        .frame(width: 20, height: 20)
    }
}

/// The filled part: a capsule as wide as the fraction of the track, in the tint.
struct _ProgressFill: View, PrimitiveView {
    let fraction: Double
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let fill = Capsule().fill(context.environment.tint ?? AnyShapeStyle(Color.accentColor))
        let inner = resolveView(fill, context.child("fill"))
        let f = fraction
        return inner.map { e in
            let fill = Element(
                context.identity,
                node: LayoutNode(
                    .leaf { p in
                        let s = p.replacingUnspecifiedDimensions(by: Size(width: 0, height: 4))
                        return Size(width: s.width * f, height: s.height)
                    }, name: "ProgressFill"))
            fill.content = e.content
            return fill
        }
    }
}
