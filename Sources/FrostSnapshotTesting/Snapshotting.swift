import Foundation

// swift-snapshot-testing's core types (1.17+), so a suite written against it compiles with only
// its import changed: a strategy (`Snapshotting<Value, Format>`) turns a value into a format,
// which a `Diffing<Format>` stores, reads back and compares. Strategies compose by `pullback`.
// Snapshots here are synchronous (FrostUI renders on the calling thread): there is no `Async`.

/// How a value becomes a snapshot of `Format`, and how that format is stored and compared, as
/// swift-snapshot-testing's `Snapshotting`.
public struct Snapshotting<Value, Format> {
    /// The extension of the reference files (`png`, `txt`), nil for none.
    public var pathExtension: String?
    /// How snapshots are stored, read back and compared.
    public var diffing: Diffing<Format>
    /// Takes the snapshot (throws when the value cannot be snapshotted: a view that cannot render).
    public var snapshot: (Value) throws -> Format

    public init(pathExtension: String?, diffing: Diffing<Format>, snapshot: @escaping (_ value: Value) throws -> Format) {
        self.pathExtension = pathExtension; self.diffing = diffing; self.snapshot = snapshot
    }

    /// This strategy for values of another type, turned into `Value` first.
    public func pullback<NewValue>(_ transform: @escaping (_ otherValue: NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { try snapshot(try transform($0)) }
    }
}

/// A strategy whose value is its own format (`.lines` on strings, `.image` on images).
public typealias SimplySnapshotting<Format> = Snapshotting<Format, Format>

extension Snapshotting where Value == Format {
    public init(pathExtension: String?, diffing: Diffing<Format>) {
        self.init(pathExtension: pathExtension, diffing: diffing, snapshot: { $0 })
    }
}

/// A file a failed comparison attaches (the difference image, the actual snapshot).
public struct DiffAttachment: Sendable {
    public var name: String
    public var data: Data
    /// The file extension of `data` (`png`, `txt`).
    public var pathExtension: String
    public init(name: String, data: Data, pathExtension: String) { self.name = name; self.data = data; self.pathExtension = pathExtension }
}

/// How a format is stored and compared, as swift-snapshot-testing's `Diffing`.
public struct Diffing<Value> {
    /// The bytes of a reference file.
    public var toData: (Value) -> Data
    /// A reference read back (nil when the file is not this format).
    public var fromData: (Data) -> Value?
    /// Why `new` does not match `reference`, with attachments; nil when it matches.
    public var diff: (_ reference: Value, _ new: Value) -> (String, [DiffAttachment])?

    public init(
        toData: @escaping (_ value: Value) -> Data, fromData: @escaping (_ data: Data) -> Value?,
        diff: @escaping (_ lhs: Value, _ rhs: Value) -> (String, [DiffAttachment])?
    ) {
        self.toData = toData; self.fromData = fromData; self.diff = diff
    }
}
