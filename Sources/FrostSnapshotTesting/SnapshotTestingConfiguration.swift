import FrostGeometry
import Foundation

#if canImport(Testing)
import Testing
#endif

// swift-snapshot-testing's configuration: `withSnapshotTesting(record:diffTool:)` for a scope
// (XCTest suites wrap `invokeTest` in it), the `.snapshots(record:diffTool:)` trait for Swift
// Testing suites and tests, the `SNAPSHOT_TESTING_RECORD` environment variable (all, missing,
// failed, never) for a run, Frost's older `FROST_RECORD_SNAPSHOTS=1` (`.all`), and the
// deprecated globals `isRecording` and `diffTool` that older suites still set.

/// Settings for the snapshot assertions run inside `withSnapshotTesting(record:operation:)`.
public struct SnapshotTestingConfiguration: Sendable {
    /// The configuration of the current scope (task-local).
    @TaskLocal public static var current: SnapshotTestingConfiguration?
    public var record: Record?
    /// How a failure message shows the reference and the failed snapshot (nil: ``DiffTool/default``).
    public var diffTool: DiffTool?
    public init(record: Record? = nil, diffTool: DiffTool? = nil) { self.record = record; self.diffTool = diffTool }

    /// The command a failure message offers for comparing the reference with the failed
    /// snapshot, as upstream's `DiffTool`: a closure of the two paths, or a fixed string.
    public struct DiffTool: Sendable, ExpressibleByStringLiteral {
        let tool: @Sendable (String, String) -> String
        public init(_ tool: @escaping @Sendable (_ currentFilePath: String, _ failedFilePath: String) -> String) { self.tool = tool }
        public init(stringLiteral value: String) { tool = { _, _ in value } }
        /// Kaleidoscope's `ksdiff reference failed`.
        public static let ksdiff = DiffTool { "ksdiff \($0) \($1)" }
        /// The two files as file URLs.
        public static let `default` = DiffTool { "@\u{2212}\n\"file://\($0)\"\n@+\n\"file://\($1)\"" }
        public func callAsFunction(currentFilePath: String, failedFilePath: String) -> String { tool(currentFilePath, failedFilePath) }
    }

    /// When reference files are written.
    public struct Record: Equatable, Sendable, CustomStringConvertible {
        enum Storage: String, Sendable { case all, failed, missing, never }
        let storage: Storage
        /// Records every snapshot, failing the test with a message that says it recorded.
        public static let all = Record(storage: .all)
        /// Records the snapshots that do not match (the test still fails).
        public static let failed = Record(storage: .failed)
        /// Records only missing references (the default).
        public static let missing = Record(storage: .missing)
        /// Never writes a reference: a missing one fails.
        public static let never = Record(storage: .never)
        /// From the environment's spelling: all, failed, missing, never.
        public init?(rawValue: String) {
            guard let s = Storage(rawValue: rawValue.lowercased()) else { return nil }
            storage = s
        }
        init(storage: Storage) { self.storage = storage }
        public var description: String { storage.rawValue }
    }

    /// The configuration in force: the innermost `withSnapshotTesting` scope, else the running
    /// Swift Testing test's `.snapshots` trait (the test's own before its suites'), each
    /// setting falling through to the next where it is nil.
    static var effective: SnapshotTestingConfiguration {
        var chain: [SnapshotTestingConfiguration] = []
        if let current { chain.append(current) }
        #if canImport(Testing)
        if let test = Test.current {
            chain += test.traits.reversed().compactMap { ($0 as? _SnapshotsTestTrait)?.configuration }
        }
        #endif
        return SnapshotTestingConfiguration(
            record: chain.lazy.compactMap(\.record).first ?? globalRecord,
            diffTool: chain.lazy.compactMap(\.diffTool).first ?? globalDiffTool.current)
    }

    /// The record mode a run starts with: `SNAPSHOT_TESTING_RECORD`, else `FROST_RECORD_SNAPSHOTS=1`
    /// (all), else `.missing`.
    static var environmentRecord: Record {
        let env = ProcessInfo.processInfo.environment
        if let value = env["SNAPSHOT_TESTING_RECORD"], let record = Record(rawValue: value) { return record }
        if let value = env[snapshotRecordVariable], value == "1" || value.lowercased() == "true" { return .all }
        return .missing
    }
}

extension SnapshotTestingConfiguration.Record: ExpressibleByBooleanLiteral {
    /// Upstream's older spelling: true is `.all`, false `.missing`.
    public init(booleanLiteral value: Bool) { self = value ? .all : .missing }
}

/// Runs `operation` with snapshot assertions recording as `record` says and failures offering
/// `diffTool` (each, when nil, as the enclosing scope says).
public func withSnapshotTesting<R>(
    record: SnapshotTestingConfiguration.Record? = nil, diffTool: SnapshotTestingConfiguration.DiffTool? = nil,
    operation: () throws -> R
) rethrows -> R {
    try SnapshotTestingConfiguration.$current.withValue(scoped(record, diffTool)) { try operation() }
}

/// Runs `operation` with snapshot assertions recording as `record` says and failures offering
/// `diffTool` (each, when nil, as the enclosing scope says).
public func withSnapshotTesting<R>(
    record: SnapshotTestingConfiguration.Record? = nil, diffTool: SnapshotTestingConfiguration.DiffTool? = nil,
    operation: () async throws -> R
) async rethrows -> R {
    try await SnapshotTestingConfiguration.$current.withValue(scoped(record, diffTool)) { try await operation() }
}

private func scoped(_ record: SnapshotTestingConfiguration.Record?, _ diffTool: SnapshotTestingConfiguration.DiffTool?) -> SnapshotTestingConfiguration {
    SnapshotTestingConfiguration(
        record: record ?? SnapshotTestingConfiguration.current?.record,
        diffTool: diffTool ?? SnapshotTestingConfiguration.current?.diffTool)
}

// Process-wide, as the deprecated `isRecording` and `diffTool` are.
let recordingOverride = Locked<Bool?>(nil)
let globalDiffTool = Locked<SnapshotTestingConfiguration.DiffTool?>(nil)

/// The record mode outside any scope or trait: `isRecording` when a suite set it, else the
/// environment's.
var globalRecord: SnapshotTestingConfiguration.Record {
    recordingOverride.current.map { $0 ? .all : .missing } ?? SnapshotTestingConfiguration.environmentRecord
}

/// Upstream's pre-1.17 switch: true records every snapshot. Prefer `withSnapshotTesting(record:)`
/// or the `.snapshots(record:)` trait, which are scoped.
@available(*, deprecated, message: "Use 'withSnapshotTesting(record: .all)' or the '.snapshots(record: .all)' trait")
public var isRecording: Bool {
    get { globalRecord == .all }
    set { recordingOverride.set(newValue) }
}

/// Upstream's pre-1.17 diff command. Prefer `withSnapshotTesting(diffTool:)`.
@available(*, deprecated, message: "Use 'withSnapshotTesting(diffTool:)' or the '.snapshots(diffTool:)' trait")
public var diffTool: SnapshotTestingConfiguration.DiffTool? {
    get { globalDiffTool.current }
    set { globalDiffTool.set(newValue) }
}

#if canImport(Testing)
extension Trait where Self == _SnapshotsTestTrait {
    /// Records and reports the snapshots of a suite or test as `record` and `diffTool` say
    /// (`@Suite(.snapshots(record: .failed))`); a test's trait wins over its suite's, and a
    /// `withSnapshotTesting` scope inside the test wins over both.
    public static func snapshots(
        record: SnapshotTestingConfiguration.Record? = nil,
        diffTool: SnapshotTestingConfiguration.DiffTool? = nil
    ) -> Self {
        _SnapshotsTestTrait(configuration: SnapshotTestingConfiguration(record: record, diffTool: diffTool))
    }
    /// A suite's or test's snapshot configuration.
    public static func snapshots(_ configuration: SnapshotTestingConfiguration) -> Self {
        _SnapshotsTestTrait(configuration: configuration)
    }
}

/// The `.snapshots(…)` trait: read from the running test when an assertion runs.
public struct _SnapshotsTestTrait: SuiteTrait, TestTrait {
    public var isRecursive: Bool { true }
    let configuration: SnapshotTestingConfiguration
}
#endif
