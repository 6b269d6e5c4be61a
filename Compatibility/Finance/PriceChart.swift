import SwiftUI

struct PriceChart: View {
    let values: [Double]

    var body: some View {
        GeometryReader { geo in
            let lo = values.min() ?? 0, hi = values.max() ?? 1
            let points = values.enumerated().map { i, v in
                CGPoint(x: geo.size.width * CGFloat(i) / CGFloat(values.count - 1), y: geo.size.height * (1 - CGFloat((v - lo) / (hi - lo))))
            }
            ZStack {
                Path { p in
                    p.move(to: CGPoint(x: 0, y: geo.size.height))
                    points.forEach { p.addLine(to: $0) }
                    p.addLine(to: CGPoint(x: geo.size.width, y: geo.size.height))
                    p.closeSubpath()
                }
                .fill(LinearGradient(colors: [Color.gain.opacity(0.35), Color.gain.opacity(0)], startPoint: .top, endPoint: .bottom))
                Path { p in p.addLines(points) }
                    .stroke(Color.gain, lineWidth: 2)
                if let last = points.last {
                    Circle().fill(Color.gain).frame(width: 8, height: 8).position(last)
                }
            }
        }
        .frame(height: 160)
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    PriceChart(values: Sample.prices)
        .frame(width: 360)
}
