// A Swift Testing suite in swift-snapshot-testing 1.17's style (`.snapshots` trait,
// `assertSnapshot` inside `@Test`s that run in parallel), the same file on a Mac and on Linux.
import SnapshotTesting
import SwiftUI
import Testing

struct BadgeRow: View {
    let title: String
    let count: Int
    var body: some View {
        HStack {
            Image(systemName: "tray.fill").foregroundColor(.accentColor)
            Text(title)
            Spacer()
            Text("\(count)")
                .font(.caption.weight(.semibold))
                .padding(.horizontal, 8)
                .padding(.vertical, 2)
                .background(Capsule().fill(Color.red))
                .foregroundColor(.white)
        }
        .padding(.horizontal)
        .frame(height: 44)
    }
}

@Suite(
    .snapshots(record: .missing), .timeLimit(.minutes(10)),
    .enabled(if: referenceFontsInstalled, "its references were drawn with Inter: install fonts-inter"))
struct BadgeRowSnapshotTests {
    @Test func inbox() {
        assertSnapshot(of: BadgeRow(title: "Inbox", count: 12), as: .image(layout: .fixed(width: 320, height: 44)))
    }

    @Test(arguments: [1, 42, 1000])
    func counts(count: Int) {
        assertSnapshot(
            of: BadgeRow(title: "Inbox", count: count), as: .image(layout: .fixed(width: 320, height: 44)),
            named: "count-\(count)")
    }

    @Test func darkAndLarge() {
        assertSnapshot(
            of: BadgeRow(title: "Archive", count: 3),
            as: .image(
                layout: .sizeThatFits,
                traits: .init(traitsFrom: [
                    .init(userInterfaceStyle: .dark),
                    .init(preferredContentSizeCategory: .extraExtraExtraLarge),
                ])))
    }

    @Test func layoutAsText() {
        assertSnapshot(of: BadgeRow(title: "Sent", count: 7), as: .dump)
    }
}
