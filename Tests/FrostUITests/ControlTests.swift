import Foundation
import Testing
import FrostGeometry
import FrostScene
import FrostRaster
@testable import FrostUI
import FrostTestSupport

/// Controls and lists against hand-computed iOS geometry, colours per appearance, and the host's
/// taps and settings.
@Suite("Controls and lists", .hangLimit)
struct ControlTests {
    typealias Leaf = (content: DisplayItem.Content, frame: Rect)
    func leavesOf(_ host: ViewHost<some View>, at time: Double? = nil) throws -> [Leaf] {
        try leaves(time.map { try host.displayList(at: $0) } ?? host.displayList())
    }
    func text(_ s: String, in items: [Leaf]) -> Rect? {
        items.first { if case .text(let t) = $0.content { t.string == s } else { false } }?.frame
    }
    func shapes(_ items: [Leaf], named name: String) -> [(ShapeContent, Rect)] {
        items.compactMap { if case .shape(let s) = $0.content, s.name == name { (s, $0.frame) } else { nil } }
    }
    /// Whether a paint is the solid colour `c` (within float noise: colours animate in linear light).
    func isColour(_ paint: Paint?, _ c: FrostUI.Color, _ scheme: ColorScheme = .light) -> Bool {
        guard case .solid(let p)? = paint else { return false }
        let q = c.resolved(scheme)
        return abs(p.red - q.red) < 1e-6 && abs(p.green - q.green) < 1e-6 && abs(p.blue - q.blue) < 1e-6 && abs(p.opacity - q.opacity) < 1e-6
    }
    func textIsColour(_ t: TextContent, _ c: FrostUI.Color) -> Bool { isColour(.solid(t.color), c) }

    struct Switches: View {
        @State var on = false
        var disabled = false
        var body: some View {
            VStack {
                Toggle("Wi-Fi", isOn: $on).disabled(disabled); Text(on ? "is on" : "is off")
            }.padding(16)
        }
    }

    @Test func toggleIsARowWithUISwitchGeometryAndFlipsByItsLabel() throws {
        let host = try ViewHost(Switches(), size: CGSize(width: 390, height: 200))
        var items = try leavesOf(host)
        let capsules = shapes(items, named: "Capsule")
        #expect(capsules.count == 1)
        let track = capsules[0].1
        // 51 × 31 at the trailing edge of the 358 pt row (16 pt padding each side).
        #expect(track.size == Size(width: 51, height: 31))
        #expect(track.maxX == 390 - 16)
        #expect(isColour(capsules[0].0.fill, FrostUI.Color.secondarySystemFill))
        let knob = shapes(items, named: "Circle")[0].1
        #expect(abs(knob.width - 79.0 / 3) < 0.34 && abs(knob.minX - track.minX - 7.0 / 3) < 0.34, "\(knob) \(track)")
        #expect(text("Wi-Fi", in: items)!.minX == 16)
        // A tap by the label flips it: the track turns green, the knob slides 20 pt with a spring.
        try host.tap("Wi-Fi")
        #expect(text("is on", in: try leavesOf(host)) != nil)
        let midway = shapes(try leavesOf(host, at: host.now + 0.08), named: "Circle")[0].1
        try host.advance(by: 2)
        items = try leavesOf(host)
        let end = shapes(items, named: "Circle")[0].1
        #expect(abs(end.minX - (track.minX + 2 + 1.0 / 3 + 20)) < 0.01, "\(end)")
        #expect(midway.minX > track.minX + 2 && midway.minX < track.minX + 22, "\(midway)")
        #expect(isColour(shapes(items, named: "Capsule")[0].0.fill, FrostUI.Color.green))
        // Dark: the on track is dark green.
        let dark = try ViewHost(Switches(on: true), size: CGSize(width: 390, height: 200), colorScheme: .dark)
        #expect(isColour(shapes(try leavesOf(dark), named: "Capsule")[0].0.fill, FrostUI.Color.green, .dark))
        // Disabled: no tap target, half opacity.
        let off = try ViewHost(Switches(disabled: true), size: CGSize(width: 390, height: 200))
        #expect(throws: ViewHostError.self) { try off.tap("Wi-Fi") }
    }

    struct Sliding: View {
        @State var value = 0.5
        var body: some View {
            VStack {
                Slider(value: $value, in: 0...2, step: 0.25) { Text("Volume") }
                Text("v=\(value, specifier: "%.2f")")
            }.frame(width: 228)
        }
    }

    @Test func sliderClampsSnapsAndPlacesItsThumb() throws {
        let host = try ViewHost(Sliding(), size: CGSize(width: 300, height: 200))
        func thumbCentre() throws -> Double { let c = shapes(try leavesOf(host), named: "Circle")[0].1; return c.midX - (300 - 228) / 2 }
        // 0.5 of 0…2: a quarter; the thumb's centre runs from 14 to 228 − 14.
        #expect(abs(try thumbCentre() - (14 + 0.25 * 200)) < 0.51)
        try host.set("Volume", to: 1.3)
        #expect(text("v=1.25", in: try leavesOf(host)) != nil)
        try host.set("Volume", to: 7)
        #expect(text("v=2.00", in: try leavesOf(host)) != nil)
        #expect(abs(try thumbCentre() - 214) < 0.51)
        try host.set("Volume", to: -1)
        #expect(text("v=0.00", in: try leavesOf(host)) != nil)
        #expect(throws: ViewHostError.self) { try host.set("Volume", to: .nan) }
        #expect(throws: ViewHostError.self) { try host.set("Loudness", to: 1) }
        #expect(throws: ViewHostError.self) { try host.increment("Volume") }
    }

    struct Stepping: View {
        @State var count = 9
        var body: some View { Stepper("Count \(count)", value: $count, in: 0...10).padding(16) }
    }

    @Test func stepperStaysInItsRange() throws {
        let host = try ViewHost(Stepping(), size: CGSize(width: 390, height: 100))
        let box = shapes(try leavesOf(host), named: "RoundedRectangle")[0].1
        #expect(box.size == Size(width: 94, height: 32) && box.maxX == 374)
        try host.increment("Count 9")
        #expect(text("Count 10", in: try leavesOf(host)) != nil)
        try host.increment("Count 10")
        #expect(text("Count 10", in: try leavesOf(host)) != nil)
        try host.decrement("Count 10")
        #expect(text("Count 9", in: try leavesOf(host)) != nil)
    }

    struct HugeSteps: View {
        @State var bounded = 3
        @State var free = Int.max - 1
        @State var small: UInt8 = 250
        var body: some View {
            VStack {
                Stepper("Bounded \(bounded)", value: $bounded, in: 0...10, step: Int.max)
                Stepper("Free \(free)", value: $free, step: Int.max)
                Stepper("Small \(small)", value: $small, step: 100)
            }
        }
    }

    @Test("stepperStepIntMaxSaturates: a step of Int.max (or past a UInt8's range) stops at the limit instead of trapping")
    func stepperStepIntMaxSaturates() throws {
        let host = try ViewHost(HugeSteps(), size: CGSize(width: 390, height: 200))
        try host.increment("Bounded 3")
        #expect(text("Bounded 10", in: try leavesOf(host)) != nil)
        try host.decrement("Bounded 10")
        #expect(text("Bounded 0", in: try leavesOf(host)) != nil)
        try host.increment("Free \(Int.max - 1)")
        try host.increment("Free \(Int.max)")
        #expect(text("Free \(Int.max)", in: try leavesOf(host)) != nil)
        try host.decrement("Free \(Int.max)")
        #expect(text("Free 0", in: try leavesOf(host)) != nil)
        try host.decrement("Free 0")
        try host.decrement("Free \(-Int.max)")
        #expect(text("Free \(Int.min)", in: try leavesOf(host)) != nil)
        try host.increment("Small 250")
        #expect(text("Small 255", in: try leavesOf(host)) != nil)
        try host.decrement("Small 255")
        try host.decrement("Small 155")
        try host.decrement("Small 55")
        #expect(text("Small 0", in: try leavesOf(host)) != nil)
    }

    @Test("sliderReversedOrNaNRangeDoesNotTrap: a range with a NaN, infinite or reversed end works as 0…1")
    func sliderReversedOrNaNRangeDoesNotTrap() throws {
        typealias S = Slider<Text, EmptyView>
        #expect(S.range(10, 0) == 0...1 && S.range(.nan, 1) == 0...1 && S.range(0, .infinity) == 0...1)
        #expect(S.range(2, 2) == 2...2 && S.range(-5, 5) == -5...5)
        // Float bounds convert end by end; a huge Float range stays ordered.
        struct Wide: View {
            @State var v: Float = 0
            var body: some View { Slider(value: $v, in: -Float.greatestFiniteMagnitude...Float.greatestFiniteMagnitude) { Text("Wide") } }
        }
        let host = try ViewHost(Wide(), size: CGSize(width: 390, height: 60))
        try host.set("Wide", to: 1e30)
        _ = try host.snapshot()
    }

    enum Flavour: String, CaseIterable { case vanilla = "Vanilla", chocolate = "Chocolate", mint = "Mint" }
    struct Picking: View {
        @State var flavour = Flavour.vanilla
        var style = PickerStyle.segmented
        var body: some View {
            VStack {
                Picker("Flavour", selection: $flavour) {
                    ForEach(Flavour.allCases, id: \.self) { Text($0.rawValue).tag($0) }
                }
                .pickerStyle(style)
                Text("chose \(flavour.rawValue)")
            }.frame(width: 300)
        }
    }

    @Test func segmentedPickerSplitsTheWidthAndSelectsByText() throws {
        let host = try ViewHost(Picking(), size: CGSize(width: 300, height: 200))
        var items = try leavesOf(host)
        let thumbs = shapes(items, named: "RoundedRectangle")
        // The background (300 × 32) and the selected segment (100 − 4 wide, 28 tall, 2 pt in).
        let background = thumbs.first { $0.1.width == 300 }!, selected = thumbs.first { $0.1.width < 300 }!
        #expect(background.1.height == 32 && isColour(background.0.fill, FrostUI.Color.tertiarySystemFill))
        #expect(selected.1 == Rect(x: background.1.minX + 2, y: background.1.minY + 2, width: 96, height: 28))
        #expect(isColour(selected.0.fill, FrostUI.Color.white))
        // Segment text at 13 pt, semibold when selected.
        let labels = items.compactMap { if case .text(let t) = $0.content, ["Vanilla", "Chocolate", "Mint"].contains(t.string) { t } else { nil } }
        #expect(labels.map(\.size) == [13, 13, 13] && labels.map(\.bold) == [true, false, false])
        try host.select("Mint", in: "Flavour")
        #expect(text("chose Mint", in: try leavesOf(host)) != nil)
        try host.tap("Chocolate")
        items = try leavesOf(host)
        #expect(text("chose Chocolate", in: items) != nil)
        #expect(shapes(items, named: "RoundedRectangle").first { $0.1.width < 300 }!.1.minX == background.1.minX + 102)
        // An option that is not there names those that are.
        #expect(throws: ViewHostError.invalidSetting("the picker 'Flavour' has no option 'Lemon'; options: 'Vanilla', 'Chocolate', 'Mint'")) {
            try host.select("Lemon", in: "Flavour")
        }
        // Closed menu: the selection and the chevrons, tinted.
        let menu = try ViewHost(Picking(style: .menu), size: CGSize(width: 300, height: 200))
        let shown = try leavesOf(menu)
        #expect(text("Vanilla", in: shown) != nil && text("Flavour", in: shown) == nil)
    }

    @Test func buttonStylesRolesAndDisabled() throws {
        let view = VStack(spacing: 10) {
            Button("Plain") {}
            Button("Bordered") {}.buttonStyle(.bordered)
            Button("Prominent") {}.buttonStyle(.borderedProminent).controlSize(.large)
            Button("Delete", role: .destructive) {}
            Button("Off") {}.disabled(true)
        }
        let host = try ViewHost(view, size: CGSize(width: 300, height: 400))
        let items = try leavesOf(host)
        func textColour(_ s: String) -> String? {
            items.compactMap { if case .text(let t) = $0.content, t.string == s { "\(t.color)" } else { nil } }.first
        }
        let light = EnvironmentValues()
        #expect(textColour("Plain") == "\(FrostUI.Color.accentColor.resolved(light))")
        #expect(textColour("Prominent") == "\(FrostUI.Color.white.resolved(light))")
        #expect(textColour("Delete") == "\(FrostUI.Color.red.resolved(light))")
        #expect(textColour("Off") == "\(FrostUI.Color.tertiaryLabel.resolved(light))")
        // Bordered, regular: the text's 21 pt line box (1×) + 2 × 7; 12 pt either side.
        let boxes = shapes(items, named: "RoundedRectangle").map(\.1)
        let bordered = text("Bordered", in: items)!, prominent = text("Prominent", in: items)!
        let b = boxes.first { $0.contains(Point(x: bordered.midX, y: bordered.midY)) }!
        #expect(b.height == 35 && b.width == bordered.width + 24, "\(b) \(bordered)")
        let p = boxes.first { $0.contains(Point(x: prominent.midX, y: prominent.midY)) }!
        #expect(p.height == 21 + 29 && p.width == prominent.width + 40, "\(p)")
        #expect(throws: ViewHostError.self) { try host.tap("Off") }
        try host.tap("Plain")
    }

    struct Rows: View {
        @State var on = true
        var body: some View {
            List {
                Section("Network") {
                    Toggle("Airplane Mode", isOn: $on)
                    Text("Wi-Fi").badge(3)
                }
                Text("Loose row")
            }
        }
    }

    @Test(
        "a trailing-aligned TextField ends its text at the field's right edge; a centred one centres it; a wheel picker is 320 pt wide, less when less is offered"
    )
    func fieldAlignmentAndWheelWidth() throws {
        let field = try ViewHost(
            VStack {
                TextField("Amount", text: .constant("42")).multilineTextAlignment(.trailing)
                TextField("Name", text: .constant("Ada")).multilineTextAlignment(.center)
                TextField("Plain", text: .constant("left"))
            }.frame(width: 200), size: CGSize(width: 300, height: 200))
        let items = try leavesOf(field)
        let trailing = text("42", in: items)!, centred = text("Ada", in: items)!, plain = text("left", in: items)!
        #expect(abs(trailing.maxX - 250) < 1, "\(trailing)")
        #expect(abs(centred.midX - 150) < 1, "\(centred)")
        #expect(abs(plain.minX - 50) < 1, "\(plain)")
        for (width, expected) in [(390.0, 320.0), (250, 250)] {
            let wheel = try ViewHost(
                Picker("Size", selection: .constant(1)) {
                    Text("S").tag(0); Text("M").tag(1)
                }.pickerStyle(.wheel), size: CGSize(width: width, height: 300))
            let band = try leavesOf(wheel).filter { if case .shape = $0.content { true } else { false } }.map(\.frame).max { $0.width < $1.width }!
            #expect(abs(band.width - expected) < 0.5, "wheel in \(width) pt: band \(band)")
        }
    }

    @Test func insetGroupedListGeometry() throws {
        let host = try ViewHost(Rows(), size: CGSize(width: 390, height: 700))
        let items = try leavesOf(host)
        // The header: upper-cased footnote, 40 pt from the edge of a 390 pt screen (card inset
        // + row inset, 20 pt each on screens wider than 375 pt, as iOS 18 draws them).
        let header = items.first { if case .text(let t) = $0.content { t.string == "NETWORK" } else { false } }
        #expect(header != nil)
        if case .text(let t)? = header?.content { #expect(t.size == 13) }
        #expect(header?.frame.minX == 40)
        // Rows: 44 pt tall, on the card colour, from x 20 to 370.
        let wifi = text("Wi-Fi", in: items)!
        #expect(wifi.minX == 40)
        // (The switch's knob is white too: row backgrounds are the wide ones.)
        let cards = items.filter {
            if case .shape(let s) = $0.content { isColour(s.fill, FrostUI.Color.secondarySystemGroupedBackground) && $0.frame.width > 100 } else { false }
        }
        #expect(cards.count == 3, "\(cards.map(\.frame))")
        #expect(cards.allSatisfy { $0.frame.minX == 20 && $0.frame.width == 350 && $0.frame.height == 44 })
        // One separator inside the first section (hairline, from the content's leading edge).
        let separators = items.filter { if case .shape(let s) = $0.content { isColour(s.fill, FrostUI.Color.separator) } else { false } }
        #expect(separators.count == 1)
        #expect(separators.first?.frame.minX == 40 && separators.first?.frame.height == 1)
        // The badge, trailing, secondary.
        #expect(text("3", in: items)!.maxX == 370 - 20)
        // The grouped background fills the list.
        #expect(items.contains { if case .shape(let s) = $0.content { isColour(s.fill, FrostUI.Color.systemGroupedBackground) } else { false } })
    }

    struct Typing: View {
        @State var name = ""
        @State var submitted = 0
        var body: some View {
            VStack {
                TextField("Name", text: $name).textFieldStyle(.roundedBorder).onSubmit { submitted += 1 }
                SecureField("Password", text: .constant("hunter2"))
                Text("submitted \(submitted)")
            }.frame(width: 300)
        }
    }

    @Test func textFieldsShowPlaceholdersTakeTextAndSubmit() throws {
        let host = try ViewHost(Typing(), size: CGSize(width: 300, height: 300))
        var items = try leavesOf(host)
        let placeholder = items.first { if case .text(let t) = $0.content { t.string == "Name" } else { false } }!
        if case .text(let t) = placeholder.content { #expect("\(t.color)" == "\(FrostUI.Color.placeholderText.resolved(EnvironmentValues()))") }
        // Rounded border: 21 pt of text + 2 × 6.5, 7 pt in.
        let field = shapes(items, named: "RoundedRectangle").first!.1
        #expect(field.height == 34 && placeholder.frame.minX == field.minX + 7)
        #expect(text("•••••••", in: items) != nil)
        try host.type("Ada", into: "Name")
        items = try leavesOf(host)
        #expect(text("Ada", in: items) != nil && text("submitted 1", in: items) != nil)
    }

    @Test func labelsLinksAndUIKitColours() throws {
        let url = URL(string: "https://example.com")!
        let view = VStack {
            Label("Inbox", systemImage: "tray"); Link("Docs", destination: url)
        }
        let host = try ViewHost(view, size: CGSize(width: 300, height: 200))
        let items = try leavesOf(host)
        let title = text("Inbox", in: items)!
        let icon = items.first { if case .shape(let s) = $0.content { s.name.hasPrefix("symbol") } else { false } }
        #expect(icon != nil)
        if let icon { #expect(abs(title.minX - icon.frame.maxX - 8) <= 1) }
        try host.tap("Docs")
        #expect(host.openedURLs == [url])
        #expect(FrostUI.Color(.systemGroupedBackground).resolved(.light) == FrostGeometry.Color(red: 0xF2 / 255.0, green: 0xF2 / 255.0, blue: 0xF7 / 255.0))
        #expect(FrostUI.Color(uiColor: .systemGroupedBackground).resolved(.dark) == FrostGeometry.Color(white: 0))
    }

    @Test func longDataListsResolveOnlyTheRowsOnScreen() throws {
        let host = try ViewHost(List(0..<100_000, id: \.self) { Text("Row \($0)") }, size: CGSize(width: 390, height: 844))
        var items = try leavesOf(host)
        let texts = items.compactMap { if case .text(let t) = $0.content { t.string } else { nil } }
        // The screen shows about 18 rows of 44 pt; a few more either side resolve, not 100,000.
        #expect(texts.count < 60 && texts.contains("Row 0") && !texts.contains("Row 100"), "\(texts.count)")
        let row0 = text("Row 0", in: items)!
        #expect(abs(row0.minY - (35 + 11.5)) <= 0.5, "\(row0)")  // 35 pt above the card; 44 pt rows, text centred (1× grid)
        // Scrolled half way, the rows there resolve, placed where an eager list would put them.
        try host.scroll(to: CGPoint(x: 0, y: 35 + 44 * 50_000))
        items = try leavesOf(host)
        let row = text("Row 50000", in: items)
        #expect(row != nil)
        if let row { #expect(abs(row.minY - 11.5) <= 0.5, "\(row)") }
        #expect(text("Row 0", in: items) == nil)
        // Scrolled past the end, the last row shows and the list ends.
        try host.scroll(to: CGPoint(x: 0, y: 1e9))
        #expect(text("Row 99999", in: try leavesOf(host)) != nil)
    }

    @Test("a Section of a million rows from data windows as a data-driven list does (issue 49), beside an eager section")
    func longSectionsResolveOnlyTheRowsOnScreen() throws {
        let list = List {
            Section("Small") {
                Text("Alpha")
                Text("Beta")
            }
            Section("Big") { ForEach(0..<1_000_000, id: \.self) { Text("Row \($0)") } }
            Section {
                Text("After")
            } footer: {
                Text("The end")
            }
        }
        let host = try ViewHost(list, size: CGSize(width: 390, height: 844))
        var items = try leavesOf(host)
        var texts = items.compactMap { if case .text(let t) = $0.content { t.string } else { nil } }
        #expect(texts.count < 60 && texts.contains("Row 0") && texts.contains("Alpha") && !texts.contains("Row 100"), "\(texts.count)")
        let alpha = text("Alpha", in: items)!, row0 = text("Row 0", in: items)!, header = text("BIG", in: items)
        // The small card's two 44 pt rows, then the big section's header and first row, laid
        // out as an eager list lays them out.
        #expect(header != nil)
        if let header { #expect(abs(row0.minY - (header.maxY + 6 + 11.5)) <= 1.5, "\(header) \(row0)") }
        #expect(row0.minY > alpha.minY + 88)
        // Half way down the big section: its rows there resolve, where an eager list puts them.
        let rowTop = row0.minY - 11.5
        try host.scroll(to: CGPoint(x: 0, y: rowTop + 44 * 500_000))
        items = try leavesOf(host)
        let row = text("Row 500000", in: items)
        #expect(row != nil)
        if let row { #expect(abs(row.minY - 11.5) <= 1, "\(row)") }
        #expect(text("Row 0", in: items) == nil)
        // The end: the last rows, then the section after with its footer.
        try host.scroll(to: CGPoint(x: 0, y: 1e9))
        items = try leavesOf(host)
        texts = items.compactMap { if case .text(let t) = $0.content { t.string } else { nil } }
        #expect(texts.contains("Row 999999") && texts.contains("After") && texts.contains("The end"), "\(texts.suffix(5))")
    }

    struct Disclosing: View {
        @State var n = 5.0
        var body: some View {
            VStack {
                DisclosureGroup("More") { Text("Hidden detail") }
                GroupBox("Box") { Text("Inside") }
                // Bad input: a value beyond the range, a picker with no options.
                Slider(value: $n, in: 0...1) { Text("Out of range") }
                Picker("Empty", selection: .constant(0)) { EmptyView() }.pickerStyle(.segmented)
            }.frame(width: 300)
        }
    }

    @Test func disclosureGroupBoxAndBadBindings() throws {
        let host = try ViewHost(Disclosing(), size: CGSize(width: 300, height: 500))
        var items = try leavesOf(host)
        #expect(text("Hidden detail", in: items) == nil)
        // The group box: 16 pt in, on secondarySystemBackground with 8 pt corners.
        let inside = text("Inside", in: items)!
        let box = shapes(items, named: "RoundedRectangle").first { $0.1.contains(Point(x: inside.midX, y: inside.midY)) }!
        #expect(isColour(box.0.fill, FrostUI.Color.secondarySystemBackground) && inside.minX == box.1.minX + 16)
        try host.tap("More")
        items = try leavesOf(host)
        #expect(text("Hidden detail", in: items) != nil)
        // The slider's thumb stops at the end of its track; the empty picker draws its background only.
        let thumb = shapes(items, named: "Circle").map(\.1).max { $0.maxX < $1.maxX }!
        #expect(thumb.maxX <= 300 + 0.5)
        try host.set("Out of range", to: 0.5)
        #expect(throws: ViewHostError.self) { try host.select("Anything", in: "Empty") }
    }

    struct FormSwitch: View {
        @State var on = false
        var body: some View { Form { Toggle("Wi-Fi", isOn: $on) } }
    }

    /// Views inside a scroll view (a form's rows) animate: frames are drawn at the animation's
    /// presentation, not at the model's final values.
    @Test func animationsInsideScrollContentArePresented() throws {
        let host = try ViewHost(FormSwitch(), size: CGSize(width: 390, height: 300))
        let track = shapes(try leavesOf(host), named: "Capsule")[0].1
        try host.tap("Wi-Fi")
        let midway = shapes(try leaves(host.displayList(at: host.now + 0.08)), named: "Circle")[0].1
        #expect(midway.minX > track.minX + 2.5 && midway.minX < track.minX + 21.5, "\(midway) in \(track)")
        try host.advance(by: 2)
        let end = shapes(try leavesOf(host), named: "Circle")[0].1
        #expect(abs(end.minX - (track.minX + 2 + 1.0 / 3 + 20)) < 0.01)
    }
}
