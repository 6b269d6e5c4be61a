import SwiftUI

/// A market summary strip: condensed figures so six fit across, small-capital labels, a
/// monospaced counter, and an expanded brand line — the type settings finance apps lean on.
struct MarketTicker: View {
    struct Quote: Identifiable {
        let symbol: String
        let price: Double
        let change: Double
        var id: String { symbol }
    }

    let quotes = [
        Quote(symbol: "AAPL", price: 231.4, change: 1.2),
        Quote(symbol: "MSFT", price: 418.9, change: -0.4),
        Quote(symbol: "NVDA", price: 121.7, change: 3.1),
    ]
    @State private var refreshedAt = "09:41:07"

    var body: some View {
        VStack(alignment: .leading, spacing: 14) {
            Text("Northwind Markets")
                .font(.headline)
                .fontWidth(.expanded)
                .textCase(.uppercase)
                .foregroundStyle(.secondary)

            HStack(spacing: 18) {
                ForEach(quotes) { quote in
                    VStack(alignment: .leading, spacing: 2) {
                        Text(quote.symbol)
                            .font(.caption.smallCaps())
                            .foregroundStyle(.secondary)
                        Text(quote.price, format: .number.precision(.fractionLength(1)))
                            .font(.title2.weight(.semibold).width(.condensed))
                        Text("\(quote.change >= 0 ? "+" : "")\(quote.change, specifier: "%.1f")%")
                            .font(.footnote.width(.condensed))
                            .foregroundColor(quote.change >= 0 ? .green : .red)
                    }
                }
            }

            HStack {
                Text("Updated")
                    .font(.footnote.lowercaseSmallCaps())
                Text(refreshedAt)
                    .font(.footnote.monospacedDigit())
            }
            .foregroundStyle(.secondary)

            Text("S&P 500 · Nasdaq · Dow")
                .font(.system(size: 34, weight: .black).width(.compressed))
        }
        .padding()
        .background(Color(.secondarySystemBackground), in: RoundedRectangle(cornerRadius: 16, style: .continuous))
        .padding()
    }
}

#Preview {
    MarketTicker()
}
