#if !canImport(Darwin)
import Foundation
import FrostUI

// UIKit's device objects, answering from the screen FrostUI is drawing for (`HostScreen`): the
// preview's device in `frost preview`, the host's size inside a `ViewHost`.

/// The screen, as UIKit's `UIScreen`.
open class UIScreen: NSObject, @unchecked Sendable {
    /// The screen being drawn for.
    public static var main: UIScreen { UIScreen() }
    /// Points, portrait, origin zero.
    open var bounds: CGRect { CGRect(origin: .zero, size: HostScreen.current.size) }
    open var scale: CGFloat { HostScreen.current.scale }
    open var nativeScale: CGFloat { scale }
    /// Pixels.
    open var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale) }
    /// 0…1; a host has no backlight.
    open var brightness: CGFloat = 1
    open var traitCollection: UITraitCollection { .current }
}

/// What kind of device, as UIKit's `UIUserInterfaceIdiom`.
public enum UIUserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision = 6 }

/// The device's orientation, as UIKit's `UIDeviceOrientation`.
public enum UIDeviceOrientation: Int, Sendable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

/// The device, as UIKit's `UIDevice`: an iPhone or iPad by the preview's device, on iOS 18.
open class UIDevice: NSObject, @unchecked Sendable {
    public static var current: UIDevice { UIDevice() }
    open var userInterfaceIdiom: UIUserInterfaceIdiom { HostScreen.current.deviceName.lowercased().contains("ipad") ? .pad : .phone }
    open var name: String { HostScreen.current.deviceName }
    open var model: String { userInterfaceIdiom == .pad ? "iPad" : "iPhone" }
    open var localizedModel: String { model }
    open var systemName: String { "iOS" }
    open var systemVersion: String { "18.0" }
    /// Portrait when the screen is taller than wide.
    open var orientation: UIDeviceOrientation { HostScreen.current.size.height >= HostScreen.current.size.width ? .portrait : .landscapeLeft }
    /// The same on every run (a host has no vendor).
    open var identifierForVendor: UUID? { UUID(uuidString: "00000000-0000-4000-8000-000000000000") }
    open var isBatteryMonitoringEnabled = false
    open var batteryLevel: Float { -1 }
    open func beginGeneratingDeviceOrientationNotifications() {}
    open func endGeneratingDeviceOrientationNotifications() {}
    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
    public static let batteryLevelDidChangeNotification = Notification.Name("UIDeviceBatteryLevelDidChangeNotification")
}

/// The app, as UIKit's `UIApplication`: opened URLs are recorded, not opened.
open class UIApplication: NSObject, @unchecked Sendable {
    private static let instance = UIApplication()
    public static var shared: UIApplication { instance }

    /// Every URL `open(_:)` was asked to open, in order.
    public private(set) var openedURLs: [URL] = []
    open var applicationIconBadgeNumber = 0
    open var isIdleTimerDisabled = false
    open var applicationState: State { .active }
    public enum State: Int, Sendable { case active, inactive, background }

    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler: ((Bool) -> Void)? = nil) {
        openedURLs.append(url)
        completionHandler?(true)
    }
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
        openedURLs.append(url)
        return true
    }
    open func canOpenURL(_ url: URL) -> Bool { url.scheme != nil }
    open func registerForRemoteNotifications() {}
    open func unregisterForRemoteNotifications() {}

    public static let openSettingsURLString = "app-settings:"
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    public static let userDidTakeScreenshotNotification = Notification.Name("UIApplicationUserDidTakeScreenshotNotification")
    public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
}

/// Keyboard notifications, as UIKit names them on `UIResponder`.
open class UIResponder: NSObject {
    public static let keyboardWillShowNotification = UIApplication.keyboardWillShowNotification
    public static let keyboardWillHideNotification = UIApplication.keyboardWillHideNotification
    public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    open func becomeFirstResponder() -> Bool { false }
    open func resignFirstResponder() -> Bool { true }
}

// Haptics: a host has no Taptic Engine, so every generator accepts its calls and does nothing.

/// As UIKit's `UIFeedbackGenerator`.
open class UIFeedbackGenerator: NSObject {
    open func prepare() {}
}

/// As UIKit's `UIImpactFeedbackGenerator` (no-op).
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }
    public let style: FeedbackStyle
    public init(style: FeedbackStyle = .medium) { self.style = style }
    open func impactOccurred() {}
    open func impactOccurred(intensity: CGFloat) {}
}

/// As UIKit's `UINotificationFeedbackGenerator` (no-op).
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable { case success, warning, error }
    public override init() {}
    open func notificationOccurred(_ notificationType: FeedbackType) {}
}

/// As UIKit's `UISelectionFeedbackGenerator` (no-op).
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    public override init() {}
    open func selectionChanged() {}
}

/// Insets, as UIKit's `UIEdgeInsets` (left/right, not leading/trailing).
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    public static let zero = UIEdgeInsets()
}

extension EdgeInsets {
    /// SwiftUI's insets from UIKit's (left is leading: the host is left-to-right).
    public init(_ insets: UIEdgeInsets) { self.init(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right) }
}
#endif
