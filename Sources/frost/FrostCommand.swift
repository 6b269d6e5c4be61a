import ArgumentParser
import Logging
import Foundation
import FrostImage
import FrostGeometry

@main
struct FrostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frost",
        abstract: "Blur, materials and motion without CoreImage, UIKit or SwiftUI.",
        discussion: "Start with `frost demo`, which needs no files of yours.",
        version: "0.1.0",
        subcommands: [
            BlurCommand.self, MaterialCommand.self, MaterialsSheetCommand.self, EffectsCommand.self,
            LegibilityCommand.self, CurveCommand.self, RenderCommand.self, TransitionCommand.self, RecordCommand.self, BridgeCommand.self,
            InteractiveCommand.self, PreviewCommand.self, BenchCommand.self, DemoCommand.self,
        ])

    /// Every failure ends as one line on stderr and a non-zero exit code.
    static func main() {
        // Over `ulimit -f`, a write fails with EFBIG (reported, temporary file removed) instead
        // of the process dying from SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        // The library's diagnostics (a blur bridge held too long) as the tool's own warnings.
        LoggingSystem.bootstrap { _ in CLIWarnings() }
        do {
            var command = try parseAsRoot(CurveCommand.joiningRetargets(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch let error as ImageError {
            CLI.fail(error.description)
        } catch let error as GeometryError {
            CLI.fail(error.description)
        } catch let error as CLIError {
            CLI.fail(error.message, code: error.code)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)  // the failure was already reported
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }  // --help, --version
            let text = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            CLI.fail(text + " (see `frost help`)", code: code.rawValue)
        }
    }
}

/// A failure the command reports itself, already worded for a person.
struct CLIError: Error {
    var message: String
    var code: Int32 = 1
    init(_ message: String, code: Int32 = 1) { self.message = message; self.code = code }
}

enum CLI {
    static func fail(_ message: String, code: Int32 = 1) -> Never {
        FileHandle.standardError.write(Data("frost: error: \(message.escapingControlCharacters)\n".utf8))
        exit(code)
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("frost: error: \(message.escapingControlCharacters)\n".utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    static var stderrIsTerminal: Bool { isatty(2) != 0 }

    /// Parses `WxH` (e.g. `640x480`).
    static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        return (w, h)
    }

    /// Milliseconds since `start`.
    static func ms(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }

    /// The median wall time of `runs` calls of `body`, in milliseconds.
    static func medianMs(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let t0 = DispatchTime.now()
            try body()
            times.append(ms(since: t0))
        }
        return times.sorted()[times.count / 2]
    }
}

/// swift-log's warnings and errors as `frost: warning: …` lines on stderr (lower levels dropped).
struct CLIWarnings: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .warning
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        guard event.level >= logLevel else { return }
        FileHandle.standardError.write(Data("frost: \(event.level == .warning ? "warning" : "error"): \(event.message)\n".utf8))
    }
}
