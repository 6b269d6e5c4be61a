import SwiftUI

struct FolderPicker: View {
    @ObservedObject var store: NotesStore

    var body: some View {
        Picker("Folder", selection: $store.selectedFolder) {
            ForEach(store.folders, id: \.self) { Text($0) }
        }
        .pickerStyle(.segmented)
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    FolderPicker(store: NotesStore())
}
