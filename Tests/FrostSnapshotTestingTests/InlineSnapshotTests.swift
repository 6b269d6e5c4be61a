// Inline snapshots and custom-dump references, written as a swift-snapshot-testing user writes
// them: upstream's InlineSnapshotTesting (which rewrites this file through swift-syntax when it
// records) and SnapshotTestingCustomDump, on Linux, beside Frost's `.displayList`.
import InlineSnapshotTesting
import SnapshotTestingCustomDump
import SwiftUI
import Testing

struct Invoice: Equatable {
    var number: Int
    var lines: [String: Double]
    var paid: Bool
}

@Suite(.snapshots(record: .never), .timeLimit(.minutes(10)), .enabled(if: referenceFontsInstalled, "the display list names Inter"))
struct InlineSnapshotTests {
    let invoice = Invoice(number: 42, lines: ["tea": 3.5, "cake": 4.25], paid: false)

    @Test func customDumpReference() {
        assertSnapshot(of: invoice, as: .customDump)
    }

    @Test func customDumpInline() {
        assertInlineSnapshot(of: invoice, as: .customDump) {
            """
            Invoice(
              number: 42,
              lines: [
                "cake": 4.25,
                "tea": 3.5
              ],
              paid: false
            )
            """
        }
    }

    @Test func linesInline() {
        assertInlineSnapshot(of: "one\ntwo", as: .lines) {
            """
            one
            two
            """
        }
    }

    @Test func displayListInline() {
        assertInlineSnapshot(of: Text("Hi").padding(4), as: .displayList(size: CGSize(width: 60, height: 40))) {
            """
            #root/content/padding (18, 6, 24, 29) group
              #root/content (4, 4, 16, 21) text "Hi" 17pt Inter-Regular #000000 tracking -0.442

            """
        }
    }

    @Test func inlineMismatchFails() {
        withKnownIssue {
            assertInlineSnapshot(of: "actual", as: .lines) {
                """
                expected
                """
            }
        }
    }
}
