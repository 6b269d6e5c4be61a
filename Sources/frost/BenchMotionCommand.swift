import ArgumentParser
import Foundation
import FrostMotion

/// `frost bench motion`: the cost of evaluating many concurrent animations for one frame.
struct BenchMotionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motion",
        abstract: "Time one frame of many concurrent animations (value and velocity of each).",
        discussion: """
            Springs are AnimatedValues mid-flight, a third of them retargeted (merged); curves are \
            cubic-Bézier animations (each frame solves the curve). Build with -c release.
            """)

    @Option(help: "Concurrent animations per kind.")
    var count: Int = 10_000

    @Option(help: "Frames timed (the median and minimum are reported).")
    var frames: Int = 101

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func validate() throws {
        guard (1...10_000_000).contains(count) else { throw ValidationError("--count must be 1...10000000, got \(count)") }
        guard (1...100_000).contains(frames) else { throw ValidationError("--frames must be 1...100000, got \(frames)") }
    }

    func run() throws {
        let springKinds: [Animation] = [.smooth, .snappy, .bouncy, .spring(duration: 0.8, bounce: -0.4), .interactiveSpring]
        var springs: [AnimatedValue<Double>] = []
        springs.reserveCapacity(count)
        for i in 0..<count {
            var v = AnimatedValue(Double(i % 97))
            try v.set(Double(i % 13) * 25, animation: springKinds[i % springKinds.count], at: 0, initialVelocity: Double(i % 7) * 100)
            if i % 3 == 0 { try v.set(-50, animation: springKinds[(i + 1) % springKinds.count], at: 0.05) }
            springs.append(v)
        }
        var curves: [Animation] = []
        curves.reserveCapacity(count)
        for i in 0..<count {
            let x1: Double = 0.1 + Double(i % 50) / 100, x2: Double = 0.3 + Double(i % 30) / 50
            let duration: Double = 0.4 + Double(i % 10) / 20
            curves.append(.timingCurve(x1, 0, x2, 1, duration: duration))
        }
        func time(_ body: (Double) -> Double) -> (median: Double, min: Double, checksum: Double) {
            var times: [Double] = [], checksum = 0.0
            for f in 0..<frames {
                let t = 0.06 + Double(f) / 120
                let t0 = DispatchTime.now()
                checksum += body(t)
                times.append(CLI.ms(since: t0))
            }
            times.sort()
            return (times[times.count / 2], times[0], checksum)
        }
        let s = time { t in
            springs.reduce(0) {
                let x = $1.sample(at: t); return $0 + x.value + x.velocity
            }
        }
        let c = time { t in
            curves.reduce(0) {
                let x = $1.sample(at: t); return $0 + x.value + x.velocity
            }
        }
        let rows = [("springs", s), ("curves", c)]
        if json {
            let body = rows.map {
                String(
                    format: "{\"kind\": \"%@\", \"count\": %d, \"median_ms\": %.4f, \"min_ms\": %.4f, \"ns_per_animation\": %.1f}",
                    $0.0, count, $0.1.median, $0.1.min, $0.1.median * 1e6 / Double(count))
            }
            print("[\n  " + body.joined(separator: ",\n  ") + "\n]")
        } else {
            print("kind      count   median_ms   min_ms  ns/animation")
            for (kind, r) in rows {
                print(String(format: "%-8@ %6d %11.3f %8.3f %13.1f", kind, count, r.median, r.min, r.median * 1e6 / Double(count)))
            }
        }
        guard s.checksum.isFinite, c.checksum.isFinite else { throw CLIError("motion produced a non-finite value") }
    }
}
