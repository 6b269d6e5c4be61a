import Foundation
import Combine

struct Note: Identifiable, Hashable, Codable {
    var id = UUID()
    var title: String
    var body: String
    var folder: String
    var isPinned = false
    var updated: Date
}

final class NotesStore: ObservableObject {
    @Published var notes: [Note]
    @Published var selectedFolder = "All"
    let folders = ["All", "Personal", "Work", "Ideas"]
    private var bag = Set<AnyCancellable>()

    init() {
        let base = Date(timeIntervalSince1970: 1_767_225_600)
        notes = [
            Note(title: "Groceries", body: "Oat milk, lemons, basil, sourdough", folder: "Personal", isPinned: true, updated: base),
            Note(title: "Q3 planning", body: "Hiring, roadmap review, offsite dates", folder: "Work", updated: base.addingTimeInterval(-86_400)),
            Note(title: "App idea", body: "A plant-watering schedule that learns from the weather", folder: "Ideas", updated: base.addingTimeInterval(-3 * 86_400)),
            Note(title: "Books", body: "The Overstory; Piranesi; Project Hail Mary", folder: "Personal", updated: base.addingTimeInterval(-9 * 86_400)),
        ]
        $selectedFolder
            .map { $0 == "All" }
            .sink { _ in }
            .store(in: &bag)
    }

    var visible: [Note] {
        let list = selectedFolder == "All" ? notes : notes.filter { $0.folder == selectedFolder }
        return list.sorted { ($0.isPinned ? 1 : 0, $0.updated) > ($1.isPinned ? 1 : 0, $1.updated) }
    }
}
