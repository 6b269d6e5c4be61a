import ArgumentParser
import Foundation
import FrostUI
import FrostExamples

/// `frost bench ui`: resolve + layout and render times of FrostUI views.
struct BenchUICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "Time FrostUI: the seed's content card mid-bridge at 3x, 1,000 rows, 50-deep nesting.")

    @Option(help: "Runs per measurement.")
    var `repeat`: Int = 15

    @Option(help: "Display scale.")
    var scale: Double = 3

    func run() throws {
        guard (1...1000).contains(`repeat`) else { throw CLIError("--repeat must be 1...1000") }
        func median(_ body: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<`repeat` {
                let t0 = DispatchTime.now()
                try body()
                times.append(CLI.ms(since: t0))
            }
            return times.sorted()[times.count / 2]
        }
        let card = try ViewHost(BridgedCardFrame(), size: CGSize(width: 390, height: 320), scale: CGFloat(scale))
        let layout = try median { _ = try card.displayList() }
        let frame = try median { _ = try card.snapshot() }
        print(String(format: "content card mid-bridge (390x320 pt at %.0fx, content blurred 6 pt, shadow): resolve+layout %.2f ms, frame (layout + render) %.2f ms",
                     scale, layout, frame))
        for (name, view, size) in [("rows 500", AnyView(ManyRows(count: 500)), 500), ("rows 1000", AnyView(ManyRows(count: 1000)), 1000),
                                   ("nesting 25", AnyView(Nested(depth: 25)), 25), ("nesting 50", AnyView(Nested(depth: 50)), 50)] {
            let host = try ViewHost(view, size: CGSize(width: 390, height: 844), scale: CGFloat(scale))
            let t = try median { _ = try host.displayList() }
            print(String(format: "%@ (%d): resolve+layout %.2f ms", name, size, t))
        }
    }
}
