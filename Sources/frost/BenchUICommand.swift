import ArgumentParser
import Foundation
import FrostUI
import FrostExamples

/// `frost bench ui`: resolve + layout and render times of FrostUI views.
struct BenchUICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "Time FrostUI: the seed's content card mid-bridge at 3x, a phone screen, two circles, 1,000 rows, 50-deep nesting, a 100,000-row List.")

    @Option(help: "Runs per measurement.")
    var `repeat`: Int = 15

    @OptionGroup var display: DisplayScaleOption<Scale3>
    var scale: Double { display.scale }

    @Option(help: "Threads a frame is drawn with (default: the active cores, at most 8).")
    var threads: Int?

    @Option(help: "Which measurements: card, scroll, circles, layout, list (comma-separated; default all).")
    var only: String = "card,scroll,circles,layout,list"

    func run() throws {
        guard (1...1000).contains(`repeat`) else { throw CLIError("--repeat must be 1...1000") }
        func median(_ body: () throws -> Void) rethrows -> Double { try CLI.medianMs(runs: `repeat`, body) }
        if let threads, !(1...64).contains(threads) { throw CLIError("--threads must be 1...64") }
        let renderThreads = threads ?? min(8, max(1, ProcessInfo.processInfo.activeProcessorCount))
        let cases = Set(only.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        guard !cases.isEmpty, cases.isSubset(of: ["card", "scroll", "circles", "layout", "list"]) else {
            throw CLIError("--only takes card, scroll, circles, layout and/or list, got '\(only)'")
        }
        if cases.contains("list") {
            // A data-driven List resolves only the rows near the screen: the first frame, and a
            // frame after jumping to a new place in it, whatever its length.
            let rows = 100_000
            var host: ViewHost<List<Never, ForEach<Range<Int>, Int, Text>>>?
            let first = try median {
                host = try ViewHost(List(0..<rows, id: \.self) { Text("Row \($0)") }, size: CGSize(width: 390, height: 844), scale: CGFloat(scale))
                host!.renderThreads = renderThreads
                _ = try host!.snapshot()
            }
            var y = 0.0
            let jump = try median {
                y = y > 2_000_000 ? 0 : y + 44 * 997
                try host!.scroll(to: CGPoint(x: 0, y: y))
                _ = try host!.snapshot()
            }
            print(
                String(
                    format: "List of %d rows (390x844 pt at %.0fx): host + first frame %.2f ms, frame after a jump of 997 rows %.2f ms, %d thread(s)",
                    rows, scale, first, jump, renderThreads))
        }
        if cases.contains("card") {
            let card = try ViewHost(BridgedCardFrame(), size: CGSize(width: 390, height: 320), scale: CGFloat(scale))
            card.renderThreads = renderThreads
            let layout = try median { try card.update() }
            let frame = try median {
                try card.update(); _ = try card.snapshot()
            }
            print(
                String(
                    format:
                        "content card mid-bridge (390x320 pt at %.0fx, content blurred 6 pt, shadow): resolve+layout %.2f ms, frame (layout + render) %.2f ms, %d thread(s)",
                    scale, layout, frame, renderThreads))
        }
        if cases.contains("scroll") {
            // Each frame scrolls 1 pt further (wrapping before the end), as a finger drag does.
            let screen = try ViewHost(ScrollingCards(), size: CGSize(width: 393, height: 852), scale: CGFloat(scale))
            screen.renderThreads = renderThreads
            _ = try screen.snapshot()
            var y = 0.0
            let layout = try median {
                y = y >= 600 ? 0 : y + 1
                try screen.scroll(to: CGPoint(x: 0, y: y))
                _ = try screen.displayList()
            }
            let frame = try median {
                y = y >= 600 ? 0 : y + 1
                try screen.scroll(to: CGPoint(x: 0, y: y))
                _ = try screen.snapshot()
            }
            print(
                String(
                    format:
                        "phone screen (393x852 pt at %.0fx: 12 text cards in a scroll view, .regularMaterial bar): display list after a 1 pt scroll %.2f ms, frame after a 1 pt scroll %.2f ms, %d thread(s)",
                    scale, layout, frame, renderThreads))
        }
        if cases.contains("circles") {
            let circles = try ViewHost(TwoCircles(), size: CGSize(width: 390, height: 200), scale: CGFloat(scale))
            circles.renderThreads = renderThreads
            let frame = try median {
                try circles.update(); _ = try circles.snapshot()
            }
            print(
                String(
                    format: "two translucent circles (390x200 pt at %.0fx): frame (layout + render) %.3f ms, %d thread(s)",
                    scale, frame, renderThreads))
        }
        guard cases.contains("layout") else { return }
        for (name, view, size) in [
            ("rows 500", AnyView(ManyRows(count: 500)), 500), ("rows 1000", AnyView(ManyRows(count: 1000)), 1000),
            ("nesting 25", AnyView(Nested(depth: 25)), 25), ("nesting 50", AnyView(Nested(depth: 50)), 50),
        ] {
            let host = try ViewHost(view, size: CGSize(width: 390, height: 844), scale: CGFloat(scale))
            let t = try median { try host.update() }
            print(String(format: "%@ (%d): resolve+layout %.2f ms", name, size, t))
        }
    }
}
