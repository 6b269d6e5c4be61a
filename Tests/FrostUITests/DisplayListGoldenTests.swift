import Testing
import FrostUI
import FrostExamples
import FrostSnapshotTesting
import FrostTestSupport

// Layout and animation as text goldens (`__Snapshots__/DisplayListGoldenTests/*.txt`): each
// golden is the frame's display list — every item's identity, frame in points and what it
// draws — so a change in layout, identity or an animation's curve shows as a line diff that
// reads like the specification it breaks. Re-record with SNAPSHOT_TESTING_RECORD=all and review
// the diff.

private struct Stacks: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack(alignment: .firstTextBaseline) {
                Text("Title").font(.title2.bold())
                Spacer(minLength: 4)
                Text("caption").font(.caption)
            }
            ZStack(alignment: .bottomTrailing) {
                Rectangle().fill(Color.orange).frame(height: 60)
                Circle().fill(Color.blue).frame(width: 20, height: 20).padding(6)
            }
            HStack(spacing: 0) {
                Color.red.frame(maxWidth: .infinity)
                Color.green.frame(width: 50)
                Color.blue.frame(maxWidth: .infinity).layoutPriority(1)
            }
            .frame(height: 10)
        }
        .padding()
    }
}

private struct Slide: View {
    @State private var trailing = false
    var body: some View {
        RoundedRectangle(cornerRadius: 8).fill(Color.blue)
            .frame(width: 40, height: 40)
            .frame(maxWidth: .infinity, alignment: trailing ? .trailing : .leading)
            .opacity(trailing ? 0.5 : 1)
            .animation(.easeInOut(duration: 0.4), value: trailing)
            .onTapGesture { trailing.toggle() }
    }
}

private struct Pushing: View {
    var body: some View {
        NavigationStack {
            List { NavigationLink("Detail") { Text("Pushed").navigationTitle("Detail") } }
                .navigationTitle("Home")
        }
    }
}

private struct LongList: View {
    var body: some View {
        NavigationStack {
            List(0..<30, id: \.self) { Text("Row \($0)") }
                .navigationTitle("Rows")
        }
    }
}

private struct Alerting: View {
    @State private var shown = false
    var body: some View {
        Button("Delete") { shown = true }
            .alert("Delete the draft?", isPresented: $shown) {
                Button("Cancel", role: .cancel) {}
                Button("Delete", role: .destructive) {}
            } message: {
                Text("This cannot be undone.")
            }
    }
}

private struct Presenting: View {
    @State private var sheet = false
    var body: some View {
        VStack(spacing: 20) {
            Button("Sheet") { sheet = true }
            Menu("Sort") {
                Button("Name") {}
                Button("Date") {}
            }
        }
        .sheet(isPresented: $sheet) { Text("In the sheet").presentationDetents([.medium]) }
    }
}

@Suite("Display-list goldens: layout and animation", .snapshots(record: .missing), .hangLimit)
struct DisplayListGoldenTests {
    @Test("stacks: baseline alignment, a flexible spacer, a ZStack's corner, layout priority splitting a row", .needsInter)
    func stacks() throws {
        assertSnapshot(of: try ViewHost(Stacks(), size: CGSize(width: 320, height: 200)), as: .displayList())
    }

    @Test("an easeInOut(0.4) slide sampled at 0, 0.1, 0.2, 0.3 and 0.4 s after a tap: offsets and opacity along the curve")
    func easeInOutSlide() throws {
        let host = try ViewHost(Slide(), size: CGSize(width: 200, height: 60))
        try host.tap("", at: 0)
        for t in [0.0, 0.1, 0.2, 0.3, 0.4] {
            assertSnapshot(of: host, as: .displayList(at: t), named: "t\(t)")
        }
    }

    @Test("a push 0.1 s in: the new screen sliding in from the trailing edge, the old one 30 % left and dimmed, the bars cross-fading", .needsInter)
    func pushMidFlight() throws {
        let host = try ViewHost(Pushing(), device: .iPhone13)
        try host.tap("Detail", at: 0)
        assertSnapshot(of: host, as: .displayList(at: 0.1))
    }

    @Test("a medium sheet 0.15 s into its presentation, and at rest", .needsInter)
    func sheetMidPresentation() throws {
        let host = try ViewHost(Presenting(), device: .iPhone13)
        try host.tap("Sheet", at: 0)
        assertSnapshot(of: host, as: .displayList(at: 0.15), named: "mid")
        assertSnapshot(of: host, as: .displayList(at: 2), named: "rest")
    }

    @Test("an open menu at rest: its platter, rows and the dimmed screen", .needsInter)
    func openMenu() throws {
        let host = try ViewHost(Presenting(), device: .iPhone13)
        try host.tap("Sort", at: 0)
        assertSnapshot(of: host, as: .displayList(at: 2))
    }

    @Test(
        "the scroll-edge bar: a list scrolled 30 pt (the large title riding up, clipped) and 120 pt (collapsed, rows under the bar's material and hairline)",
        .needsInter)
    func scrollEdgeBar() throws {
        let host = try ViewHost(LongList(), device: .iPhone13)
        try host.scroll(to: CGPoint(x: 0, y: 30))
        assertSnapshot(of: host, as: .displayList(), named: "collapsing")
        try host.scroll(to: CGPoint(x: 0, y: 120))
        assertSnapshot(of: host, as: .displayList(), named: "under-the-bar")
    }

    @Test("an alert at rest: the dimmed screen, the card's material, title, message and its two buttons side by side", .needsInter)
    func alertAtRest() throws {
        let host = try ViewHost(Alerting(), device: .iPhone13)
        try host.tap("Delete", at: 0)
        assertSnapshot(of: host, as: .displayList(at: 2))
    }

    @Test("the settings form on an iPhone 13: rows, sections, controls and the navigation bar", .needsInter)
    func settingsForm() throws {
        let host = try ViewHost(SettingsExample(), device: .iPhone13)
        assertSnapshot(of: host, as: .displayList())
    }
}
