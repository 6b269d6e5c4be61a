import SwiftUI

/// The weekly streak: a period switcher with a sliding underline, a flame that breathes while the
/// streak is alive, a trophy that wobbles when a goal is met and a rolling day count.
struct StreakView: View {
    enum Period: String, CaseIterable, Identifiable {
        case week = "Week", month = "Month", year = "Year"
        var id: String { rawValue }
    }

    struct Wobble {
        var angle = Angle.zero
        var scale: CGFloat = 1
    }

    @Namespace private var underline
    @State private var period: Period = .week
    @State private var days = 12
    @State private var goalsMet = 0

    var body: some View {
        VStack(spacing: 20) {
            HStack(spacing: 0) {
                ForEach(Period.allCases) { p in
                    VStack(spacing: 6) {
                        Text(p.rawValue)
                            .font(.subheadline.weight(period == p ? .semibold : .regular))
                            .foregroundStyle(period == p ? .primary : .secondary)
                        ZStack {
                            Capsule().fill(Color.clear).frame(height: 3)
                            if period == p {
                                Capsule().fill(Color.orange).frame(height: 3)
                                    .matchedGeometryEffect(id: "underline", in: underline)
                            }
                        }
                    }
                    .frame(maxWidth: .infinity)
                    .contentShape(Rectangle())
                    .onTapGesture {
                        withAnimation(.spring(response: 0.35, dampingFraction: 0.8)) { period = p }
                    }
                }
            }

            HStack(spacing: 24) {
                PhaseAnimator([false, true]) { glowing in
                    Image(systemName: "flame.fill")
                        .font(.system(size: 44))
                        .foregroundStyle(.orange)
                        .scaleEffect(glowing ? 1.08 : 1)
                        .opacity(glowing ? 1 : 0.85)
                } animation: { _ in
                    .easeInOut(duration: 0.8)
                }

                VStack(alignment: .leading, spacing: 2) {
                    Text("\(days) days")
                        .font(.title2.bold().monospacedDigit())
                        .contentTransition(.numericText())
                    Text("Current streak").font(.footnote).foregroundStyle(.secondary)
                }
                Spacer()
                Image(systemName: "trophy.fill")
                    .font(.system(size: 32))
                    .foregroundStyle(.yellow)
                    .keyframeAnimator(initialValue: Wobble(), trigger: goalsMet) { content, value in
                        content.rotationEffect(value.angle).scaleEffect(value.scale)
                    } keyframes: { _ in
                        KeyframeTrack(\.angle) {
                            CubicKeyframe(.degrees(-12), duration: 0.1)
                            CubicKeyframe(.degrees(10), duration: 0.15)
                            CubicKeyframe(.zero, duration: 0.15)
                        }
                        KeyframeTrack(\.scale) {
                            SpringKeyframe(1.2, duration: 0.15)
                            SpringKeyframe(1, spring: .bouncy)
                        }
                    }
                    .symbolEffect(.bounce, value: goalsMet)
            }

            Button {
                withAnimation(.snappy) {
                    days += 1
                    goalsMet += 1
                }
            } label: {
                Label("Log today", systemImage: "checkmark.circle.fill")
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .tint(.orange)
        }
        .padding()
        .background(RoundedRectangle(cornerRadius: 20).fill(Color(.secondarySystemBackground)))
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    StreakView()
}
