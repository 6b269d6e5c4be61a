import SwiftUI

struct WordCountBadge: View {
    let text: String

    private var words: Int { text.split { $0.isWhitespace || $0.isNewline }.count }

    var body: some View {
        HStack(spacing: 16) {
            stat("\(words)", "words")
            stat("\(text.count)", "characters")
            stat("\(max(1, words / 200))", "min read")
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: 12).strokeBorder(Color.secondary.opacity(0.3)))
    }

    func stat(_ value: String, _ label: String) -> some View {
        VStack {
            Text(value).font(.headline.monospacedDigit())
            Text(label).font(.caption2).foregroundColor(.secondary).textCase(.uppercase)
        }
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    WordCountBadge(text: NotesStore().notes[2].body).padding()
}
