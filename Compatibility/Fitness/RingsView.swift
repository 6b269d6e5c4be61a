import SwiftUI

struct ActivityRing: View {
    var progress: Double
    var color: Color
    var lineWidth: CGFloat = 14

    var body: some View {
        ZStack {
            Circle().stroke(color.opacity(0.2), lineWidth: lineWidth)
            Circle()
                .trim(from: 0, to: min(progress, 1))
                .stroke(color, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round))
                .rotationEffect(.degrees(-90))
        }
    }
}

struct RingsView: View {
    @Environment(ActivityModel.self) private var model

    var body: some View {
        ZStack {
            ActivityRing(progress: Double(model.caloriesToday) / Double(model.moveGoal), color: .pink).frame(width: 150, height: 150)
            ActivityRing(progress: 0.72, color: .green).frame(width: 118, height: 118)
            ActivityRing(progress: 0.4, color: .cyan).frame(width: 86, height: 86)
        }
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    RingsView()
        .environment(ActivityModel())
        .background(Color.black)
}
