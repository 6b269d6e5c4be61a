import Testing
import FrostUI
import FrostExamples
import FrostSnapshotTesting
import FrostTestSupport

/// Goldens of the everyday-views examples as an iPhone 13 shows them (safe areas, 2×), light
/// and dark, compared at 1/255 per channel: a settings form with every control, and an inbox in
/// a navigation stack with a tab bar.
@Suite("Everyday examples", .serialized, .hangLimit, .needsInter)
struct EverydayExampleTests {
    @Test func settings() {
        withSnapshotTesting(record: .missing) {
            for style in [UIUserInterfaceStyle.light, .dark] {
                assertSnapshot(
                    of: SettingsExample(),
                    as: .image(
                        perceptualPrecision: 1, layout: .device(config: .iPhone13),
                        traits: .init(userInterfaceStyle: style, displayScale: 2)),
                    named: style == .light ? "light" : "dark")
            }
        }
    }

    @Test func inbox() {
        withSnapshotTesting(record: .missing) {
            for style in [UIUserInterfaceStyle.light, .dark] {
                assertSnapshot(
                    of: InboxExample(),
                    as: .image(
                        perceptualPrecision: 1, layout: .device(config: .iPhone13),
                        traits: .init(userInterfaceStyle: style, displayScale: 2)),
                    named: style == .light ? "light" : "dark")
            }
        }
    }

    /// Both examples as an Arabic or Hebrew localisation shows them: the layout mirrored (rows'
    /// labels at the right, controls and chevrons at the left, the back button and tab order
    /// reversed), the English strings keeping their own direction.
    @Test func rightToLeft() {
        withSnapshotTesting(record: .missing) {
            let traits = UITraitCollection(traitsFrom: [.init(userInterfaceStyle: .light, displayScale: 2), .init(layoutDirection: .rightToLeft)])
            assertSnapshot(
                of: SettingsExample(), as: .image(perceptualPrecision: 1, layout: .device(config: .iPhone13), traits: traits), named: "settings")
            assertSnapshot(
                of: InboxExample(), as: .image(perceptualPrecision: 1, layout: .device(config: .iPhone13), traits: traits), named: "inbox")
        }
    }
}
