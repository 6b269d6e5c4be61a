import Foundation
import FrostImage
@testable import FrostSnapshotTesting

/// A strategy that never called back (a render that failed and was reported).
struct NoSnapshot: Error {}

/// Runs a strategy's snapshot at once: Frost's strategies call back synchronously.
func take<Value, Format>(_ strategy: Snapshotting<Value, Format>, _ value: Value) throws -> Format {
    var result: Format?
    strategy.snapshot(value).run { result = $0 }
    guard let result else { throw NoSnapshot() }
    return result
}

/// A view strategy's pixels.
func pixels<Value>(_ strategy: Snapshotting<Value, SnapshotImage>, _ value: Value) throws -> FrostImage.Image {
    FrostImage.Image(snapshot: try take(strategy, value))
}
