// Written as a team writes a swift-snapshot-testing suite for SwiftUI views, and the same file
// on a Mac and on Linux: upstream's SnapshotTesting, SwiftUI (Frost's on Linux) and XCTest. On
// Linux its image references are `.linux.png` (Frost's renders) beside the Mac's `.png`.
import SnapshotTesting
import SwiftUI
import XCTest

struct Member: Equatable {
    var name: String
    var role: String
    var isOnline: Bool
}

struct ProfileCard: View {
    let member: Member
    var body: some View {
        HStack(spacing: 12) {
            ZStack(alignment: .bottomTrailing) {
                Circle()
                    .fill(Color.indigo)
                    .frame(width: 48, height: 48)
                    .overlay(Text(String(member.name.prefix(1))).font(.title2.bold()).foregroundColor(.white))
                if member.isOnline {
                    Circle().fill(Color.green).frame(width: 14, height: 14)
                        .overlay(Circle().stroke(Color.white, lineWidth: 2))
                }
            }
            VStack(alignment: .leading, spacing: 2) {
                Text(member.name).font(.headline)
                Label(member.role, systemImage: "briefcase")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            Image(systemName: "chevron.right").foregroundStyle(.tertiary)
        }
        .padding()
        .background(
            RoundedRectangle(cornerRadius: 16, style: .continuous)
                .fill(Color(.secondarySystemGroupedBackground))
                .shadow(color: .black.opacity(0.08), radius: 8, y: 2)
        )
        .padding()
    }
}

final class ProfileCardSnapshotTests: XCTestCase {
    let ada = Member(name: "Ada Lovelace", role: "Engineer", isOnline: true)

    override func invokeTest() {
        withSnapshotTesting(record: .missing, diffTool: .ksdiff) {
            super.invokeTest()
        }
    }

    func testSizeThatFits() {
        assertSnapshot(of: ProfileCard(member: ada), as: .image)
    }

    func testDarkOnAPhone() {
        assertSnapshot(
            of: ProfileCard(member: ada),
            as: .image(layout: .device(config: .iPhone13), traits: .init(userInterfaceStyle: .dark)))
    }

    func testHostingControllerOnIPhoneSE() {
        let controller = UIHostingController(rootView: ProfileCard(member: ada))
        assertSnapshot(of: controller, as: .image(on: .iPhoneSe))
    }

    func testDynamicType() {
        assertSnapshots(
            of: ProfileCard(member: ada),
            as: [
                "extraSmall": .image(traits: .init(preferredContentSizeCategory: .extraSmall)),
                "accessibilityExtraLarge": .image(traits: .init(preferredContentSizeCategory: .accessibilityExtraLarge)),
            ])
    }

    func testFixedSizeWithPrecision() {
        assertSnapshot(
            of: ProfileCard(member: Member(name: "Grace Hopper", role: "Admiral", isOnline: false)),
            as: .image(precision: 0.99, perceptualPrecision: 0.98, layout: .fixed(width: 375, height: 120)),
            named: "offline")
    }

    func testModelDump() {
        assertSnapshot(of: ada, as: .dump)
    }
}
