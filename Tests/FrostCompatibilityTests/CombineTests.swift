import Combine
import Foundation
import FrostTestSupport
import Testing

/// Combine as SwiftUI apps use it, against hand-worked expectations.
@Suite("Combine", .hangLimit)
struct CombineTests {
    final class Model: ObservableObject {
        @Published var query = ""
        @Published var count = 0
    }

    @Test("PassthroughSubject delivers in order to every sink until cancelled; completion ends it")
    func passthrough() {
        let subject = PassthroughSubject<Int, Never>()
        var a: [Int] = [], b: [Int] = []
        var finished = false
        let sa = subject.sink(receiveCompletion: { _ in finished = true }, receiveValue: { a.append($0) })
        var sb: AnyCancellable? = subject.sink { b.append($0) }
        subject.send(1)
        subject.send(2)
        sb = nil  // deallocation cancels
        subject.send(3)
        subject.send(completion: .finished)
        subject.send(4)
        #expect(a == [1, 2, 3])
        #expect(b == [1, 2])
        #expect(finished)
        _ = (sa, sb)
    }

    @Test("CurrentValueSubject sends its value first; operators map, filter, dedupe, drop, scan and prefix")
    func currentValueAndOperators() {
        let subject = CurrentValueSubject<Int, Never>(1)
        var got: [String] = []
        let c = subject.dropFirst().filter { $0 % 2 == 0 }.removeDuplicates().map { "v\($0)" }.sink { got.append($0) }
        for v in [2, 2, 3, 4, 4, 6] { subject.send(v) }
        #expect(got == ["v2", "v4", "v6"])
        #expect(subject.value == 6)
        var sums: [Int] = []
        let s = [1, 2, 3, 4].publisher.scan(0, +).prefix(3).sink { sums.append($0) }
        #expect(sums == [1, 3, 6])
        _ = (c, s)
    }

    @Test("@Published: $property sends the current value, then each new one before the property holds it; objectWillChange fires first")
    func published() {
        let model = Model()
        var events: [String] = []
        let w = model.objectWillChange.sink { events.append("will(\(model.count))") }
        let p = model.$count.sink { events.append("new(\($0)) old(\(model.count))") }
        model.count = 5
        #expect(events == ["new(0) old(0)", "will(0)", "new(5) old(0)"])
        _ = (w, p)
    }

    @Test("assign(to: &$property) feeds a @Published property; assign(to:on:) writes a key path")
    func assign() {
        let model = Model()
        let source = PassthroughSubject<String, Never>()
        source.map { $0.uppercased() }.assign(to: &model.$query)
        source.send("swift")
        #expect(model.query == "SWIFT")
        let other = Model()
        let c = Just(7).assign(to: \.count, on: other)
        #expect(other.count == 7)
        _ = c
    }

    @Test("Just, Empty, Fail, Future, combineLatest, merge, collect, replaceError, tryMap")
    func smallPublishers() {
        struct Oops: Error {}
        var out: [String] = []
        _ = Just(1).map { $0 + 1 }.sink { out.append("just \($0)") }
        _ = Empty<Int, Never>().sink(receiveCompletion: { _ in out.append("empty done") }, receiveValue: { _ in out.append("never") })
        _ = Fail<Int, Oops>(error: Oops()).replaceError(with: -1).sink { out.append("fail \($0)") }
        _ = Future<Int, Never> { promise in promise(.success(9)) }.sink { out.append("future \($0)") }
        let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<String, Never>()
        let cl = a.combineLatest(b).sink { out.append("pair \($0.0)\($0.1)") }
        a.send(1)
        b.send("x")
        a.send(2)
        let m = a.merge(with: PassthroughSubject<Int, Never>()).collect().sink { out.append("collected \($0)") }
        a.send(3)
        a.send(completion: .finished)
        _ = [1, 2].publisher.tryMap { v -> Int in if v == 2 { throw Oops() } else { return v } }
            .sink(receiveCompletion: { if case .failure = $0 { out.append("threw") } }, receiveValue: { out.append("try \($0)") })
        #expect(out == ["just 2", "empty done", "fail -1", "future 9", "pair 1x", "pair 2x", "pair 3x", "try 1", "threw"])
        _ = (cl, m)
    }

    @Test("Demand is honoured: a subscriber asking for 2 gets 2")
    func demand() {
        final class Two: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var got: [Int] = []
            func receive(subscription: Subscription) { subscription.request(.max(2)) }
            func receive(_ input: Int) -> Subscribers.Demand {
                got.append(input)
                return .none
            }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        let two = Two()
        [1, 2, 3, 4].publisher.subscribe(two)
        #expect(two.got == [1, 2])
        let subject = PassthroughSubject<Int, Never>()
        let three = Two()
        subject.subscribe(three)
        (1...5).forEach(subject.send)
        #expect(three.got == [1, 2])
    }

    @Test("Timer.publish on a real clock ticks; autoconnect disconnects when the last subscriber goes")
    func realTimer() async throws {
        let timer = Timer.publish(every: 0.01, on: .main, in: .common).autoconnect()
        let ticks = Locked(0)
        var c: AnyCancellable? = timer.sink { _ in ticks.withLock { $0 += 1 } }
        let deadline = Date().addingTimeInterval(5)
        while ticks.current < 2, Date() < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(ticks.current >= 2)
        c = nil
        let stopped = ticks.current
        try await Task.sleep(nanoseconds: 60_000_000)
        #expect(ticks.current <= stopped + 1, "ticks after the last subscriber cancelled")
        _ = c
    }
}

/// A lock for the timer test's counter (ticks arrive on a dispatch queue).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
    var current: Value { withLock { $0 } }
}
