import Testing
import FrostGeometry
import FrostScene
@testable import FrostUI
import FrostTestSupport

/// Records what happened, in order (a class: views hold it).
final class Journal { var lines: [String] = [] }

@Suite("FrostUI lifecycle: onAppear, onDisappear, onChange, task", .hangLimit)
struct LifecycleTests {
    struct Screen: View {
        let journal: Journal
        @State var shown = true
        @State var count = 0
        var body: some View {
            VStack {
                Button("toggle") { shown.toggle() }
                Button("inc") { count += 1 }
                if shown {
                    Text("detail")
                        .onAppear { journal.lines.append("appear") }
                        .onDisappear { journal.lines.append("disappear") }
                }
                Text("count \(count)")
                    .onChange(of: count) { old, new in journal.lines.append("change \(old)→\(new)") }
                    .onChange(of: count, initial: true) { journal.lines.append("change0") }
            }
            .onAppear { journal.lines.append("screen") }
        }
    }

    @Test("onAppear after the first commit, onDisappear and onAppear as the view goes and comes, onChange with old and new values")
    func hooks() throws {
        let journal = Journal()
        let host = try ViewHost(Screen(journal: journal), size: CGSize(width: 200, height: 300))
        _ = try host.displayList()
        #expect(journal.lines.sorted() == ["appear", "change0", "screen"], "\(journal.lines)")
        journal.lines = []
        try host.tap("toggle")
        #expect(journal.lines == ["disappear"])
        try host.tap("toggle")
        try host.tap("inc")
        try host.tap("inc")
        #expect(journal.lines == ["disappear", "appear", "change 0→1", "change0", "change 1→2", "change0"], "\(journal.lines)")
    }

    @Test("state set in onAppear and onChange commits in the same instant")
    func stateFromHooks() throws {
        struct Loader: View {
            @State var text = "loading"
            @State var doubled = 0
            @State var value = 1
            var body: some View {
                VStack {
                    Text(text).onAppear { text = "loaded" }
                    Text("doubled \(doubled)").onChange(of: value, initial: true) { doubled = value * 2 }
                    Button("set") { value = 21 }
                }
            }
        }
        let host = try ViewHost(Loader(), size: CGSize(width: 200, height: 200))
        #expect(textStrings(try host.displayList()).prefix(2) == ["loaded", "doubled 2"])
        try host.tap("set")
        #expect(textStrings(try host.displayList()).contains("doubled 42"))
    }

    @Test("an onChange that changes its own value stops with updateLoop, not a hang")
    func storm() throws {
        struct Storm: View {
            @State var n = 0
            var body: some View {
                Button("go \(n)") { n += 1 }.onChange(of: n) { n += 1 }
            }
        }
        let host = try ViewHost(Storm(), size: CGSize(width: 100, height: 100))
        _ = try host.displayList()
        #expect { try host.tap("go 0") } throws: { error in
            guard case ViewHostError.updateLoop(let what) = error else { return false }
            return what.contains("onChange")
        }
    }

    @Test("task: runs to completion before the next frame when it awaits only host work; task(id:) restarts; cancelled on disappear")
    func tasks() throws {
        struct Feed: View {
            let journal: Journal
            @State var items: [String] = []
            @State var page = 1
            @State var shown = true
            var body: some View {
                VStack {
                    Button("next") { page += 1 }
                    Button("hide") { shown = false }
                    if shown {
                        Text("items \(items.joined(separator: ","))")
                            .task(id: page) {
                                let loaded = await Feed.load(page)
                                items = loaded
                                journal.lines.append("loaded \(page)")
                            }
                            .task {
                                journal.lines.append("long start")
                                while !Task.isCancelled { await Task.yield(); if journal.lines.count > 1000 { break }; return }
                            }
                    }
                }
            }
            static func load(_ page: Int) async -> [String] {
                await Task.yield()
                return ["p\(page)a", "p\(page)b"]
            }
        }
        let journal = Journal()
        let host = try ViewHost(Feed(journal: journal), size: CGSize(width: 200, height: 200))
        #expect(textStrings(try host.displayList()).contains("items p1a,p1b"))
        try host.tap("next")
        #expect(textStrings(try host.displayList()).contains("items p2a,p2b"))
        #expect(journal.lines.filter { $0.hasPrefix("loaded") } == ["loaded 1", "loaded 2"])
        #expect(journal.lines.filter { $0 == "long start" }.count == 1, "a task without id does not restart: \(journal.lines)")
        try host.tap("hide")
        #expect(host.lifecycle.tasks.isEmpty)
    }

    @Test("a task that never finishes gets bounded steps per host call, never hangs it, and stops when its view goes")
    func endlessTask() throws {
        final class Steps: @unchecked Sendable { var n = 0; var ended = false }
        let steps = Steps()
        struct Spinner: View {
            let steps: Steps
            @State var shown = true
            var body: some View {
                VStack {
                    Button("stop") { shown = false }
                    if shown {
                        Text("spinning").task {
                            while !Task.isCancelled { steps.n += 1; await Task.yield() }
                            steps.ended = true
                        }
                    }
                }
            }
        }
        let host = try ViewHost(Spinner(steps: steps), size: CGSize(width: 100, height: 100))
        _ = try host.displayList()
        let first = steps.n
        #expect(first > 0 && first <= HostExecutor.maxJobsPerDrain)
        try host.advance(by: 0.1)
        #expect(steps.n > first)
        try host.tap("stop")
        _ = try host.displayList()
        #expect(steps.ended)
    }

    struct Pulse: ViewModifier, Animatable {
        var amount: Double
        let journal: Journal
        var animatableData: Double {
            get { amount }
            set { amount = newValue }
        }
        func body(content: Content) -> some View {
            content.opacity(amount).onChange(of: amount) { journal.lines.append("change") }
        }
    }

    @Test("an onChange inside an Animatable modifier fires for the commit, not for every interpolated frame")
    func onChangeInAnimatableModifier() throws {
        struct Screen: View {
            let journal: Journal
            @State var on = false
            func toggle() { on.toggle() }
            var body: some View { Color.red.frame(width: 20, height: 20).modifier(Pulse(amount: on ? 1 : 0.2, journal: journal)) }
        }
        let journal = Journal()
        let screen = Screen(journal: journal)
        let host = try ViewHost(screen, size: CGSize(width: 50, height: 50))
        try host.perform(Transaction(animation: .linear(duration: 1))) { screen.toggle() }
        for t in stride(from: 0.0, through: 1.0, by: 0.1) { _ = try host.frame(at: t) }
        #expect(journal.lines == ["change"], "\(journal.lines)")
    }

    @Test("onChange of an optional value does not fire when its view first appears (nil-cast regression), fires on a change")
    func onChangeOptional() throws {
        struct Screen: View {
            let journal: Journal
            @State var selection: Int? = 3
            var body: some View {
                Button("Pick") { selection = nil }
                    .onChange(of: selection) { old, new in journal.lines.append("\(old.map(String.init) ?? "nil")→\(new.map(String.init) ?? "nil")") }
            }
        }
        let journal = Journal()
        let host = try ViewHost(Screen(journal: journal), size: CGSize(width: 100, height: 50))
        _ = try host.displayList()
        #expect(journal.lines == [])
        try host.tap("Pick")
        #expect(journal.lines == ["3→nil"])
    }
}

@Suite("FrostUI: completion chains at one instant", .hangLimit)
struct CompletionLoopTests {
    struct Looping: View {
        @State var flag = false
        func again() {
            withAnimation(.linear(duration: 0)) {
                flag.toggle()
            } completion: {
                again()
            }
        }
        var body: some View {
            Button("Go") { again() }.opacity(flag ? 0.5 : 1)
        }
    }

    @Test(
        "a completion that starts a zero-duration animation whose completion starts it again ends with updateLoop after ~100 rounds, not a million commits per simulated second"
    )
    func zeroDurationLoop() throws {
        let host = try ViewHost(Looping(), size: CGSize(width: 100, height: 100))
        let start = Date()
        #expect {
            try host.tap("Go")
            try host.advance(to: 1)
        } throws: { error in
            guard case ViewHostError.updateLoop = error else { return false }
            return true
        }
        // Debug builds commit in ~20 ms: the old limit took minutes.
        #expect(Date().timeIntervalSince(start) < 60)
    }

    struct Rows: View {
        @State var on = false
        var body: some View {
            VStack {
                Button("Go") {
                    for _ in 0..<150 {
                        withAnimation(.linear(duration: 0.2)) {
                            on.toggle(); on.toggle(); on.toggle()
                        } completion: {
                            Counter.shared.count += 1
                        }
                    }
                }
                Color.red.frame(width: 10, height: on ? 20 : 10)
            }
        }
    }
    final class Counter: @unchecked Sendable { nonisolated(unsafe) static let shared = Counter(); var count = 0 }

    @Test("150 completions that come due at one instant all run (more than the loop allowance, none a loop)")
    func manyAtOnce() throws {
        Counter.shared.count = 0
        let host = try ViewHost(Rows(), size: CGSize(width: 100, height: 100))
        try host.tap("Go")
        try host.advance(to: 1)
        #expect(Counter.shared.count == 150)
    }
}
