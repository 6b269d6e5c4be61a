import Foundation
import Testing
import FrostGeometry
import FrostScene
import FrostExamples
@testable import FrostUI
import FrostTestSupport

/// Navigation stacks, tab views and placeholders: bar geometry, pushes and pops, tab switches.
@Suite("Navigation and tabs", .hangLimit)
struct NavigationTests {
    typealias Leaf = (content: DisplayItem.Content, frame: Rect)
    func items(_ host: ViewHost<some View>) throws -> [Leaf] { try leaves(host.displayList()) }
    func text(_ s: String, in items: [Leaf]) -> (TextContent, Rect)? {
        items.lazy.compactMap { if case .text(let t) = $0.content, t.string == s { (t, $0.frame) } else { nil } }.first
    }

    struct Stack: View {
        var body: some View {
            NavigationStack {
                List {
                    NavigationLink("Details") { Text("Detail body").navigationTitle("Details") }
                    NavigationLink("By value", value: 42)
                }
                .navigationTitle("Home")
                .navigationDestination(for: Int.self) { n in Text("Value \(n)") }
                .toolbar { ToolbarItem(placement: .topBarTrailing) { Button("Add") {} } }
            }
        }
    }

    @Test func largeTitleBarPushAndPop() throws {
        let host = try ViewHost(Stack(), device: .iPhone15Pro)
        var leaves = try items(host)
        // The large title: 34 pt bold, 16 pt in, in the 52 pt row under the 44 pt bar, below the
        // 59 pt safe area.
        let (title, frame) = text("Home", in: leaves)!
        #expect(title.size == 34 && title.bold)
        #expect(frame.minX == 16 && frame.maxY <= 59 + 44 + 52 && frame.minY >= 59 + 44, "\(frame)")
        // The trailing item in the 44 pt row, 16 pt from the edge, tinted.
        let add = text("Add", in: leaves)!.1
        #expect(add.maxX == 393 - 16 && add.midY > 59 && add.midY < 59 + 44)
        // A link row: its label and a trailing chevron.
        #expect(leaves.contains { if case .shape(let s) = $0.content { s.name == "symbol chevron.forward" } else { false } })
        // Push: the destination's inline title, a back button named for the previous title.
        // (Pushes and pops animate: each check waits for the motion to settle.)
        try host.tap("Details")
        try host.settle()
        leaves = try items(host)
        #expect(text("Detail body", in: leaves) != nil && text("Home", in: leaves) != nil)
        let inline = text("Details", in: leaves)!
        #expect(inline.0.size == 17 && inline.0.bold && abs(inline.1.midX - 393 / 2) < 1)
        try host.tap("Home")
        try host.settle()
        #expect(text("Detail body", in: try items(host)) == nil)
        // A value link pushes what navigationDestination(for:) makes of its value.
        try host.tap("By value")
        try host.settle()
        #expect(text("Value 42", in: try items(host)) != nil)
    }

    @Test("A push slides the new screen in from the trailing edge while the old one moves 30 % left and dims; a pop reverses it")
    func pushAndPopMidFlight() throws {
        let host = try ViewHost(Stack(), device: .iPhone15Pro)
        let w = 393.0
        // The row's label (regular weight: the pushed screen's inline title is semibold).
        func row(_ leaves: [Leaf]) -> Rect? {
            leaves.lazy.compactMap { if case .text(let t) = $0.content, t.string == "Details", !t.bold { $0.frame } else { nil } }.first
        }
        let rowAtRest = row(try items(host))!
        try host.tap("Details", at: 1)
        try host.advance(to: 6)
        let bodyAtRest = text("Detail body", in: try items(host))!.1
        // UIKit's push stands in as a critically damped spring of 0.5 s response.
        let spring = Animation.spring(response: 0.5, dampingFraction: 1)
        for dt in [0.05, 0.1, 0.2] {
            let s = spring.value(at: dt)
            let leaves = leaves(try host.displayList(at: 1 + dt))
            let incoming = text("Detail body", in: leaves)!.1, outgoing = row(leaves)!
            #expect(abs(incoming.minX - (bodyAtRest.minX + w * (1 - s))) < 1e-6, "push at +\(dt) s")
            #expect(abs(outgoing.minX - (rowAtRest.minX - 0.3 * w * s)) < 1e-6, "covered at +\(dt) s")
        }
        // The covered screen dims to 90 % (a colour matrix scaling RGB).
        let dims = effects(try host.displayList(at: 1.2)).compactMap { e -> String? in
            if case .colorMatrix(_, let name) = e.effect, name == "dim" { return name } else { return nil }
        }
        #expect(!dims.isEmpty)
        // Pop: the top screen leaves to the trailing edge, the one below comes back.
        try host.tap("Home", at: 7)
        let s = spring.value(at: 0.1)
        let leaves = leaves(try host.displayList(at: 7.1))
        #expect(abs(text("Detail body", in: leaves)!.1.minX - (bodyAtRest.minX + w * s)) < 1e-6)
        #expect(abs(row(leaves)!.minX - (rowAtRest.minX - 0.3 * w * (1 - s))) < 1e-6)
        try host.settle()
        #expect(text("Detail body", in: try items(host)) == nil)
    }

    @Test("A push inside a transaction that disables animations, or under Reduce Motion, does not slide")
    func pushWithoutMotion() throws {
        let host = try ViewHost(Stack(), device: .iPhone15Pro)
        host.accessibilityReduceMotion = true
        try host.tap("Details", at: 1)
        let leaves = leaves(try host.displayList(at: 1.1))
        // Reduce Motion: the screens cross-fade in place.
        let body = text("Detail body", in: leaves)!.1
        try host.settle()
        #expect(abs(body.minX - text("Detail body", in: try items(host))!.1.minX) < 1e-9)
    }

    struct Photos: View {
        @Namespace var zoom
        var body: some View {
            NavigationStack {
                ScrollView {
                    VStack(spacing: 10) {
                        Color.clear.frame(height: 200)
                        ForEach(0..<2, id: \.self) { i in
                            NavigationLink {
                                Text("Photo \(i)").navigationTransition(.zoom(sourceID: i, in: zoom))
                            } label: {
                                Text("Thumb \(i)").frame(width: 100, height: 80).background(Color.orange)
                            }
                            .matchedTransitionSource(id: i, in: zoom)
                        }
                    }
                }
                .navigationTitle("Photos")
            }
        }
    }

    @Test(
        "A zoom push grows the new screen from its source (scaled to the source's width, centred on it, transparent) over the unmoved screen; a pop shrinks it back"
    )
    func zoomPush() throws {
        let host = try ViewHost(Photos(), device: .iPhone15Pro)
        let thumbAtRest = text("Thumb 1", in: try items(host))!.1
        try host.tap("Thumb 1", at: 1)
        // At the push's first instant the screen is exactly the zoom's start.
        let start = try host.displayList(at: 1)
        let scales = transforms(start).map(\.a).filter { abs($0 - 1) > 1e-9 }
        #expect(scales.count == 1)
        // The source is 100 pt wide (its frame, background included), the screen 393.
        #expect(abs(scales[0] - 100.0 / 393) < 1e-6, "\(scales)")
        #expect(opacities(start).contains(0))
        // The covered screen stays where it was (no parallax), dimmed as it goes.
        let mid = try host.displayList(at: 1.15)
        #expect(abs(text("Thumb 1", in: leaves(mid))!.1.minX - thumbAtRest.minX) < 1e-9)
        try host.settle()
        let shown = try items(host)
        #expect(text("Photo 1", in: shown) != nil && text("Thumb 1", in: shown) == nil)
        // The pop shrinks the screen back toward the thumbnail it came from.
        try host.tap("Photos")
        let popping = try host.displayList(at: host.now + 0.15)
        let s = transforms(popping).map(\.a).filter { abs($0 - 1) > 1e-9 }
        #expect(s.count == 1 && s[0] < 1 && s[0] > 100.0 / 393)
        try host.settle()
        #expect(text("Photo 1", in: try items(host)) == nil)
    }

    @Test("A host with a navigation stack over a scroll view is freed after a zoom push (no cycle through the stack's motion or the scroll view's content)")
    func stackHostIsFreed() throws {
        weak var weakHost: ViewHost<Photos>?
        try {
            let host = try ViewHost(Photos(), device: .iPhone15Pro)
            try host.tap("Thumb 0")
            try host.settle()
            weakHost = host
        }()
        #expect(weakHost == nil)
    }

    @Test func tabBarGeometrySwitchingAndBadges() throws {
        let host = try ViewHost(InboxExample(), device: .iPhone15Pro)
        var leaves = try items(host)
        // Three items share the width; the bar's 49 pt sit on the 34 pt home indicator area.
        let titles = ["Inbox", "Mailboxes", "Search"].map { name in
            leaves.lazy.compactMap { if case .text(let t) = $0.content, t.string == name, t.size == 10 { $0.frame } else { nil } }.first!
        }
        let centres = titles.map(\.midX)
        #expect(centres.map { ($0 / 131).rounded(.down) } == [0, 1, 2])
        #expect(titles.allSatisfy { $0.minY > 852 - 34 - 49 && $0.maxY < 852 - 34 })
        // The selected item in the tint, the others in systemGray; the badge in red.
        let inbox = leaves.first { if case .text(let t) = $0.content { t.string == "Inbox" && t.size == 10 } else { false } }!
        if case .text(let t) = inbox.content { #expect("\(t.color)" == "\(FrostUI.Color.accentColor.resolved(EnvironmentValues()))") }
        #expect(text("2", in: leaves) != nil)
        try host.tap("Mailboxes")
        leaves = try items(host)
        #expect(text("Drafts", in: leaves) != nil && text("Ada Lovelace", in: leaves) == nil)
        // The Inbox tab keeps its state while hidden: switching back shows it again.
        try host.tap("Inbox")
        #expect(text("Ada Lovelace", in: try items(host)) != nil)
    }

    @Test("The inbox example: the sort menu (rows with icons) puts unread mail first; a swipe deletes the row shown")
    func inboxSortsAndDeletes() throws {
        let host = try ViewHost(InboxExample(), device: .iPhone15Pro)
        func senders() throws -> [String] {
            let names = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson", "Edsger Dijkstra", "Barbara Liskov"]
            return try items(host).compactMap { if case .text(let t) = $0.content, names.contains(t.string) { t.string } else { nil } }
        }
        #expect(try senders().prefix(3) == ["Ada Lovelace", "Grace Hopper", "Alan Turing"])
        try host.tapView("sort")
        try host.settle()
        let menu = try items(host)
        #expect(menu.contains { if case .shape(let s) = $0.content { s.name == "symbol clock" } else { false } })
        // Mark all read, then unread-first keeps the order; delete the second row by a swipe.
        try host.tap("Newest First")
        try host.settle()
        let grace = try #require(text("Grace Hopper", in: try items(host))?.1)
        try host.drag(from: CGPoint(x: 300, y: grace.midY), to: CGPoint(x: 120, y: grace.midY), duration: 0.3, profile: .easeOut)
        try host.settle()
        try host.tap("Delete")
        try host.settle()
        #expect(try senders().prefix(2) == ["Ada Lovelace", "Alan Turing"])
    }

    @Test func settingsExampleFlipsWiFiAndPushesCellular() throws {
        let host = try ViewHost(SettingsExample(), device: .iPhone13)
        try host.tap("Wi-Fi")
        try host.settle()
        try host.tap("Cellular")
        #expect(text("Settings", in: try items(host)) != nil)  // the back button
    }

    @Test func redactedTextDrawsBars() throws {
        let host = try ViewHost(Text("Loading the headline").redacted(reason: .placeholder), size: CGSize(width: 300, height: 100))
        let leaves = try items(host)
        #expect(text("Loading the headline", in: leaves) == nil)
        #expect(leaves.contains { if case .shape(let s) = $0.content { s.name == "redacted" } else { false } })
    }
}

@Suite("Programmatic navigation: NavigationPath, path bindings, navigationDestination(isPresented:) and (item:)", .hangLimit)
struct NavigationPathTests {
    func strings(_ host: ViewHost<some View>) throws -> Set<String> { Set(textStrings(try host.displayList())) }

    enum Route: Hashable { case detail(Int), settings }

    struct Typed: View {
        @State var path: [Route] = []
        var body: some View {
            NavigationStack(path: $path) {
                VStack {
                    Button("Go deep") { path = [.detail(1), .detail(2)] }
                    NavigationLink("Settings", value: Route.settings)
                }
                .navigationTitle("Home")
                .navigationDestination(for: Route.self) { route in
                    switch route {
                    case .detail(let n):
                        VStack {
                            Text("Detail \(n)")
                            Button("Pop to root") { path.removeAll() }
                            Text("Depth \(path.count)")
                        }
                        .navigationTitle("Detail \(n)")
                    case .settings: Text("Settings screen").navigationTitle("Settings")
                    }
                }
            }
        }
    }

    @Test("A typed path: setting it pushes every screen; a value link appends; the back button and popping to root write it back")
    func typedPath() throws {
        let host = try ViewHost(Typed(), device: .iPhone13)
        try host.tap("Go deep")
        try host.settle()
        var shown = try strings(host)
        #expect(shown.contains("Depth 2") && !shown.contains("Go deep"))
        // The back button is named for the screen below (Detail 1).
        try host.tap("Detail 1")
        try host.settle()
        shown = try strings(host)
        #expect(shown.contains("Depth 1"))
        try host.tap("Pop to root")
        try host.settle()
        #expect(try strings(host).contains("Go deep"))
        try host.tap("Settings")
        try host.settle()
        #expect(try strings(host).contains("Settings screen"))
    }

    struct Erased: View {
        @State var path = NavigationPath()
        var body: some View {
            NavigationStack(path: $path) {
                VStack {
                    Button("Number") { path.append(7) }
                    Button("Word") { path.append("seven") }
                    Text("Count \(path.count)")
                }
                .navigationDestination(for: Int.self) { Text("Int \($0)") }
                .navigationDestination(for: String.self) { w in
                    VStack {
                        Text("String \(w)")
                        Button("Back two") { path.removeLast(2) }
                    }
                }
            }
        }
    }

    @Test("NavigationPath holds values of several types, each shown by its own destination; removeLast(k) pops k")
    func erasedPath() throws {
        var p = NavigationPath()
        #expect(p.isEmpty)
        p.append(1)
        p.append("a")
        #expect(p.count == 2 && p.codable == nil)
        p.removeLast(5)
        #expect(p.isEmpty)
        let host = try ViewHost(Erased(), device: .iPhone13)
        try host.tap("Number")
        try host.settle()
        #expect(try strings(host).contains("Int 7"))
        // Pushing from the pushed screen is the next test's business; pop back by the back button.
        try host.tap("Back")
        try host.settle()
        #expect(try strings(host).contains("Count 0"))
    }

    struct Presented: View {
        @State var showing = false
        @State var item: String? = nil
        var body: some View {
            NavigationStack {
                VStack {
                    Button("Show") { showing = true }
                    Button("Open item") { item = "apple" }
                    Text(showing ? "flag on" : "flag off")
                }
                .navigationTitle("Root")
                .navigationDestination(isPresented: $showing) { Text("Presented screen") }
                .navigationDestination(item: $item) { Text("Item \($0)") }
            }
        }
    }

    @Test("navigationDestination(isPresented:) and (item:) push while the binding holds; the back button resets it")
    func presentedDestinations() throws {
        let host = try ViewHost(Presented(), device: .iPhone13)
        try host.tap("Show")
        try host.settle()
        #expect(try strings(host).contains("Presented screen"))
        try host.tap("Root")
        try host.settle()
        var shown = try strings(host)
        #expect(shown.contains("flag off") && !shown.contains("Presented screen"))
        try host.tap("Open item")
        try host.settle()
        #expect(try strings(host).contains("Item apple"))
        // The back swipe pops it too, and clears the item.
        try host.drag(from: CGPoint(x: 6, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.4)
        try host.settle()
        shown = try strings(host)
        #expect(!shown.contains("Item apple") && shown.contains("Open item"))
    }
}
