// `import SwiftUI` on Linux: FrostUI under Apple's module name, as swift-corelibs-foundation is
// `Foundation` there. FrostUI already re-exports Foundation, Observation and Combine's part that
// SwiftUI re-exports (FrostCombine), so this module adds the name and UIKit (as SwiftUI brings UIKit on iOS): `SwiftUI.View`,
// `SwiftUI.Color` and the rest resolve to FrostUI's types. Built empty on Apple's platforms,
// where the real SwiftUI must win (depend on this product for Linux only).
#if !canImport(Darwin)
@_exported import FrostUI
// On iOS `import SwiftUI` brings UIKit with it (apps call `UIApplication.shared` with only that import).
@_exported import UIKit
#endif
