import SwiftUI

/// A sparkline drawn with Path, and a pulse symbol that would bounce.
struct HeartRateCard: View {
    let samples: [CGFloat] = [62, 64, 70, 88, 96, 92, 80, 74, 71, 69, 75, 83, 90, 86]
    @State private var beat = 0

    var body: some View {
        VStack(alignment: .leading) {
            HStack {
                Image(systemName: "heart.fill")
                    .foregroundColor(.red)
                    .symbolEffect(.bounce, value: beat)
                Text("Heart Rate").font(.headline)
                Spacer()
                Text("86 BPM").font(.headline.monospacedDigit())
                    .contentTransition(.numericText())
            }
            GeometryReader { geo in
                Path { path in
                    let step = geo.size.width / CGFloat(samples.count - 1)
                    for (i, s) in samples.enumerated() {
                        let p = CGPoint(x: CGFloat(i) * step, y: geo.size.height * (1 - (s - 60) / 40))
                        if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
                    }
                }
                .stroke(Color.red, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
            }
            .frame(height: 80)
        }
        .padding()
        .background(RoundedRectangle(cornerRadius: 16).fill(Color(.systemBackground)).shadow(radius: 2))
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    HeartRateCard()
}
