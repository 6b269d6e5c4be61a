import SwiftUI

struct NotesListView: View {
    @EnvironmentObject var store: NotesStore
    @State private var search = ""

    var body: some View {
        NavigationView {
            List {
                ForEach(store.visible) { note in
                    NavigationLink(destination: NoteEditor(note: note)) {
                        VStack(alignment: .leading, spacing: 4) {
                            HStack {
                                if note.isPinned { Image(systemName: "pin.fill").foregroundColor(.orange).font(.caption) }
                                Text(note.title).font(.headline)
                            }
                            Text(note.body).font(.subheadline).foregroundColor(.secondary).lineLimit(1)
                        }
                        .padding(.vertical, 4)
                    }
                }
                .onDelete { store.notes.remove(atOffsets: $0) }
                .onMove { store.notes.move(fromOffsets: $0, toOffset: $1) }
            }
            .navigationTitle("Notes")
            .searchable(text: $search)
            .toolbar {
                ToolbarItemGroup(placement: .bottomBar) {
                    Spacer()
                    Text("\(store.notes.count) Notes").font(.caption)
                    Spacer()
                    Button(action: {}) { Image(systemName: "square.and.pencil") }
                }
            }
        }
    }
}

#Preview {
    NotesListView()
        .environmentObject(NotesStore())
}
