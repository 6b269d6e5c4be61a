import FrostGeometry
import FrostImage
import FrostLayout

// Reproduces SwiftUI's ImageRenderer: a view rendered once to pixels at a scale, its size
// measured with the unspecified proposal as SwiftUI's placeSubviews measures it.

/// Renders a view to pixels, as SwiftUI's `ImageRenderer`.
public final class ImageRenderer<Content: View> {
    public var content: Content
    /// Pixels per point.
    public var scale: CGFloat = 1
    /// The size proposed to the view (unspecified: its ideal size).
    public var proposedSize: ProposedViewSize = .unspecified
    public var colorScheme: ColorScheme = .light
    /// The system colour generation (iOS 18 by default).
    public var systemColorPalette: SystemColorPalette = .iOS18
    /// Whether the image is opaque: false (SwiftUI's default) leaves it transparent where the
    /// view draws nothing; true fills it with the system background first.
    public var isOpaque = false

    /// Whether the view is placed with its fitting size proposed, as a hosting controller sized
    /// to fit lays out its root (swift-snapshot-testing's `.sizeThatFits`), instead of the
    /// proposal it was measured with, as `ImageRenderer` places it: a `frame(maxWidth: 20)` in a
    /// 12 pt parent is 12 pt wide there and its ideal width here.
    package var placesAtFittingSize = false

    public init(content: Content) { self.content = content }

    /// The rendered pixels (SwiftUI's `cgImage`); nil when the view cannot render.
    public var frostImage: FrostImage.Image? { try? render() }

    /// Renders, throwing the reason when it cannot.
    public func render() throws -> FrostImage.Image {
        // One host: size the view for the proposal (ideal on unspecified axes), then render at that size.
        let host = try ViewHost(content, size: CGSize(width: 1, height: 1), scale: scale, colorScheme: colorScheme)
        host.systemColorPalette = systemColorPalette
        var env = EnvironmentValues(); env.colorScheme = colorScheme; env.displayScale = scale; env.systemColorPalette = systemColorPalette
        let elements = host.interner.pass { resolveView(content, ResolveContext(identity: .root, environment: env, host: host)) }
        let root = rootNode(elements)
        let size = root.sizeThatFits(ProposedSize(width: proposedSize.width.map { Double($0) }, height: proposedSize.height.map { Double($0) }))
        let w = max(1, size.width), h = max(1, size.height), s = Double(scale)
        guard w.isFinite, h.isFinite, (w * s).rounded(.up) * (h * s).rounded(.up) <= Double(FrostImage.Image.maxPixelCount) else {
            throw ViewHostError.invalidSize("the view's size \(w)×\(h) pt at \(s)× is not finite or over the pixel limit")
        }
        host.size = CGSize(width: w, height: h)
        host.rootProposal =
            placesAtFittingSize ? nil : ProposedSize(width: proposedSize.width.map { Double($0) }, height: proposedSize.height.map { Double($0) })
        host.derivesSizeClasses = false
        host.isOpaque = isOpaque
        return try host.snapshot()
    }

    /// Renders and writes a PNG atomically.
    public func writePNG(to path: String) throws {
        try FrostImage.ImageFile.write(render(), to: path)
    }
}
