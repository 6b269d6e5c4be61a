// FrostSnapshotTesting is pointfree's swift-snapshot-testing — its `assertSnapshot`,
// `verifySnapshot`, `Snapshotting`/`Diffing`, record modes, file layout, trait and text
// strategies, re-exported as they are — plus what upstream builds only on Apple's platforms:
// image strategies for SwiftUI views (FrostUI's) and hosting controllers, the PNG `Diffing`
// with upstream's precisions, and the UIKit names those signatures use. Frost's own strategies
// (`.displayList`, `.image(tolerance:)`, frames of an animation) are strategies on upstream's
// `Snapshotting`.

@_exported import SnapshotTesting

#if os(Linux)
// The controllers and image type are the `UIKit` module's, so a suite importing SwiftUI and
// SnapshotTesting names the same types upstream's signatures do.
@_exported import class UIKit.UIImage
@_exported import class UIKit.UIViewController
@_exported import class UIKit.UIView
@_exported import class UIKit.UIHostingController
#endif
