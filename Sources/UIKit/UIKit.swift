// `import UIKit` on Linux: the part of UIKit that SwiftUI app code touches, answering from the
// FrostUI host's screen instead of a device. What it covers: `UIColor` (FrostUI's, re-exported),
// `UIImage`, `UIFont`, `UIScreen`/`UIDevice`/`UIApplication`, haptic feedback generators (no-ops),
// `UIBezierPath` with `UIRectCorner`, `UIEdgeInsets`, a minimal `UIView`/`UIViewController`
// hierarchy and `UIViewRepresentable`/`UIViewControllerRepresentable`, which compile and draw a
// labelled placeholder of the size offered (the wrapped UIKit view cannot be drawn here). What
// it does not: selectors and target–action (`#selector` needs the Objective-C runtime), gesture
// recognisers, windows and scenes, layers, Auto Layout. Built empty on Apple's platforms, where
// the real UIKit must win (depend on this product for Linux only).
#if !canImport(Darwin)
@_exported import Foundation
@_exported import class FrostUI.UIColor
@_exported import struct FrostUI.UITraitCollection
@_exported import struct FrostUI.UIContentSizeCategory
@_exported import enum FrostUI.UIUserInterfaceSizeClass
@_exported import enum FrostUI.UITraitEnvironmentLayoutDirection
@_exported import enum FrostUI.UIUserInterfaceStyle
@_exported import enum FrostUI.UIKeyboardType
@_exported import struct FrostUI.UITextContentType
#endif
