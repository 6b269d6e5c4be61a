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
    /// Seconds one preview may take (listing the previews counts as one): past it the preview
    /// program is stopped with its process group, the preview reported, and the rest go on.
    var previewSeconds = 60.0
    /// Resident bytes the preview program may use; past it, as past ``previewSeconds``.
    var memoryBytes = 4 << 30
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
        lastBuildSeconds = 0
        let lock = PreviewLock(cache.appendingPathComponent(".lock"))
        defer { lock.release() }
        do {
            // 1. Read and rewrite each input. One that cannot be read (not UTF-8, a #Preview
            //    that cannot be parsed) is reported by name and left out; the others go on.
            var sources: [(index: Int, source: PreviewSource)] = []
            var problems: [String] = []
            for (i, url) in inputs.enumerated() {
                do {
                    sources.append((i, try PreviewSource(path: url.path, text: try PreviewSession.readText(url), prefix: "f\(i)")))
                } catch let error as PreviewSource.Problem {
                    problems.append(error.description)
                } catch let error as CLIError {
                    problems.append(error.message)
                }
            }
            let count = sources.reduce(0) { $0 + $1.source.declarations.count }
            guard count > 0 else {
                if !problems.isEmpty { throw CLIError(problems.joined(separator: "\n")) }
                throw CLIError("no previews in \(inputs.map(\.lastPathComponent).joined(separator: ", ")): add a #Preview { … } block or a PreviewProvider")
            }
            // 2. Build. A file with compile errors is left out and the rest built again, so one
            //    broken file does not stop the others' previews (its errors are printed).
            var build = try buildPackage(sources)
            var brokenOutput: [String] = []
            while build.status != 0 {
                let log = PreviewSession.diagnostics(build.output)
                let broken = Set(copies.compactMap { copy, _ in log.contains(copy + ":") && PreviewSession.hasError(log, in: copy) ? copy : nil })
                let keep = sources.filter { !broken.contains(copyPath(for: $0)) }
                guard !broken.isEmpty, !keep.isEmpty, keep.count < sources.count else { break }
                brokenOutput.append(userPaths(log))
                problems.append(
                    contentsOf: sources.filter { broken.contains(copyPath(for: $0)) }.map {
                        "\(inputs[$0.index].path): did not compile (errors above); its previews are left out"
                    })
                sources = keep
                build = try buildPackage(sources)
            }
            outcome.buildSeconds = lastBuildSeconds
            guard build.status == 0 else {
                outcome.compilerOutput = (brokenOutput + [userPaths(PreviewSession.diagnostics(build.output))]).joined(separator: "\n")
                FileHandle.standardError.write(Data((outcome.compilerOutput + "\n").utf8))
                for p in problems { CLI.note("frost preview: \(p)") }
                CLI.warn("the previews did not compile (errors above, \(String(format: "%.1f", outcome.buildSeconds)) s)")
                writePage(outcome)
                lastOutcome = outcome
                return outcome
            }
            if !brokenOutput.isEmpty || !problems.isEmpty {
                outcome.compilerOutput = (brokenOutput + problems).joined(separator: "\n")
                FileHandle.standardError.write(Data((outcome.compilerOutput + "\n").utf8))
            }
            outcome.compiled = true
            // 4. Render, going on past a preview that crashes or hangs.
            let renderStart = DispatchTime.now()
            outcome.results = try render().map {
                var r = $0; r.error = r.error.map(userPaths); return r
            }
            outcome.renderSeconds = CLI.ms(since: renderStart) / 1000
            outcome.ok = outcome.results.allSatisfy { $0.error == nil } && problems.isEmpty
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

    /// The package's copy of an input.
    private func copyPath(for entry: (index: Int, source: PreviewSource)) -> String {
        sourcesDirectory.appendingPathComponent(String(format: "%02d-", entry.index) + URL(fileURLWithPath: entry.source.path).lastPathComponent).path
    }

    /// Writes the package (manifest, the rewritten `sources`, main, asset symbols; anything
    /// else removed) and builds it, from clean when the cache predates this Frost.
    private func buildPackage(_ sources: [(index: Int, source: PreviewSource)]) throws -> PreviewProcess.Result {
        try PreviewPackage.writeIfChanged(PreviewPackage.manifest(frostRoot: frostRoot), to: cache.appendingPathComponent("Package.swift"))
        var keep: Set<String> = ["main.swift", "GeneratedAssetSymbols.swift"]
        copies = [:]
        for entry in sources {
            let copy = copyPath(for: entry)
            keep.insert(URL(fileURLWithPath: copy).lastPathComponent)
            copies[copy] = entry.source.path
            try PreviewPackage.writeIfChanged(entry.source.rewritten, to: URL(fileURLWithPath: copy))
        }
        try PreviewPackage.writeIfChanged(PreviewPackage.main(sources.map(\.source)), to: sourcesDirectory.appendingPathComponent("main.swift"))
        try PreviewPackage.writeIfChanged(
            PreviewAssets.symbolsFile(assetCatalogs), to: sourcesDirectory.appendingPathComponent("GeneratedAssetSymbols.swift"))
        for stale in (try? FileManager.default.contentsOfDirectory(atPath: sourcesDirectory.path)) ?? [] where !keep.contains(stale) {
            try? FileManager.default.removeItem(at: sourcesDirectory.appendingPathComponent(stale))
        }
        let first = !FileManager.default.fileExists(atPath: cache.appendingPathComponent(".build/release/FrostPreviews").path)
        if first {
            CLI.note("frost preview: building the preview package in \(cache.path) (the first build compiles Frost, optimised: a minute or two)")
        }
        let buildStart = DispatchTime.now()
        defer { lastBuildSeconds += CLI.ms(since: buildStart) / 1000 }
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
        return build
    }

    /// Seconds spent building in this update.
    private var lastBuildSeconds = 0.0

    /// Whether the compiler reported an error (not only warnings or notes) in `file`.
    static func hasError(_ log: String, in file: String) -> Bool {
        log.split(separator: "\n").contains { $0.hasPrefix(file + ":") && $0.contains(": error:") }
    }

    /// A file's text; a clear error when it is not UTF-8 (naming the line of the first bad byte).
    static func readText(_ url: URL) throws -> String {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw CLIError("cannot read \(url.path): \(error.localizedDescription)") }
        if let text = String(data: data, encoding: .utf8) { return text }
        var parser = Unicode.UTF8.ForwardParser(), bytes = data.makeIterator(), offset = 0
        parseLoop: while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .error: break parseLoop
            case .emptyInput: break parseLoop
            }
        }
        let line = data.prefix(offset).reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
        let byte = offset < data.count ? String(format: "0x%02X", data[data.startIndex + offset]) : "the end"
        throw CLIError("\(url.path):\(line): not UTF-8 text (byte \(byte) at offset \(offset)); save the file as UTF-8")
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
                previewSeconds: previewSeconds, memoryBytes: memoryBytes, environment: ["FROST_ASSETS": assetCatalogs.map(\.path).joined(separator: ":")])
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

/// One run of the preview program: its events (one JSON object per line of the file it
/// reports to), how it ended, and the end of its error output. Standard output is the views'
/// own printing, read and dropped. The run is stopped, with its whole process group, when a
/// preview takes longer than `previewSeconds` (no event for that long: a body that loops, even
/// while printing) or the program's resident memory passes `memoryBytes`.
struct PreviewRun {
    var events: [[String: Any]] = []
    var ending = ""
    var errorOutput = ""

    init(binary: URL, arguments: [String], previewSeconds: Double, memoryBytes: Int, environment: [String: String] = [:]) throws {
        let eventsFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "frost-preview-events-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl")
        defer { try? FileManager.default.removeItem(at: eventsFile) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments + ["--events", eventsFile.path]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        // What the views print is drained (a full pipe would block them) and only the end of
        // the error output kept, for the crash message.
        let errors = LockedBuffer(keepingLast: 64 << 10)
        out.fileHandleForReading.readabilityHandler = { h in _ = h.availableData }
        err.fileHandleForReading.readabilityHandler = { h in errors.append(h.availableData) }
        do { try process.run() } catch { throw CLIError("could not start the preview program: \(error.localizedDescription)") }
        let pid = process.processIdentifier
        PreviewChildren.started(pid)
        defer { PreviewChildren.ended(pid) }
        var lastSize: UInt64 = 0, lastEvent = DispatchTime.now()
        var stopped: String?
        while process.isRunning {
            Thread.sleep(forTimeInterval: 0.02)
            let size = (try? FileManager.default.attributesOfItem(atPath: eventsFile.path)[.size] as? UInt64) ?? 0
            if size != lastSize { lastSize = size; lastEvent = DispatchTime.now() }
            if CLI.ms(since: lastEvent) > previewSeconds * 1000 {
                stopped = "stopped after \(PreviewRun.seconds(previewSeconds)) without finishing (does the view loop forever? --preview-seconds sets the limit)"
            } else if let rss = PreviewRun.residentBytes(pid), rss > memoryBytes {
                stopped = "stopped at \(rss >> 20) MB of memory, over the \(memoryBytes >> 20) MB limit (--memory-mb sets it)"
            }
            if stopped != nil {
                PreviewChildren.kill(pid)
                break
            }
        }
        process.waitUntilExit()
        out.fileHandleForReading.readabilityHandler = nil
        err.fileHandleForReading.readabilityHandler = nil
        errors.append(err.fileHandleForReading.availableDataOrEmpty)
        errorOutput = String(decoding: errors.data, as: UTF8.self)
        let log = (try? Data(contentsOf: eventsFile)) ?? Data()
        for line in String(decoding: log, as: UTF8.self).split(separator: "\n") {
            if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] { events.append(object) }
        }
        if let stopped {
            ending = stopped
        } else if process.terminationReason == .uncaughtSignal {
            let last = errorOutput.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("error:") }
            ending = "crashed (signal \(process.terminationStatus))" + (last.map { ": \($0.trimmingCharacters(in: .whitespaces))" } ?? "")
        } else {
            ending = "exited with status \(process.terminationStatus)"
        }
    }

    static func seconds(_ s: Double) -> String { s == s.rounded() ? "\(Int(s)) s" : "\(s) s" }

    /// A process's resident memory, from /proc (nil where there is none).
    static func residentBytes(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
    }
}

extension FileHandle {
    /// What is left to read without blocking past the writer's end.
    var availableDataOrEmpty: Data { (try? readToEnd()) ?? Data() }
}

/// Output gathered from a child's pipe on another thread, at most the last `keepingLast` bytes.
struct LockedBuffer: Sendable {
    private let storage = Locked(Data())
    var keepingLast = Int.max
    init(keepingLast: Int = .max) { self.keepingLast = keepingLast }
    func append(_ d: Data) {
        storage.withLock {
            $0.append(d)
            if $0.count > keepingLast { $0 = $0.suffix(keepingLast) }
        }
    }
    var data: Data { storage.current }
    var count: Int { storage.withLock { $0.count } }
}
