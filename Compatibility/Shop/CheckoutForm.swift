import SwiftUI

struct CheckoutForm: View {
    @State private var name = "Alex Rivera"
    @State private var email = ""
    @State private var address = "12 Harbour St"
    @State private var express = false
    @State private var payment = 0

    var body: some View {
        NavigationStack {
            Form {
                Section("Contact") {
                    TextField("Full name", text: $name).textContentType(.name)
                    TextField("Email", text: $email)
                        .keyboardType(.emailAddress)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                }
                Section("Delivery") {
                    TextField("Address", text: $address)
                    Toggle("Express (+$9)", isOn: $express)
                }
                Section("Payment") {
                    Picker("Method", selection: $payment) {
                        Label("Card", systemImage: "creditcard").tag(0)
                        Label("Apple Pay", systemImage: "apple.logo").tag(1)
                    }
                    .pickerStyle(.inline)
                    .labelsHidden()
                }
            }
            .navigationTitle("Checkout")
            .toolbar { ToolbarItem(placement: .confirmationAction) { Button("Pay") {} } }
        }
    }
}

#Preview {
    CheckoutForm()
}
