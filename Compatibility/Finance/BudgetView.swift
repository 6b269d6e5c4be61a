import SwiftUI

struct BudgetCategory: Identifiable {
    let id = UUID()
    let name: String
    let spent: Double
    let limit: Double
    let color: Color
}

struct BudgetView: View {
    let categories = [
        BudgetCategory(name: "Groceries", spent: 412, limit: 500, color: .green),
        BudgetCategory(name: "Dining", spent: 238, limit: 200, color: .orange),
        BudgetCategory(name: "Transport", spent: 64, limit: 150, color: .blue),
    ]

    var body: some View {
        VStack(alignment: .leading, spacing: 18) {
            Text("October budget").font(.title2.bold())
            ForEach(categories) { c in
                VStack(alignment: .leading, spacing: 6) {
                    HStack {
                        Text(c.name)
                        Spacer()
                        Text("\(Int(c.spent)) / \(Int(c.limit))").foregroundColor(c.spent > c.limit ? .loss : .secondary)
                    }
                    .font(.subheadline)
                    ProgressView(value: min(c.spent, c.limit), total: c.limit)
                        .tint(c.spent > c.limit ? .loss : c.color)
                }
            }
        }
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    BudgetView().frame(width: 360)
}
