import SwiftUI

struct HourlyStrip: View {
    let hours = Forecasts.hours

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Label("HOURLY FORECAST", systemImage: "clock").font(.caption.weight(.semibold)).foregroundStyle(.secondary)
            Divider()
            ScrollView(.horizontal, showsIndicators: false) {
                HStack(spacing: 22) {
                    ForEach(hours) { hour in
                        VStack(spacing: 10) {
                            Text(hour.hour).font(.subheadline.weight(.medium))
                            Image(systemName: hour.condition.symbol).font(.title3).frame(height: 28)
                            Text("\(hour.temperature)°").font(.title3.weight(.medium))
                        }
                    }
                }
            }
        }
        .padding()
        .background(.ultraThinMaterial, in: RoundedRectangle(cornerRadius: 16, style: .continuous))
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    HourlyStrip()
        .padding()
        .background(Color("SkyTop"))
}
