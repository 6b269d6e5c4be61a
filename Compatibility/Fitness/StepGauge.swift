import SwiftUI

struct StepGauge: View {
    var steps: Int
    var goal = 10_000

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Gauge(value: Double(steps), in: 0...Double(goal)) {
                Text("Steps")
            } currentValueLabel: {
                Text("\(steps)")
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("10k")
            }
            .tint(.blue)
            Gauge(value: 0.62) { Text("Stand") } currentValueLabel: { Text("62%") }
                .gaugeStyle(.accessoryCircular)
                .tint(.cyan)
        }
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    StepGauge(steps: 7412)
}
