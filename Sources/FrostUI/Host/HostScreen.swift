import Foundation

// The screen a view is being drawn for, readable from anywhere in a body: what UIKit's
// `UIScreen.main`, `UIDevice.current` and `UITraitCollection.current` answer on Linux (app code
// reads `UIScreen.main.bounds.width` in bodies and initialisers). A host installs its screen
// while it resolves; `frost preview` installs the preview's device around the whole preview, so
// a view built in `#Preview { }` before any host exists sees it too. Elsewhere: an iPhone 13,
// light (the preview's default device).

/// The screen being drawn for.
public struct HostScreen: Sendable {
    /// Points, portrait.
    public var size: CGSize
    /// Pixels per point.
    public var scale: CGFloat
    public var colorScheme: ColorScheme
    /// The device's name ("iPhone 13", "iPad").
    public var deviceName: String

    public init(size: CGSize, scale: CGFloat, colorScheme: ColorScheme = .light, deviceName: String = "iPhone") {
        self.size = size; self.scale = scale; self.colorScheme = colorScheme; self.deviceName = deviceName
    }

    /// The screen of `device`.
    public init(_ device: DevicePreset, colorScheme: ColorScheme = .light) {
        self.init(size: device.size, scale: device.scale, colorScheme: colorScheme, deviceName: device.name)
    }

    @TaskLocal static var installed: HostScreen?

    /// The screen installed now, else an iPhone 13 in light mode.
    public static var current: HostScreen { installed ?? HostScreen(.iPhone13) }

    /// Runs `body` with `screen` as the current screen.
    public static func with<T>(_ screen: HostScreen, _ body: () throws -> T) rethrows -> T {
        try $installed.withValue(screen, operation: body)
    }
}
