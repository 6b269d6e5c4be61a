import Foundation
import FrostUI

/// A settings screen in a navigation stack: a grouped form with every control, as an app's
/// settings look on iOS (`frost render --example settings`; tap "Wi-Fi" to flip its switch).
public struct SettingsExample: View {
    @State private var airplane = false
    @State private var wifi = true
    @State private var bluetooth = true
    @State private var brightness = 0.7
    @State private var fontSize = 17
    @State private var appearance = "Automatic"
    @State private var units = "Metric"
    @State private var name = ""
    @State private var showsStorage = false
    public init() {}
    public var body: some View {
        NavigationStack {
            Form {
                Section {
                    Toggle(isOn: $airplane) { Label("Airplane Mode", systemImage: "airplane") }
                    Toggle(isOn: $wifi) { Label("Wi-Fi", systemImage: "wifi") }
                    Toggle(isOn: $bluetooth) { Label("Bluetooth", systemImage: "antenna.radiowaves.left.and.right") }
                    NavigationLink {
                        Text("Cellular")
                    } label: {
                        Label("Cellular", systemImage: "cellularbars")
                    }
                }
                Section("Display") {
                    Slider(value: $brightness) {
                        Text("Brightness")
                    } minimumValueLabel: {
                        Image(systemName: "sun.min")
                    } maximumValueLabel: {
                        Image(systemName: "sun.max")
                    }
                    Stepper("Text Size: \(fontSize) pt", value: $fontSize, in: 12...24)
                    Picker("Appearance", selection: $appearance) {
                        ForEach(["Light", "Dark", "Automatic"], id: \.self) { Text($0).tag($0) }
                    }
                }
                Section {
                    Picker("Units", selection: $units) {
                        Text("Metric").tag("Metric")
                        Text("Imperial").tag("Imperial")
                    }
                    .pickerStyle(.segmented)
                    TextField("Device Name", text: $name)
                } header: {
                    Text("General")
                } footer: {
                    Text("The name shows to nearby devices.")
                }
                Section("Storage") {
                    // Two differently sized states swap under the blur bridge.
                    Group {
                        if showsStorage {
                            VStack(spacing: 8) {
                                LabeledContent("Photos", value: "41.2 GB")
                                LabeledContent("Apps", value: "23.7 GB")
                                LabeledContent("System", value: "9.8 GB")
                            }
                        } else {
                            ProgressView(value: 0.62)
                        }
                    }
                    .blurBridgeContainer()
                    Button(showsStorage ? "Hide Details" : "Show Details") { withBlurBridge { showsStorage.toggle() } }
                }
                Section {
                    Button("Sign Out", role: .destructive) {}
                }
            }
            .navigationTitle("Settings")
        }
    }
}

/// A mail-style inbox: a plain list of messages in a navigation stack, with a tab bar in
/// `.regularMaterial` (`frost render --example inbox`; tap a tab's title to switch). The
/// compose button presents a New Message sheet (Cancel asks to delete the draft in a
/// confirmation dialog); Edit asks, in an alert, to mark everything read; the sort menu puts
/// unread messages first; a message swiped left shows Delete, which removes it.
public struct InboxExample: View {
    struct Message: Identifiable {
        let id: Int
        let sender: String, subject: String, preview: String, time: String
        let unread: Bool
    }
    static let messages: [Message] = [
        Message(
            id: 1, sender: "Ada Lovelace", subject: "Notes on the engine", preview: "I have attached the table of Bernoulli numbers we discussed.",
            time: "9:41", unread: true),
        Message(id: 2, sender: "Grace Hopper", subject: "Compiler demo", preview: "The demo is set for Thursday; bring the tapes.", time: "8:15", unread: true),
        Message(
            id: 3, sender: "Alan Turing", subject: "Re: Morphogenesis", preview: "The spots form as predicted. Photographs to follow.", time: "Yesterday",
            unread: false),
        Message(
            id: 4, sender: "Katherine Johnson", subject: "Trajectory check", preview: "Numbers agree to the eighth decimal place.", time: "Tuesday",
            unread: false),
        Message(
            id: 5, sender: "Edsger Dijkstra", subject: "Shortest paths", preview: "A note on two problems in connexion with graphs.", time: "Monday",
            unread: false),
        Message(
            id: 6, sender: "Barbara Liskov", subject: "Substitution", preview: "Subtypes should be usable wherever their base types are.", time: "Sunday",
            unread: false),
    ]
    @State private var messages = InboxExample.messages
    @State private var tab = 0
    @State private var composing = false
    @State private var markingRead = false
    @State private var allRead = false
    @State private var unreadFirst = false
    public init() {}
    /// The messages in the order the sort menu asks for.
    private var shown: [Message] {
        guard unreadFirst else { return messages }
        let isUnread = { (m: Message) in m.unread && !allRead }
        return messages.filter(isUnread) + messages.filter { !isUnread($0) }
    }
    public var body: some View {
        TabView(selection: $tab) {
            NavigationStack {
                List {
                    ForEach(shown) { m in
                        HStack(alignment: .top, spacing: 10) {
                            Circle().fill(m.unread && !allRead ? Color.blue : Color.clear).frame(width: 10, height: 10).padding(.top, 6)
                            VStack(alignment: .leading, spacing: 2) {
                                HStack {
                                    Text(m.sender).font(.headline)
                                    Spacer()
                                    Text(m.time).font(.subheadline).foregroundStyle(.secondary)
                                }
                                Text(m.subject).font(.subheadline)
                                Text(m.preview).font(.subheadline).foregroundStyle(.secondary).lineLimit(2)
                            }
                        }
                    }
                    .onDelete { offsets in
                        let gone = Set(offsets.map { shown[$0].id })
                        messages.removeAll { gone.contains($0.id) }
                    }
                }
                .listStyle(.plain)
                .navigationTitle("Inbox")
                .toolbarBackground(.regularMaterial, for: .tabBar)
                // A short inbox leaves the tab bar clear (iOS 15's scroll-edge look); keep it.
                .toolbarBackground(.visible, for: .tabBar)
                .toolbar {
                    ToolbarItem(placement: .topBarLeading) { Button("Edit") { markingRead = true } }
                    ToolbarItemGroup(placement: .topBarTrailing) {
                        Menu {
                            Button("Unread First", systemImage: "envelope.badge") { unreadFirst = true }
                            Button("Newest First", systemImage: "clock") { unreadFirst = false }
                        } label: {
                            Image(systemName: "line.3.horizontal.decrease.circle")
                        }
                        .accessibilityIdentifier("sort")
                        Button(action: { composing = true }) { Image(systemName: "square.and.pencil") }.accessibilityIdentifier("compose")
                    }
                }
                .alert("Mark all as read?", isPresented: $markingRead) {
                    Button("Cancel", role: .cancel) {}
                    Button("Mark All") { allRead = true }
                } message: {
                    Text("Every message in the inbox will be marked as read.")
                }
                .sheet(isPresented: $composing) { ComposeSheet() }
            }
            .tabItem { Label("Inbox", systemImage: "tray.fill") }
            .tag(0)
            .badge(2)
            NavigationStack {
                List {
                    Label("Drafts", systemImage: "doc")
                    Label("Sent", systemImage: "paperplane")
                    Label("Trash", systemImage: "trash")
                }
                .navigationTitle("Mailboxes")
            }
            .tabItem { Label("Mailboxes", systemImage: "folder") }
            .tag(1)
            Text("Search").font(.title).foregroundStyle(.secondary)
                .tabItem { Label("Search", systemImage: "magnifyingglass") }
                .tag(2)
        }
    }
}

/// The inbox's New Message sheet: a form in its own navigation stack; Cancel asks whether to
/// delete the draft (a confirmation dialog), Send dismisses.
struct ComposeSheet: View {
    @Environment(\.dismiss) private var dismiss
    @State private var to = ""
    @State private var subject = ""
    @State private var confirming = false
    var body: some View {
        NavigationStack {
            Form {
                TextField("To", text: $to)
                TextField("Subject", text: $subject)
            }
            .navigationTitle("New Message")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { confirming = true } }
                ToolbarItem(placement: .confirmationAction) { Button("Send") { dismiss() } }
            }
            .confirmationDialog("Delete this draft?", isPresented: $confirming) {
                Button("Delete Draft", role: .destructive) { dismiss() }
                Button("Save Draft") { dismiss() }
            }
        }
    }
}
