import Testing
import Observation
import FrostGeometry
import FrostScene
@testable import FrostUI
@testable import FrostScene
import FrostTestSupport

// The rebuilt core: typed identity, dynamic properties bound through a per-type layout,
// environment keys, Observation and ObservableObject models.

private struct TapCounter: View {
    let label: String
    @State var count = 0
    var body: some View {
        Button("\(label) \(count)") { count += 1 }
    }
}

private struct Row: Identifiable { let id: AnyHashable }

@Suite("FrostUI core: identity, dynamic properties, environment, models", .hangLimit)
struct CoreTests {
    @Test("ids that print alike never share state: 1 vs \"1\", \"a/b\" vs \"a\" then \"b\"")
    func idsDoNotCollide() throws {
        struct List: View {
            var body: some View {
                VStack {
                    ForEach([Row(id: 1), Row(id: "1"), Row(id: "a/b")]) { row in
                        TapCounter(label: "\(type(of: row.id.base)) \(row.id)")
                    }
                    ForEach([Row(id: "a")]) { _ in
                        ForEach([Row(id: "b")]) { _ in TapCounter(label: "nested a b") }
                    }
                }
            }
        }
        let host = try ViewHost(List(), size: CGSize(width: 300, height: 300))
        try host.tap("Int 1 0")
        try host.tap("String a/b 0")
        let shown = Set(textStrings(try host.displayList()))
        #expect(shown == ["Int 1 1", "String 1 0", "String a/b 1", "nested a b 0"], "\(shown)")
    }

    @Test("identities: equal when their components are, hashed once, descendants found without printing")
    func identityValue() {
        let a = SceneIdentity.root.appending(.index(0)).appending(.element(.init("x/y")))
        let b = SceneIdentity.root.appending(.index(0)).appending(.element(.init("x/y")))
        let c = SceneIdentity.root.appending(.index(0)).appending(.element(.init("x"))).appending(.element(.init("y")))
        let d = SceneIdentity.root.appending(.index(0)).appending(.element(.init(1)))
        let e = SceneIdentity.root.appending(.index(0)).appending(.element(.init("1")))
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != c && d != e)
        #expect(d.description == e.description)  // printed alike, still distinct
        #expect(c.isDescendant(ofOrEqualTo: SceneIdentity.root.appending(.index(0))))
        #expect(!a.isDescendant(ofOrEqualTo: c))
        #expect(Set([a, b, c, d, e]).count == 4)
    }

    @Test("an interner makes a pass's identities the objects of the last pass's, and forgets the unused")
    func interning() {
        let interner = IdentityInterner()
        func make() -> SceneIdentity { SceneIdentity.root.appending(.index(3)).appending(.element(.init("x"))) }
        let first = interner.pass { make() }
        let second = interner.pass { make() }
        #expect(first == second && first.node === second.node)
        _ = interner.pass { SceneIdentity.root.appending(.index(9)) }  // a pass without it
        let third = interner.pass { make() }
        #expect(third == first && third.node !== first.node, "dropped after a pass that did not use it")
        #expect(make().node !== first.node && make() == first, "outside a pass: a new object, still equal")
    }

    @Test("a custom DynamicProperty's @State and @Environment are bound, then its update() runs, before each body")
    func customDynamicProperty() throws {
        struct Clicks: DynamicProperty {
            @State var count = 0
            @Environment(\.colorScheme) var scheme
            var seen = ""
            mutating func update() { seen = "\(scheme) \(count)" }
        }
        struct Clicker: View {
            var clicks = Clicks()
            @State var other = 10
            var body: some View {
                VStack {
                    Button("tap") {
                        clicks.count += 1; other += 1
                    }
                    Text(clicks.seen)
                    Text("other \(other)")
                }
            }
        }
        let host = try ViewHost(Clicker(), size: CGSize(width: 200, height: 200), colorScheme: .dark)
        #expect(textStrings(try host.displayList()).contains("dark 0"))
        try host.tap("tap")
        try host.tap("tap")
        let shown = textStrings(try host.displayList())
        #expect(shown.contains("dark 2") && shown.contains("other 12"), "\(shown)")
    }

    @Test("EnvironmentKey: default, set by .environment, overridden below, read by @Environment")
    func environmentKeys() throws {
        typealias Accent = AccentKey
        struct Show: View {
            @Environment(\.accentName) var accent
            var body: some View { Text("accent \(accent)") }
        }
        let view = VStack {
            Show()
            VStack {
                Show(); Show().environment(\.accentName, "inner")
            }.environment(\.accentName, "outer")
        }
        let host = try ViewHost(view, size: CGSize(width: 200, height: 200))
        #expect(textStrings(try host.displayList()) == ["accent none", "accent outer", "accent inner"])
        var env = EnvironmentValues()
        #expect(env[Accent.self] == "none")
        env[Accent.self] = "x"
        #expect(env[Accent.self] == "x" && EnvironmentValues()[Accent.self] == "none")
    }

    @Test("@Observable: a view that reads a property updates when it changes; @Environment(Model.self), @Bindable")
    func observation() throws {
        let model = Model()
        struct Reader: View {
            @Environment(Model.self) var model
            var body: some View { Text("count \(model.count)") }
        }
        struct Editor: View {
            @Bindable var model: Model
            var body: some View { Button("bump") { $model.count.wrappedValue += 1 } }
        }
        struct Screen: View {
            @State var model: Model
            var body: some View {
                VStack {
                    Reader(); Editor(model: model)
                }.environment(model)
            }
        }
        let host = try ViewHost(Screen(model: model), size: CGSize(width: 200, height: 200))
        #expect(textStrings(try host.displayList()).contains("count 0"))
        try host.tap("bump")
        #expect(textStrings(try host.displayList()).contains("count 1"))
        // A change made through the host's perform, animated, commits in its transaction.
        try host.perform(Transaction(animation: .linear(duration: 1))) { model.count = 7 }
        #expect(textStrings(try host.displayList()).contains("count 7"))
        // A change made outside any host call shows at the next one.
        model.count = 9
        #expect(textStrings(try host.displayList()).contains("count 9"))
    }

    @Test("a view reading an environment object nobody provides fails with a typed error, not a crash")
    func missingEnvironmentObject() throws {
        struct Reader: View {
            @Environment(Model.self) var model
            var body: some View { Text("count \(model.count)") }
        }
        struct OptionalReader: View {
            @Environment(Model.self) var model: Model?
            var body: some View { Text(model == nil ? "no model" : "model") }
        }
        let host = try ViewHost(Reader(), size: CGSize(width: 100, height: 100))
        #expect(throws: ViewHostError.missingEnvironmentObject(type: "Model", view: "#root")) { try host.displayList() }
        let fine = try ViewHost(OptionalReader(), size: CGSize(width: 100, height: 100))
        #expect(textStrings(try fine.displayList()) == ["no model"])
        struct OldReader: View {
            @EnvironmentObject var store: Store
            var body: some View { Text(store.title) }
        }
        #expect(throws: ViewHostError.self) { try ViewHost(OldReader(), size: CGSize(width: 100, height: 100)).displayList() }
    }

    @Test("ObservableObject: @StateObject made once per identity, @ObservedObject and @EnvironmentObject follow @Published")
    func observableObjects() throws {
        struct Child: View {
            @ObservedObject var store: Store
            @EnvironmentObject var shared: Store
            var body: some View { Text("\(store.title) / \(shared.title)") }
        }
        struct Parent: View {
            @StateObject var store = Store()
            let shared: Store
            var body: some View {
                VStack {
                    Child(store: store)
                    Button("rename") { store.title = "renamed" }
                    TextFieldLike(text: $store.title)
                }
                .environmentObject(shared)
            }
        }
        struct TextFieldLike: View {
            @Binding var text: String
            var body: some View { Button("edit") { text += "!" } }
        }
        let shared = Store()
        shared.title = "shared"
        let host = try ViewHost(Parent(shared: shared), size: CGSize(width: 300, height: 200))
        #expect(textStrings(try host.displayList()).contains("start / shared"))
        try host.tap("rename")
        #expect(textStrings(try host.displayList()).contains("renamed / shared"))
        try host.tap("edit")
        #expect(textStrings(try host.displayList()).contains("renamed! / shared"))
        try host.perform { shared.title = "changed" }
        #expect(textStrings(try host.displayList()).contains("renamed! / changed"))
        #expect(Store.made == 2, "the @StateObject was made once, not per body (\(Store.made))")
    }

    @Test("a builder block of 12 members resolves every member at its position, without reflection")
    func wideBlock() throws {
        let view = VStack {
            Text("0"); Text("1"); Text("2"); Text("3"); Text("4"); Text("5")
            Text("6"); Text("7"); Text("8"); Text("9"); Text("10"); Text("11")
        }
        let host = try ViewHost(view, size: CGSize(width: 100, height: 400))
        #expect(textStrings(try host.displayList()) == (0..<12).map(String.init))
        #expect(TupleView(Text("a")).members == nil)
    }

    @Test("TransactionKey: a value set where the change is made reaches the views' .transaction { } edits")
    func transactionKeys() throws {
        struct Instant: TransactionKey { static var defaultValue: Bool { false } }
        struct Box: View {
            @State var wide = false
            func toggle() { wide.toggle() }
            var body: some View {
                Color.red.frame(width: wide ? 100 : 20, height: 10)
                    .transaction { t in if t[Instant.self] { t.animation = nil } }
            }
        }
        var t = Transaction(animation: .linear(duration: 1))
        #expect(t[Instant.self] == false)
        t[Instant.self] = true
        #expect(t[Instant.self] && t == Transaction(animation: .linear(duration: 1)))
        let box = Box()
        let host = try ViewHost(box, size: CGSize(width: 200, height: 50))
        try host.perform(t) { box.toggle() }
        #expect(shapeFrames(try host.displayList(at: 0.5)).first?.width == 100, "the key turned the animation off")
        try host.perform(at: 2, Transaction(animation: .linear(duration: 1))) { box.toggle() }
        #expect(shapeFrames(try host.displayList(at: 2.5)).first?.width == 60, "without it, the change animates")
    }

    @Test("a custom Layout's cache is made once, shared by sizing and placing, and updated once in each update that changes the container")
    func layoutCache() throws {
        struct Screen: View {
            let calls: CacheCalls
            @State var rows = 2
            @State var tint = false
            var body: some View {
                VStack {
                    Button("more") { rows += 1 }
                    Button("tint") { tint.toggle() }
                    CountingColumn(calls: calls) {
                        ForEach(0..<rows, id: \.self) { _ in (tint ? Color.red : Color.blue).frame(width: 50, height: 10) }
                    }
                }
            }
        }
        let calls = CacheCalls()
        let host = try ViewHost(Screen(calls: calls), size: CGSize(width: 200, height: 200))
        _ = try host.displayList()
        #expect(calls.make == 1 && calls.update == 0 && calls.sized >= 1)
        try host.tap("tint")  // the same subviews, recoloured: SwiftUI updates the cache
        #expect(calls.make == 1 && calls.update == 1)
        try host.tap("more")  // a subview more: updated once more
        #expect(calls.make == 1 && calls.update == 2)
        let column = leaves(try host.displayList()).map(\.frame).filter { $0.height == 10 }
        #expect(column.count == 3 && column[2].minY == column[0].minY + 20)
    }
}

extension CoreTests {
    @Test("a custom Layout's cached sizes follow a text that wraps differently under the same identity")
    func layoutCacheFollowsContent() throws {
        struct Screen: View {
            @State var long = false
            var body: some View {
                VStack(spacing: 0) {
                    Button("grow") { long = true }
                    CountingColumn(calls: CacheCalls()) {
                        Text(long ? "a line long enough to wrap at fifty points" : "short").frame(width: 50)
                        Color.blue.frame(width: 50, height: 10)
                    }
                }
            }
        }
        let host = try ViewHost(Screen(), size: CGSize(width: 200, height: 400))
        func blueTop() throws -> Double {
            try #require(shapeFrames(try host.displayList()).first { $0.height == 10 && $0.width == 50 }).minY
        }
        let before = try blueTop()
        try host.tap("grow")
        let after = try blueTop()
        // The text grew by at least two lines (about 20 pt each): the square moved down with it.
        #expect(after - before > 30, "the square stayed at \(after) (was \(before)): the cache kept the short text's height")
    }
}

/// Counts what SwiftUI's layout engine asks of a custom layout's cache.
final class CacheCalls: @unchecked Sendable { var make = 0, update = 0, sized = 0 }

struct CountingColumn: Layout {
    let calls: CacheCalls
    struct Cache { var heights: [CGFloat] }
    func makeCache(subviews: Subviews) -> Cache {
        calls.make += 1
        return Cache(heights: subviews.map { $0.sizeThatFits(.unspecified).height })
    }
    func updateCache(_ cache: inout Cache, subviews: Subviews) {
        calls.update += 1
        cache = makeCache(subviews: subviews)
        calls.make -= 1
    }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        calls.sized += 1
        return CGSize(width: 50, height: cache.heights.reduce(0, +))
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var y = bounds.minY
        for (s, h) in zip(subviews, cache.heights) { s.place(at: CGPoint(x: bounds.minX, y: y), proposal: .unspecified); y += h }
    }
}

@Observable
final class Model {
    var count = 0
}

final class Store: ObservableObject {
    nonisolated(unsafe) static var made = 0
    @Published var title = "start"
    init() { Store.made += 1 }
}

extension EnvironmentValues {
    var accentName: String {
        get { self[CoreTests.AccentKey.self] }
        set { self[CoreTests.AccentKey.self] = newValue }
    }
}

extension CoreTests {
    struct AccentKey: EnvironmentKey { static var defaultValue: String { "none" } }
}
