import SwiftUI

struct TransactionRow: View {
    let transaction: Transaction

    var body: some View {
        HStack(spacing: 12) {
            Image(systemName: transaction.symbol)
                .font(.system(size: 18))
                .foregroundColor(.white)
                .frame(width: 40, height: 40)
                .background(Circle().fill(transaction.amount > 0 ? Color.gain : Color.gray))
            VStack(alignment: .leading, spacing: 2) {
                Text(transaction.merchant).font(.body)
                Text(transaction.category).font(.caption).foregroundColor(.secondary)
            }
            Spacer()
            Text(transaction.amount.currency)
                .font(.body.monospacedDigit())
                .foregroundColor(transaction.amount > 0 ? .gain : .primary)
        }
    }
}

struct TransactionsView: View {
    @State private var query = ""

    var filtered: [Transaction] {
        query.isEmpty ? Sample.transactions : Sample.transactions.filter { $0.merchant.localizedCaseInsensitiveContains(query) }
    }

    var body: some View {
        NavigationStack {
            List(filtered) { TransactionRow(transaction: $0) }
                .listStyle(.plain)
                .navigationTitle("Activity")
                .searchable(text: $query)
                .refreshable { }
        }
    }
}

#Preview {
    TransactionsView()
}
