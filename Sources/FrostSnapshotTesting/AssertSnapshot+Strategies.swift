import FrostGeometry
import Foundation
#if canImport(Testing)
import Testing
#endif

// swift-snapshot-testing's assertions (1.17+): `assertSnapshot(of:as:named:record:timeout:fileID:
// file:testName:line:column:)`, `assertSnapshots` (array and dictionary forms) and
// `verifySnapshot`, with its file layout — `__Snapshots__/<TestFile>/<testName>.<n>.<ext>`, n
// counting the snapshots of one test, or `<testName>.<name>.<ext>` for `named:` — its record
// modes and messages, and failed snapshots written under `SNAPSHOT_ARTIFACTS` (the temporary
// folder by default) in a folder per test file, so two files' tests never overwrite each
// other's artifacts. Works under XCTest and Swift Testing, parallel runs included.

/// Asserts that `value`, snapshotted by `snapshotting`, matches its reference (recording it
/// when missing, or as `record` / the configuration says). `timeout` (seconds) is upstream's
/// wait for asynchronous snapshots; Frost's strategies render synchronously, so it never
/// comes into play.
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>, named name: String? = nil,
    record recording: Bool? = nil, timeout: TimeInterval = 5,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let failure = verifySnapshot(
        of: try value(), as: snapshotting, named: name, record: recording, timeout: timeout,
        fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    if let failure { reportSnapshotFailure(failure, filePath: filePath, line: line) }
}

/// Asserts `value` against every strategy in `strategies`, each reference named by its key.
public func assertSnapshots<Value, Format>(
    of value: @autoclosure () throws -> Value, as strategies: [String: Snapshotting<Value, Format>], record recording: Bool? = nil,
    timeout: TimeInterval = 5, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    for (name, strategy) in strategies.sorted(by: { $0.key < $1.key }) {
        assertSnapshot(
            of: try value(), as: strategy, named: name, record: recording, timeout: timeout,
            fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    }
}

/// Asserts `value` against every strategy in `strategies`, references numbered in order.
public func assertSnapshots<Value, Format>(
    of value: @autoclosure () throws -> Value, as strategies: [Snapshotting<Value, Format>], record recording: Bool? = nil,
    timeout: TimeInterval = 5, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    for strategy in strategies {
        assertSnapshot(
            of: try value(), as: strategy, record: recording, timeout: timeout,
            fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    }
}

/// ``assertSnapshot(of:as:named:record:timeout:fileID:file:testName:line:column:)`` without the
/// assertion: the failure message, or nil when the snapshot matches. `snapshotDirectory`
/// replaces the `__Snapshots__/<TestFile>` folder.
public func verifySnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>, named name: String? = nil,
    record recording: Bool? = nil, snapshotDirectory: String? = nil, timeout: TimeInterval = 5,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) -> String? {
    let configuration = SnapshotTestingConfiguration.effective
    let record: SnapshotTestingConfiguration.Record = recording.map { $0 ? .all : .missing } ?? configuration.record ?? .missing
    let diffTool = configuration.diffTool ?? .default
    let fileManager = FileManager.default
    let fileURL = URL(fileURLWithPath: "\(filePath)", isDirectory: false)
    let fileName = fileURL.deletingPathExtension().lastPathComponent
    let directory =
        snapshotDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
        ?? fileURL.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(fileName)
    let identifier = name.map(sanitizePathComponent) ?? String(SnapshotCounter.shared.next(directory.path + "/" + testName))
    let test = sanitizePathComponent(testName)
    var reference = directory.appendingPathComponent("\(test).\(identifier)")
    if let ext = snapshotting.pathExtension { reference = reference.appendingPathExtension(ext) }

    let snapshot: Format
    do { snapshot = try snapshotting.snapshot(try value()) } catch { return "Couldn't snapshot value: \(error)" }
    func write() throws {
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        try snapshotting.diffing.toData(snapshot).write(to: reference, options: .atomic)
    }
    do {
        if record == .all {
            try write()
            return """
                Record mode is on. Automatically recorded snapshot: …

                open "\(reference.path)"

                Turn record mode off and re-run "\(testName)" to assert against the newly-recorded snapshot
                """
        }
        guard fileManager.fileExists(atPath: reference.path) else {
            if record == .never { return "No reference was found on disk. New snapshot was not recorded because recording is disabled" }
            try write()
            return """
                No reference was found on disk. Automatically recorded snapshot: …

                open "\(reference.path)"

                Re-run "\(testName)" to assert against the newly-recorded snapshot.
                """
        }
        guard let stored = snapshotting.diffing.fromData(try Data(contentsOf: reference)) else {
            return "The reference \(reference.path) could not be read as this strategy's format: delete it or record again"
        }
        guard let (failure, attachments) = snapshotting.diffing.diff(stored, snapshot) else { return nil }
        // The failed snapshot and the attachments, where CI can pick them up.
        let artifacts = URL(fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent(fileName)
        try fileManager.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let failed = artifacts.appendingPathComponent(reference.lastPathComponent)
        try snapshotting.diffing.toData(snapshot).write(to: failed, options: .atomic)
        var files = [failed.path]
        for a in attachments {
            let url = artifacts.appendingPathComponent("\(test).\(identifier).\(sanitizePathComponent(a.name)).\(a.pathExtension)")
            try a.data.write(to: url, options: .atomic)
            files.append(url.path)
        }
        attachToCurrentTest(files)
        var message = name.map { "Snapshot \"\($0)\" does not match reference." } ?? "Snapshot does not match reference."
        if record == .failed {
            try write()
            message += " A new snapshot was automatically recorded."
        }
        return """
            \(message)

            \(diffTool(currentFilePath: reference.path, failedFilePath: failed.path))

            reference: \(reference.path)
            actual and difference: \(files.joined(separator: ", "))

            \(failure.trimmingCharacters(in: .whitespacesAndNewlines))
            """
    } catch {
        return "\(error)"
    }
}

/// The failure's files as attachments of the running Swift Testing test (saved where
/// `swift test --attachments-path` says), besides the artifact folder. XCTest on Linux has no
/// attachments; its failures name the files instead.
func attachToCurrentTest(_ paths: [String]) {
    #if canImport(Testing)
    guard Test.current != nil else { return }
    for path in paths {
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        Attachment.record(Array(data), named: URL(fileURLWithPath: path).lastPathComponent)
    }
    #endif
}

/// swift-snapshot-testing's path spelling: runs of non-word characters become "-".
func sanitizePathComponent(_ string: String) -> String {
    string.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
        .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
}

/// Numbers the unnamed snapshots of each test (1, 2, …), separately per running test, so
/// parallel Swift Testing tests never share a count.
struct SnapshotCounter: Sendable {
    static let shared = SnapshotCounter()
    private let counts = Locked<[String: Int]>([:])

    func next(_ key: String) -> Int {
        var scope = ""
        #if canImport(Testing)
        if let test = Test.current { scope = "\(test.id)" }
        #endif
        return counts.withLock { counts in
            let k = scope + "|" + key
            counts[k, default: 0] += 1
            return counts[k]!
        }
    }
}

/// Upstream's pre-1.12 spelling of ``assertSnapshot(of:as:named:record:timeout:fileID:file:testName:line:column:)``,
/// still common in older suites.
@available(*, deprecated, renamed: "assertSnapshot(of:as:named:record:timeout:file:testName:line:)")
public func assertSnapshot<Value, Format>(
    matching value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>, named name: String? = nil,
    record recording: Bool = false, timeout: TimeInterval = 5, file filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line
) {
    assertSnapshot(
        of: try value(), as: snapshotting, named: name, record: recording ? true : nil, timeout: timeout,
        file: filePath, testName: testName, line: line)
}
