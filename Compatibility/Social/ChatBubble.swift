import SwiftUI

struct Message: Identifiable {
    let id: Int
    let text: String
    let mine: Bool
}

struct ChatBubble: View {
    let message: Message
    var body: some View {
        HStack {
            if message.mine { Spacer(minLength: 60) }
            Text(message.text)
                .padding(.horizontal, 14)
                .padding(.vertical, 9)
                .foregroundColor(message.mine ? .white : .primary)
                .background(message.mine ? Color.blue : Color(.secondarySystemBackground))
                .clipShape(RoundedRectangle(cornerRadius: 18, style: .continuous))
            if !message.mine { Spacer(minLength: 60) }
        }
    }
}

struct ChatView: View {
    let messages = [
        Message(id: 1, text: "Are we still on for Saturday?", mine: false),
        Message(id: 2, text: "Yes! 10 am at the trailhead.", mine: true),
        Message(id: 3, text: "Perfect, I'll bring coffee ☕️", mine: false),
    ]
    @State private var draft = ""

    var body: some View {
        VStack(spacing: 0) {
            ScrollView {
                VStack(spacing: 8) { ForEach(messages) { ChatBubble(message: $0) } }.padding()
            }
            HStack {
                TextField("Message", text: $draft).textFieldStyle(.roundedBorder)
                Button { } label: { Image(systemName: "arrow.up.circle.fill").font(.title) }
            }
            .padding()
            .background(.bar)
        }
    }
}

#Preview {
    ChatView()
}
