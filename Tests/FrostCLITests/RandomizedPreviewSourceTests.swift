import Testing
import Foundation
@testable import frost
import FrostTestSupport

/// `frost preview`'s reading of files under seeded random mutation (issue 49: the property suite
/// over the preview driver): any text, and any bytes, are read or refused with one line naming
/// the file, never a trap or a hang; a rewrite keeps every line where it was.
@Suite("Randomized preview sources", .hangLimit)
struct RandomizedPreviewSourceTests {
    static let sample = """
        import SwiftUI

        struct Card: View {
            var title = "Frost"
            var body: some View { Text(title).padding() /* a { brace */ }
        }

        #Preview("Named", traits: .sizeThatFitsLayout) {
            Card()
        }

        #Preview { Card(title: "}") }

        struct Card_Previews: PreviewProvider {
            static var previews: some View { Card() }
        }
        """
    static let insertions = ["{", "}", "(", ")", "\"", "\"\"\"", "#Preview", "#Preview(", "//", "/*", "*/", "\n", "é", "\u{0}", "#if os(iOS)", "#endif", "`"]

    @Test("mutated Swift text: scanned or refused with a line naming the file; rewrites keep the line count")
    func mutatedText() throws {
        var scannedCount = 0, refusedCount = 0
        try PropertyRun.check("preview sources", seed: 4905, cases: 300) { c in
            var text = Array(Self.sample)
            for _ in 0..<Int.random(in: 1...6, using: &c.rng) {
                let at = Int.random(in: 0...text.count, using: &c.rng)
                if Bool.random(using: &c.rng), at < text.count {
                    text.removeSubrange(at..<min(text.count, at + Int.random(in: 1...12, using: &c.rng)))
                } else {
                    text.insert(contentsOf: c.rng.pick(Self.insertions), at: at)
                }
            }
            let source = String(text)
            do {
                let scanned = try PreviewSource(path: "/p/Card.swift", text: source, prefix: "f0")
                let lines = { (s: String) in s.split(separator: "\n", omittingEmptySubsequences: false).count }
                #expect(lines(scanned.rewritten) >= lines(source), "a rewrite lost lines: \(c)")
                scannedCount += 1
            } catch let problem as PreviewSource.Problem {
                refusedCount += 1
                #expect(problem.description.hasPrefix("/p/Card.swift:") && !problem.description.contains("\n"), "\(problem): \(c)")
            }
        }
        #expect(scannedCount > 30 && refusedCount > 3, "\(scannedCount) scanned, \(refusedCount) refused")
    }

    @Test("random bytes as a file: UTF-8 is read, anything else refused naming the file, the line and the byte")
    func randomBytes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("frost-preview-bytes-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try PropertyRun.check("preview bytes", seed: 4906, cases: 100) { c in
            var bytes = Array(Self.sample.utf8)
            for _ in 0..<Int.random(in: 0...3, using: &c.rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &c.rng)] = UInt8.random(in: 0x80...0xFF, using: &c.rng)
            }
            let url = dir.appendingPathComponent("Card.swift")
            try Data(bytes).write(to: url)
            do {
                let text = try PreviewSession.readText(url)
                #expect(Array(text.utf8) == bytes, "\(c)")
            } catch let error as CLIError {
                #expect(
                    error.message.hasPrefix(url.path + ":") && error.message.contains("not UTF-8") && !error.message.contains("\n"), "\(error.message): \(c)")
                #expect(String(data: Data(bytes), encoding: .utf8) == nil, "valid UTF-8 refused: \(c)")
            }
        }
    }
}
