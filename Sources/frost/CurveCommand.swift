import ArgumentParser
import Foundation
import FrostMotion

/// `frost curve`: samples a SwiftUI-style animation as a table of time, value and velocity.
struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Sample an animation written as in SwiftUI: t, value, velocity.",
        discussion: """
            EXPR is written as in SwiftUI, e.g. '.spring(duration: 0.5, bounce: 0.3)', '.smooth', \
            '.snappy(duration: 0.4, extraBounce: 0.1)', '.easeInOut(duration: 0.35).delay(0.1)', \
            '.interpolatingSpring(mass: 1, stiffness: 100, damping: 10)', \
            '.timingCurve(0.25, 0.1, 0.25, 1, duration: 0.35)', '.linear.repeatCount(3, autoreverses: true)'.

            Times are seconds; velocity is in value units per second. With --retarget the target \
            changes mid-flight with SwiftUI's rules (springs merge, curves add).

            Examples:
              frost curve '.bouncy' --fps 60
              frost curve '.spring(duration: 0.5, bounce: 0.3)' --from 0 --to 300 --velocity 1200 --format json
              frost curve '.smooth' --retarget 'at=0.2,to=2' --times 0,0.1,0.2,0.3
              frost curve '.snappy' --settling
            """)

    @Argument(help: "The animation, as in SwiftUI source.")
    var expression: String

    // `.unconditional`: `--from -3` is a value, not an unknown option `-3`.
    @Option(parsing: .unconditional, help: "Start value (may be negative).")
    var from: Double = 0

    @Option(parsing: .unconditional, help: "Target value (may be negative).")
    var to: Double = 1

    @Option(parsing: .unconditional, help: "Initial velocity in value units per second (a gesture's release velocity; may be negative).")
    var velocity: Double?

    @Option(help: "Samples per second: 60 or 120 (default 60; ignored with --times).")
    var fps: Int?

    @Option(help: "Comma-separated sample times in seconds.")
    var times: String?

    @Option(help: "Last sample time in seconds (default: when the animation completes; 2 s if it never does).")
    var until: Double?

    @Option(parsing: .singleValue, help: "Change the target mid-flight: 'at=T,to=B' (repeatable; several may share one value, separated by ';').")
    var retarget: [String] = []

    /// ArgumentParser's handling of a repeated option is quadratic in the number of repeats
    /// (10,000 `--retarget` flags took 14 s before a sample was computed); joining them into one
    /// `;`-separated value first keeps `frost curve` linear. The meaning is unchanged.
    static func joiningRetargets(_ arguments: [String]) -> [String] {
        guard arguments.first == "curve" else { return arguments }
        var rest: [String] = [], specs: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" { rest += arguments[i...]; break }
            if a == "--retarget", i + 1 < arguments.count {
                specs.append(arguments[i + 1]); i += 2; continue
            }
            if a.hasPrefix("--retarget=") { specs.append(String(a.dropFirst("--retarget=".count))); i += 1; continue }
            rest.append(a); i += 1
        }
        guard specs.count > 1 else { return arguments }
        return [rest[0], "--retarget", specs.joined(separator: ";")] + rest.dropFirst()
    }

    @Option(help: "Output format: csv or json.")
    var format: String = "csv"

    @Flag(help: "Print only the settling duration in seconds (when the animation completes).")
    var settling = false

    func run() throws {
        let animation: Animation
        do { animation = try Animation.parse(expression) } catch { throw CLIError(error.description) }
        if settling {
            print(animation.duration.map { String(format: "%.6g", $0) } ?? "inf")
            return
        }
        guard from.isFinite, to.isFinite, abs(from) < 1e15, abs(to) < 1e15 else {
            throw CLIError("--from and --to must be finite numbers")
        }
        guard format == "csv" || format == "json" else { throw CLIError("--format must be csv or json, got '\(format)'") }
        // The value's state after each change; a sample uses the latest change at or before it.
        var value = AnimatedValue(from)
        do { try value.set(to, animation: animation, at: 0, initialVelocity: velocity) } catch { throw CLIError(error.description) }
        var timeline = [(at: 0.0, state: value)]
        var end = animation.duration ?? 2
        let specs = retarget.flatMap { $0.split(separator: ";", omittingEmptySubsequences: true).map(String.init) }
        let changes = try specs.map { spec in (spec, try CurveCommand.parseRetarget(spec)) }.sorted { $0.1.0 < $1.1.0 }
        for (spec, (at, target)) in changes {
            do { try value.set(target, animation: animation, at: at) } catch { throw CLIError("--retarget '\(spec)': \(error)") }
            timeline.append((at, value))
            end = max(end, at + (animation.duration ?? 2))
        }
        let samples = try sampleTimes(defaultEnd: end)
        let rows = samples.map { t in
            // The last change at or before t, by binary search (timeline is sorted by time).
            var lo = 0, hi = timeline.count
            while hi - lo > 1 { let mid = (lo + hi) / 2; if timeline[mid].at <= t { lo = mid } else { hi = mid } }
            let state = timeline[lo].state
            return (t, state.value(at: t), state.velocity(at: t))
        }
        if format == "json" {
            let body = rows.map { String(format: "{\"t\": %.6f, \"value\": %.9g, \"velocity\": %.9g}", $0.0, $0.1, $0.2) }
            print("[\n  " + body.joined(separator: ",\n  ") + "\n]")
        } else {
            print("t,value,velocity")
            for r in rows { print(String(format: "%.6f,%.9g,%.9g", r.0, r.1, r.2)) }
        }
    }

    /// The requested sample times: explicit, or a 60/120 Hz grid up to --until.
    func sampleTimes(defaultEnd: Double) throws -> [Double] {
        if let times {
            let values = times.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 && $0! < 1e6 }) else {
                throw CLIError("--times must be comma-separated non-negative seconds, got '\(times)'")
            }
            return values.map { $0! }
        }
        let rate = fps ?? 60
        guard rate == 60 || rate == 120 else { throw CLIError("--fps must be 60 or 120, got \(rate)") }
        let last = until ?? defaultEnd
        guard last.isFinite, last >= 0, last <= 3600 else { throw CLIError("--until must be 0…3600 seconds, got \(last)") }
        return (0...Int((last * Double(rate)).rounded(.up))).map { Double($0) / Double(rate) }
    }

    /// `at=T,to=B` → (T, B).
    static func parseRetarget(_ spec: String) throws -> (Double, Double) {
        var at: Double?, to: Double?
        for part in spec.split(separator: ",") {
            let kv = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard kv.count == 2, let v = Double(kv[1]), v.isFinite else {
                throw CLIError("--retarget must look like 'at=0.2,to=2', got '\(spec)'")
            }
            switch kv[0] {
            case "at": at = v
            case "to": to = v
            default: throw CLIError("--retarget must look like 'at=0.2,to=2', got '\(spec)'")
            }
        }
        guard let at, let to, at >= 0 else { throw CLIError("--retarget must look like 'at=0.2,to=2' with at ≥ 0, got '\(spec)'") }
        return (at, to)
    }
}
