import Foundation
import Testing
@testable import FrostUI
import FrostScene
import FrostTestSupport

/// Controls under seeded random ranges, steps and actions (issue 49: a Stepper step of Int.max
/// trapped, a Slider on a reversed or NaN range trapped): whatever the bounds, no action traps,
/// a bounded stepper's value stays in its range, a slider's value stays in the range it uses,
/// and every state renders.
@Suite("Randomized controls: steppers and sliders on any range", .hangLimit)
struct RandomizedControlTests {
    struct Steps: View {
        @State var value: Int
        let range: ClosedRange<Int>?
        let step: Int
        var body: some View {
            if let range {
                Stepper("Step", value: $value, in: range, step: step)
            } else {
                Stepper("Step", value: $value, step: step)
            }
            Text("value \(value)")
        }
    }

    struct Slides: View {
        @State var value: Double
        let lower: Double, upper: Double
        var body: some View {
            Slider(value: $value, in: Slider<Text, EmptyView>.range(lower, upper)) { Text("Slide") }
            // Verbatim: Text's interpolation rounds a Double to six digits.
            Text(verbatim: "value " + String(value))
        }
    }

    static func shown(_ host: ViewHost<some View>) throws -> String? {
        leaves(try host.displayList()).compactMap { item -> String? in
            if case .text(let t) = item.content, t.string.hasPrefix("value ") { return String(t.string.dropFirst(6)) }
            return nil
        }.first
    }

    static let edges = [Int.min, Int.min + 1, -1_000_000, -1, 0, 1, 7, 1_000_000, Int.max - 1, Int.max]

    @Test("random Int steppers: any bounds and step (Int.max included), any presses; bounded values stay in range")
    func steppers() throws {
        try PropertyRun.check("steppers", seed: 4901, cases: 40) { c in
            var a = c.rng.pick(Self.edges), b = c.rng.pick(Self.edges)
            if Bool.random(using: &c.rng) { a = Int.random(in: -100...100, using: &c.rng); b = a + Int.random(in: 0...50, using: &c.rng) }
            let range: ClosedRange<Int>? = Bool.random(using: &c.rng) ? min(a, b)...max(a, b) : nil
            let step = Bool.random(using: &c.rng) ? c.rng.pick([1, 2, 3, Int.max, Int.max / 2 + 1]) : Int.random(in: 1...1000, using: &c.rng)
            let start = range.map { Int.random(in: $0, using: &c.rng) } ?? c.rng.pick(Self.edges)
            let host = try ViewHost(Steps(value: start, range: range, step: step), size: CGSize(width: 390, height: 120))
            for _ in 0..<Int.random(in: 1...12, using: &c.rng) {
                if Bool.random(using: &c.rng) { try? host.increment("Step") } else { try? host.decrement("Step") }
                let value = try Self.shown(host).flatMap { Int($0) }
                #expect(value != nil, "\(c)")
                if let range, let value { #expect(range.contains(value), "\(value) outside \(range), step \(step): \(c)") }
            }
            _ = try host.snapshot()
        }
    }

    @Test("random sliders: NaN, infinite, reversed or huge ends and any value set; the value stays in the range used")
    func sliders() throws {
        let ends: [Double] = [.nan, .infinity, -.infinity, -1e300, -1, 0, 0.5, 1, 100, 1e300, .greatestFiniteMagnitude]
        try PropertyRun.check("sliders", seed: 4902, cases: 40) { (c: inout PropertyRun.Case) throws -> Void in
            let lower: Double = Bool.random(using: &c.rng) ? c.rng.pick(ends) : Double.random(in: -10...10, using: &c.rng)
            let upper: Double = Bool.random(using: &c.rng) ? c.rng.pick(ends) : Double.random(in: -10...10, using: &c.rng)
            let range: ClosedRange<Double> = Slider<Text, EmptyView>.range(lower, upper)
            #expect(range.lowerBound.isFinite && range.upperBound.isFinite, "\(c)")
            let host = try ViewHost(Slides(value: 0, lower: lower, upper: upper), size: CGSize(width: 390, height: 120))
            for _ in 0..<Int.random(in: 1...6, using: &c.rng) {
                let random: Double = Double.random(in: -20...20, using: &c.rng)
                let target: Double = Bool.random(using: &c.rng) ? c.rng.pick(ends) : random
                try? host.set("Slide", to: target)
                let shown: Double? = try Self.shown(host).flatMap { Double($0) }
                let inside: Bool = shown.map { range.contains($0) } ?? false
                #expect(inside, "\(String(describing: shown)) outside \(range) after \(target): \(c)")
            }
            _ = try host.snapshot()
        }
    }
}
