import Foundation

// swift-snapshot-testing's recording configuration: `withSnapshotTesting(record:)` for a scope,
// the `SNAPSHOT_TESTING_RECORD` environment variable (all, missing, failed, never) for a run,
// and Frost's older `FROST_RECORD_SNAPSHOTS=1`, which means `.all`.

/// Settings for the snapshot assertions run inside `withSnapshotTesting(record:operation:)`.
public struct SnapshotTestingConfiguration: Sendable {
    /// The configuration of the current scope (task-local).
    @TaskLocal public static var current: SnapshotTestingConfiguration?
    public var record: Record?
    public init(record: Record? = nil) { self.record = record }

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

    /// The record mode a run starts with: `SNAPSHOT_TESTING_RECORD`, else `FROST_RECORD_SNAPSHOTS=1`
    /// (all), else `.missing`.
    static var environmentRecord: Record {
        let env = ProcessInfo.processInfo.environment
        if let value = env["SNAPSHOT_TESTING_RECORD"], let record = Record(rawValue: value) { return record }
        if let value = env[snapshotRecordVariable], value == "1" || value.lowercased() == "true" { return .all }
        return .missing
    }
}

/// Runs `operation` with snapshot assertions recording as `record` says.
public func withSnapshotTesting<R>(record: SnapshotTestingConfiguration.Record? = nil, operation: () throws -> R) rethrows -> R {
    try SnapshotTestingConfiguration.$current.withValue(SnapshotTestingConfiguration(record: record ?? SnapshotTestingConfiguration.current?.record)) {
        try operation()
    }
}

/// Runs `operation` with snapshot assertions recording as `record` says.
public func withSnapshotTesting<R>(record: SnapshotTestingConfiguration.Record? = nil, operation: () async throws -> R) async rethrows -> R {
    try await SnapshotTestingConfiguration.$current.withValue(SnapshotTestingConfiguration(record: record ?? SnapshotTestingConfiguration.current?.record)) {
        try await operation()
    }
}
