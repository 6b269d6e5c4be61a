import SwiftUI

/// A bar chart drawn with Canvas.
struct WeeklyChart: View {
    let minutes: [Double] = [32, 58, 0, 25, 0, 40, 12]
    let days = ["M", "T", "W", "T", "F", "S", "S"]

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("This week").font(.headline)
            Canvas { context, size in
                let maxValue = minutes.max() ?? 1
                let slot = size.width / CGFloat(minutes.count)
                for (i, value) in minutes.enumerated() {
                    let h = (size.height - 20) * CGFloat(value / maxValue)
                    let rect = CGRect(x: CGFloat(i) * slot + slot * 0.2, y: size.height - 20 - h, width: slot * 0.6, height: h)
                    context.fill(Path(roundedRect: rect, cornerRadius: 4), with: .color(value > 0 ? .orange : .gray.opacity(0.3)))
                    context.draw(Text(days[i]).font(.caption2), at: CGPoint(x: CGFloat(i) * slot + slot / 2, y: size.height - 8))
                }
            }
            .frame(height: 140)
        }
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    WeeklyChart()
}
