import ArgumentParser
import Foundation
import FrostUI
import FrostMotion
import FrostExamples

/// `frost transition`: a transition rendered on a built-in example or a card, to a file.
struct TransitionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transition",
        abstract: "Render a SwiftUI transition (FrostUI) on a built-in example or a card to APNG, GIF, a filmstrip or PNGs.",
        discussion: """
            The view is inserted at t = 0 (--insert), removed at t = 0 (--remove), or inserted and then removed \
            once the insertion has settled (--both). Recording ends when the animation has settled.
              frost transition --transition '.move(edge: .leading).combined(with: .opacity)' -o move.apng
              frost transition --example content-card --transition .blurReplace --animation '.smooth(duration: 0.4)' --both -o card.gif
              frost transition --transition .scale --fps 10 -o strip.png
            Transitions: \(AnyTransition.parsableForms.joined(separator: ", ")).
            """)

    @Option(help: "A built-in example to insert or remove (see frost render --list); default: a card.")
    var example: String?

    @Option(help: "The transition, as in SwiftUI source (default: .opacity).")
    var transition: String = ".opacity"

    @Option(help: "The animation, as in SwiftUI source (default: .default, a spring of response 0.5 s).")
    var animation: String = ".default"

    @Flag(help: "Insert, remove, or insert then remove.")
    var direction: Direction = .insert

    enum Direction: String, EnumerableFlag { case insert, remove, both }

    @OptionGroup var recording: RecordingOptions

    /// The longest recording, seconds.
    static let maxDuration = 60.0

    func run() throws {
        let parsed: AnyTransition
        do { parsed = try AnyTransition.parse(transition) } catch { throw CLIError(error.description) }
        let chosenAnimation: Animation
        do { chosenAnimation = try Animation.parse(animation) } catch { throw CLIError("\(error)") }
        var content: AnyView? = nil
        if let example {
            guard let chosen = BuiltInExample(rawValue: example) else {
                throw CLIError("unknown example '\(example)'; built in: \(BuiltInExample.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            content = chosen.view
        }
        // How long one change takes to settle (repeatForever: not allowed, it never ends).
        guard let settle = chosenAnimation.duration else { throw CLIError("--animation repeats forever; a recording needs an end") }
        let span = max(settle, 1 / recording.fps)
        let end = direction == .both ? 2 * span + 0.1 : span
        guard end <= TransitionCommand.maxDuration else {
            throw CLIError(String(format: "the animation takes %.1f s, over the limit of %.0f s", end, TransitionCommand.maxDuration))
        }
        let stage = TransitionStage(content: content, transition: parsed, shown: direction == .remove)
        do {
            let host = try ViewHost(
                stage, size: CGSize(width: recording.width, height: recording.height), scale: CGFloat(recording.scale),
                colorScheme: try recording.scheme)
            let t = Transaction(animation: chosenAnimation)
            try host.perform(at: 0, t) { stage.toggle() }
            if direction == .both { try host.perform(at: span + 0.1, t) { stage.toggle() } }
            try AnimationOutput.record(host, until: end, recording)
        } catch let error as ViewHostError {
            throw CLIError(error.description)
        }
    }
}
