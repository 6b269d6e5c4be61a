import Foundation
import FrostImage

/// Runs the built `frost` binary (the test target depends on it, so SwiftPM builds it first).
struct FrostRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
        var stdoutLines: [Substring] { stdout.split(separator: "\n") }
        /// Killed after the run's timeout.
        var timedOut = false
    }

    /// The `frost` executable beside the test bundle, or `$FROST_BINARY`.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["FROST_BINARY"] { return path }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        #if os(Linux)
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        }
        #else
        dir = Bundle.main.bundleURL.deletingLastPathComponent()
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            dir = bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        // Walk up from the runner (it may live inside an .xctest bundle) to the build folder.
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("frost").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return "frost"
    }()

    /// Runs `frost` (or the copy at `binary`) with `arguments`; with a `timeout` (seconds) a run still going then is
    /// killed and reported as ``Result/timedOut`` (a hang fails its test instead of the suite's
    /// time limit ending everything).
    static func run(
        _ arguments: [String], in directory: String? = nil, timeout: Double? = nil,
        environment: [String: String] = [:], binary: String = FrostRunner.binary
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let killed = KillFlag()
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [process] in
                if process.isRunning { killed.set(); process.terminate() }
            }
        }
        // Read both pipes before waiting, so a chatty child never blocks on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), timedOut: killed.isSet)
    }
}

/// Set by the timeout's timer. `@unchecked Sendable`: `value` is touched under `lock` only.
final class KillFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// A scratch folder with a small test photo in it, removed when the test ends.
final class Scratch {
    let dir: String

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("frost-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func path(_ name: String) -> String { URL(fileURLWithPath: dir).appendingPathComponent(name).path }

    /// Writes a small patterned image (64×48 unless told) and returns its path.
    @discardableResult
    func image(_ name: String, width: Int = 64, height: Int = 48) throws -> String {
        let image = try TestPattern.textEdges.render(width: width, height: height)
        try ImageFile.write(image, to: path(name))
        return path(name)
    }

    func bytes(_ name: String) throws -> [UInt8] { try FileIO.read(path(name)) }

    func write(_ bytes: [UInt8], to name: String) throws {
        FileManager.default.createFile(atPath: path(name), contents: Data(bytes))
    }

    /// Every file name in the folder, so tests can see that nothing partial was left behind.
    var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }
}
