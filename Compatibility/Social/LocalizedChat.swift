import SwiftUI

/// The chat as the Arabic and Hebrew localisations show it: the same views, the layout mirrored
/// by the environment, the strings in their own scripts with a name and a time in Latin.
struct LocalizedChatView: View {
    let title: String
    let messages: [Message]
    @State private var draft = ""

    var body: some View {
        NavigationStack {
            VStack(spacing: 0) {
                ScrollView {
                    VStack(alignment: .leading, spacing: 8) {
                        ForEach(messages) { ChatBubble(message: $0) }
                    }
                    .padding()
                }
                HStack {
                    TextField("", text: $draft).textFieldStyle(.roundedBorder)
                    Button { } label: {
                        Image(systemName: "arrow.forward.circle.fill").font(.title)
                    }
                }
                .padding()
                .background(.bar)
            }
            .navigationTitle(title)
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .navigationBarLeading) {
                    Image(systemName: "chevron.backward")
                }
            }
        }
    }
}

extension Message {
    static let arabic = [
        Message(id: 1, text: "مرحبا! هل ما زلنا على موعد يوم السبت؟", mine: false),
        Message(id: 2, text: "نعم، الساعة 10 صباحا عند بداية المسار.", mine: true),
        Message(id: 3, text: "رائع، سأحضر القهوة مع Sam ☕️", mine: false),
    ]
    static let hebrew = [
        Message(id: 1, text: "שלום! אנחנו עדיין נפגשים בשבת?", mine: false),
        Message(id: 2, text: "כן, ב־10:00 בתחילת השביל.", mine: true),
    ]
}

#Preview("Arabic") {
    LocalizedChatView(title: "الرسائل", messages: Message.arabic)
        .environment(\.layoutDirection, .rightToLeft)
        .environment(\.locale, Locale(identifier: "ar"))
}

#Preview("Hebrew") {
    LocalizedChatView(title: "הודעות", messages: Message.hebrew)
        .environment(\.layoutDirection, .rightToLeft)
}
