import ArgumentParser
import Foundation
import FrostUI
import FrostExamples

/// `frost record`: a scripted interaction with a built-in example, recorded to a file.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a scripted interaction (taps and scrolls at times) with a built-in example.",
        discussion: """
            Rendering is a pure function of the example, the script and the time: the same command gives the same bytes.
              frost record --example content-card --tap More@0.2 --until 1.0 -o card.apng
              frost record --example content-card --tap More@0.2 --tap Less@1.2 --until 2 --fps 30 -o card.gif
              frost record --example scrolling-cards --scroll 300@0.1 --until 0.5 -o scroll/ --height 852 --width 393
            """)

    @Option(help: "The built-in example (see frost render --list).")
    var example: String = "content-card"

    @Option(help: "Tap the button or gesture showing LABEL at T seconds: LABEL@T (repeatable).")
    var tap: [String] = []

    @Option(help: "Scroll the first scroll view to Y points (or X,Y) at T seconds: Y@T (repeatable).")
    var scroll: [String] = []

    @Option(help: "Seconds to record, from 0 (at most 60).")
    var until: Double = 1

    @OptionGroup var recording: RecordingOptions

    /// "LABEL@T" → (LABEL, T): the last '@' splits, so labels may contain '@'.
    static func timed(_ text: String, _ option: String) throws -> (String, Double) {
        guard let at = text.lastIndex(of: "@") else { throw CLIError("--\(option) '\(text)': expected VALUE@SECONDS, e.g. More@0.2") }
        let value = String(text[..<at]), time = String(text[text.index(after: at)...])
        guard let t = Double(time), t.isFinite, t >= 0, t <= TransitionCommand.maxDuration else {
            throw CLIError("--\(option) '\(text)': the time after '@' must be a number of seconds in 0...60")
        }
        return (value, t)
    }

    func run() throws {
        guard let chosen = BuiltInExample(rawValue: example) else {
            throw CLIError("unknown example '\(example)'; built in: \(BuiltInExample.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard until.isFinite, until > 0, until <= TransitionCommand.maxDuration else {
            throw CLIError("--until must be in (0, 60] seconds, got \(until)")
        }
        do {
            let host = try ViewHost(
                chosen.view, size: CGSize(width: recording.width, height: recording.height), scale: CGFloat(recording.scale),
                colorScheme: try recording.scheme)
            for item in tap {
                let (label, t) = try RecordCommand.timed(item, "tap")
                try host.tap(label, at: t)
            }
            for item in scroll {
                let (value, t) = try RecordCommand.timed(item, "scroll")
                let parts = value.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard (1...2).contains(parts.count), parts.allSatisfy({ $0?.isFinite == true }) else {
                    throw CLIError("--scroll '\(item)': expected Y@T or X,Y@T in points and seconds")
                }
                let point = parts.count == 1 ? CGPoint(x: 0, y: parts[0]!) : CGPoint(x: parts[0]!, y: parts[1]!)
                try host.scroll(to: point, at: t)
            }
            try AnimationOutput.record(host, until: until, recording)
        } catch let error as ViewHostError {
            throw CLIError(error.description)
        }
    }
}
