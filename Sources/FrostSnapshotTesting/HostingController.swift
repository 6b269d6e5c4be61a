import Foundation
import FrostImage
import FrostUI

// The UIKit names a swift-snapshot-testing suite for SwiftUI uses around its views:
// `UIHostingController(rootView:)` snapshotted `.image(on: .iPhone13)` (or with a `size:`), and
// `UIImage` as the image format's name. They exist here only to be snapshotted — there is no
// UIKit: a controller is its root view hosted by FrostUI on the config's screen, with the
// config's safe area and traits.

/// The image format of view snapshots (upstream's `UIImage`): Frost's RGBA8 image.
public typealias UIImage = FrostImage.Image

#if os(Linux)
// The controllers are the `UIKit` module's (SwiftUI's `UIHostingController` with it), re-exported
// so a suite importing only FrostUI and FrostSnapshotTesting names them as upstream's does.
@_exported import class UIKit.UIViewController
@_exported import class UIKit.UIHostingController
#else
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
    func _frostRender(layout: SwiftUISnapshotLayout, traits: UITraitCollection) throws -> FrostImage.Image {
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

extension Snapshotting where Value == UIViewController, Format == FrostImage.Image {
    /// The controller's view on a full screen of `config` (its size, safe area and traits,
    /// `traits` overriding them), compared with `precision` and `perceptualPrecision`.
    public static func image(
        on config: ViewImageConfig, precision: Float = 1, perceptualPrecision: Float = 1,
        size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        var screen = config
        if let size { screen.size = size }
        return SimplySnapshotting<FrostImage.Image>.image(precision: precision, perceptualPrecision: perceptualPrecision).pullback { controller in
            try controller._frostRender(layout: .device(config: screen), traits: traits)
        }
    }

    /// The controller's view at `size` (points; 390 × 844, an iPhone 13's screen, when nil)
    /// without a safe area. `drawHierarchyInKeyWindow` is accepted and ignored.
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
        size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        SimplySnapshotting<FrostImage.Image>.image(precision: precision, perceptualPrecision: perceptualPrecision).pullback { controller in
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
        SimplySnapshotting<String>.lines.pullback { controller in
            guard let hosting = controller as? any _HostingControllerRoot else {
                throw SnapshotValueError.notRenderable(String(describing: type(of: controller)))
            }
            return try displayListText(hosting._rootView, size: CGSize(width: 390, height: 844))
        }
    }
}

protocol _HostingControllerRoot {
    var _rootView: any View { get }
    func _render(layout: SwiftUISnapshotLayout, traits: UITraitCollection) throws -> FrostImage.Image
}
extension UIHostingController: _HostingControllerRoot {
    var _rootView: any View { rootView }
    func _render(layout: SwiftUISnapshotLayout, traits: UITraitCollection) throws -> FrostImage.Image {
        try renderSnapshot(rootView, layout: layout, traits: traits)
    }
}
