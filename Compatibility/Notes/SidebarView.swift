import SwiftUI

struct SidebarView: View {
    @StateObject private var store = NotesStore()
    @State private var showNewFolder = false
    @State private var folderName = ""

    var body: some View {
        NavigationStack {
            List {
                Section("iCloud") {
                    ForEach(store.folders, id: \.self) { folder in
                        Label(folder, systemImage: folder == "All" ? "tray.full" : "folder")
                            .badge(folder == "All" ? store.notes.count : store.notes.filter { $0.folder == folder }.count)
                    }
                }
                Section("Tags") {
                    TagCloud()
                        .listRowInsets(EdgeInsets())
                }
            }
            .listStyle(.insetGrouped)
            .navigationTitle("Folders")
            .toolbar {
                Button { showNewFolder = true } label: { Image(systemName: "folder.badge.plus") }
            }
            .alert("New Folder", isPresented: $showNewFolder) {
                TextField("Name", text: $folderName)
                Button("Save") {}
                Button("Cancel", role: .cancel) {}
            }
        }
    }
}

#Preview {
    SidebarView()
}
