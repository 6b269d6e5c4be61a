import FrostGeometry
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One `frost preview` run: rewrite the inputs into the cached preview package, build it,
/// run its previews (restarting past any that crash or hang), and write the PNGs and
/// `index.html`. In watch mode the same, again, on every change.
final class PreviewSession {
    /// What one preview came to.
    struct Result {
        var index: Int
        var name: String
        var source: String
        var file: String?
        var scheme = "light"
        var width = 0, height = 0, ms = 0
        var error: String?
    }

    /// One update: whether everything compiled and rendered, and the timings.
    struct Outcome {
        var ok: Bool
        var compiled: Bool
        var results: [Result] = []
        var buildSeconds = 0.0, renderSeconds = 0.0
        var compilerOutput = ""
    }

    let inputs: [URL]
    let outDirectory: URL
    let frostRoot: URL
    let cache: URL
    let hostArguments: [String]
    /// The asset catalogues the previews read (`FROST_ASSETS` for the preview program).
    var assetCatalogs: [URL] = []
    /// No output from the preview program for this long means a preview hangs: it is stopped,
    /// reported, and the rest go on.
    var stallSeconds = 60.0
    private(set) var version = 0
    private var lastOutcome: Outcome?

    init(inputs: [URL], outDirectory: URL, frostRoot: URL, hostArguments: [String]) throws {
        self.inputs = inputs
        self.outDirectory = outDirectory.standardizedFileURL
        self.frostRoot = frostRoot
        self.cache = PreviewPackage.cacheDirectory(frostRoot: frostRoot)
        self.hostArguments = hostArguments
    }

    var sourcesDirectory: URL { cache.appendingPathComponent("Sources/FrostPreviews", isDirectory: true) }

    /// The package's copy of each input → the input (messages name the user's files).
    private var copies: [String: String] = [:]

    /// `text` with the copies' paths (and the names crash reports give them) replaced by the
    /// user's paths.
    func userPaths(_ text: String) -> String {
        var out = text
        for (copy, original) in copies.sorted(by: { $0.key.count > $1.key.count }) {
            out = out.replacingOccurrences(of: copy, with: original)
            out = out.replacingOccurrences(of: "FrostPreviews/" + URL(fileURLWithPath: copy).lastPathComponent, with: original)
        }
        return out
    }

    /// Rewrites, builds, renders and writes the page; reports on stderr as it goes.
    @discardableResult
    func update() -> Outcome {
        var outcome = Outcome(ok: false, compiled: false)
        let lock = PreviewLock(cache.appendingPathComponent(".lock"))
        defer { lock.release() }
        do {
            // 1. Rewrite the inputs (a #Preview that cannot be read is a compile error of its own).
            var sources: [PreviewSource] = []
            for (i, url) in inputs.enumerated() {
                let text: String
                do { text = try String(contentsOf: url, encoding: .utf8) } catch {
                    throw CLIError("cannot read \(url.path): \(error.localizedDescription)")
                }
                sources.append(try PreviewSource(path: url.path, text: text, prefix: "f\(i)"))
            }
            let count = sources.reduce(0) { $0 + $1.declarations.count }
            guard count > 0 else {
                throw CLIError("no previews in \(inputs.map(\.lastPathComponent).joined(separator: ", ")): add a #Preview { … } block or a PreviewProvider")
            }
            // 2. The package: manifest, rewritten files (named by position and file name), main.
            try PreviewPackage.writeIfChanged(PreviewPackage.manifest(frostRoot: frostRoot), to: cache.appendingPathComponent("Package.swift"))
            var keep: Set<String> = ["main.swift"]
            copies = [:]
            for (i, s) in sources.enumerated() {
                let name = String(format: "%02d-", i) + URL(fileURLWithPath: s.path).lastPathComponent
                keep.insert(name)
                copies[sourcesDirectory.appendingPathComponent(name).path] = s.path
                try PreviewPackage.writeIfChanged(s.rewritten, to: sourcesDirectory.appendingPathComponent(name))
            }
            try PreviewPackage.writeIfChanged(PreviewPackage.main(sources), to: sourcesDirectory.appendingPathComponent("main.swift"))
            keep.insert("GeneratedAssetSymbols.swift")
            try PreviewPackage.writeIfChanged(
                PreviewAssets.symbolsFile(assetCatalogs), to: sourcesDirectory.appendingPathComponent("GeneratedAssetSymbols.swift"))
            for stale in (try? FileManager.default.contentsOfDirectory(atPath: sourcesDirectory.path)) ?? [] where !keep.contains(stale) {
                try? FileManager.default.removeItem(at: sourcesDirectory.appendingPathComponent(stale))
            }
            // 3. Build.
            let first = !FileManager.default.fileExists(atPath: cache.appendingPathComponent(".build/release/FrostPreviews").path)
            if first {
                CLI.note("frost preview: building the preview package in \(cache.path) (the first build compiles Frost, optimised: a minute or two)")
            }
            let buildStart = DispatchTime.now()
            var build = try PreviewProcess.run(["swift", "build", "-c", "release", "--package-path", cache.path, "--product", "FrostPreviews"])
            if build.status != 0, build.output.contains("error: missing required module") {
                // A package compiled after Frost's `UIKit`/`SwiftUI` modules took their
                // `#if canImport(UIKit)` branch (see Package.swift's UIKit target): a stale build
                // folder from an older Frost. A clean build orders it right; sources stay cached.
                CLI.note("frost preview: the cached build predates this Frost; rebuilding it from clean")
                let release = cache.appendingPathComponent(".build/release")
                try? FileManager.default.removeItem(at: release.resolvingSymlinksInPath())
                try? FileManager.default.removeItem(at: release)
                build = try PreviewProcess.run(["swift", "build", "-c", "release", "--package-path", cache.path, "--product", "FrostPreviews"])
            }
            outcome.buildSeconds = CLI.ms(since: buildStart) / 1000
            guard build.status == 0 else {
                outcome.compilerOutput = userPaths(PreviewSession.diagnostics(build.output))
                FileHandle.standardError.write(Data((outcome.compilerOutput + "\n").utf8))
                CLI.warn("the previews did not compile (errors above, \(String(format: "%.1f", outcome.buildSeconds)) s)")
                writePage(outcome)
                lastOutcome = outcome
                return outcome
            }
            outcome.compiled = true
            // 4. Render, going on past a preview that crashes or hangs.
            let renderStart = DispatchTime.now()
            outcome.results = try render().map {
                var r = $0; r.error = r.error.map(userPaths); return r
            }
            outcome.renderSeconds = CLI.ms(since: renderStart) / 1000
            outcome.ok = outcome.results.allSatisfy { $0.error == nil }
            removeStaleImages(keeping: Set(outcome.results.compactMap(\.file)))
            writePage(outcome)
            report(outcome)
        } catch let error as PreviewSource.Problem {
            outcome.compilerOutput = error.description
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            writePage(outcome)
        } catch let error as CLIError {
            outcome.compilerOutput = error.message
            CLI.warn(error.message)
            writePage(outcome)
        } catch {
            outcome.compilerOutput = "\(error)"
            CLI.warn("\(error)")
            writePage(outcome)
        }
        lastOutcome = outcome
        return outcome
    }

    /// The compiler's messages from a build log, as printed: the package manager's progress
    /// and its notes about dependencies' files (a `warning: '<package>': …` line and the
    /// paths under it) dropped.
    static func diagnostics(_ log: String) -> String {
        let noise = [
            "Building for", "Build complete", "Compiling", "Write ", "Emitting", "Fetching", "Fetched", "Computing", "Computed",
            "Creating working copy", "Working copy", "Resolving", "Resolved", "Planning build", "Linking", "Applying",
            "Updating", "Updated", "Cloning", "Cloned",
        ]
        var out: [Substring] = [], inDependencyNote = false
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("warning: '") { inDependencyNote = true; continue }
            if inDependencyNote, line.hasPrefix("    ") { continue }
            inDependencyNote = false
            if t.hasPrefix("[") && t.contains("/") && t.contains("]") && t.split(separator: "]").first?.allSatisfy({ "[0123456789/".contains($0) }) == true {
                continue
            }
            if noise.contains(where: { t.hasPrefix($0) }) { continue }
            out.append(line)
        }
        return out.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs the preview program until every preview is reported, restarting past the one
    /// that was being listed or rendered when it died or stalled.
    func render() throws -> [Result] {
        try FileManager.default.createDirectory(at: outDirectory, withIntermediateDirectories: true)
        let binary = cache.appendingPathComponent(".build/release/FrostPreviews")
        var results: [Int: Result] = [:]  // by job
        var broken: [Int: Result] = [:]  // entries whose previews could not even be listed
        var total = Int.max, skip = 0
        while skip < total {
            let exclude = broken.keys.sorted().map(String.init).joined(separator: ",")
            let run = try PreviewRun(
                binary: binary, arguments: ["--out", outDirectory.path, "--skip", String(skip), "--exclude", exclude] + hostArguments,
                stallSeconds: stallSeconds, environment: ["FROST_ASSETS": assetCatalogs.map(\.path).joined(separator: ":")])
            var listing: (Int, String, String)?, current: (Int, String, String)?, listed = false
            for event in run.events {
                if let k = event["listing"] as? Int { listing = (k, event["name"] as? String ?? "", event["source"] as? String ?? "") }
                if let n = event["jobs"] as? Int { total = n; listed = true }
                if let i = event["start"] as? Int { current = (i, event["name"] as? String ?? "", event["source"] as? String ?? "") }
                if let i = event["done"] as? Int {
                    results[i] = Result(
                        index: i, name: event["name"] as? String ?? "", source: event["source"] as? String ?? "",
                        file: event["file"] as? String, scheme: event["scheme"] as? String ?? "light",
                        width: event["width"] as? Int ?? 0, height: event["height"] as? Int ?? 0, ms: event["ms"] as? Int ?? 0)
                    current = nil
                }
                if let i = event["failed"] as? Int {
                    results[i] = Result(
                        index: i, name: event["name"] as? String ?? "", source: event["source"] as? String ?? "",
                        error: event["message"] as? String ?? "failed")
                    current = nil
                }
            }
            if !listed {
                // It died building an entry's previews: that entry is reported and left out.
                guard let (k, name, source) = listing, broken[k] == nil else {
                    throw CLIError("the preview program stopped before listing its previews (\(run.ending)): \(run.errorOutput.prefix(300))")
                }
                broken[k] = Result(index: -1, name: name, source: source, error: run.ending)
                results = [:]
                total = Int.max
                skip = 0
                continue
            }
            if let (i, name, source) = current {
                results[i] = Result(index: i, name: name, source: source, error: run.ending)
                skip = i + 1
            } else {
                skip = total
            }
        }
        return broken.keys.sorted().map { broken[$0]! } + results.keys.sorted().map { results[$0]! }
    }

    private func removeStaleImages(keeping: Set<String>) {
        let manifest = outDirectory.appendingPathComponent(".frost-previews")
        let previous = (try? String(contentsOf: manifest, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        for file in previous where !keeping.contains(file) && file.hasSuffix(".png") && !file.contains("/") {
            try? FileManager.default.removeItem(at: outDirectory.appendingPathComponent(file))
        }
        try? Data(keeping.sorted().joined(separator: "\n").utf8).write(to: manifest, options: .atomic)
    }

    /// The result on standard output (one line per preview, then the summary); failures
    /// also on standard error, where a terminal shows them beside the compiler's.
    private func report(_ outcome: Outcome) {
        var out = ""
        let rendered = outcome.results.filter { $0.error == nil }.count
        for r in outcome.results {
            if let e = r.error {
                out += "  ✗ \(r.name) (\(r.source)): \(e)\n"
                CLI.note("frost preview: \(r.name) (\(r.source)) failed: \(e)")
            } else {
                out += "  \(r.file ?? "") \(r.width)×\(r.height) px, \(r.ms) ms\n"
            }
        }
        let failed = outcome.results.count - rendered
        out += String(
            format: "frost preview: built in %.1f s, rendered %d preview%@ in %.1f s%@ → %@\n",
            outcome.buildSeconds, rendered, rendered == 1 ? "" : "s", outcome.renderSeconds,
            failed > 0 ? " (\(failed) failed)" : "", outDirectory.appendingPathComponent("index.html").path)
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    // MARK: The page

    private func writePage(_ outcome: Outcome) {
        version += 1
        try? FileManager.default.createDirectory(at: outDirectory, withIntermediateDirectories: true)
        try? PreviewPage.html(outcome: outcome, inputs: inputs, version: version, live: serving)
            .write(to: outDirectory.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
    }

    private var serving = false

    // MARK: Watching

    /// Serves the page on 127.0.0.1:`port` and re-renders whenever an input's contents change;
    /// runs until interrupted.
    func watch(port: Int) throws {
        serving = true
        let server = try PreviewServer(directory: outDirectory, port: port) { [weak self] in self?.version ?? 0 }
        writePage(lastOutcome ?? Outcome(ok: false, compiled: false))
        CLI.note("frost preview: watching \(inputs.count) file\(inputs.count == 1 ? "" : "s"); open http://127.0.0.1:\(server.port)/ (Ctrl-C stops)")
        // The files' bytes (a change of contents, not of times, triggers an update).
        func contents() -> [Data] { inputs.map { (try? Data(contentsOf: $0)) ?? Data() } }
        var stamp = contents()
        withExtendedLifetime(server) {
            while true {
                Thread.sleep(forTimeInterval: 0.2)
                let now = contents()
                guard now != stamp else { continue }
                let changed = inputs.indices.filter { now[$0] != stamp[$0] }.map { inputs[$0].lastPathComponent }
                stamp = now
                CLI.note("frost preview: \(changed.joined(separator: ", ")) changed")
                update()
            }
        }
    }
}

/// An exclusive lock on a file in the cache, so two `frost preview`s never build the same
/// package at once (the second waits).
struct PreviewLock {
    let fd: Int32
    init(_ url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        fd = open(url.path, O_CREAT | O_RDWR, 0o644)
        if fd >= 0 { _ = flock(fd, LOCK_EX) }
    }
    func release() { if fd >= 0 { _ = flock(fd, LOCK_UN); close(fd) } }
}

/// One run of the preview program: its events (one JSON object per line of its output), how
/// it ended, and its error output. A run that prints nothing for `stallSeconds` is stopped.
struct PreviewRun {
    var events: [[String: Any]] = []
    var ending = ""
    var errorOutput = ""

    init(binary: URL, arguments: [String], stallSeconds: Double, environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let buffer = LockedBuffer(), errors = LockedBuffer()
        out.fileHandleForReading.readabilityHandler = { h in buffer.append(h.availableData) }
        err.fileHandleForReading.readabilityHandler = { h in errors.append(h.availableData) }
        do { try process.run() } catch { throw CLIError("could not start the preview program: \(error.localizedDescription)") }
        var lastSize = 0, lastChange = DispatchTime.now()
        var stalled = false
        while process.isRunning {
            Thread.sleep(forTimeInterval: 0.02)
            let size = buffer.count
            if size != lastSize { lastSize = size; lastChange = DispatchTime.now() }
            if CLI.ms(since: lastChange) > stallSeconds * 1000 {
                stalled = true
                process.terminate()
                Thread.sleep(forTimeInterval: 0.5)
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                break
            }
        }
        process.waitUntilExit()
        out.fileHandleForReading.readabilityHandler = nil
        err.fileHandleForReading.readabilityHandler = nil
        buffer.append(out.fileHandleForReading.readDataToEndOfFile())
        errors.append(err.fileHandleForReading.readDataToEndOfFile())
        errorOutput = String(decoding: errors.data, as: UTF8.self)
        for line in String(decoding: buffer.data, as: UTF8.self).split(separator: "\n") {
            if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] { events.append(object) }
        }
        if stalled {
            ending = "stopped after \(Int(stallSeconds)) s without finishing (does the view loop forever?)"
        } else if process.terminationReason == .uncaughtSignal {
            let last = errorOutput.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("error:") }
            ending = "crashed (signal \(process.terminationStatus))" + (last.map { ": \($0.trimmingCharacters(in: .whitespaces))" } ?? "")
        } else {
            ending = "exited with status \(process.terminationStatus)"
        }
    }
}

/// Output gathered from a child's pipe on another thread.
struct LockedBuffer: Sendable {
    private let storage = Locked(Data())
    func append(_ d: Data) { storage.withLock { $0.append(d) } }
    var data: Data { storage.current }
    var count: Int { storage.withLock { $0.count } }
}
