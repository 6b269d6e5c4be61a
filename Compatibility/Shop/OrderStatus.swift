import SwiftUI

struct OrderStep: Identifiable {
    let id: Int
    let title: String
    let time: String
    let done: Bool
}

struct OrderStatusView: View {
    let steps = [
        OrderStep(id: 0, title: "Order placed", time: "9:02 AM", done: true),
        OrderStep(id: 1, title: "Packed", time: "11:40 AM", done: true),
        OrderStep(id: 2, title: "Out for delivery", time: "2:15 PM", done: false),
        OrderStep(id: 3, title: "Delivered", time: "—", done: false),
    ]

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("Order #4821").font(.title2.bold()).padding(.bottom, 16)
            ForEach(steps) { step in
                HStack(alignment: .top, spacing: 14) {
                    VStack(spacing: 0) {
                        Circle().fill(step.done ? Color.green : Color(.systemGray4)).frame(width: 16, height: 16)
                        if step.id < steps.count - 1 {
                            Rectangle().fill(step.done ? Color.green : Color(.systemGray4)).frame(width: 2, height: 40)
                        }
                    }
                    VStack(alignment: .leading, spacing: 2) {
                        Text(step.title).font(.body.weight(step.done ? .semibold : .regular))
                        Text(step.time).font(.caption).foregroundColor(.secondary)
                    }
                }
            }
        }
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    OrderStatusView()
}
