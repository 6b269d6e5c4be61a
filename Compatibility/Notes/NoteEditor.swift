import SwiftUI

struct NoteEditor: View {
    @State var note: Note
    @FocusState private var bodyFocused: Bool
    @Environment(\.presentationMode) private var presentationMode

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            TextField("Title", text: $note.title)
                .font(.title.bold())
            Text(note.updated, style: .date)
                .font(.caption)
                .foregroundColor(.secondary)
            TextEditor(text: $note.body)
                .focused($bodyFocused)
        }
        .padding()
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .navigationBarTrailing) {
                Button("Done") { presentationMode.wrappedValue.dismiss() }
            }
        }
    }
}

#Preview {
    NavigationStack { NoteEditor(note: NotesStore().notes[0]) }
}
