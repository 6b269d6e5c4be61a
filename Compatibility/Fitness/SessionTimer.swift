import SwiftUI
import Combine

/// A live session: the timer counts on the host's clock in previews.
struct SessionTimerView: View {
    @State private var elapsed = 0
    @State private var isRunning = true
    private let tick = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

    var body: some View {
        VStack(spacing: 20) {
            Text(timeString)
                .font(.system(size: 64, weight: .thin, design: .monospaced))
            HStack(spacing: 40) {
                Button(action: { isRunning.toggle() }) {
                    Image(systemName: isRunning ? "pause.fill" : "play.fill")
                        .font(.title)
                        .frame(width: 72, height: 72)
                        .background(Circle().fill(Color.orange.opacity(0.2)))
                }
                Button(role: .destructive) { elapsed = 0 } label: {
                    Image(systemName: "stop.fill")
                        .font(.title)
                        .frame(width: 72, height: 72)
                        .background(Circle().fill(Color.red.opacity(0.2)))
                }
            }
        }
        .onReceive(tick) { _ in if isRunning { elapsed += 1 } }
    }

    var timeString: String { String(format: "%02d:%02d", elapsed / 60, elapsed % 60) }
}

#Preview {
    SessionTimerView()
}
