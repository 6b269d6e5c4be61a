import Foundation
import FrostImage
import FrostUI

// Upstream's view-controller strategies, which it builds only on iOS and tvOS:
// `UIHostingController(rootView:)` snapshotted `.image(on: .iPhone13)` (or with a `size:`) and
// `.recursiveDescription`. A hosting controller renders its root view with FrostUI on the
// config's screen, safe area and traits; other controllers have no view to draw (Frost's UIKit
// holds no drawing views) and fail with a message.

#if !os(Linux)
/// A view controller as a snapshot sees it (where the UIKit module is not built).
open class UIViewController {
    public init() {}
}

/// SwiftUI's `UIHostingController`: a controller whose view is `rootView`.
open class UIHostingController<Content: View>: UIViewController {
    public var rootView: Content
    public init(rootView: Content) { self.rootView = rootView }
}
#endif

extension UIViewController {
    /// Renders the controller's view: a hosting controller's root view; anything else throws.
    func _frostRender(layout: SwiftUISnapshotLayout, traits: UITraitCollection) throws -> (image: FrostImage.Image, scale: CGFloat) {
        guard let hosting = self as? any _HostingControllerRoot else { throw SnapshotValueError.notRenderable(String(describing: type(of: self))) }
        return try hosting._render(layout: layout, traits: traits)
    }
}

/// A value no image strategy can render, by its type's name.
struct SnapshotValueError: Error, CustomStringConvertible {
    var kind: String
    static func notRenderable(_ kind: String) -> SnapshotValueError { SnapshotValueError(kind: kind) }
    var description: String { "\(kind): only UIHostingController and FrostUI views can be snapshotted as images" }
}

extension Snapshotting where Value == UIViewController, Format == SnapshotImage {
    /// The controller's view on a full screen of `config` (its size, safe area and traits,
    /// `traits` overriding them), compared with `precision` and `perceptualPrecision`.
    public static func image(
        on config: ViewImageConfig, precision: Float = 1, perceptualPrecision: Float = 1,
        size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        var screen = config
        if let size { screen.size = size }
        return .rendering(diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { controller in
            try controller._frostRender(layout: .device(config: screen), traits: traits)
        }
    }

    /// The controller's view at `size` (points; 390 × 844, an iPhone 13's screen, when nil)
    /// without a safe area. `drawHierarchyInKeyWindow` is accepted and ignored.
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
        size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        .rendering(diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { controller in
            let s = size ?? CGSize(width: 390, height: 844)
            return try controller._frostRender(layout: .fixed(width: s.width, height: s.height), traits: traits)
        }
    }

    /// The controller's view at an iPhone 13's size, byte for byte.
    public static var image: Snapshotting { .image() }
}

extension Snapshotting where Value == UIViewController, Format == String {
    /// The root view's display list on an iPhone 13's screen (upstream's `.recursiveDescription`
    /// prints UIKit's view tree; FrostUI's tree is its display list).
    public static var recursiveDescription: Snapshotting {
        .describing { controller in
            guard let hosting = controller as? any _HostingControllerRoot else {
                throw SnapshotValueError.notRenderable(String(describing: type(of: controller)))
            }
            return try displayListText(hosting._rootView, size: CGSize(width: 390, height: 844))
        }
    }
}

protocol _HostingControllerRoot {
    var _rootView: any View { get }
    func _render(layout: SwiftUISnapshotLayout, traits: UITraitCollection) throws -> (image: FrostImage.Image, scale: CGFloat)
}
extension UIHostingController: _HostingControllerRoot {
    var _rootView: any View { rootView }
    func _render(layout: SwiftUISnapshotLayout, traits: UITraitCollection) throws -> (image: FrostImage.Image, scale: CGFloat) {
        try renderSnapshot(rootView, layout: layout, traits: traits)
    }
}

#if os(Linux)
import class UIKit._UIHostingView

extension Snapshotting where Value == UIView, Format == UIImage {
    /// A hosting controller's view at an iPhone 13's size (or its frame's), byte for byte.
    public static var image: Snapshotting { .image() }

    /// A hosting controller's view (`controller.view`) at `size` points — else its frame's size
    /// when set, else the root view's ideal size — with `traits`. Other UIKit views cannot be
    /// drawn (Frost's UIKit holds no drawing views) and fail with a message.
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
        size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        .rendering(diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { view in
            guard let hosting = view as? _UIHostingView else { throw SnapshotValueError.notRenderable(String(describing: type(of: view))) }
            let framed = view.frame.size.width > 0 && view.frame.size.height > 0 ? view.frame.size : nil
            let layout = (size ?? framed).map { SwiftUISnapshotLayout.fixed(width: $0.width, height: $0.height) } ?? .sizeThatFits
            func open<V: View>(_ root: V) throws -> (image: FrostImage.Image, scale: CGFloat) {
                try renderSnapshot(root, layout: layout, traits: traits)
            }
            return try open(hosting.rootView)
        }
    }
}
#endif
