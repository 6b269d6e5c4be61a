import SwiftUI

struct TemperatureBar: View {
    let low: Int, high: Int, range: ClosedRange<Int>
    var body: some View {
        GeometryReader { geo in
            let span = CGFloat(range.upperBound - range.lowerBound)
            let x0 = geo.size.width * CGFloat(low - range.lowerBound) / span
            let x1 = geo.size.width * CGFloat(high - range.lowerBound) / span
            Capsule().fill(Color.white.opacity(0.2))
                .overlay(alignment: .leading) {
                    Capsule()
                        .fill(LinearGradient(colors: [.cyan, .green, .yellow, .orange], startPoint: .leading, endPoint: .trailing))
                        .frame(width: x1 - x0)
                        .offset(x: x0)
                }
        }
        .frame(height: 5)
    }
}

struct DailyList: View {
    let days = Forecasts.days
    var body: some View {
        VStack(alignment: .leading) {
            Label("5-DAY FORECAST", systemImage: "calendar").font(.caption.weight(.semibold)).foregroundStyle(.secondary)
            ForEach(days) { day in
                Divider()
                HStack {
                    Text(day.day).frame(width: 56, alignment: .leading)
                    Image(systemName: day.condition.symbol).frame(width: 30)
                    Text("\(day.low)°").foregroundStyle(.secondary).frame(width: 34)
                    TemperatureBar(low: day.low, high: day.high, range: 5...25)
                    Text("\(day.high)°").frame(width: 34)
                }
                .font(.body.weight(.medium))
                .padding(.vertical, 6)
            }
        }
        .padding()
        .background(.ultraThinMaterial, in: RoundedRectangle(cornerRadius: 16, style: .continuous))
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    DailyList()
        .padding()
        .background(Color("SkyBottom"))
}
