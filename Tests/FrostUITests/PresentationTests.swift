import FrostGeometry
import FrostImage
import FrostScene
import Testing

@testable import FrostUI

// Presentations as iOS 18 draws them on iPhone, against hand-computed geometry: a sheet's
// detents and the screen scaled back behind it, an alert's and a dialog's cards, the springs
// they move with, and every way of dismissing them (a button, dismiss(), a swipe down, a tap
// outside), each setting the binding back.

final class PresentationLog {
    var events: [String] = []
}

/// A screen that presents each kind of presentation from a button.
struct Presenter: View {
    let log: PresentationLog
    var detents: Set<PresentationDetent> = [.large]
    @State private var sheet = false
    @State private var alert = false
    @State private var dialog = false
    @State private var cover = false
    var body: some View {
        VStack(spacing: 20) {
            Button("Sheet") { sheet = true }
            Button("Alert") { alert = true }
            Button("Dialog") { dialog = true }
            Button("Cover") { cover = true }
        }
        .sheet(isPresented: $sheet, onDismiss: { log.events.append("sheet dismissed") }) {
            SheetBody(log: log).presentationDetents(detents)
        }
        .alert("Delete draft?", isPresented: $alert) {
            Button("Cancel", role: .cancel) { log.events.append("alert cancel") }
            Button("Delete", role: .destructive) { log.events.append("alert delete") }
        } message: {
            Text("This cannot be undone.")
        }
        .confirmationDialog("Share", isPresented: $dialog) {
            Button("Copy link") { log.events.append("dialog copy") }
            Button("Report", role: .destructive) { log.events.append("dialog report") }
        }
        .fullScreenCover(isPresented: $cover) { SheetBody(log: log) }
    }
}

struct SheetBody: View {
    let log: PresentationLog
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack {
            Text("In the sheet")
            Button("Done") {
                log.events.append("done")
                dismiss()
            }
        }
    }
}

/// iPhone 15 Pro: 393 × 852 pt, safe area 59 pt at the top and 34 pt at the bottom.
private let screen = (width: 393.0, height: 852.0, top: 59.0, bottom: 34.0)

/// Whether two frames agree within a third of a point: layout snaps edges to the 3× pixel
/// grid, and a spring 2 s after it started is within 1e-6 pt of its target.
private func near(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.minX - b.minX) <= 0.34 && abs(a.minY - b.minY) <= 0.34 && abs(a.maxX - b.maxX) <= 0.34 && abs(a.maxY - b.maxY) <= 0.34
}
private func holds(_ frames: [Rect], _ frame: Rect) -> Bool { frames.contains { near($0, frame) } }

/// The frames of the materials drawn (an alert's and a dialog's cards).
private func materialFrames(_ list: DisplayList) -> [Rect] {
    leaves(list).compactMap { if case .material = $0.content { return $0.frame } else { return nil } }
}

@Suite("Presentations", .hangLimit)
struct PresentationTests {
    func host(_ log: PresentationLog, detents: Set<PresentationDetent> = [.large]) throws -> ViewHost<Presenter> {
        try ViewHost(Presenter(log: log, detents: detents), device: .iPhone15Pro)
    }
    func frames(_ host: ViewHost<Presenter>, at time: Double? = nil) throws -> [Rect] {
        shapeFrames(try host.displayList(at: time ?? host.now))
    }

    @Test("A sheet at the large detent: 10 pt below the safe area, the screen shrunk 16 pt a side behind it; Done dismisses")
    func largeSheet() throws {
        let log = PresentationLog()
        let host = try host(log)
        try host.tap("Sheet")
        let start = host.now
        let sheet = Rect(x: 0, y: screen.top + 10, width: screen.width, height: screen.height - screen.top - 10)
        // Mid-slide: the sheet is on its way up; at rest it is where UIKit puts it.
        let mid = try frames(host, at: start + 0.15).filter { $0.width == screen.width && $0.height == sheet.height }
        #expect(mid.count == 1 && mid[0].minY > sheet.minY + 20 && mid[0].minY < screen.height, "\(mid)")
        #expect(holds(try frames(host, at: start + 2), sheet))
        let s = (screen.width - 32) / screen.width
        let shrunk = try transforms(host.displayList(at: start + 2)).filter { abs($0.a - s) < 1e-9 && abs($0.d - s) < 1e-9 }
        #expect(!shrunk.isEmpty && shrunk.allSatisfy { abs($0.ty - screen.top) < 1e-9 || $0.ty != 0 })
        #expect(shrunk.contains { abs($0.tx - 16) < 1e-6 && abs($0.ty - screen.top) < 1e-6 }, "the screen's card: \(shrunk)")
        // The screen beneath cannot be tapped.
        #expect(throws: ViewHostError.self) { try host.tap("Alert") }
        try host.tap("Done")
        try host.advance(by: 2)
        #expect(log.events == ["done", "sheet dismissed"])
        #expect(!holds(try frames(host), sheet))
        #expect(try transforms(host.displayList()).allSatisfy { abs($0.a - 1) < 1e-6 && abs($0.d - 1) < 1e-6 && abs($0.tx) < 1e-6 && abs($0.ty) < 1e-6 })
        try host.tap("Alert")  // tappable again
    }

    @Test("A medium sheet: half the large height, the screen not shrunk; a tap outside dismisses it")
    func mediumSheet() throws {
        let log = PresentationLog()
        let host = try host(log, detents: [.medium])
        try host.tap("Sheet")
        try host.advance(by: 2)
        let large = screen.height - screen.top - 10
        let sheet = Rect(x: 0, y: screen.height - large / 2, width: screen.width, height: large / 2)
        #expect(holds(try frames(host), sheet))
        #expect(try transforms(host.displayList()).allSatisfy { $0.a == 1 })
        // One detent: no drag indicator.
        #expect(try !frames(host).contains { $0.width == 36 && $0.height == 5 })
        try host.tap(at: CGPoint(x: 196, y: 200))
        try host.advance(by: 2)
        #expect(log.events == ["sheet dismissed"])
        #expect(!holds(try frames(host), sheet))
    }

    @Test("Two detents show the drag indicator; a swipe down dismisses, a short one springs back")
    func swipe() throws {
        let log = PresentationLog()
        let host = try host(log, detents: [.medium, .large])
        try host.tap("Sheet")
        try host.advance(by: 2)
        let large = screen.height - screen.top - 10
        let top = screen.height - large / 2
        #expect(holds(try frames(host), Rect(x: (screen.width - 36) / 2, y: top + 5, width: 36, height: 5)))
        // 40 pt, slowly: the sheet follows, then returns.
        try host.drag(from: CGPoint(x: 196, y: top + 100), to: CGPoint(x: 196, y: top + 140), duration: 0.5)
        let following = try frames(host, at: host.now - 0.01)
        // 0.49 s in, the last sample (58/120 s at 80 pt/s) had the finger 38.7 pt down.
        #expect(following.contains { $0.width == screen.width && abs($0.minY - (top + 80.0 * 58 / 120)) <= 0.34 }, "\(following)")
        try host.advance(by: 1)
        #expect(holds(try frames(host), Rect(x: 0, y: top, width: screen.width, height: large / 2)))
        #expect(log.events.isEmpty)
        // A flick down past half the height's predicted end.
        try host.drag(from: CGPoint(x: 196, y: top + 100), to: CGPoint(x: 196, y: top + 180), duration: 0.1)
        try host.advance(by: 1)
        #expect(log.events == ["sheet dismissed"])
    }

    @Test("An alert: a 270 pt card centred, Cancel left of Delete; a button acts and dismisses; the screen is inert")
    func alert() throws {
        let log = PresentationLog()
        let host = try host(log)
        try host.tap("Alert")
        try host.advance(by: 1)
        let card = try #require(materialFrames(try host.displayList()).first)
        #expect(abs(card.width - 270) < 1e-9 && abs(card.midX - screen.width / 2) <= 0.34)
        #expect(abs(card.midY - (screen.top + (screen.height - screen.top - screen.bottom) / 2)) <= 0.34)
        let list = try host.displayList()
        let texts = leaves(list).compactMap { leaf -> (String, Rect)? in
            if case .text(let t) = leaf.content { return (t.string, leaf.frame) } else { return nil }
        }
        let cancel = try #require(texts.first { $0.0 == "Cancel" }).1, delete = try #require(texts.first { $0.0 == "Delete" }).1
        #expect(cancel.midX < delete.midX && abs(cancel.midY - delete.midY) < 1e-9)
        #expect(throws: ViewHostError.self) { try host.tap("Sheet") }
        try host.tap("Delete")
        try host.advance(by: 1)
        #expect(log.events == ["alert delete"])
        #expect(materialFrames(try host.displayList()).isEmpty)
    }

    struct Rename: View {
        let log: PresentationLog
        @State private var asking = false
        @State private var name = ""
        var body: some View {
            Button("Rename") { asking = true }
                .alert("Rename Album", isPresented: $asking) {
                    TextField("Name", text: $name)
                    Button("Cancel", role: .cancel) {}
                    Button("Save") { log.events.append("saved \(name)") }
                } message: {
                    Text("Enter a new name.")
                }
        }
    }

    @Test("An alert with a text field: 13 pt in a bordered 25 pt box inside the card; typing into it by label, then Save")
    func alertTextField() throws {
        let log = PresentationLog()
        let host = try ViewHost(Rename(log: log), device: .iPhone15Pro)
        try host.tap("Rename")
        try host.advance(by: 1)
        let card = try #require(materialFrames(try host.displayList()).first)
        let texts = leaves(try host.displayList()).compactMap { leaf -> (TextContent, Rect)? in
            if case .text(let t) = leaf.content { return (t, leaf.frame) } else { return nil }
        }
        let placeholder = try #require(texts.first { $0.0.string == "Name" })
        let message = try #require(texts.first { $0.0.string == "Enter a new name." }).1
        let save = try #require(texts.first { $0.0.string == "Save" }).1
        #expect(placeholder.0.size == 13)
        // Inside the card, 16 pt + 5 pt in from its leading edge, between the message and the buttons.
        #expect(abs(placeholder.1.minX - (card.minX + 21)) < 0.5)
        #expect(placeholder.1.minY > message.maxY + 16 && placeholder.1.maxY < save.minY - 16)
        // The field's box: a stroked rounded rectangle 238 pt wide (270 − 2 × 16).
        #expect(shapeFrames(try host.displayList()).contains { abs($0.width - 238) < 0.5 && abs($0.height - 25) < 1 })
        try host.type("Abbey Road", into: "Name")
        try host.tap("Save")
        try host.advance(by: 1)
        #expect(log.events == ["saved Abbey Road"])
        #expect(materialFrames(try host.displayList()).isEmpty)
    }

    @Test("A confirmation dialog rises above the home indicator with Cancel added; a tap outside cancels")
    func dialog() throws {
        let log = PresentationLog()
        let host = try host(log)
        try host.tap("Dialog")
        try host.advance(by: 1)
        let rows = try frames(host).filter { $0.width == screen.width - 16 && $0.height == 57 }
        let cancel = try #require(rows.max { $0.minY < $1.minY })
        #expect(abs(cancel.maxY - (screen.height - screen.bottom)) <= 0.34, "\(rows)")
        #expect(textStrings(try host.displayList()).contains("Cancel"))
        try host.tap(at: CGPoint(x: 196, y: 150))
        try host.advance(by: 1)
        #expect(log.events.isEmpty)
        #expect(!holds(try frames(host), cancel))
        try host.tap("Dialog")
        try host.tap("Copy link")
        #expect(log.events == ["dialog copy"])
    }

    @Test("A full-screen cover fills the screen with no dimming; dismiss() in it ends it")
    func cover() throws {
        let log = PresentationLog()
        let host = try host(log)
        try host.tap("Cover")
        try host.advance(by: 1)
        #expect(try frames(host).filter { near($0, Rect(x: 0, y: 0, width: screen.width, height: screen.height)) }.count >= 2)
        try host.tap("Done")
        try host.advance(by: 1)
        #expect(log.events == ["done"])
        try host.tap("Cover")
    }

    @Test("An alert without actions has OK; the deprecated Alert and an item sheet present too")
    func forms() throws {
        final class Box { var tapped: [String] = [] }
        struct Item: Identifiable { let id: Int }
        struct Old: View {
            let box: Box
            @State private var shown = true
            @State private var item: Item? = nil
            var body: some View {
                Button("Open") { item = Item(id: 7) }
                    .alert(isPresented: $shown) {
                        Alert(
                            title: Text("Old style"), message: Text("Deprecated"),
                            primaryButton: .destructive(Text("Erase")) { box.tapped.append("erase") }, secondaryButton: .cancel())
                    }
                    .sheet(item: $item) { item in Text("Item \(item.id)") }
            }
        }
        let box = Box()
        let host = try ViewHost(Old(box: box), device: .iPhone15Pro)
        #expect(textStrings(try host.displayList()).contains("Old style"))
        try host.tap("Erase")
        #expect(box.tapped == ["erase"])
        try host.tap("Open")
        try host.advance(by: 1)
        #expect(textStrings(try host.displayList()).contains("Item 7"))
        let plain = try ViewHost(Text("x").alert("Saved", isPresented: .constant(true)) {}, device: .iPhone15Pro)
        #expect(textStrings(try plain.displayList()).contains("OK"))
    }

    @Test("Presentation frames are a pure function of the transcript and the time")
    func deterministic() throws {
        let host = try host(PresentationLog())
        try host.tap("Sheet", at: 0.1)
        let late = try host.frame(at: 0.5)
        let early = try host.frame(at: 0.3)
        #expect(try host.frame(at: 0.5) == late && host.frame(at: 0.3) == early && early != late)
    }
}

@Suite("Menus", .hangLimit)
struct MenuTests {
    struct Sorter: View {
        let log: PresentationLog
        @State private var flavor = "Vanilla"
        var body: some View {
            VStack(alignment: .leading, spacing: 40) {
                Menu("Sort") {
                    Button("Name") { log.events.append("name") }
                    Button("Date") { log.events.append("date") }
                    Button("Delete All", role: .destructive) { log.events.append("delete") }
                }
                Picker("Flavor", selection: $flavor) {
                    Text("Vanilla").tag("Vanilla")
                    Text("Chocolate").tag("Chocolate")
                }
                .pickerStyle(.menu)
                Text("Flavor: \(flavor)")
            }
            .padding(.leading, 20)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    @Test("A menu row built from a Label shows its symbol at the row's trailing edge; plain rows show none")
    func menuIcons() throws {
        struct Actions: View {
            var body: some View {
                Menu("Actions") {
                    Button("Rename", systemImage: "pencil") {}
                    Button {
                    } label: {
                        Label("Share", systemImage: "square.and.arrow.up")
                    }
                    Button("Plain") {}
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                .padding(20)
            }
        }
        let host = try ViewHost(Actions(), device: .iPhone15Pro)
        try host.tap("Actions")
        try host.advance(by: 1)
        let list = try host.displayList()
        let platter = try #require(materialFrames(list).first)
        func symbol(_ name: String) -> Rect? {
            leaves(list).first { if case .shape(let s) = $0.content { s.name == "symbol \(name)" } else { false } }?.frame
        }
        func text(_ s: String) -> Rect? { leaves(list).first { if case .text(let t) = $0.content { t.string == s } else { false } }?.frame }
        let pencil = try #require(symbol("pencil")), share = try #require(symbol("square.and.arrow.up"))
        // In a 24 pt column 16 pt from the platter's trailing edge, level with its row's title.
        for (icon, title) in [(pencil, "Rename"), (share, "Share")] {
            #expect(abs(icon.midX - (platter.maxX - 16 - 12)) < 0.5, "\(icon) in \(platter)")
            #expect(abs(icon.midY - text(title)!.midY) < 1.5)
        }
        #expect(textStrings(list).suffix(3) == ["Rename", "Share", "Plain"])
        // Tapping a row with an icon still acts by its title.
        try host.tap("Rename")
        try host.advance(by: 1)
        #expect(materialFrames(try host.displayList()).isEmpty)
    }

    @Test(
        "A Menu in a Menu is a submenu: its row shows a chevron; a tap lays its platter over the parent from that row; its header closes it; a row acts and closes all"
    )
    func submenus() throws {
        final class Log { var picked: [String] = [] }
        struct Actions: View {
            let log: Log
            var body: some View {
                Menu("Actions") {
                    Button("Rename") { log.picked.append("rename") }
                    Menu("Sort By") {
                        Button("Name") { log.picked.append("name") }
                        Button("Date") { log.picked.append("date") }
                    }
                    Button("Delete", role: .destructive) { log.picked.append("delete") }
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                .padding(20)
            }
        }
        let log = Log()
        let host = try ViewHost(Actions(log: log), device: .iPhone15Pro)
        try host.tap("Actions")
        try host.settle()
        var list = try host.displayList()
        func symbols(_ list: DisplayList) -> [String] {
            leaves(list).compactMap { if case .shape(let s) = $0.content, s.name.hasPrefix("symbol ") { String(s.name.dropFirst(7)) } else { nil } }
        }
        #expect(symbols(list) == ["chevron.forward"])
        #expect(textStrings(list).suffix(3) == ["Rename", "Sort By", "Delete"])
        let parent = try #require(materialFrames(list).first)
        // Opening the submenu does not close the menu.
        try host.tap("Sort By")
        try host.settle()
        list = try host.displayList()
        #expect(log.picked.isEmpty)
        let platters = materialFrames(list)
        #expect(platters.count == 2, "\(platters)")
        // Over the parent from the submenu's row down (row 1: 44 pt and a ⅓ pt separator below the
        // first), as wide; the parent recedes to 97 % about its top.
        let sub = try #require(platters.last)
        #expect(abs(sub.minY - (parent.minY + 44 + 1.0 / 3)) < 0.5 && abs(sub.width - 250) < 1e-6, "\(sub) over \(parent)")
        #expect(abs(sub.height - (3 * 44 + 2.0 / 3)) < 0.5)
        #expect(textStrings(list).suffix(3) == ["Sort By", "Name", "Date"])
        #expect(symbols(list).contains("chevron.down"))
        // The header closes it (the parent's row is inert under it); the menu stays.
        try host.tap("Sort By")
        try host.settle()
        #expect(materialFrames(try host.displayList()).count == 1)
        try host.tap("Sort By")
        try host.settle()
        try host.tap("Date")
        try host.settle()
        let closed = materialFrames(try host.displayList())
        #expect(log.picked == ["date"] && closed.isEmpty)
    }

    @Test("A Menu opens below its label from its leading edge; a row acts and closes it; a tap outside closes it")
    func menu() throws {
        let log = PresentationLog()
        let host = try ViewHost(Sorter(log: log), device: .iPhone15Pro)
        let label = try #require(leaves(try host.displayList()).first { if case .text(let t) = $0.content { t.string == "Sort" } else { false } }).frame
        try host.tap("Sort")
        try host.advance(by: 1)
        let platter = try #require(materialFrames(try host.displayList()).first)
        #expect(
            abs(platter.width - 250) < 1e-9 && abs(platter.minX - label.minX) <= 0.34 && abs(platter.minY - (label.maxY + 8)) <= 0.34,
            "\(platter) under \(label)")
        #expect(textStrings(try host.displayList()).suffix(3) == ["Name", "Date", "Delete All"])
        try host.tap("Date")
        try host.advance(by: 1)
        #expect(log.events == ["date"])
        #expect(materialFrames(try host.displayList()).isEmpty)
        try host.tap("Sort")
        try host.tap(at: CGPoint(x: 300, y: 700))
        try host.advance(by: 1)
        let after = materialFrames(try host.displayList())
        #expect(log.events == ["date"] && after.isEmpty)
    }

    @Test("A menu picker opens its options with the selection checked; choosing one sets the binding")
    func pickerMenu() throws {
        let host = try ViewHost(Sorter(log: PresentationLog()), device: .iPhone15Pro)
        try host.tap("Vanilla")
        try host.advance(by: 1)
        let shown = textStrings(try host.displayList())
        #expect(shown.suffix(2) == ["Vanilla", "Chocolate"], "\(shown)")
        try host.tap("Chocolate")
        try host.advance(by: 1)
        #expect(textStrings(try host.displayList()).contains("Flavor: Chocolate"))
        #expect(materialFrames(try host.displayList()).isEmpty)
    }
}

@Suite("Context menus", .hangLimit)
struct ContextMenuTests {
    struct Card: View {
        let log: PresentationLog
        var body: some View {
            Text("Photo")
                .frame(width: 200, height: 120)
                .background(Color.orange)
                .contextMenu {
                    Button("Share") { log.events.append("share") }
                    Button("Delete", role: .destructive) { log.events.append("delete") }
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
                .padding(.top, 40)
        }
    }

    @Test("A long press blurs the screen, lifts the view in its place and opens the menu under it; a row acts and closes it")
    func longPress() throws {
        let log = PresentationLog()
        let host = try ViewHost(Card(log: log), device: .iPhone15Pro)
        let photo = try #require(shapeFrames(try host.displayList()).first { $0.width == 200 })
        try host.tap(at: CGPoint(x: photo.midX, y: photo.midY))  // a tap is not a long press
        #expect(materialFrames(try host.displayList()).isEmpty)
        try host.longPress(at: CGPoint(x: photo.midX, y: photo.midY), duration: 0.7)
        try host.advance(by: 1)
        let list = try host.displayList()
        let materials = materialFrames(list)
        // The blur over the whole screen, then the menu's platter 8 pt under the lifted view.
        #expect(materials.contains { $0.width == 393 && $0.height == 852 })
        let platter = try #require(materials.first { abs($0.width - 250) < 1e-9 })
        // The view's centre is just right of the screen's: the menu hangs from its trailing edge.
        #expect(abs(platter.minY - (photo.maxY + 8)) <= 0.34 && abs(platter.maxX - photo.maxX) <= 0.34, "\(platter) under \(photo)")
        #expect(shapeFrames(list).filter { near($0, photo) }.count == 2, "the view and its lifted copy")
        try host.tap("Share")
        try host.advance(by: 1)
        let closed = materialFrames(try host.displayList())
        #expect(log.events == ["share"] && closed.isEmpty)
    }
}
