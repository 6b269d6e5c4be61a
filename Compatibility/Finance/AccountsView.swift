import SwiftUI

struct AccountsView: View {
    @State private var selected: Account?

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: 16) {
                    BalanceCard()
                    ForEach(Sample.accounts) { account in
                        Button {
                            Haptics.tap()
                            selected = account
                        } label: {
                            HStack {
                                Image(systemName: account.symbol).frame(width: 32)
                                Text(account.name)
                                Spacer()
                                Text(NSDecimalNumber(decimal: account.balance).doubleValue.currency).bold()
                                Image(systemName: "chevron.right").foregroundColor(.secondary)
                            }
                            .padding()
                            .background(Color("Surface"), in: RoundedRectangle(cornerRadius: 14))
                        }
                        .buttonStyle(.plain)
                    }
                }
                .padding()
            }
            .navigationTitle("Accounts")
            .sheet(item: $selected) { account in
                Text(account.name).presentationDetents([.medium])
            }
        }
    }
}

#Preview {
    AccountsView()
}
