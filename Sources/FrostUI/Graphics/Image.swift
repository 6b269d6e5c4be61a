import FrostGeometry
import FrostImage
import FrostLayout
import FrostScene
import FrostRaster
import Foundation

// Reproduces SwiftUI's Image for pixel images (from a file or FrostImage), resizable, aspect
// ratios, scaledToFit/Fill; and SF Symbols (`Image(systemName:)`) drawn with open-licensed
// look-alikes (SymbolLibrary.swift), sized as SF sizes them: scaled to the font, centred on the
// text's cap height so they sit on its baseline, `imageScale` small/medium/large, coloured by
// the foreground style. Not reproduced: symbol weights (the look-alikes have one), hierarchical
// and palette layers (one colour), variable values.

/// An image view, as SwiftUI's `Image`: from Frost pixels or an image file (PNG, JPEG). At its
/// pixel size in points unless `resizable()`; `aspectRatio`, `scaledToFit` and `scaledToFill`
/// keep its proportions. A file that cannot be read shows nothing and warns once on stderr (as
/// SwiftUI shows nothing for a missing asset).
public struct Image: View, PrimitiveView {
    let pixels: FrostImage.Image?
    /// The SF Symbol name, for `Image(systemName:)`.
    let systemName: String?
    /// An asset catalogue image set's name, looked up when the view resolves (the screen's
    /// scale and scheme pick the file).
    var asset: (name: String, bundle: Bundle?)?
    /// Pixels per point of `pixels` (an asset's 2× file is drawn at half its pixel size).
    var pixelScale: Double = 1
    var isResizable = false

    /// An SF Symbol by name (as SwiftUI's `Image(systemName:)`), drawn with its look-alike
    /// (a placeholder, with a warning, for a name FrostUI does not know).
    public init(systemName: String) { pixels = nil; self.systemName = systemName }

    /// Frost pixels (premultiplied RGBA), one point per pixel.
    public init(pixels: FrostImage.Image) { self.pixels = pixels; systemName = nil }
    /// Frost pixels drawn at `scale` pixels per point (> 0).
    public init(pixels: FrostImage.Image, scale: CGFloat) {
        self.pixels = pixels; systemName = nil
        pixelScale = scale.isFinite && scale > 0 ? Double(scale) : 1
    }
    /// The image set named `name` in the asset catalogues (see ``AssetCatalog``); a
    /// checkerboard placeholder, with a warning, when none has it.
    public init(_ name: String, bundle: Bundle? = nil) {
        pixels = nil; systemName = nil
        asset = (name, bundle)
    }
    /// A generated image symbol's image (`Image(.logo)`).
    public init(_ resource: ImageResource) { self.init(resource.name, bundle: resource.bundle) }
    /// An image file.
    public init(contentsOfFile path: String) {
        systemName = nil
        do { pixels = try ImageFile.read(path) } catch {
            FileHandle.standardError.write(Data("FrostUI: warning: \(error)\n".utf8))
            pixels = nil
        }
    }
    /// Stretches to the space offered instead of keeping its pixel size.
    public func resizable() -> Image { var i = self; i.isResizable = true; return i }

    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        if let systemName { return resolveSymbol(systemName, context) }
        var pixels = self.pixels, pixelScale = self.pixelScale
        if let asset {
            let loaded = AssetImages.load(
                asset.name, bundle: asset.bundle, scale: Double(context.environment.displayScale), scheme: context.environment.colorScheme)
            pixels = loaded.image
            pixelScale = loaded.scale
        }
        guard let pixels else { return [] }
        let w = Double(pixels.width) / pixelScale, h = Double(pixels.height) / pixelScale
        let node =
            isResizable
            ? LayoutNode(.leaf { p in Size(width: p.width ?? w, height: p.height ?? h) }, name: "Image")
            : LayoutNode(.leaf { _ in Size(width: w, height: h) }, name: "Image")
        let element = Element(context.identity, node: node) { _ in .image(ImageContent(pixels)) }
        element.drawsImage = true
        return [element]
    }
}

/// How content fits a space with another aspect ratio, as SwiftUI's `ContentMode`.
public enum ContentMode: Hashable, Sendable { case fit, fill }

struct _AspectRatioView<Content: View>: View, PrimitiveView {
    let content: Content, ratio: Double?, mode: ContentMode
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let inner = resolveView(content, context.child("aspect"))
        return inner.map { e in
            let child = e.node
            let ratio = self.ratio, mode = self.mode
            // The content's own proportions when no ratio is given (its ideal size, measured
            // now: a layout node is confined to the thread that builds and lays it out).
            let ideal = child.sizeThatFits(.unspecified)
            let node = LayoutNode(
                .leaf { p in
                    let r = ratio ?? (ideal.height > 0 ? ideal.width / ideal.height : 1)
                    guard let pw = p.width, let ph = p.height, pw.isFinite, ph.isFinite else {
                        if let pw = p.width, pw.isFinite { return Size(width: pw, height: pw / r) }
                        if let ph = p.height, ph.isFinite { return Size(width: ph * r, height: ph) }
                        return ideal
                    }
                    let byWidth = Size(width: pw, height: pw / r), byHeight = Size(width: ph * r, height: ph)
                    let fits = byWidth.height <= ph
                    return mode == .fit ? (fits ? byWidth : byHeight) : (fits ? byHeight : byWidth)
                }, name: "aspectRatio")
            let wrapper = Element(e.identity.appending("aspect"), node: node, children: [e])
            wrapper.content = ContentSpec { size in
                // Lay the content out at the chosen size and draw it there.
                child.place(in: Rect(origin: .zero, size: size), proposal: ProposedSize(size))
                return .group(DisplayList([e.displayItem(parentOrigin: .zero)]))
            }
            return wrapper
        }
    }
}

extension View {
    public func aspectRatio(_ ratio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        _AspectRatioView(content: self, ratio: ratio.map { Double($0) }, mode: contentMode)
    }
    public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }
    public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum DrawsImageTrait: ElementTraitKey {
    static let defaultValue: Bool = false
}

extension Element {
    /// Whether this leaf draws an image (the automatic bridge picks `imageSwap` for those).
    var drawsImage: Bool {
        get { traits[DrawsImageTrait.self] }
        set { traits[DrawsImageTrait.self] = newValue }
    }
}
