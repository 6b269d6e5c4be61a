import SwiftUI

enum SortOrder: String, CaseIterable, Identifiable {
    case edited = "Date Edited", created = "Date Created", title = "Title"
    var id: String { rawValue }
}

struct PreferencesView: View {
    @AppStorage("sortOrder") private var sortOrder: SortOrder = .edited
    @AppStorage("fontSize") private var fontSize = 17.0
    @AppStorage("lockNotes") private var lockNotes = false
    @State private var accent = Color.orange
    @State private var backupDate = Date(timeIntervalSince1970: 1_767_225_600)

    var body: some View {
        NavigationStack {
            Form {
                Section("Viewing") {
                    Picker("Sort notes by", selection: $sortOrder) {
                        ForEach(SortOrder.allCases) { Text($0.rawValue).tag($0) }
                    }
                    VStack(alignment: .leading) {
                        Text("Font size: \(Int(fontSize)) pt")
                        Slider(value: $fontSize, in: 12...28, step: 1) {
                            Text("Font size")
                        } minimumValueLabel: {
                            Text("A").font(.caption)
                        } maximumValueLabel: {
                            Text("A").font(.title3)
                        }
                    }
                    ColorPicker("Accent", selection: $accent)
                }
                Section {
                    Toggle("Lock notes with Face ID", isOn: $lockNotes)
                    DatePicker("Last backup", selection: $backupDate, displayedComponents: .date)
                } header: {
                    Text("Security")
                } footer: {
                    Text("Locked notes are hidden from search.")
                }
                Section {
                    LabeledContent("Version", value: "2.4.1")
                    Link("Privacy Policy", destination: URL(string: "https://example.com/privacy")!)
                }
            }
            .navigationTitle("Settings")
        }
    }
}

#Preview {
    PreferencesView()
}
