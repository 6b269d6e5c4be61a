import SwiftUI

/// Sunrise to sunset as an arc, the sun placed along it with TimelineView's date.
struct SunArc: View {
    var body: some View {
        TimelineView(.everyMinute) { context in
            let progress = 0.42
            VStack(alignment: .leading) {
                Label("SUNRISE", systemImage: "sunrise.fill").font(.caption.weight(.semibold)).foregroundStyle(.secondary)
                Text("6:48 AM").font(.title)
                GeometryReader { geo in
                    let w = geo.size.width, h = geo.size.height
                    ZStack {
                        Path { p in
                            p.move(to: CGPoint(x: 0, y: h))
                            p.addQuadCurve(to: CGPoint(x: w, y: h), control: CGPoint(x: w / 2, y: -h))
                        }
                        .stroke(Color.orange.opacity(0.5), style: StrokeStyle(lineWidth: 2, dash: [4, 4]))
                        Circle().fill(.yellow).frame(width: 14, height: 14)
                            .position(x: w * progress, y: h - h * 4 * progress * (1 - progress))
                    }
                }
                .frame(height: 60)
                Text("Sunset: 7:21 PM").font(.footnote)
            }
            .padding()
            .accessibilityLabel("Updated \(context.date.formatted(date: .omitted, time: .shortened))")
        }
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    SunArc()
}
