import Testing
import FrostUI
import FrostExamples
import FrostSnapshotTesting
import FrostTestSupport

/// Goldens of the seed examples, light and dark, at rest and mid-animation (a tap at 0 s, the
/// frame 0.15 s in — the blur bridge raised, the transitions half way), through the upstream
/// API plus a host strategy; compared at 1/255 per channel.
@Suite("Seed examples", .snapshots(record: .missing), .hangLimit, .needsInter)
struct SeedExampleTests {
    /// The view at rest and 0.15 s after `tap` (when given), in `scheme`, on a 390 × 300 pt
    /// card-sized screen at 2×.
    private func frames<V: View>(
        _ view: V, tap: String?, scheme: ColorScheme, height: CGFloat = 300,
        testName: String = #function
    ) throws {
        let name = scheme == .light ? "light" : "dark"
        let host = try ViewHost(view, size: CGSize(width: 390, height: height), scale: 2, colorScheme: scheme)
        assertSnapshot(of: try host.frame(at: 0), as: .image(tolerance: .oneLevel), named: "\(name).rest", testName: testName)
        guard let tap else { return }
        try host.tap(tap, at: 0)
        assertSnapshot(of: try host.frame(at: 0.15), as: .image(tolerance: .oneLevel), named: "\(name).t0.15", testName: testName)
    }

    @Test(arguments: [ColorScheme.light, .dark])
    func contentCard(scheme: ColorScheme) throws { try frames(ContentCard(), tap: "More", scheme: scheme) }

    @Test(arguments: [ColorScheme.light, .dark])
    func contentCardCrossfade(scheme: ColorScheme) throws { try frames(ContentCardCrossfade(), tap: "More", scheme: scheme) }

    @Test(arguments: [ColorScheme.light, .dark])
    func myView(scheme: ColorScheme) throws { try frames(MyView(), tap: "", scheme: scheme) }

    /// At rest only: its five rows and the stack all answer a tap labelled "", so a host cannot
    /// name the stack's (a host tap by position would; noted as a gap).
    @Test(arguments: [ColorScheme.light, .dark])
    func specifyingTransitions(scheme: ColorScheme) throws { try frames(SpecifyingTransitions(), tap: nil, scheme: scheme, height: 400) }
}
