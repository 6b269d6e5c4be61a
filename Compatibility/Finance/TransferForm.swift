import SwiftUI

struct TransferForm: View {
    @State private var amount = ""
    @State private var from = "chk"
    @State private var memo = ""
    @State private var showConfirm = false
    @FocusState private var amountFocused: Bool

    var body: some View {
        NavigationView {
            Form {
                Section(header: Text("From")) {
                    Picker("Account", selection: $from) {
                        ForEach(Sample.accounts) { Text($0.name).tag($0.id) }
                    }
                }
                Section(header: Text("Amount")) {
                    TextField("0.00", text: $amount)
                        .keyboardType(.decimalPad)
                        .focused($amountFocused)
                    TextField("Memo", text: $memo)
                }
                Section {
                    Button("Send") { showConfirm = true }
                        .frame(maxWidth: .infinity)
                        .disabled(amount.isEmpty)
                }
            }
            .navigationBarTitle("Transfer", displayMode: .inline)
            .alert(isPresented: $showConfirm) {
                Alert(title: Text("Send \(amount)?"), primaryButton: .default(Text("Send")), secondaryButton: .cancel())
            }
        }
    }
}

#Preview {
    TransferForm()
}
