#if !canImport(Darwin)
import Foundation
import FrostImage
import FrostUI

// UIKit's `UIImage` and `UIFont` as SwiftUI code hands them to `Image(uiImage:)` and
// `Font(_:)`: images from asset catalogues, files, data, SF Symbols or Frost pixels; fonts by
// size, weight, text style or name.

/// An image, as UIKit's `UIImage`: pixels with a scale, or an SF Symbol by name.
open class UIImage: NSObject, _ExpressibleByImageLiteral, @unchecked Sendable {
    /// Premultiplied RGBA pixels (nil for a symbol).
    public let pixels: FrostImage.Image?
    /// The SF Symbol's name, for `UIImage(systemName:)`.
    public let symbolName: String?
    /// Pixels per point.
    public let scale: CGFloat
    public private(set) var renderingMode: RenderingMode = .automatic

    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }

    /// Pixels drawn at `scale` pixels per point.
    public init(pixels: FrostImage.Image, scale: CGFloat = 1) {
        self.pixels = pixels; symbolName = nil; self.scale = scale > 0 && scale.isFinite ? scale : 1
    }
    private init(symbol: String) { pixels = nil; symbolName = symbol; scale = 1 }

    /// The image set `name` of the app's asset catalogues; nil when none has it.
    public convenience init?(named name: String) { self.init(named: name, in: nil, with: nil) }
    /// The image set `name` in `bundle`'s catalogues; nil when none has it.
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: Any? = nil) {
        guard let found = UIImage.assetFile(name, bundle: bundle), let image = try? ImageFile.read(found.url.path) else { return nil }
        self.init(pixels: image, scale: CGFloat(found.scale))
    }
    /// A generated image symbol's image (the checkerboard placeholder when it is missing).
    public convenience init(resource: ImageResource) {
        if let found = UIImage.assetFile(resource.name, bundle: resource.bundle), let image = try? ImageFile.read(found.url.path) {
            self.init(pixels: image, scale: CGFloat(found.scale))
        } else {
            self.init(symbol: "questionmark.square.dashed")
        }
    }
    /// `#imageLiteral(resourceName:)`: the asset catalogue image (the placeholder when missing).
    public required convenience init(imageLiteralResourceName name: String) {
        self.init(resource: ImageResource(name: name, bundle: .main))
    }
    /// An SF Symbol (drawn with FrostUI's look-alike).
    public convenience init?(systemName name: String) { self.init(symbol: name) }
    /// An image file (PNG, JPEG); nil when it cannot be read.
    public convenience init?(contentsOfFile path: String) {
        guard let image = try? ImageFile.read(path) else { return nil }
        self.init(pixels: image)
    }
    /// PNG or JPEG bytes; nil when they do not decode.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        let bytes = [UInt8](data)
        let path = bytes.starts(with: [0xFF, 0xD8]) ? "data.jpg" : "data.png"
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("frost-uiimage-\(UUID().uuidString)-\(path)")
        defer { try? FileManager.default.removeItem(at: tmp) }
        guard (try? data.write(to: tmp)) != nil, let image = try? ImageFile.read(tmp.path) else { return nil }
        self.init(pixels: image, scale: scale)
    }

    /// Points.
    open var size: CGSize {
        guard let pixels else { return CGSize(width: 17, height: 17) }
        return CGSize(width: CGFloat(pixels.width) / scale, height: CGFloat(pixels.height) / scale)
    }

    /// The image as PNG bytes (nil for a symbol).
    open func pngData() -> Data? { pixels.flatMap { try? ImageFile.encode($0, for: "image.png") }.map { Data($0) } }
    /// The image as JPEG bytes at `compressionQuality` 0…1 (nil for a symbol).
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        let quality = Int((min(max(compressionQuality, 0), 1) * 100).rounded())
        return pixels.flatMap { try? ImageFile.encode($0, for: "image.jpg", jpeg: .init(quality: max(1, quality))) }.map { Data($0) }
    }
    open func withRenderingMode(_ mode: RenderingMode) -> UIImage {
        let copy = pixels.map { UIImage(pixels: $0, scale: scale) } ?? UIImage(symbol: symbolName ?? "")
        copy.renderingMode = mode
        return copy
    }
    open func withTintColor(_ color: UIColor) -> UIImage { self }
    open func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage { withRenderingMode(renderingMode) }

    /// The catalogue file for `name` on the current screen (its scale and scheme).
    private static func assetFile(_ name: String, bundle: Bundle?) -> (url: URL, scale: Double)? {
        let screen = HostScreen.current
        return AssetCatalog.imageFile(named: name, bundle: bundle, scale: Double(screen.scale), scheme: screen.colorScheme)
    }
}

/// What `#imageLiteral` makes where no type is given: UIKit's image, as on iOS.
public typealias _ImageLiteralType = UIImage

extension FrostUI.Image {
    /// A UIKit image as a SwiftUI image.
    public init(uiImage: UIImage) {
        if let pixels = uiImage.pixels {
            self.init(pixels: pixels, scale: uiImage.scale)
        } else {
            self.init(systemName: uiImage.symbolName ?? "questionmark")
        }
    }
}

/// A font, as UIKit's `UIFont`.
open class UIFont: NSObject, @unchecked Sendable {
    /// A weight, as UIKit's `UIFont.Weight` (−1…1).
    public struct Weight: Hashable, Sendable, RawRepresentable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(-0.8), thin = Weight(-0.6), light = Weight(-0.4), regular = Weight(0)
        public static let medium = Weight(0.23), semibold = Weight(0.3), bold = Weight(0.4), heavy = Weight(0.56), black = Weight(0.62)

        /// The SwiftUI weight nearest this one.
        public var swiftUI: Font.Weight {
            let table: [(CGFloat, Font.Weight)] = [
                (-0.8, .ultraLight), (-0.6, .thin), (-0.4, .light), (0, .regular), (0.23, .medium), (0.3, .semibold), (0.4, .bold), (0.56, .heavy),
                (0.62, .black),
            ]
            return table.min { abs($0.0 - rawValue) < abs($1.0 - rawValue) }!.1
        }
    }

    /// A Dynamic Type style, as UIKit's `UIFont.TextStyle`.
    public struct TextStyle: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0"), title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2"), title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline"), subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody"), callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote"), caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// iOS's default (Large) size and weight for the style, and SwiftUI's name for it.
        var metrics: (size: CGFloat, weight: Weight, style: Font.TextStyle) {
            switch self {
            case .largeTitle: return (34, .regular, .largeTitle)
            case .title1: return (28, .regular, .title)
            case .title2: return (22, .regular, .title2)
            case .title3: return (20, .regular, .title3)
            case .headline: return (17, .semibold, .headline)
            case .subheadline: return (15, .regular, .subheadline)
            case .callout: return (16, .regular, .callout)
            case .footnote: return (13, .regular, .footnote)
            case .caption1: return (12, .regular, .caption)
            case .caption2: return (11, .regular, .caption2)
            default: return (17, .regular, .body)
            }
        }
    }

    /// The font's family and face name (".SFUI-Regular" for the system font).
    public let fontName: String
    /// Points.
    public let pointSize: CGFloat
    public let weight: Weight
    let textStyle: TextStyle?
    let design: Font.Design

    init(name: String, size: CGFloat, weight: Weight, textStyle: TextStyle? = nil, design: Font.Design = .default) {
        fontName = name; pointSize = size; self.weight = weight; self.textStyle = textStyle; self.design = design
    }

    /// A font by family or face name (registered with FrostUI, or a system font file); nil for an
    /// empty name or a size that is not positive.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty, fontSize > 0, fontSize.isFinite else { return nil }
        self.init(name: fontName, size: fontSize, weight: .regular)
    }

    public class func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(name: ".SFUI", size: size, weight: weight)
    }
    public class func systemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size, weight: .regular) }
    public class func boldSystemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size, weight: .bold) }
    public class func italicSystemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size, weight: .regular) }
    public class func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(name: ".SFUIMono", size: size, weight: weight, design: .monospaced)
    }
    public class func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { systemFont(ofSize: size, weight: weight) }
    public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let m = style.metrics
        return UIFont(name: ".SFUI", size: m.size, weight: m.weight, textStyle: style)
    }
    public class func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        preferredFont(forTextStyle: style)
    }
    /// The font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(name: fontName, size: fontSize, weight: weight, design: design) }
    /// Points from one baseline to the next (1.2 × the size, the system font's ratio).
    open var lineHeight: CGFloat { (pointSize * 1.2).rounded() }
    open var familyName: String { fontName.hasPrefix(".SFUI") ? ".AppleSystemUIFont" : fontName }
    public class var familyNames: [String] { [] }
    public class var systemFontSize: CGFloat { 14 }
    public class var labelFontSize: CGFloat { 17 }
    public class var buttonFontSize: CGFloat { 18 }
}

extension Font {
    /// A UIKit font as a SwiftUI font (the system font by weight, a text style's font scaling
    /// with Dynamic Type, or a named font).
    public init(_ font: UIFont) {
        if let style = font.textStyle {
            self = .system(style.metrics.style)
        } else if font.fontName.hasPrefix(".SFUI") {
            self = .system(size: font.pointSize, weight: font.weight.swiftUI, design: font.design)
        } else {
            self = .custom(font.fontName, size: font.pointSize)
        }
    }
}
#endif
