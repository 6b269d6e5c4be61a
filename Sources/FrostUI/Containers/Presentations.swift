import Foundation
import FrostGeometry

// SwiftUI's presentation API as app code writes it — `sheet`, `fullScreenCover`, `popover`,
// `alert` (iOS 15's and the deprecated `Alert`), `confirmationDialog`, `actionSheet`, the
// presentation modifiers (detents, drag indicator, corner radius, background, dismiss disabled)
// and the environment's `dismiss`, `presentationMode` and `isPresented`. How completely: each
// modifier asks the host to present while its binding says so; the host draws the
// presentation over the screen as iOS 18 does on iPhone (PresentationLayer.swift), animates it
// in and out, dismisses it (a button calling `dismiss()`, an alert's button, a swipe down on a
// sheet, a tap outside a dialog or a sheet short of full height) and sets the binding back.
// A popover presents as a sheet, as on iPhone. Alert text fields are not drawn.

/// Dismisses the presentation the view is in, as SwiftUI's `DismissAction` (nothing, outside one).
/// `@unchecked Sendable` as SwiftUI's: it is called on the host's thread, where it sets the
/// presenting binding.
public struct DismissAction: @unchecked Sendable {
    let handler: () -> Void
    public init(_ handler: @escaping @Sendable () -> Void = {}) { self.handler = handler }
    init(presented handler: @escaping () -> Void) { self.handler = handler }
    public func callAsFunction() { handler() }
}

/// Whether a view is presented, and how to dismiss it, as SwiftUI's (deprecated) `PresentationMode`.
public struct PresentationMode: @unchecked Sendable {
    public private(set) var isPresented: Bool = false
    let action: DismissAction
    init(isPresented: Bool, action: DismissAction = DismissAction()) { self.isPresented = isPresented; self.action = action }
    public mutating func dismiss() { action() }
}

private enum DismissKey: EnvironmentKey { static var defaultValue: DismissAction { DismissAction() } }
private enum IsPresentedKey: EnvironmentKey { static var defaultValue: Bool { false } }

extension EnvironmentValues {
    /// Dismisses the current presentation (nothing, outside one).
    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }
    /// Whether the view is in a presentation.
    public var isPresented: Bool {
        get { self[IsPresentedKey.self] }
        set { self[IsPresentedKey.self] = newValue }
    }
    /// The deprecated presentation mode, as a binding.
    public var presentationMode: Binding<PresentationMode> {
        let presented = isPresented, action = dismiss
        return Binding(get: { PresentationMode(isPresented: presented, action: action) }, set: { _ in })
    }
}

/// The heights a sheet may rest at, as SwiftUI's `PresentationDetent`.
public struct PresentationDetent: Hashable, Sendable {
    /// A fraction of the large detent's height, or a height in points (above the home indicator).
    let fraction: Double?
    let height: Double?
    public static let medium = PresentationDetent(fraction: 0.5, height: nil)
    public static let large = PresentationDetent(fraction: 1, height: nil)
    public static func fraction(_ f: CGFloat) -> PresentationDetent { PresentationDetent(fraction: Double(f), height: nil) }
    public static func height(_ h: CGFloat) -> PresentationDetent { PresentationDetent(fraction: nil, height: Double(h)) }
}

/// How a popover or sheet adapts, as SwiftUI's `PresentationAdaptation`.
public struct PresentationAdaptation: Sendable {
    public static let automatic = PresentationAdaptation(), none = PresentationAdaptation()
    public static let popover = PresentationAdaptation(), sheet = PresentationAdaptation(), fullScreenCover = PresentationAdaptation()
}

/// Where a popover points, as SwiftUI's `PopoverAttachmentAnchor`.
public enum PopoverAttachmentAnchor {
    case rect(Anchor<CGRect>.Source)
    case point(UnitPoint)
}
