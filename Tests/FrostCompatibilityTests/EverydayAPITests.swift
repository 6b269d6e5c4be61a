import FrostImage
import FrostScene
import FrostTestSupport
import SwiftUI
import Testing

// The everyday API app code reaches for, written as apps write it, each checked for what it draws.

struct EmptyInbox: View {
    var body: some View {
        ContentUnavailableView("No Mail", systemImage: "tray", description: Text("New messages appear here."))
    }
}

struct TapCounter: View {
    @State private var taps = 0
    @GestureState private var dragging = CGSize.zero
    var body: some View {
        Text("Taps \(taps)")
            .gesture(TapGesture().onEnded { taps += 1 })
            .simultaneousGesture(DragGesture(coordinateSpace: .global).updating($dragging) { value, state, _ in state = value.translation })
            .offset(dragging)
    }
}

struct Settings: View {
    @AppStorage("username") private var name = "Guest"
    var body: some View { Text("Hi \(name)") }
}

struct Renamer: View {
    @AppStorage("username") private var name = "Guest"
    var body: some View { Button("Rename") { name = "Ada" } }
}

/// The first text's frame in host points (frame origins and translations applied).
private func textFrame(_ list: DisplayList) -> Rect? {
    func walk(_ l: DisplayList, _ x: Double, _ y: Double) -> Rect? {
        for item in l.items {
            let (ix, iy) = (x + item.frame.minX, y + item.frame.minY)
            switch item.content {
            case .text: return Rect(x: ix, y: iy, width: item.frame.width, height: item.frame.height)
            case .effect(.transform(let t), let c): if let r = walk(c, ix + t.tx, iy + t.ty) { return r }
            case .group(let c), .effect(_, let c): if let r = walk(c, ix, iy) { return r }
            default: break
            }
        }
        return nil
    }
    return walk(list, 0, 0)
}

@Suite("Everyday SwiftUI API", .hangLimit)
struct EverydayAPITests {
    func render(_ view: some View, _ w: CGFloat = 40, _ h: CGFloat = 40) throws -> FrostImage.Image {
        try ViewHost(view, size: CGSize(width: w, height: h)).frame(at: 0)
    }

    @Test("ContentUnavailableView draws its title and description")
    func unavailable() throws {
        let host = try ViewHost(EmptyInbox(), size: CGSize(width: 390, height: 600))
        #expect(textStrings(try host.displayList()) == ["No Mail", "New messages appear here."])
        let search = try ViewHost(ContentUnavailableView.search(text: "kiwi"), size: CGSize(width: 390, height: 600))
        #expect(textStrings(try search.displayList()).first == "No Results for “kiwi”")
    }

    @Test("A tap gesture runs by label and by point; the simultaneous drag's @GestureState moves the text, then resets")
    func gestures() throws {
        let host = try ViewHost(TapCounter(), size: CGSize(width: 200, height: 50))
        try host.tap("Taps 0")
        try host.tap("Taps 1")
        let before = try #require(textFrame(try host.displayList()))
        try host.tap(at: CGPoint(x: before.midX, y: before.midY))
        #expect(textStrings(try host.displayList()) == ["Taps 3"])
        let text = try #require(textFrame(try host.displayList()))
        try host.drag(from: CGPoint(x: text.midX, y: text.midY), to: CGPoint(x: text.midX + 60, y: text.midY), duration: 0.5, at: host.now)
        let moved = try #require(textFrame(try host.displayList(at: host.now + 0.25)))
        #expect(abs(moved.minX - (text.minX + 30)) < 1e-6, "half way through the drag: \(moved) from \(text)")
        let after = try #require(textFrame(try host.displayList(at: host.now + 1)))
        let shown = textStrings(try host.displayList())
        #expect(after == text, "\(after) \(shown)")
        #expect(shown == ["Taps 3"], "a drag is not a tap")
    }

    @Test("@AppStorage: a write from one view is read by another view of the same key")
    func appStorage() throws {
        AppStorageStore.shared.set(nil, forKey: "username")
        let settings = try ViewHost(Settings(), size: CGSize(width: 200, height: 50))
        #expect(textStrings(try settings.displayList()) == ["Hi Guest"])
        let renamer = try ViewHost(Renamer(), size: CGSize(width: 200, height: 50))
        try renamer.tap("Rename")
        let again = try ViewHost(Settings(), size: CGSize(width: 200, height: 50))
        #expect(textStrings(try again.displayList()) == ["Hi Ada"])
        AppStorageStore.shared.set(nil, forKey: "username")
    }

    @Test("Color.gradient is lighter at the top than the colour at the bottom")
    func colorGradient() throws {
        let img = try render(Rectangle().fill(Color.blue.gradient), 10, 100)
        let top = img[5, 0], bottom = img[5, 99]
        #expect(Int(top.r) > Int(bottom.r) + 20 && Int(top.g) > Int(bottom.g) + 10, "top \(top), bottom \(bottom)")
        #expect(abs(Int(bottom.r) - 0) <= 3 && abs(Int(bottom.g) - 122) <= 3 && abs(Int(bottom.b) - 255) <= 3, "the bottom is the colour itself")
    }

    @Test("colorInvert, hueRotation and colorMultiply recolour the drawn view")
    func colorEffects() throws {
        #expect(try render(Color.white.colorInvert())[20, 20] == RGBA8(0, 0, 0))
        let turned = try render(Color(red: 1, green: 0, blue: 0).hueRotation(.degrees(180)))[20, 20]
        #expect(turned.r < 60 && turned.g > 80 && turned.b > 80, "red turned half way round is cyan-ish: \(turned)")
        #expect(try render(Color.white.colorMultiply(Color(red: 1, green: 0.5, blue: 0)))[20, 20] == RGBA8(255, 128, 0))
    }

    @Test("rotation3DEffect about y by 60° foreshortens the view to half its width; about z it rotates")
    func rotation3D() throws {
        let img = try render(Color.black.frame(width: 20, height: 20).rotation3DEffect(.degrees(60), axis: (x: 0, y: 1, z: 0)))
        let dark = (0..<40).filter { img[$0, 20].r < 128 }
        #expect(dark.count == 10, "20 pt × cos 60° = 10 pt, got \(dark.count)")
        #expect(dark.first == 15)
    }

    @Test("Canvas fills and strokes paths in its own coordinates, translated")
    func canvas() throws {
        let view = Canvas { context, size in
            context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.red))
            var moved = context
            moved.translateBy(x: 20, y: 20)
            moved.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.green))
        }
        let img = try render(view)
        #expect(img[5, 5] == RGBA8(255, 59, 48))
        #expect(img[25, 25] == RGBA8(52, 199, 89))
        #expect(img[15, 15] == RGBA8(255, 255, 255))
    }

    @Test("Path { } with addArc draws a half disc on the side SwiftUI's flipped clockwise gives")
    func pathArc() throws {
        let half = Path { p in
            p.move(to: CGPoint(x: 20, y: 20))
            p.addArc(center: CGPoint(x: 20, y: 20), radius: 15, startAngle: .degrees(0), endAngle: .degrees(180), clockwise: false)
            p.closeSubpath()
        }
        let img = try render(half.fill(Color.black))
        #expect(img[20, 30].r < 50, "clockwise: false sweeps 0° → 180° through +y: the lower half")
        #expect(img[20, 10].r > 200, "the upper half stays empty")
    }

    @Test("Gauge fills its fraction of the track; TextEditor shows its text; List(0..<n) has n rows")
    func views() throws {
        let editor = try ViewHost(TextEditor(text: .constant("Notes")), size: CGSize(width: 200, height: 100))
        #expect(textStrings(try editor.displayList()) == ["Notes"])
        let list = try ViewHost(List(0..<3) { i in Text("Row \(i)") }, size: CGSize(width: 390, height: 400))
        #expect(textStrings(try list.displayList()) == ["Row 0", "Row 1", "Row 2"])
        let gauge = try ViewHost(Gauge(value: 0.25) { Text("Battery") }.tint(.green).padding(), size: CGSize(width: 200, height: 80))
        #expect(textStrings(try gauge.displayList()) == ["Battery"])
    }

    @Test("Angle arithmetic and colour literals compile as app code writes them")
    func literals() {
        var a = Angle.degrees(30) * 2
        a += .degrees(30)
        #expect(abs((a / 3).degrees - 30) < 1e-9)
        let c: SwiftUI.Color = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)
        #expect(c == SwiftUI.Color(red: 1, green: 0.5, blue: 0))
        let u = #colorLiteral(red: 0, green: 0, blue: 1, alpha: 1)
        #expect(SwiftUI.Color(u) == SwiftUI.Color(red: 0, green: 0, blue: 1))
    }

    @Test("Presentations, focus, accessibility and list editing compile and leave the view as it is at rest")
    func acceptedModifiers() throws {
        struct Screen: View {
            @State private var showSheet = false
            @State private var showAlert = false
            @FocusState private var focused: Bool
            @Environment(\.dismiss) private var dismiss
            @Namespace private var ns
            @State private var items = ["A", "B"]
            var body: some View {
                List {
                    ForEach(items, id: \.self) { Text($0).matchedGeometryEffect(id: $0, in: ns) }
                        .onDelete { items.remove(atOffsets: $0) }
                }
                .sheet(isPresented: $showSheet) { Text("Sheet") }
                .alert("Delete?", isPresented: $showAlert) {
                    Button("Delete", role: .destructive) {}
                } message: {
                    Text("Sure?")
                }
                .confirmationDialog("Share", isPresented: $showAlert) { Button("Copy") {} }
                .searchable(text: .constant(""))
                .refreshable {}
                .accessibilityLabel("Items")
                .focused($focused)
                .sensoryFeedback(.success, trigger: items.count)
                .contentTransition(.numericText())
                .onAppear { dismiss() }
            }
        }
        let host = try ViewHost(Screen(), size: CGSize(width: 390, height: 300))
        #expect(textStrings(try host.displayList()) == ["A", "B"])
    }
}
