import Foundation
import FrostImage
import FrostUI
#if canImport(XCTest)
import XCTest
#endif
#if canImport(Testing)
import Testing
#endif

/// The environment variable that re-records every golden (`FROST_RECORD_SNAPSHOTS=1 swift test`).
public let snapshotRecordVariable = "FROST_RECORD_SNAPSHOTS"

/// Checks `view` rendered by `strategy` against its goldens, recording them when missing or
/// when `record` (or `FROST_RECORD_SNAPSHOTS=1`) asks. Works under XCTest and Swift Testing:
/// a mismatch is reported as a test failure naming the golden and an
/// expected | difference | actual image written to the temporary folder.
///
/// Goldens live next to the test file: `__Snapshots__/<TestFile>/<test>[.<name>]<suffix>.png`.
public func assertSnapshot<V: View>(
    of view: V, as strategy: FrameSnapshotting, named name: String? = nil, record: Bool? = nil,
    tolerance: SnapshotTolerance = .exact,
    filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line
) {
    if let message = verifySnapshot(
        of: view, as: strategy, named: name, record: record, tolerance: tolerance,
        filePath: "\(filePath)", testName: testName)
    {
        reportSnapshotFailure(message, filePath: filePath, line: line)
    }
}

/// ``assertSnapshot(of:as:named:record:tolerance:filePath:testName:line:)`` without the
/// assertion: returns the failure message (nil when every image matches).
public func verifySnapshot<V: View>(
    of view: V, as strategy: FrameSnapshotting, named name: String? = nil, record: Bool? = nil,
    tolerance: SnapshotTolerance = .exact, filePath: String, testName: String
) -> String? {
    let recording = record ?? (ProcessInfo.processInfo.environment[snapshotRecordVariable].map { $0 == "1" || $0.lowercased() == "true" } ?? false)
    let shots: [FrameSnapshotting.Shot]
    do { shots = try strategy.render(AnyView(view)) } catch { return "could not render the view: \(error)" }
    let testFile = URL(fileURLWithPath: filePath)
    let folder = testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    let base = sanitizedName(testName) + (name.map { "." + sanitizedName($0) } ?? "")
    var failures: [String] = []
    for shot in shots {
        let golden = folder.appendingPathComponent(base + shot.suffix + ".png").path
        let exists = FileManager.default.fileExists(atPath: golden)
        if recording || !exists {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try ImageFile.write(shot.image, to: golden)
            } catch { failures.append("could not write the golden \(golden): \(error)"); continue }
            if !recording { failures.append("no golden at \(golden): recorded one; run the test again to compare against it") }
            continue
        }
        let expected: FrostImage.Image
        do { expected = try ImageFile.read(golden) } catch {
            failures.append("the golden \(golden) is unreadable (\(error)); delete it or record again with \(snapshotRecordVariable)=1")
            continue
        }
        if let problem = SnapshotDiff.compare(expected: expected, actual: shot.image, tolerance: tolerance) {
            let report = SnapshotDiff.writeReport(expected: expected, actual: shot.image, name: base + shot.suffix)
            failures.append("\(golden): \(problem); expected | difference | actual: \(report ?? "(could not be written)")")
        }
    }
    if recording && failures.isEmpty { return nil }
    return failures.isEmpty ? nil : failures.joined(separator: "\n")
}

/// A file-name-safe form of a test or snapshot name (`testCard()` → `testCard`).
func sanitizedName(_ name: String) -> String {
    let trimmed = name.hasSuffix("()") ? String(name.dropLast(2)) : name
    let cleaned = String(trimmed.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    return cleaned.isEmpty ? "snapshot" : cleaned
}

func reportSnapshotFailure(_ message: String, filePath: StaticString, line: UInt) {
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: SourceLocation(fileID: "\(filePath)", filePath: "\(filePath)", line: Int(line), column: 1))
        return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: filePath, line: line)
    #else
    FileHandle.standardError.write(Data("snapshot failed: \(message)\n".utf8))
    #endif
}
