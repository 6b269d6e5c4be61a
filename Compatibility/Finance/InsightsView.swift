import SwiftUI

struct Insight: Identifiable {
    let id: Int
    let title: String
    let detail: String
    let symbol: String
    let tint: Color
}

struct InsightsView: View {
    let insights = [
        Insight(id: 1, title: "Coffee is up 18%", detail: "You spent $42 more than last month.", symbol: "cup.and.saucer.fill", tint: .brown),
        Insight(id: 2, title: "Bills paid on time", detail: "Six months in a row.", symbol: "checkmark.seal.fill", tint: .green),
        Insight(id: 3, title: "Savings goal", detail: "You're 72% of the way to $15,000.", symbol: "target", tint: .blue),
    ]

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 12) {
                ForEach(insights) { insight in
                    VStack(alignment: .leading, spacing: 8) {
                        Image(systemName: insight.symbol).font(.title2).foregroundStyle(insight.tint)
                        Text(insight.title).font(.headline)
                        Text(insight.detail).font(.footnote).foregroundStyle(.secondary)
                    }
                    .frame(width: 200, height: 130, alignment: .topLeading)
                    .padding()
                    .background(insight.tint.opacity(0.12), in: RoundedRectangle(cornerRadius: 18))
                    .contextMenu { Button("Hide") {} }
                }
            }
            .padding()
        }
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    InsightsView()
}
