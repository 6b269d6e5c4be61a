// `import Combine` on Linux: FrostCombine under Apple's module name — publishers, subjects,
// `sink`/`assign`, `AnyCancellable`, the everyday operators, schedulers, `Timer.publish`, and
// `ObservableObject`/`@Published` (the same types SwiftUI's `import` gives, so a model file that
// imports only Combine works with views that import only SwiftUI). Built empty on Apple's
// platforms, where the real Combine must win (depend on this product for Linux only).
#if !canImport(Darwin)
@_exported import FrostCombine
@_exported import Foundation
#endif
