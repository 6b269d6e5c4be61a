import SwiftUI

struct SignInView: View {
    @State private var email = ""
    @State private var password = ""
    @State private var remember = true
    @State private var error: String? = "That password doesn't look right."

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "bag.circle.fill")
                .resizable()
                .frame(width: 72, height: 72)
                .foregroundColor(.accentColor)
            Text("Welcome back").font(.largeTitle.bold())
            VStack(spacing: 12) {
                TextField("Email", text: $email)
                    .padding()
                    .background(RoundedRectangle(cornerRadius: 12).stroke(Color.gray.opacity(0.4)))
                SecureField("Password", text: $password)
                    .padding()
                    .background(RoundedRectangle(cornerRadius: 12).stroke(error == nil ? Color.gray.opacity(0.4) : Color.red))
                if let error {
                    Label(error, systemImage: "exclamationmark.triangle.fill").font(.footnote).foregroundColor(.red)
                        .frame(maxWidth: .infinity, alignment: .leading)
                }
                Toggle("Remember me", isOn: $remember)
            }
            Button(action: {}) {
                Text("Sign In").bold().frame(maxWidth: .infinity).padding().background(Color.accentColor).foregroundColor(.white).cornerRadius(12)
            }
            Button("Forgot password?") {}.font(.footnote)
        }
        .padding(24)
    }
}

#Preview {
    SignInView()
}
