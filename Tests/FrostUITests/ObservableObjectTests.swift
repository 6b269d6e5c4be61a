import Foundation
import Testing
import FrostGeometry
import FrostTestSupport
@testable import FrostUI
@testable import FrostCombine

/// `ObservableObject` as SwiftUI follows it (issue 42: a `Mirror` walk per bind, hosts never
/// unsubscribed, an unguarded check-then-set of the shared publisher).
@Suite("ObservableObject", .hangLimit)
struct ObservableObjectTests {
    class Base: ObservableObject {
        @Published var title = "base"
    }
    final class Derived: Base {
        @Published var count = 0
        var plain = 0
    }
    /// No `@Published`: announces by hand, as SwiftUI code does in a `willSet`.
    final class Manual: ObservableObject {
        var value = 0 { willSet { objectWillChange.send() } }
    }

    struct Showing: View {
        @ObservedObject var model: Derived
        var body: some View { Text("\(model.title) \(model.count)") }
    }

    @Test("@Published in a class and its superclass share one publisher, and both invalidate the view")
    func superclassFields() throws {
        let model = Derived()
        #expect(model.objectWillChange === model.objectWillChange)
        #expect(PublishedFields.storages(of: model).count == 2)
        let host = try ViewHost(Showing(model: model), size: CGSize(width: 200, height: 50))
        #expect(textStrings(try host.displayList()) == ["base 0"])
        model.count = 3
        #expect(textStrings(try host.displayList()) == ["base 3"])
        model.title = "sub"
        #expect(textStrings(try host.displayList()) == ["sub 3"])
    }

    @Test("an object without @Published keeps one publisher: objectWillChange.send() in a willSet updates the view")
    func manualAnnouncement() throws {
        struct View1: View {
            @ObservedObject var model: Manual
            var body: some View { Text("value \(model.value)") }
        }
        let model = Manual()
        #expect(model.objectWillChange === model.objectWillChange)
        let host = try ViewHost(View1(model: model), size: CGSize(width: 200, height: 50))
        #expect(textStrings(try host.displayList()) == ["value 0"])
        model.value = 9
        #expect(textStrings(try host.displayList()) == ["value 9"])
    }

    @Test("a host stops following an object when no view holds it any more")
    func unsubscribedWithTheView() throws {
        struct Toggling: View {
            let model: Derived
            @State var shown = true
            var body: some View {
                VStack {
                    Button("hide") { shown = false }
                    if shown { Showing(model: model) }
                }
            }
        }
        let model = Derived()
        let host = try ViewHost(Toggling(model: model), size: CGSize(width: 200, height: 100))
        _ = try host.displayList()
        #expect(model.objectWillChange.observerCount == 1)
        try host.tap("hide")
        _ = try host.displayList()
        #expect(model.objectWillChange.observerCount == 0, "the view that held the object is gone")
    }

    @Test("objectWillChange asked for on 8 threads at once is one publisher")
    func onePublisherAcrossThreads() {
        for _ in 0..<20 {
            // Only objectWillChange is touched from the threads, which is what is under test.
            nonisolated(unsafe) let model = Derived()
            let seen = Locked<[ObjectIdentifier]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let id = ObjectIdentifier(model.objectWillChange)
                seen.withLock { $0.append(id) }
            }
            #expect(Set(seen.withLock { $0 }).count == 1)
        }
    }
}
