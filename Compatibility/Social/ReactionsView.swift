import SwiftUI

/// Reactions under a message, as chat apps show them: a row of emoji with counts, the one you
/// chose highlighted, a picker with skin tones, and who reacted, with their country's flag.
@Observable
final class ReactionsModel {
    struct Reaction: Identifiable, Hashable {
        let emoji: String
        var count: Int
        var id: String { emoji }
    }

    var reactions: [Reaction] = [
        Reaction(emoji: "👍🏽", count: 4),
        Reaction(emoji: "❤️", count: 12),
        Reaction(emoji: "😂", count: 3),
        Reaction(emoji: "🎉", count: 1),
    ]
    var mine: String? = "❤️"
    var pickerOpen = true

    func toggle(_ emoji: String) {
        guard let index = reactions.firstIndex(where: { $0.emoji == emoji }) else { return }
        if mine == emoji {
            reactions[index].count -= 1
            mine = nil
        } else {
            reactions[index].count += 1
            mine = emoji
        }
    }
}

struct ReactionsView: View {
    @State private var model = ReactionsModel()
    private let people = [("Aiko", "🇯🇵", "😂"), ("Léa", "🇫🇷", "❤️"), ("Kwame", "🇬🇭", "👍🏿"), ("The Garcias", "🇲🇽", "👨‍👩‍👧")]
    private let tones = ["👋", "👋🏻", "👋🏼", "👋🏽", "👋🏾", "👋🏿"]

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Trail day is on! 🥾⛰️ Bring water 💧")
                .padding(12)
                .background(Color(.systemGray6), in: RoundedRectangle(cornerRadius: 18))

            HStack(spacing: 6) {
                ForEach(model.reactions) { reaction in
                    Button {
                        model.toggle(reaction.emoji)
                    } label: {
                        Text("\(reaction.emoji) \(reaction.count)")
                            .font(.subheadline)
                            .padding(.horizontal, 10)
                            .padding(.vertical, 4)
                            .background(
                                Capsule().fill(model.mine == reaction.emoji ? Color.accentColor.opacity(0.2) : Color(.systemGray6))
                            )
                    }
                    .buttonStyle(.plain)
                }
            }

            if model.pickerOpen {
                HStack(spacing: 12) {
                    ForEach(tones, id: \.self) { tone in
                        Text(tone).font(.title2)
                    }
                }
                .padding(8)
                .background(.regularMaterial, in: Capsule())
            }

            VStack(alignment: .leading, spacing: 10) {
                ForEach(people, id: \.0) { person in
                    HStack {
                        Text(person.1)
                        Text(person.0)
                        Spacer()
                        Text(person.2).font(.title3)
                    }
                }
            }
            .padding(.top, 4)

            Label("Keycaps read as text without their selector: #1 vs 1️⃣", systemImage: "number")
                .font(.footnote)
                .foregroundStyle(.secondary)
        }
        .padding()
    }
}

#Preview {
    ReactionsView()
}

#Preview("Large text") {
    Text("🔥🔥🔥")
        .font(.system(size: 64))
        .padding()
}
