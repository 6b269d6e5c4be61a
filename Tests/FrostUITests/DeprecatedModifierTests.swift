import Testing
import FrostGeometry
import FrostScene
@testable import FrostUI
import FrostTestSupport

// Pre-iOS 17 spellings app code still writes: each draws what its replacement draws.

@Suite("FrostUI: deprecated modifiers do what their replacements do", .hangLimit)
struct DeprecatedModifierTests {
    struct Old: View {
        var body: some View {
            NavigationView {
                VStack {
                    Color.orange.frame(height: 40).edgesIgnoringSafeArea(.top)
                    Button("Go") {}.accentColor(.red)
                    Color.blue.frame(width: 60, height: 60).mask(Circle())
                }
                .navigationBarTitle("Inbox", displayMode: .inline)
                .navigationBarItems(leading: Text("Edit"), trailing: Text("Add"))
            }
            .navigationViewStyle(.stack)
        }
    }

    struct New: View {
        var body: some View {
            NavigationStack {
                VStack {
                    Color.orange.frame(height: 40).ignoresSafeArea(.all, edges: .top)
                    Button("Go") {}.tint(.red)
                    Color.blue.frame(width: 60, height: 60).mask { Circle() }
                }
                .navigationTitle("Inbox").navigationBarTitleDisplayMode(.inline)
                .toolbar {
                    ToolbarItem(placement: .topBarLeading) { Text("Edit") }
                    ToolbarItem(placement: .topBarTrailing) { Text("Add") }
                }
            }
        }
    }

    @Test(
        "edgesIgnoringSafeArea, accentColor, mask(view), navigationBarTitle(_:displayMode:), navigationBarItems and navigationViewStyle draw the same pixels as the modern forms"
    )
    func samePixels() throws {
        let old = try ViewHost(Old(), device: .iPhone13)
        let new = try ViewHost(New(), device: .iPhone13)
        #expect(try old.snapshot() == new.snapshot())
        // And the bar does show the items and the inline title.
        let texts = try old.displayList().description
        for word in ["Inbox", "Edit", "Add"] { #expect(texts.contains(word), "\(word)") }
    }

    final class Seen: @unchecked Sendable { var values: [Int] = [] }

    struct Counter: View {
        @State var count = 0
        let seen: Seen
        var body: some View {
            Button("Add \(count)") { count += 1 }
                .onChange(of: count) { newValue in seen.values.append(newValue) }
                .opacity(count.isMultiple(of: 2) ? 1 : 0.5)
                .animation(.linear(duration: 1))
        }
    }

    @Test("onChange(of:perform:) gets the new value; animation(_:) animates every change below it")
    func changeAndImplicitAnimation() throws {
        let seen = Seen()
        let host = try ViewHost(Counter(seen: seen), size: CGSize(width: 200, height: 100))
        try host.tap("Add 0")
        try host.tap("Add 1")
        #expect(seen.values == [1, 2])
        // The second tap at t = 0 went back to 1; a tap at t = 1 animates 1 → 0.5 over 1 s.
        try host.tap("Add 2", at: 1)
        func opacity(at t: Double) throws -> Double? {
            func find(_ list: DisplayList) -> Double? {
                for item in list.items {
                    if case .effect(.opacity(let o), _) = item.content { return o }
                    if case .group(let c) = item.content, let o = find(c) { return o }
                    if case .effect(_, let c) = item.content, let o = find(c) { return o }
                }
                return nil
            }
            return find(try host.displayList(at: t))
        }
        let mid = try #require(try opacity(at: 1.5))
        #expect(abs(mid - 0.75) < 1e-6, "halfway through the linear second: \(mid)")
        #expect(abs((try opacity(at: 2.5) ?? 1) - 0.5) < 1e-9)
    }
}
