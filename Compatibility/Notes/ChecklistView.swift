import SwiftUI

struct ChecklistItem: Identifiable {
    let id: Int
    var text: String
    var done: Bool
}

struct ChecklistView: View {
    @State private var items = [
        ChecklistItem(id: 1, text: "Book flights", done: true), ChecklistItem(id: 2, text: "Renew passport", done: false),
        ChecklistItem(id: 3, text: "Pack chargers", done: false), ChecklistItem(id: 4, text: "Water plants", done: true),
    ]

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Trip checklist").font(.title3.bold())
            ForEach($items) { $item in
                Toggle(isOn: $item.done) {
                    Text(item.text).strikethrough(item.done, color: .secondary)
                }
                .toggleStyle(CheckboxStyle())
            }
            Text("\(items.filter(\.done).count) of \(items.count) done").font(.footnote).foregroundStyle(.secondary)
        }
        .padding()
    }
}

struct CheckboxStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack {
            Image(systemName: configuration.isOn ? "checkmark.square.fill" : "square")
                .foregroundColor(configuration.isOn ? .orange : .secondary)
                .onTapGesture { configuration.isOn.toggle() }
            configuration.label
        }
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    ChecklistView()
}
