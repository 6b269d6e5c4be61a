import SwiftUI

/// Wind direction: a compass drawn with Canvas and a needle turned with rotationEffect.
struct WindCompass: View {
    var degrees: Double = 225
    var speed = 14

    var body: some View {
        ZStack {
            Canvas { context, size in
                let c = CGPoint(x: size.width / 2, y: size.height / 2)
                let r = min(size.width, size.height) / 2 - 2
                for tick in 0..<72 {
                    let a = Angle.degrees(Double(tick) * 5).radians
                    let long = tick % 18 == 0
                    var p = Path()
                    p.move(to: CGPoint(x: c.x + cos(a) * (r - (long ? 10 : 5)), y: c.y + sin(a) * (r - (long ? 10 : 5))))
                    p.addLine(to: CGPoint(x: c.x + cos(a) * r, y: c.y + sin(a) * r))
                    context.stroke(p, with: .color(.secondary), lineWidth: long ? 2 : 1)
                }
                for (i, label) in ["E", "S", "W", "N"].enumerated() {
                    let a = Angle.degrees(Double(i) * 90).radians
                    context.draw(Text(label).font(.caption.bold()), at: CGPoint(x: c.x + cos(a) * (r - 22), y: c.y + sin(a) * (r - 22)))
                }
            }
            Capsule().fill(Color.red).frame(width: 4, height: 56).offset(y: -20).rotationEffect(.degrees(degrees))
            VStack(spacing: 0) {
                Text("\(speed)").font(.title2.bold())
                Text("km/h").font(.caption2)
            }
        }
        .frame(width: 160, height: 160)
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    WindCompass()
}
