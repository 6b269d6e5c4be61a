import SwiftUI
import Combine

/// A kitchen timer: Timer.publish drives the countdown.
struct TimerCard: View {
    @State private var remaining = 90
    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

    var body: some View {
        VStack(spacing: 8) {
            Text(String(format: "%d:%02d", remaining / 60, remaining % 60))
                .font(.system(size: 44, weight: .semibold, design: .rounded))
                .monospacedDigit()
            ProgressView(value: Double(90 - remaining), total: 90)
                .tint(Color("Paprika"))
        }
        .card()
        .padding()
        .onReceive(timer) { _ in
            if remaining > 0 { remaining -= 1 }
        }
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    TimerCard()
}
