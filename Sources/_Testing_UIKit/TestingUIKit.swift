// Swift Testing declares a cross-import overlay for UIKit (`_Testing_UIKit`, its image
// attachments on iOS); the Linux toolchain declares it but ships none, so a test file importing
// both Testing and this package's UIKit would fail with "no such module '_Testing_UIKit'". This
// empty module is that overlay on Linux. FrostSnapshotTesting attaches images itself.
