import SwiftUI

struct ComposeView: View {
    @Environment(\.dismiss) private var dismiss
    @State private var text = "Trying the new camera on a foggy morning"
    @FocusState private var isFocused: Bool
    private let limit = 280

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading) {
                TextEditor(text: $text)
                    .focused($isFocused)
                    .frame(minHeight: 160)
                HStack {
                    Spacer()
                    Text("\(limit - text.count)")
                        .font(.footnote.monospacedDigit())
                        .foregroundStyle(text.count > limit ? .red : .secondary)
                }
            }
            .padding()
            .navigationTitle("New Post")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                ToolbarItem(placement: .confirmationAction) { Button("Post") { dismiss() }.disabled(text.isEmpty) }
            }
            .onAppear { isFocused = true }
        }
    }
}

#Preview {
    ComposeView()
}
