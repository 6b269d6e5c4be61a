// The one file a swift-snapshot-testing suite adds to run on Linux (README, "Moving a
// swift-snapshot-testing suite to Linux"): Frost's image strategies for SwiftUI views become
// visible to every file of the test target, whose own files keep `import SnapshotTesting` and
// `import SwiftUI` as they are. Frost's test-machine check (Inter installed) sits beside it.
#if os(Linux)
@_exported import FrostSnapshotTesting
import FrostTestSupport

/// The image references were drawn with Inter (a README system package).
let referenceFontsInstalled = TestFonts.interDraws
#else
let referenceFontsInstalled = true
#endif
